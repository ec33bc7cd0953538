import { z } from 'zod';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_HASH_COST, MIN_HASH_COST } from './auth/passwords';

/** Which peers may name the client in X-Forwarded-For: proxy-addr names, IPs or CIDR ranges (comma-separated). */
export type TrustProxy = string | false;

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (item: string) => {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

const trustProxySchema = z
  .string()
  .trim()
  .refine((value) => value !== 'true', {
    message: 'true would let any client choose its own address; list the proxies (addresses or CIDR ranges)',
  })
  .transform((value, context): TrustProxy => {
    if (value === 'false' || value === '') return false;
    const items = value.split(',').map((item) => item.trim());
    const bad = items.find((item) => !isProxyAddress(item));
    if (bad === undefined) return items.join(', ');
    context.addIssue({
      code: 'custom',
      message: `"${bad}" is not an IP address, CIDR range or loopback/linklocal/uniquelocal`,
    });
    return z.NEVER;
  });

const optional = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

/** The public origin: scheme, host and optional port, nothing else (a path would break every link). */
const siteUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://agency.example' })
  .transform((value, context) => {
    const url = new URL(value);
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
      context.addIssue({ code: 'custom', message: 'must be an origin only, without a path, query or user' });
      return z.NEVER;
    }
    return url.origin;
  });

/** The only reader of process.env. Bad values stop the process with one clear line (see main.ts). */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(6, 'must be at least 6 characters')),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SITE_NAME: z.string().min(1).default('AgencyHQ'),
  /** The public origin every absolute URL is built from (links in e-mail, canonical, feeds); never the request. */
  SITE_URL: optional(siteUrlSchema),
  /** Encrypts stored secrets (SMTP passwords); generated once and kept in the database when absent. */
  SECRET_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  /** The previous SECRET_KEY while rotating: secrets it encrypted are re-encrypted with SECRET_KEY at start. */
  SECRET_KEY_PREVIOUS: optional(z.string().min(32, 'must be at least 32 characters')),
  /** Platform mail (password resets, invitations of workspaces without their own set-up) goes here when set. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL')),
  /** The From of platform mail sent through SMTP_URL. */
  MAIL_FROM: optional(z.string().max(320)),
  /** Lets SMTP connect to loopback and private networks (a mail server on the same host or LAN; tests). */
  ALLOW_PRIVATE_SMTP: z.enum(['true', 'false']).default('false'),
  /**
   * SMTP passwords travel only over TLS (implicit, or STARTTLS required); this lets a relay on a loopback
   * address (127.0.0.0/8, ::1) take them in plain text. Off by default.
   */
  SMTP_ALLOW_PLAINTEXT_LOOPBACK: z.enum(['true', 'false']).default('false'),
  /**
   * Lets webhooks reach loopback, private and link-local addresses (a receiver on the same host or LAN;
   * tests), and plain http:// URLs while SITE_URL is https. Off by default.
   */
  ALLOW_PRIVATE_WEBHOOKS: z.enum(['true', 'false']).default('false'),
  /**
   * For local use without a mail server: a message that cannot be delivered for want of a mail set-up has
   * its links (one-time reset, confirmation, invitation, recovery links) printed in the log, once. Off by
   * default: the log never holds a one-time link otherwise.
   */
  LOG_MAIL_LINKS: z.enum(['true', 'false']).default('false'),
  /**
   * How long an instance's claim on queued mail (and on a workspace's campaign sending) holds before another
   * instance may take over the work of one that died, in ms. The default suits every deployment; tests of a
   * killed sender shorten it.
   */
  WORKER_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a reverse proxy on another host, its address here lets the login throttle see real clients. */
  TRUST_PROXY: trustProxySchema.default('loopback'),
  /** redis:// URL: rate limits shared by every instance (each instance counts alone without it). */
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')),
  /** Memory for rendered public pages, sitemaps and the feed (with their compressed forms), in MB. */
  RENDER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Public answers this instance may render per second (0: no bound); the rest come from the cache. */
  RENDER_BUDGET: z.coerce.number().int().min(0).max(100_000).default(40),
  /** Of those, what one client address (an IPv6 /64) may start per second (0: no bound of its own). */
  RENDER_BUDGET_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(5),
  /** `npm run dev` turns this off: Vite serves the pages there. */
  SERVE_WEB: z.enum(['true', 'false']).default('true'),
  /** Password hashes computed at once (each ~128 MiB and a libuv thread); default keeps a core free. */
  PASSWORD_HASH_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)),
  /** scrypt's work factor N as a power of two: 17 (~128 MiB a hash) by default; 14 is the floor. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(MIN_HASH_COST).max(20).default(DEFAULT_HASH_COST),
  /** A sign-in or sign-up that would wait longer than this for hashing is answered 503 at once. */
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Multiplies the per-address limits of sign-in, sign-up, domain check and password reset (load tests). */
  ADDRESS_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Load shedding: API answers 503 past this event-loop delay (ms), heap or RSS (MB); 0 turns one off. */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  OVERLOAD_HEAP_MB: z.coerce.number().int().min(0).default(0),
  OVERLOAD_RSS_MB: z.coerce.number().int().min(0).default(0),
  /** Website analytics: raw page views are kept this many days (their roll-ups for good). */
  ANALYTICS_RAW_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
  /** How often the analytics roll-ups take in new page views, in seconds. */
  ANALYTICS_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret?: string;
  siteName: string;
  /** Public origin without a trailing slash, e.g. https://agency.example. */
  siteUrl: string;
  secretKey?: string;
  secretKeyPrevious?: string;
  smtpUrl?: string;
  mailFrom?: string;
  allowPrivateSmtp: boolean;
  /** Plain-text SMTP authentication, to a loopback address only. */
  smtpAllowPlaintextLoopback: boolean;
  /** ALLOW_PRIVATE_WEBHOOKS: webhooks may target private addresses and plain http in production. */
  allowPrivateWebhooks: boolean;
  logLevel: string;
  /** LOG_MAIL_LINKS: print the links of undeliverable mail in the log (local use; off by default). */
  logMailLinks: boolean;
  /** WORKER_LEASE_MS: the outbox's and the campaign dispatcher's claims; their own defaults when unset. */
  workerLeaseMs?: number;
  trustProxy: TrustProxy;
  redisUrl?: string;
  /** 0 turns the render cache off (every answer is rendered). */
  renderCacheBytes: number;
  /** Renders per second in all and per client address; 0 for no bound. */
  renderBudget: { perSecond: number; perClientPerSecond: number };
  serveWeb: boolean;
  passwordHashConcurrency: number;
  passwordHashMaxWaitMs: number;
  passwordHashCost: number;
  addressLimitMultiplier: number;
  overload: OverloadLimits;
  /** Website analytics (docs/product/analytics.md#retention). */
  analytics: { rawRetentionDays: number; rollupEveryMs: number };
}

/** Thresholds past which the instance sheds API load (0: not checked). */
export interface OverloadLimits {
  eventLoopDelayMs: number;
  heapBytes: number;
  rssBytes: number;
}

/** One hashing job per core but one, at most two: serving keeps a core and libuv keeps free threads. */
export const defaultHashConcurrency = () => Math.max(1, Math.min(os.availableParallelism() - 1, 2));

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join('.')} ${issue?.message}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    adminEmail: c.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    jwtSecret: c.JWT_SECRET,
    siteName: c.SITE_NAME,
    siteUrl: c.SITE_URL ?? `http://localhost:${c.PORT}`,
    secretKey: c.SECRET_KEY,
    secretKeyPrevious: c.SECRET_KEY_PREVIOUS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    allowPrivateSmtp: c.ALLOW_PRIVATE_SMTP === 'true',
    smtpAllowPlaintextLoopback: c.SMTP_ALLOW_PLAINTEXT_LOOPBACK === 'true',
    allowPrivateWebhooks: c.ALLOW_PRIVATE_WEBHOOKS === 'true',
    logLevel: c.LOG_LEVEL,
    logMailLinks: c.LOG_MAIL_LINKS === 'true',
    workerLeaseMs: c.WORKER_LEASE_MS,
    trustProxy: c.TRUST_PROXY,
    redisUrl: c.REDIS_URL,
    renderCacheBytes: c.RENDER_CACHE_MB * 1024 * 1024,
    renderBudget: { perSecond: c.RENDER_BUDGET, perClientPerSecond: c.RENDER_BUDGET_PER_CLIENT },
    serveWeb: c.SERVE_WEB === 'true',
    passwordHashConcurrency: c.PASSWORD_HASH_CONCURRENCY ?? defaultHashConcurrency(),
    passwordHashMaxWaitMs: c.PASSWORD_HASH_MAX_WAIT_MS,
    passwordHashCost: c.PASSWORD_HASH_COST,
    addressLimitMultiplier: c.ADDRESS_LIMIT_MULTIPLIER,
    overload: {
      eventLoopDelayMs: c.OVERLOAD_EVENT_LOOP_DELAY_MS,
      heapBytes: c.OVERLOAD_HEAP_MB * 1024 * 1024,
      rssBytes: c.OVERLOAD_RSS_MB * 1024 * 1024,
    },
    analytics: {
      rawRetentionDays: c.ANALYTICS_RAW_RETENTION_DAYS,
      rollupEveryMs: c.ANALYTICS_ROLLUP_SECONDS * 1000,
    },
  };
}
