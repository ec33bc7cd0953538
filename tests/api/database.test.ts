import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/index';
import { seedDatabase } from '../../src/server/seed';
import { ensureJwtSecret } from '../../src/server/db/settings';
import { acquireInstanceLock } from '../../src/server/lib/instance-lock';
import {
  BASE_DEPS,
  createTestDatabase,
  signIn,
  testEngine,
  uniqueEmail,
  type TestDatabase,
} from './support/test-app';
import { PASSWORD, freelancerBody, registerOk } from './support/accounts';

/** Migrations, first-start seed, restart persistence (docs/architecture.md) and the one-server-per-DATA_DIR lock. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(dir?: string): Promise<TestDatabase> {
  const database = await createTestDatabase(dir);
  cleanups.push(() => database.dispose());
  return database;
}

async function appOn(handle: DatabaseHandle) {
  const app = await buildApp({
    ...BASE_DEPS,
    database: handle,
  });
  await app.ready();
  return app;
}

async function countAdmins(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.db.selectFrom('users').select('id').where('role', '=', 'Admin').execute();
  return rows.length;
}

describe('migrations', () => {
  it('can be applied again and again to a migrated database without touching its data', async () => {
    const { handle } = await freshDatabase();
    await handle.db.insertInto('settings').values({ key: 'probe', value: 'kept' }).execute();

    await migrateToLatest(handle.db);
    await migrateToLatest(handle.db);

    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      handle.db,
    );
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    const probe = await handle.db.selectFrom('settings').select('value').where('key', '=', 'probe').execute();
    expect(probe).toEqual([{ value: 'kept' }]);
  });

  // Another instance's schema dropped while this one starts (parallel test suites did it; a shared server
  // does it too) once failed the start: "schema ... does not exist", from a look at every schema's tables.
  it.runIf(testEngine() === 'postgres')(
    'starts while other schemas of the database come and go, looking only at its own',
    async () => {
      const { handle, databaseUrl } = await freshDatabase();
      const url = databaseUrl!;
      const churn = new pg.Client({ connectionString: url });
      await churn.connect();
      let churning = true;
      const churned = (async () => {
        for (let i = 0; churning; i++) {
          const other = `churn_${process.pid}_${i}`;
          await churn.query(`create schema ${other}`);
          await churn.query(`create table ${other}.t (a int, b text, c int, d text)`);
          await churn.query(`drop schema ${other} cascade`);
        }
      })();
      try {
        for (let i = 0; i < 40; i++) await migrateToLatest(handle.db);
      } finally {
        churning = false;
        await churned;
        await churn.end();
      }
    },
  );
});

describe('seedDatabase', () => {
  it('creates exactly one Admin and answers created:false the second time', async () => {
    const { handle } = await freshDatabase();

    const first = await seedDatabase(handle.db, {
      siteName: 'AgencyHQ',
      adminEmail: 'Boss@Agency.Test',
      adminPassword: 'first-pass-1',
    });
    const second = await seedDatabase(handle.db, {
      siteName: 'AgencyHQ',
      adminEmail: 'other@agency.test',
      adminPassword: 'second-pass-2',
    });

    expect(first).toEqual({ created: true, adminEmail: 'boss@agency.test', generatedPassword: undefined });
    expect(second.created).toBe(false);
    expect(second.generatedPassword).toBeUndefined();
    expect(await countAdmins(handle)).toBe(1);
    const app = await appOn(handle);
    await expect(signIn(app, 'boss@agency.test', 'first-pass-1')).resolves.toHaveProperty('authorization');
    await expect(signIn(app, 'other@agency.test', 'second-pass-2')).rejects.toThrow(/401/);
    await app.close();
  });

  it('creates one Admin when two instances seed the same empty database at once', async () => {
    const { handle } = await freshDatabase();
    const options = { siteName: 'AgencyHQ', adminEmail: 'admin@agency.test', adminPassword: 'admin-pass-1' };

    const results = await Promise.all([seedDatabase(handle.db, options), seedDatabase(handle.db, options)]);

    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(await countAdmins(handle)).toBe(1);
  });

  it('without adminPassword returns a generated password that signs in, stored only as a hash', async () => {
    const { handle } = await freshDatabase();

    const result = await seedDatabase(handle.db, { siteName: 'AgencyHQ' });

    expect(result.created).toBe(true);
    expect(result.adminEmail).toBe('admin@localhost');
    expect(result.generatedPassword).toMatch(/^[\w-]{12,}$/);
    const row = await handle.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(result.generatedPassword);
    const app = await appOn(handle);
    const headers = await signIn(app, result.adminEmail, result.generatedPassword!);
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(profile.json().user.role).toBe('Admin');
    await app.close();
  });
});

describe('restart', () => {
  it('keeps accounts, tokens and the JWT secret across a restart on the same data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-restart-'));
    const first = await freshDatabase(dir);
    await seedDatabase(first.handle.db, { siteName: 'AgencyHQ', adminPassword: 'admin-pass-1' });
    const secret = await ensureJwtSecret(first.handle.db);
    const email = uniqueEmail();
    const app = await appOn(first.handle);
    const { token } = await registerOk(app, freelancerBody(email));
    const pgSchema =
      testEngine() === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(first.handle.db)).rows[0]!.s
        : undefined;
    await app.close(); // closes the database too

    // SQLite: the same DATA_DIR opened again. PostgreSQL: the same schema through a new pool.
    let reopened: DatabaseHandle;
    if (testEngine() === 'postgres') {
      reopened = await openDatabase({ dataDir: dir, databaseUrl: first.databaseUrl, pgSchema });
      await migrateToLatest(reopened.db);
    } else {
      reopened = (await freshDatabase(dir)).handle;
    }
    const again = await appOn(reopened); // closing it closes `reopened`
    cleanups.push(() => again.close());

    expect(await signIn(again, email, PASSWORD)).toHaveProperty('authorization');
    const profile = await again.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().user.email).toBe(email);
    expect(await ensureJwtSecret(reopened.db)).toBe(secret);
    expect((await seedDatabase(reopened.db, { siteName: 'AgencyHQ' })).created).toBe(false);
    expect(await countAdmins(reopened)).toBe(1);
  });
});

describe('acquireInstanceLock', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  const lockModule = path.join(repoRoot, 'src/server/lib/instance-lock.ts');

  function tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-lock-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** A second server process holding the lock on `dir` until killed. */
  async function otherServer(dir: string) {
    const script = `import(${JSON.stringify(lockModule)}).then((m) => {
      m.acquireInstanceLock(process.env.LOCK_DIR); console.log('locked'); setInterval(() => {}, 1000); });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: repoRoot,
      env: { ...process.env, LOCK_DIR: dir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    expect(line.toString()).toContain('locked');
    return { pid: child.pid!, crash: async () => (child.kill('SIGKILL'), await exited) };
  }

  const lockFile = (dir: string) => path.join(dir, 'server.lock');

  it('writes our pid, and the release function removes the lock', () => {
    const dir = path.join(tempDir(), 'nested', 'data');

    const release = acquireInstanceLock(dir);

    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    acquireInstanceLock(dir)();
  });

  it('refuses while another live server holds the lock, and takes it over once that server has died', async () => {
    const dir = tempDir();
    const other = await otherServer(dir);

    expect(() => acquireInstanceLock(dir)).toThrow(/already using/);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(other.pid));

    await other.crash(); // killed without cleanup: its lock file stays behind
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(other.pid));
    const release = acquireInstanceLock(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over a stale lock file whose pid is not running', () => {
    const dir = tempDir();
    const deadPid = 999999;
    expect(() => process.kill(deadPid, 0)).toThrow(); // precondition: nothing runs under that pid
    fs.writeFileSync(lockFile(dir), String(deadPid));

    const release = acquireInstanceLock(dir);

    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });
});
