import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `%term%` with LIKE's own wildcards escaped, so a search for "50%" or "a_b" finds exactly that. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains" that reads the same on SQLite and PostgreSQL (docs/architecture.md#data:
 * `lower(col) like lower(?)`); the explicit ESCAPE makes the backslash mean the same on both.
 */
export function containsInsensitive(column: string, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(term)}) escape '\\'`;
}
