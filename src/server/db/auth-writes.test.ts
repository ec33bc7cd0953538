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
import { isAuthWrite } from './auth-writes';

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
