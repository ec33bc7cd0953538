import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept prepared (lists with a varying number of `?` make many). */
const KEPT_STATEMENTS = 1000;

/**
 * The embedded database as Kysely's SQLite driver sees it, with each statement prepared once: the driver
 * prepares on every query, and on a signed-in read preparing cost as much as running the query
 * (docs/benchmarks.md#signed-in-reads). Kysely runs one query at a time on this connection, so a statement
 * is never used by two queries at once. The oldest statements go first past the limit.
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) return statement;
      statement = sqlite.prepare(sql) as unknown as SqliteStatement;
      if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
  };
}
