import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Client Leads (issue 6). The list's indexes serve its default order (newest first) and the status filter
 * without a sort; `email_lower` serves the import's duplicate check; `search_text` (name, e-mail, company
 * and phone, lower-cased by the app) gives one portable LIKE instead of four.
 *
 * `lead_status_counts` holds each workspace's lead count per status, kept by triggers in the same
 * transaction as every write. Counting a million rows costs ~100-300 ms on either engine, so the
 * unfiltered list header (the page everyone opens) reads these few rows instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_contact', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // `status` rides along so date-filtered stats read the index alone.
  await db.schema
    .createIndex('leads_workspace_created_idx')
    .on('leads')
    .columns(['workspace_id', 'created_at', 'id', 'status'])
    .execute();
  await db.schema
    .createIndex('leads_workspace_status_created_idx')
    .on('leads')
    .columns(['workspace_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('leads_workspace_email_idx')
    .on('leads')
    .columns(['workspace_id', 'email_lower'])
    .execute();

  await db.schema
    .createTable('lead_status_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_status_counts_pk', ['workspace_id', 'status'])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** SQLite has row triggers only; each is a single-row upsert on a tiny table. */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const increment = (alias: string) => `
    insert into lead_status_counts (workspace_id, status, n) values (${alias}.workspace_id, ${alias}.status, 1)
      on conflict (workspace_id, status) do update set n = n + 1;`;
  const decrement = (alias: string) => `
    update lead_status_counts set n = n - 1
      where workspace_id = ${alias}.workspace_id and status = ${alias}.status;`;
  await sql
    .raw(`create trigger leads_count_insert after insert on leads begin ${increment('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger leads_count_delete after delete on leads begin ${decrement('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger leads_count_update after update of status, workspace_id on leads
        when old.status is not new.status or old.workspace_id is not new.workspace_id
        begin ${decrement('old')} ${increment('new')} end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: statement triggers over transition tables, so a 500-row insert is one upsert, not 500.
 * Counter rows are touched in (workspace, status) order so concurrent writers cannot deadlock on them.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const apply = (deltas: string) => `
    insert into lead_status_counts (workspace_id, status, n)
      select workspace_id, status, sum(delta) from (${deltas}) d
      group by workspace_id, status having sum(delta) <> 0 order by workspace_id, status
      on conflict (workspace_id, status) do update set n = lead_status_counts.n + excluded.n;`;
  const plus = 'select workspace_id, status, 1 as delta from new_rows';
  const minus = 'select workspace_id, status, -1 as delta from old_rows';
  const functions = {
    leads_count_insert: apply(plus),
    leads_count_update: apply(`${plus} union all ${minus}`),
    // Deleting never creates a row: a cascade from a deleted workspace must not insert for it.
    leads_count_delete: `
      update lead_status_counts c set n = c.n - d.n
        from (select workspace_id, status, count(*) as n from old_rows group by workspace_id, status) d
        where c.workspace_id = d.workspace_id and c.status = d.status;`,
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
      )
      .execute(db);
  }
  const tables = {
    insert: 'new table as new_rows',
    update: 'old table as old_rows new table as new_rows',
    delete: 'old table as old_rows',
  };
  for (const [event, referencing] of Object.entries(tables)) {
    await sql
      .raw(
        `create trigger leads_count_${event} after ${event} on leads referencing ${referencing}
          for each statement execute function leads_count_${event}()`,
      )
      .execute(db);
  }
}
