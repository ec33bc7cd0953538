import { MIN_HASH_COST } from '../../../src/server/auth/passwords';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../../src/server/app';
import type { AddressLimiters } from '../../../src/server/limits/address-limits';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { seedDatabase } from '../../../src/server/seed';
import { testEngine } from './engine';
import { copyPostgresTemplate, copySqliteTemplate } from './template-database';
import type { Limiter } from '../../../src/server/limits/limiter';
import type { TrustProxy } from '../../../src/server/config';
import { loadWebRenderer } from '../../../src/server/render/load-web';
import type { WebRenderer } from '../../../src/server/render/web-renderer';
import type { PasswordResetLimits } from '../../../src/server/modules/password-reset/password-reset.service';
import type { PortalLimits } from '../../../src/server/modules/portal/portal.service';
import type { SubscribeLimits } from '../../../src/server/modules/mailing-lists/subscribe.service';

export const ADMIN = { email: 'admin@agency.test', password: 'admin-pass-1' };
export const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';
export const SECRET_KEY = 'test-secret-key-that-seals-smtp-passwords-at-rest';
/** The configured public origin: every absolute link (e-mail, canonical, feeds) must use it. */
export const SITE_URL = 'https://agency.example';

/** What every test app shares: configuration, secrets and no logger. */
export const BASE_DEPS = {
  // Suites sign up many accounts from one address, and send sign-ins together; the per-address limits
  // and the hashing bound have their own suite (flood-defences.test.ts).
  config: {
    siteName: 'AgencyHQ',
    siteUrl: SITE_URL,
    logLevel: 'silent',
    addressLimitMultiplier: 1000,
    passwordHashMaxWaitMs: 60_000,
    // scrypt at its floor (2^14): the same code paths, a fraction of the time per sign-in and sign-up.
    passwordHashCost: MIN_HASH_COST,
  },
  jwtSecret: JWT_SECRET,
  secretKey: SECRET_KEY,
  logger: false,
} as const;

export { testEngine };

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** The suite's own PostgreSQL schema (undefined on SQLite). */
  pgSchema?: string;
  /** The PostgreSQL database holding that schema (undefined on SQLite). */
  databaseUrl?: string;
  /** Closes the handle (if still open) and removes the SQLite files or the PostgreSQL schema. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database: a temp SQLite file, or on the real PostgreSQL a database of its own with its
 * own schema; both copied from the run's migrated template when there is one (template-database.ts).
 */
export async function createTestDatabase(
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-test-')),
): Promise<TestDatabase> {
  const engine = testEngine();
  const pgSchema = engine === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const copy = pgSchema ? await copyPostgresTemplate(pgSchema) : undefined;
  if (engine === 'sqlite') copySqliteTemplate(dataDir);
  const databaseUrl = copy?.databaseUrl ?? (pgSchema ? process.env.TEST_DATABASE_URL : undefined);
  const handle = await openDatabase({ dataDir, databaseUrl, pgSchema });
  await migrateToLatest(handle.db);
  let closed = false;
  const originalClose = handle.close;
  handle.close = async () => {
    if (closed) return;
    closed = true;
    await originalClose();
  };
  return {
    handle,
    dataDir,
    pgSchema,
    databaseUrl,
    async dispose() {
      await handle.close();
      if (copy) await copy.drop();
      else if (pgSchema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists ${pgSchema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second connection to the same database (the same SQLite file, or the same PostgreSQL schema): what
 * another instance of the product would open. Closing it leaves the database in place.
 */
export async function reopenTestDatabase(database: TestDatabase): Promise<TestDatabase> {
  const engine = testEngine();
  const handle = await openDatabase({
    dataDir: database.dataDir,
    databaseUrl: engine === 'postgres' ? database.databaseUrl : undefined,
    pgSchema: database.pgSchema,
  });
  return { ...database, handle, dispose: () => handle.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The whole API on a fresh seeded database, driven with app.inject() (real routing, validation, SQL). */
export interface TestAppOptions {
  /** Any other configuration (limits, hashing bound, load shedding), over the shared test defaults. */
  config?: Partial<AppDeps['config']>;
  throttle?: Limiter;
  addressLimiters?: AddressLimiters;
  /** Share rate limits through this Redis (another instance given the same one counts together). */
  redisUrl?: string;
  clock?: () => Date;
  trustProxy?: TrustProxy;
  /** Let SMTP reach the tests' own mail server on loopback. */
  allowPrivateSmtp?: boolean;
  /** SMTP_ALLOW_PLAINTEXT_LOOPBACK: the tests' mail server on loopback speaks no TLS. */
  smtpAllowPlaintextLoopback?: boolean;
  smtpUrl?: string;
  resetLimits?: PasswordResetLimits;
  portalLimits?: PortalLimits;
  subscribeLimits?: SubscribeLimits;
  /** Another instance on the same database: no new database, no seeding. */
  database?: TestDatabase;
  logStream?: NodeJS.WritableStream;
  secretKey?: string;
  /** Serve the server-rendered pages too (builtWeb() loads the build the global setup made). */
  web?: WebRenderer;
}

let web: Promise<WebRenderer> | undefined;
/** The built web app in dist/, loaded once per test file. */
export function builtWeb(): Promise<WebRenderer> {
  web ??= loadWebRenderer(path.resolve(import.meta.dirname, '../../../dist'));
  return web;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  if (!options.database)
    await seedDatabase(database.handle.db, {
      siteName: 'AgencyHQ',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      passwordHashCost: MIN_HASH_COST,
    });
  const app = await buildApp({
    ...BASE_DEPS,
    config: {
      ...BASE_DEPS.config,
      trustProxy: options.trustProxy,
      allowPrivateSmtp: options.allowPrivateSmtp,
      smtpAllowPlaintextLoopback: options.smtpAllowPlaintextLoopback,
      smtpUrl: options.smtpUrl,
      redisUrl: options.redisUrl,
      ...options.config,
    },
    database: database.handle,
    throttle: options.throttle,
    addressLimiters: options.addressLimiters,
    clock: options.clock,
    resetLimits: options.resetLimits,
    portalLimits: options.portalLimits,
    subscribeLimits: options.subscribeLimits,
    logStream: options.logStream,
    secretKey: options.secretKey ?? BASE_DEPS.secretKey,
    web: options.web,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close(); // closes this app's database handle
      if (!options.database) await database.dispose();
    },
  };
}

/** Signs in through the API and returns the bearer header for later calls. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ authorization: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json().token}` };
}

let counter = 0;
/** A unique e-mail address for a test, under the given domain. */
export function uniqueEmail(domain = 'example.test'): string {
  counter += 1;
  return `user${Date.now().toString(36)}${counter}@${domain}`;
}
