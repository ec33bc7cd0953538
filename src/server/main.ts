import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDatabase } from './seed';
import { ensureJwtSecret, ensureSecretKey } from './db/settings';
import { createSecretBox } from './secrets/secret-box';
import { resealStoredSecrets } from './secrets/reseal';
import { buildApp } from './app';
import { acquireInstanceLock } from './lib/instance-lock';
import { deferredWebRenderer } from './render/load-web';

/**
 * Process entry: config → lock → database → migrate → seed → listen → graceful shutdown. What no first
 * request needs comes after listen: the server-side renderer and the background jobs' first rounds
 * (docs/architecture.md#start-up).
 */
async function main(): Promise<void> {
  // React's production build for the server-side renderer (the development one checks and warns on every
  // render, and is several times slower). React is imported only through dist/ssr, after this line;
  // `npm run dev` asks for development.
  process.env.NODE_ENV ||= 'production';
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : acquireInstanceLock(config.dataDir);
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const seed = await seedDatabase(database.db, config);
  const jwtSecret = config.jwtSecret ?? (await ensureJwtSecret(database.db));
  const secretKey = config.secretKey ?? (await ensureSecretKey(database.db));
  if (config.secretKeyPrevious) {
    const resealed = await resealStoredSecrets(
      database.db,
      createSecretBox(secretKey, config.secretKeyPrevious),
    );
    console.log(`SECRET_KEY rotation: ${resealed} stored secret(s) re-encrypted with the new key.`);
  }

  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const web = config.serveWeb ? deferredWebRenderer(distDir) : undefined;
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    secretKey,
    secretKeyPrevious: config.secretKeyPrevious,
    secretKeySource: config.secretKey ? 'environment' : 'database',
    web,
  });

  if (seed.generatedPassword) {
    // Printed once, on the start that created the account; only its hash is stored.
    console.log(
      `\n  First start: Admin account created\n    e-mail:   ${seed.adminEmail}\n    password: ${seed.generatedPassword}\n  Keep it safe; it will not be shown again.\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    await app.close(); // stops accepting, waits for in-flight requests, then closes the database (onClose)
    releaseLock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Imported now rather than before listen: the API answers meanwhile, a page waits for it (load-web.ts).
  web?.load().catch((error: unknown) => {
    console.error(`AgencyHQ could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  // The first rounds go on in the background: none holds up an answer, and each reports its own failures.
  startBackgroundJobs(app).catch((error: unknown) =>
    app.log.error({ err: error }, 'a background job did not start'),
  );
}

async function startBackgroundJobs(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  app.outbox.start();
  // Campaigns whose time came while no instance was running start now; sending ones go on under their throttle.
  app.campaigns.start();
  // Posts whose time passed while no instance was running are published now.
  await app.scheduler.start();
  // Deleted workspaces whose 30 days ran out while no instance was running are erased now, then hourly.
  await app.workspacePurge.start();
  // Follow-ups of today (and a morning digest missed while no instance was running), then every 10 minutes.
  await app.followUps.start();
  // Payment reminders whose day came while no instance was running go now, then every 30 minutes.
  await app.reminders.start();
  // A retainer month that ended while no instance was running is invoiced now, then hourly.
  await app.retainers.start();
  // Webhook events queued while no instance was running go out now, then each within seconds.
  await app.webhooks.start();
  // Page views that waited while no instance ran are rolled up now, then every ANALYTICS_ROLLUP_SECONDS.
  await app.analytics.start();
  // Bounce mailboxes are read every few minutes, one instance per mailbox at a time.
  app.bounceMailboxes.start();
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`AgencyHQ could not start: ${message}`);
  process.exit(1);
});
