import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import { createTestApp, signIn, testEngine, ADMIN, type TestApp } from './support/test-app';
import { seededAdmin } from './support/users';
import { blogFields, createBlog, createCategory, pngFile } from './support/blogs';

const root = path.resolve(import.meta.dirname, '../..');
const backup = (env: Record<string, string>, file: string) =>
  execFileSync(process.execPath, [path.join(root, 'scripts/backup.mjs'), file], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

/**
 * `npm run backup` while the server runs, then the restore the README describes: the restored database
 * opens in the product with the users, posts, images and leads of the original.
 */
describe('backup and restore', () => {
  let t: TestApp;
  let imagePath: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-backup-'));

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await seededAdmin(t);
    const category = await createCategory(t, admin.headers, 'Backed Up');
    const post = await createBlog(
      t,
      admin.headers,
      blogFields(category.id, { title: 'Kept Through Restore', status: 'published' }),
      await pngFile(800, 400),
    );
    imagePath = post.featuredImage!.path;
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Kept Lead', email: 'kept@example.test', message: 'Please call me back' },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** What must survive: every table's rows, and an image's bytes served as before. */
  async function snapshot(app: TestApp) {
    const db = app.database.handle.db;
    const count = async (table: 'users' | 'blogs' | 'media' | 'media_variants' | 'leads' | 'categories') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const image = await app.app.inject({ url: `/api/${imagePath}` });
    return {
      users: await count('users'),
      blogs: await count('blogs'),
      media: await count('media'),
      variants: await count('media_variants'),
      leads: await count('leads'),
      categories: await count('categories'),
      image: image.rawPayload.toString('base64'),
      post: (await app.app.inject({ url: '/api/blogs?status=published' })).json().blogs[0].title,
    };
  }

  it.runIf(testEngine() === 'sqlite')('copies a running SQLite database and restores it whole', async () => {
    const file = path.join(work, 'agencyhq.backup.sqlite');
    expect(backup({ DATA_DIR: t.database.dataDir }, file)).toContain('Backup written to');

    // Restore: the backup file becomes agencyhq.sqlite in an empty DATA_DIR.
    const restoredDir = path.join(work, 'restored');
    fs.mkdirSync(restoredDir);
    fs.copyFileSync(file, path.join(restoredDir, 'agencyhq.sqlite'));
    const handle = await openDatabase({ dataDir: restoredDir });
    await migrateToLatest(handle.db);
    const restored = await createTestApp({
      database: { handle, dataDir: restoredDir, dispose: () => handle.close() },
    });
    try {
      const original = await snapshot(t);
      expect(original.post).toBe('Kept Through Restore');
      expect(original.leads).toBeGreaterThan(0);
      expect(await snapshot(restored)).toEqual(original);
      expect((await signIn(restored.app, ADMIN.email, ADMIN.password)).authorization).toMatch(/^Bearer /);
    } finally {
      await restored.close();
    }
  });

  it.runIf(testEngine() === 'postgres' && fs.existsSync('/usr/bin/pg_restore'))(
    'dumps a PostgreSQL database with pg_dump and restores it with pg_restore',
    async () => {
      const url = t.database.databaseUrl!;
      const schema = t.database.pgSchema!;
      const file = path.join(work, 'agencyhq.dump');
      // The suite's own schema stands for the product's database here.
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--schema=${schema}`, `--file=${file}`, url]);
      expect(fs.statSync(file).size).toBeGreaterThan(0);

      const restoredDb = `restore_${schema}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${restoredDb}`);
      await admin.query(`create database ${restoredDb}`);
      try {
        const restoredUrl = url.replace(/\/[^/?]+(\?|$)/, `/${restoredDb}$1`);
        // A whole-database dump (npm run backup) carries the extension; this one schema's does not.
        const target = new pg.Client({ connectionString: restoredUrl });
        await target.connect();
        await target.query('create extension if not exists pg_trgm');
        await target.end();
        execFileSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, file]);
        const handle = await openDatabase({ dataDir: work, databaseUrl: restoredUrl, pgSchema: schema });
        await migrateToLatest(handle.db);
        const restored = await createTestApp({
          database: { handle, dataDir: work, dispose: () => handle.close() },
        });
        try {
          expect(await snapshot(restored)).toEqual(await snapshot(t));
        } finally {
          await restored.close();
        }
      } finally {
        await admin.query(`drop database if exists ${restoredDb} with (force)`);
        await admin.end();
      }
    },
  );
});
