import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Botgit (issue 11): the profiles the extension scraped, one row per workspace and normalised profile
 * URL (a re-scrape updates it), and each workspace's scraper settings, enforced on ingest. The search
 * gets the trigram index the leads have (migration 005, db/trigram-search.ts): 100k profiles searched
 * without reading every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scraped_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    /** profileUrlKey(): host and path, lower-cased host, no trailing slash, query or fragment. */
    .addColumn('url_key', 'text', (c) => c.notNull())
    .addColumn('profile_url', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    /** name, e-mail, phone, role and location, lower-cased by the app: one portable LIKE for the search. */
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scraped_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    /** First scrape: the ingest cap counts these. */
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** Last scrape: the spec's `timestamp`, the list's order and the date filter. */
    .addColumn('scraped_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scraped_profiles_url_idx')
    .on('scraped_profiles')
    .columns(['workspace_id', 'url_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('scraped_profiles_scraped_idx')
    .on('scraped_profiles')
    .columns(['workspace_id', 'scraped_at', 'id'])
    .execute();
  await db.schema
    .createIndex('scraped_profiles_created_idx')
    .on('scraped_profiles')
    .columns(['workspace_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('botgit_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('auto_scrape', 'integer', (c) => c.notNull())
    .addColumn('scrape_interval', 'integer', (c) => c.notNull())
    .addColumn('max_profiles', 'integer', (c) => c.notNull())
    .addColumn('save_emails', 'integer', (c) => c.notNull())
    .addColumn('save_phones', 'integer', (c) => c.notNull())
    .addColumn('notify_on_complete', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  if (engineOf(db) === 'postgres') await postgresTrigramIndex(db);
  else await sqliteTrigramTable(db);
}

/** As migration 005 does for leads (copied: a landed migration is history and must not be shared code). */
async function sqliteTrigramTable(db: Kysely<unknown>): Promise<void> {
  const fts = 'scraped_profiles_search';
  await sql
    .raw(
      `create virtual table ${fts} using fts5(search_text, content='scraped_profiles', content_rowid='rowid',
        tokenize='trigram', detail=none, columnsize=0)`,
    )
    .execute(db);
  const add = `insert into ${fts} (rowid, search_text) values (new.rowid, new.search_text);`;
  const remove = `insert into ${fts} (${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);`;
  await sql.raw(`create trigger ${fts}_insert after insert on scraped_profiles begin ${add} end`).execute(db);
  await sql
    .raw(`create trigger ${fts}_delete after delete on scraped_profiles begin ${remove} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_update after update of search_text on scraped_profiles
        when old.search_text is not new.search_text begin ${remove} ${add} end`,
    )
    .execute(db);
}

/** A GIN trigram index when pg_trgm is installed (migration 005 installs it when the role may). */
async function postgresTrigramIndex(db: Kysely<unknown>): Promise<void> {
  const schema = (
    await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'
    `.execute(db)
  ).rows[0]?.schema;
  if (!schema) return;
  await sql`
    create index scraped_profiles_search_trgm_idx on scraped_profiles
      using gin (search_text ${sql.id(schema, 'gin_trgm_ops')})
  `.execute(db);
}
