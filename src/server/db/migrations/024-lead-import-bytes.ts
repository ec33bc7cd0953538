import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * A lead import's file counts against the workspace's storage (docs/product/workspace.md#plan-limits); this
 * gives it back as its leads go. `leads.import_bytes` is a lead's share of the file it was imported from
 * (the file's size divided among the leads it made, the first taking the remainder; 0 for every other
 * lead), and deleting a lead, by itself, by a merge or with its workspace, takes its share off
 * `workspace_storage`, never below zero. Leads imported before this migration carry no share: nobody
 * recorded which file made which lead, so those files stay counted.
 *
 * PostgreSQL sums a statement's deleted rows per workspace (a transition table, as the lead counters do),
 * so erasing a workspace of a million leads is one update, not a million; SQLite's row trigger fires only
 * for a lead with a share. Its name sorts after the lead counters' triggers, which PostgreSQL fires first:
 * a delete takes the counter rows and then the storage row, in the order an import takes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('import_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (engineOf(db) === 'postgres') {
    await sql`
      create function leads_storage_delete() returns trigger language plpgsql as $$ begin
        update workspace_storage s set bytes = greatest(0, s.bytes - d.bytes)
          from (select workspace_id, sum(import_bytes) as bytes from old_rows
                where import_bytes > 0 group by workspace_id) d
          where s.workspace_id = d.workspace_id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger leads_storage_delete after delete on leads referencing old table as old_rows
        for each statement execute function leads_storage_delete()`.execute(db);
  } else {
    await sql`
      create trigger leads_storage_delete after delete on leads when old.import_bytes > 0 begin
        update workspace_storage set bytes = max(0, bytes - old.import_bytes)
          where workspace_id = old.workspace_id;
      end`.execute(db);
  }
}
