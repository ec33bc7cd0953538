import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from './engine';
import { containsPattern } from './search';

/**
 * The tables searched by substring through a `search_text` column (lower-cased by the app) and their
 * SQLite FTS5 trigram tables: leads (migration 005, which calls this file by its first name,
 * lead-search.ts) and Botgit's scraped profiles (migration 008).
 */
const FTS_TABLES = { leads: 'leads_search', scraped_profiles: 'scraped_profiles_search' } as const;
export type SearchableTable = keyof typeof FTS_TABLES;

/** The trigram index knows nothing of shorter substrings (counted in code points, as FTS5 counts them). */
const TRIGRAM = 3;

/**
 * An FTS5 query for rows holding every trigram of the needle: each one a quoted string (where every
 * character is literal and a quote is doubled), joined by AND, as an index without positions can answer.
 */
function trigramQuery(chars: string[]): string {
  const trigrams = new Set<string>();
  for (let i = 0; i + TRIGRAM <= chars.length; i++) trigrams.add(chars.slice(i, i + TRIGRAM).join(''));
  return [...trigrams].map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
}

/**
 * How a query reaches the rows: `matches` when it wants every matching row (a page and its count),
 * `ordered` when it walks the list's index and stops early (the export's keyset batches, where starting
 * from every match on each batch would cost a common term's whole match list per batch).
 */
export type SearchAccess = 'matches' | 'ordered';

export interface SearchScope {
  table: SearchableTable;
  workspaceId: string;
  /** Lower-cased like the column; absent when not searching. */
  needle?: string;
  access: SearchAccess;
}

/**
 * A workspace's rows, and when searching, those whose `search_text` contains the needle. The LIKE alone
 * decides what matches, on both engines. pg_trgm's index serves it as written on PostgreSQL. On SQLite the
 * FTS5 trigram table first narrows the rows to those holding all of the needle's trigrams (never
 * fewer than the LIKE accepts), and the LIKE then keeps exactly the rows it always kept.
 */
export function searchScope(
  engine: Engine,
  { table, workspaceId, needle, access }: SearchScope,
): RawBuilder<SqlBool> {
  const workspace = sql.ref('workspace_id');
  if (needle === undefined) return sql<SqlBool>`${workspace} = ${workspaceId}`;
  // The ESCAPE makes containsPattern's backslash mean the same on both engines.
  const contains = sql<SqlBool>`${sql.ref('search_text')} like ${containsPattern(needle)} escape '\\'`;
  const chars = [...needle];
  if (engine !== 'sqlite' || access === 'ordered' || chars.length < TRIGRAM)
    return sql<SqlBool>`(${workspace} = ${workspaceId} and ${contains})`;
  const fts = sql.table(FTS_TABLES[table]);
  // Unary plus keeps the workspace test off the indexes (every one of both tables starts with workspace_id):
  // otherwise SQLite, which guesses about ten rows per workspace, walks the whole workspace testing each
  // row against the matches instead of reading just the matches by rowid.
  return sql<SqlBool>`(+${workspace} = ${workspaceId}
    and ${sql.ref(`${table}.rowid`)} in (select rowid from ${fts} where ${fts} match ${trigramQuery(chars)})
    and ${contains})`;
}
