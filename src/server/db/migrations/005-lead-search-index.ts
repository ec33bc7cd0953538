import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';
import { leadPriorityCountTriggers } from './lead-priority-count-triggers';

/**
 * DESIGN §8 at a million leads: the priority filter and the search no longer read every row.
 *
 * - `leads_workspace_priority_created_idx` serves a priority-filtered page in the list's default order.
 * - `lead_priority_counts` is `lead_status_counts` split by priority, kept by triggers the same way: the
 *   header of a priority-filtered list would otherwise count a third of the workspace on every request.
 * - The search's `search_text like '%term%'` gets a trigram index: pg_trgm's GIN operator class serves
 *   that LIKE as written on PostgreSQL; on SQLite an FTS5 trigram table narrows the rows first (see
 *   lead-search.ts). Existing rows are indexed and counted here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('leads_workspace_priority_created_idx')
    .on('leads')
    .columns(['workspace_id', 'priority', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('lead_priority_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_priority_counts_pk', ['workspace_id', 'priority', 'status'])
    .execute();
  await sql`
    insert into lead_priority_counts (workspace_id, priority, status, n)
      select workspace_id, priority, status, count(*) from leads group by workspace_id, priority, status
  `.execute(db);

  const engine = engineOf(db);
  await leadPriorityCountTriggers(db, engine);
  if (engine === 'postgres') await postgresTrigramIndex(db);
  else await sqliteTrigramTable(db);
}

/**
 * External content: the FTS table keeps only the index and reads text from `leads` by rowid (stable: this
 * app never runs VACUUM, and SQLite's VACUUM keeps rowids in practice anyway). The trigram tokenizer folds
 * case, so it finds every row the LIKE could accept. The index only has to say which rows hold all of a
 * term's trigrams (the LIKE decides the rest), so it keeps no positions (`detail=none`, a third the size
 * and cheaper writes) and no per-row sizes (nothing ranks results).
 */
async function sqliteTrigramTable(db: Kysely<unknown>): Promise<void> {
  const fts = 'leads_search';
  await sql
    .raw(
      `create virtual table ${fts} using fts5(search_text, content='leads', content_rowid='rowid',
        tokenize='trigram', detail=none, columnsize=0)`,
    )
    .execute(db);
  const add = `insert into ${fts} (rowid, search_text) values (new.rowid, new.search_text);`;
  // An external-content index forgets a row only when told the exact text it indexed for it.
  const remove = `insert into ${fts} (${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);`;
  await sql.raw(`create trigger ${fts}_insert after insert on leads begin ${add} end`).execute(db);
  await sql.raw(`create trigger ${fts}_delete after delete on leads begin ${remove} end`).execute(db);
  await sql
    .raw(
      `create trigger ${fts}_update after update of search_text on leads
        when old.search_text is not new.search_text begin ${remove} ${add} end`,
    )
    .execute(db);
  await sql.raw(`insert into ${fts} (${fts}) values ('rebuild')`).execute(db);
}

/**
 * A GIN trigram index on `search_text`, when pg_trgm can be had. Without it (the extension is not
 * installed on the server, or the role may not create it) nothing fails: the search still works, unindexed.
 */
async function postgresTrigramIndex(db: Kysely<unknown>): Promise<void> {
  const schema = await pgTrgmSchema(db);
  if (!schema) return;
  await sql`
    create index leads_search_trgm_idx on leads using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})
  `.execute(db);
}

/**
 * The schema holding pg_trgm, creating the extension if needed. An extension exists once per database,
 * so it goes to `public` when it can rather than to this instance's own schema: dropping one schema
 * (as each test suite does with its own) must not take the index of every other schema with it.
 */
async function pgTrgmSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'
      `.execute(db)
    ).rows[0]?.schema;
  const attempts = [
    sql`create extension if not exists pg_trgm schema public`,
    sql`create extension if not exists pg_trgm`,
  ];
  for (const attempt of attempts) {
    const schema = await installed();
    if (schema) return schema;
    // A refused statement aborts the whole transaction on PostgreSQL; the savepoint confines it. A
    // concurrent migration creating it too ends up here as a duplicate, and the next lookup finds it.
    await sql`savepoint pg_trgm`.execute(db);
    try {
      await attempt.execute(db);
      await sql`release savepoint pg_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint pg_trgm`.execute(db);
    }
  }
  return installed();
}
