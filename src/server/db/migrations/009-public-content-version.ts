import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * The public site's content version (issue 12): the render cache serves a page only while the version it
 * was rendered at is still current. Triggers raise it on every write that can change what a public page,
 * sitemap or feed shows, so no write path can forget to, and every instance on the same database agrees.
 * Only the agency workspace's content is public; drafts and view counts never raise it.
 */
const AGENCY = `'00000000-0000-4000-8000-000000000001'`;

/** Every column of a post that a public page shows (all but `views`, which the cache lets lag). */
const SHOWN_BLOG_COLUMNS = [
  'workspace_id',
  'author_id',
  'category_id',
  'title',
  'slug',
  'meta_description',
  'keywords',
  'content',
  'status',
  'featured_media_id',
  'alt_text',
  'published_at',
  'updated_at',
].join(', ');

const inAgency = (row: 'new' | 'old') => `${row}.workspace_id = ${AGENCY}`;
const eitherInAgency = `(${inAgency('old')} or ${inAgency('new')})`;

/** [name, event, condition]: one trigger each. */
const TRIGGERS: [string, string, string][] = [
  ['blogs_insert', 'insert on blogs', `${inAgency('new')} and new.status = 'published'`],
  [
    'blogs_update',
    `update of ${SHOWN_BLOG_COLUMNS} on blogs`,
    `${eitherInAgency} and (old.status = 'published' or new.status = 'published')`,
  ],
  ['blogs_delete', 'delete on blogs', `${inAgency('old')} and old.status = 'published'`],
  ['categories_insert', 'insert on categories', inAgency('new')],
  ['categories_update', 'update on categories', eitherInAgency],
  ['categories_delete', 'delete on categories', inAgency('old')],
  ['media_update', 'update on media', eitherInAgency],
  ['media_delete', 'delete on media', inAgency('old')],
  ['redirects_insert', 'insert on blog_slug_redirects', inAgency('new')],
  ['redirects_delete', 'delete on blog_slug_redirects', inAgency('old')],
  ['users_update', 'update of username, workspace_id on users', eitherInAgency],
  ['users_delete', 'delete on users', inAgency('old')],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into public_content_version (id, version) values (1, 1)`.execute(db);

  const bump = 'update public_content_version set version = version + 1 where id = 1;';
  if (engineOf(db) === 'postgres') {
    await sql
      .raw(
        `create function bump_public_content_version() returns trigger language plpgsql as $$ begin ${bump} return null; end $$`,
      )
      .execute(db);
    // Deferred to commit: the one version row is locked for an instant at the end of a writing
    // transaction, not for its whole length, so concurrent editors do not queue on it.
    for (const [name, event, condition] of TRIGGERS)
      await sql
        .raw(
          `create constraint trigger public_content_${name} after ${event}
            deferrable initially deferred for each row when (${condition})
            execute function bump_public_content_version()`,
        )
        .execute(db);
  } else {
    for (const [name, event, condition] of TRIGGERS)
      await sql
        .raw(`create trigger public_content_${name} after ${event} when ${condition} begin ${bump} end`)
        .execute(db);
  }
}
