import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Each workspace's scraped-profile count, kept by triggers: the Scraped Data header would otherwise count
 * every profile of the workspace on each request (~20 ms at 100k on PostgreSQL). A migration of its own
 * because 008 had already landed without it; existing profiles are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scraped_profile_counts')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into scraped_profile_counts (workspace_id, n)
    select workspace_id, count(*) from scraped_profiles group by workspace_id`.execute(db);
  if (engineOf(db) === 'postgres') await postgresCountTriggers(db);
  else await sqliteCountTriggers(db);
}

/** SQLite has row triggers only: a single-row upsert per profile (a profile never changes workspace). */
async function sqliteCountTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create trigger scraped_profiles_count_insert after insert on scraped_profiles begin
        insert into scraped_profile_counts (workspace_id, n) values (new.workspace_id, 1)
          on conflict (workspace_id) do update set n = n + 1; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger scraped_profiles_count_delete after delete on scraped_profiles begin
        update scraped_profile_counts set n = n - 1 where workspace_id = old.workspace_id; end`,
    )
    .execute(db);
}

/** PostgreSQL: statement triggers over transition tables, one upsert per workspace and statement. */
async function postgresCountTriggers(db: Kysely<unknown>): Promise<void> {
  const functions = {
    scraped_profiles_count_insert: `
      insert into scraped_profile_counts (workspace_id, n)
        select workspace_id, count(*) from new_rows group by workspace_id order by workspace_id
        on conflict (workspace_id) do update set n = scraped_profile_counts.n + excluded.n;`,
    // Deleting never creates a row: a cascade from a deleted workspace must not insert for it.
    scraped_profiles_count_delete: `
      update scraped_profile_counts c set n = c.n - d.n
        from (select workspace_id, count(*) as n from old_rows group by workspace_id) d
        where c.workspace_id = d.workspace_id;`,
  };
  for (const [name, body] of Object.entries(functions))
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`,
      )
      .execute(db);
  for (const [event, referencing] of [
    ['insert', 'new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ])
    await sql
      .raw(
        `create trigger scraped_profiles_count_${event} after ${event} on scraped_profiles referencing ${referencing}
          for each statement execute function scraped_profiles_count_${event}()`,
      )
      .execute(db);
}
