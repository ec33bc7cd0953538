import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { SERVER_MESSAGES } from '../../src/shared/messages';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import { seedDatabase } from '../../src/server/seed';
import { ADMIN, createTestApp, signIn, testEngine, type TestApp } from './support/test-app';

/**
 * docs/security.md#faults: PostgreSQL becomes unreachable under a running instance (connections refused and the open ones
 * ended) — API calls answer a clear 503 with Retry-After, readiness says 503, liveness stays 200, and the
 * instance recovers by itself, without a restart, once the database accepts connections again.
 */
describe.runIf(testEngine() === 'postgres')('PostgreSQL going away and coming back', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `outage_${process.pid}_${Date.now()}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-outage-'));
  let t: TestApp;
  let control: pg.Client;

  beforeAll(async () => {
    control = new pg.Client({ connectionString: url });
    await control.connect();
    await control.query(`create database ${name}`);
    const handle = await openDatabase({ dataDir, databaseUrl: url.replace(/\/[^/?]+(\?|$)/, `/${name}$1`) });
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, {
      siteName: 'AgencyHQ',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
    });
    t = await createTestApp({ database: { handle, dataDir, dispose: () => handle.close() } });
  });
  afterAll(async () => {
    await t?.close();
    await control.query(`alter database ${name} with allow_connections true`);
    await control.query(`drop database if exists ${name} with (force)`);
    await control.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while the database is gone and recovers without a restart', async () => {
    const headers = await signIn(t.app, ADMIN.email, ADMIN.password);
    expect((await t.app.inject({ url: '/api/leads', headers })).statusCode).toBe(200);

    await control.query(`alter database ${name} with allow_connections false`);
    await control.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);

    const during = await t.app.inject({ url: '/api/leads', headers });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ message: SERVER_MESSAGES.databaseUnavailable });
    expect(during.headers['retry-after']).toBe('5');
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await control.query(`alter database ${name} with allow_connections true`);
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/ready' })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await t.app.inject({ url: '/api/leads', headers })).statusCode).toBe(200);
  });
});

/**
 * A connection the server ends while it is checked out of the pool but between statements (a transaction
 * waiting on the application, a request's connection before its next query): pg-pool takes its own error
 * listener off checked-out clients, so without ours the 'error' event ends the process.
 */
describe.runIf(testEngine() === 'postgres')('a PostgreSQL connection ended while it is checked out', () => {
  it('is reported and dropped, and the next query opens another', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-checked-out-'));
    const handle = await openDatabase({ dataDir, databaseUrl: url });
    const control = new pg.Client({ connectionString: url });
    await control.connect();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      await handle.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        await control.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]!.one).toBe(1);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
      await control.end();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
