import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from './types';
import { isAuthWrite, isRead } from './committed-writes';

/** Statements compiled as each engine's dialect writes them, never run. */
const engines = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

describe.each(Object.entries(engines))('which writes empty the session cache (%s)', (_engine, db) => {
  it('counts every write that could end or alter a session', () => {
    const writes = [
      db.updateTable('users').set({ role: 'Admin' }).where('id', '=', 'u'),
      db.updateTable('users').set({ status: 'Inactive', last_active_at: 'now' }).where('id', '=', 'u'),
      db.updateTable('sessions').set({ ended_at: 'now' }).where('user_id', '=', 'u'),
      db.updateTable('sessions').set({ confirmed_at: 'now' }).where('id', '=', 's'),
      db.deleteFrom('users').where('id', '=', 'u'),
      db.deleteFrom('sessions').where('id', '=', 's'),
      db.deleteFrom('workspaces').where('id', '=', 'w'),
    ];
    for (const write of writes) expect(isAuthWrite(write.compile()), write.compile().sql).toBe(true);
    expect(isAuthWrite(sql`update users set role = 'Admin'`.compile(db))).toBe(true);
    expect(isAuthWrite(sql`DELETE FROM "sessions"`.compile(db))).toBe(true);
  });

  it('leaves out reads, other tables, new rows and the two "last seen" touches', () => {
    const others = [
      db.selectFrom('users').selectAll(),
      db.updateTable('leads').set({ name: 'x' }).where('id', '=', 'l'),
      db.updateTable('workspaces').set({ name: 'x' }).where('id', '=', 'w'),
      db.updateTable('sessions').set({ last_seen_at: 'now' }).where('id', '=', 's'),
      db.updateTable('users').set({ last_active_at: 'now' }).where('id', '=', 'u'),
      db.deleteFrom('user_sessions_archive' as 'leads'),
    ];
    for (const other of others) expect(isAuthWrite(other.compile()), other.compile().sql).toBe(false);
  });
});

describe.each(Object.entries(engines))('which statements count as writes (%s)', (_engine, db) => {
  it('counts everything but plain reads', () => {
    const writes = [
      db
        .insertInto('categories')
        .values({ id: 'c', workspace_id: 'w', name: 'n', slug: 's', description: '', created_at: 'now' }),
      db.updateTable('leads').set({ name: 'x' }).where('id', '=', 'l'),
      db.deleteFrom('leads').where('id', '=', 'l'),
    ].map((query) => query.compile());
    const rawWrites = [
      sql`update public_content_version set version = version + 1`,
      sql`with gone as (select id from leads) delete from leads where id in (select id from gone)`,
      sql`insert into activity select * from activity`,
      sql`pragma optimize`,
    ].map((query) => query.compile(db));
    for (const write of [...writes, ...rawWrites]) expect(isRead(write), write.sql).toBe(false);
  });

  it('lets reads through, raw ones included', () => {
    const reads = [
      db.selectFrom('leads').select('id').where('updated_at', '>', 'x').compile(),
      sql`select count(*) from leads where status = ${'deleted'}`.compile(db),
      sql`with page (id) as (values (1)) select id from page`.compile(db),
    ];
    for (const read of reads) expect(isRead(read), read.sql).toBe(true);
  });
});
