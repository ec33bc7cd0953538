import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * Publishing (issue 16): scheduled posts, a version per post for stale-save checks, per-post search
 * switches, kept revisions, the editor's autosaved copies and draft preview links.
 */
const AGENCY = `'00000000-0000-4000-8000-000000000001'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blogs').addColumn('publish_at', 'text').execute();
  await db.schema
    .alterTable('blogs')
    .addColumn('hide_from_search', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('blogs').addColumn('canonical_url', 'text').execute();
  await db.schema
    .alterTable('blogs')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The scheduler's "what is due" and "when is the next one": only scheduled drafts are in it.
  await sql`create index blogs_scheduled_idx on blogs (publish_at, id) where publish_at is not null`.execute(
    db,
  );
  // The few posts hidden from search engines: the sitemap leaves them out without reading any post's row.
  await sql`create index blogs_hidden_idx on blogs (workspace_id, status, id) where hide_from_search = 1`.execute(
    db,
  );

  await db.schema
    .createTable('blog_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('blog_id', 'text', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // The post's version this revision made: orders them exactly, even within one millisecond.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('blog_revisions_blog_version_uq', ['blog_id', 'version'])
    .execute();

  await db.schema
    .createTable('blog_autosaves')
    .addColumn('blog_id', 'text', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_autosaves_pk', ['blog_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('blog_preview_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('blog_id', 'text', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    // sha256 of the token: what a request is looked up by.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The token sealed with SECRET_KEY, so its link can be shown again; a database copy alone opens nothing.
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('blog_preview_links_blog_idx')
    .on('blog_preview_links')
    .column('blog_id')
    .execute();

  // The search switches change a public page (robots, canonical) and the sitemap: they raise the public
  // content version like the columns of migration 009 do.
  const event = 'update of hide_from_search, canonical_url on blogs';
  const condition = `(old.workspace_id = ${AGENCY} or new.workspace_id = ${AGENCY}) and (old.status = 'published' or new.status = 'published')`;
  if (engineOf(db) === 'postgres')
    await sql
      .raw(
        `create constraint trigger public_content_blogs_search_update after ${event}
          deferrable initially deferred for each row when (${condition})
          execute function bump_public_content_version()`,
      )
      .execute(db);
  else
    await sql
      .raw(
        `create trigger public_content_blogs_search_update after ${event} when ${condition}
          begin update public_content_version set version = version + 1 where id = 1; end`,
      )
      .execute(db);
}
