import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';

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

/** The only reader of process.env. Bad values stop the process with one clear line (see main.ts). */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(6, 'must be at least 6 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SITE_NAME: z.string().min(1).default('AgencyHQ'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a reverse proxy on another host, its address here lets the login throttle see real clients. */
  TRUST_PROXY: trustProxySchema.default('loopback'),
  /** `npm run dev` turns this off: Vite serves the pages there. */
  SERVE_WEB: z.enum(['true', 'false']).default('true'),
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
  logLevel: string;
  trustProxy: TrustProxy;
  serveWeb: boolean;
}

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
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    serveWeb: c.SERVE_WEB === 'true',
  };
}
