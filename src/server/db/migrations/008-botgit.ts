import type { Kysely } from 'kysely';

/**
 * Botgit (issue 11): the profiles the extension scraped, one row per workspace and normalised profile
 * URL (a re-scrape updates it), and each workspace's scraper settings, enforced on ingest.
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
}
