import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Blog lists, the sitemap and the category filter at 100k posts (DESIGN §8), read from indexes alone:
 *
 * - The public order (workspace, status, published_at, id) now carries slug and updated_at, so the
 *   sitemap's 50,000-post files, the published count and the newest lastmod never touch the rows (on
 *   SQLite updated_at sits after the content, so reading it meant reading every post's body).
 * - The category filter, public (published, by published_at) and in the dashboard (any status, by
 *   created_at), gets indexes in the list's full order with its `id` tie-breaker, so its count and a page
 *   at any offset are index walks without a sort. blogs_category_idx stays for the "category in use"
 *   count and PostgreSQL's `on delete set null` from categories.
 * - `blog_counts` holds each workspace's post count per status and category ('' for none), kept by
 *   triggers in the same transaction as every write (as lead_status_counts in 004): every list's total is
 *   a sum over a few rows instead of a count over up to 100k index entries on each page view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blogs_workspace_status_published_idx').execute();
  await db.schema
    .createIndex('blogs_public_list_idx')
    .on('blogs')
    .columns(['workspace_id', 'status', 'published_at', 'id', 'slug', 'updated_at'])
    .execute();

  await db.schema
    .createIndex('blogs_workspace_category_published_idx')
    .on('blogs')
    .columns(['workspace_id', 'category_id', 'status', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('blogs_workspace_category_created_idx')
    .on('blogs')
    .columns(['workspace_id', 'category_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('blog_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('blog_counts_pk', ['workspace_id', 'status', 'category_id'])
    .execute();
  await sql`insert into blog_counts (workspace_id, status, category_id, n)
    select workspace_id, status, coalesce(category_id, ''), count(*) from blogs
    group by workspace_id, status, coalesce(category_id, '')`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const KEY = 'workspace_id, status, category_id';

/** SQLite has row triggers only; each is a single-row upsert on a small table. */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const increment = (alias: string) => `
    insert into blog_counts (${KEY}, n)
      values (${alias}.workspace_id, ${alias}.status, coalesce(${alias}.category_id, ''), 1)
      on conflict (${KEY}) do update set n = n + 1;`;
  const decrement = (alias: string) => `
    update blog_counts set n = n - 1 where workspace_id = ${alias}.workspace_id
      and status = ${alias}.status and category_id = coalesce(${alias}.category_id, '');`;
  await sql
    .raw(`create trigger blogs_count_insert after insert on blogs begin ${increment('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger blogs_count_delete after delete on blogs begin ${decrement('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger blogs_count_update after update of status, workspace_id, category_id on blogs
        when old.status is not new.status or old.workspace_id is not new.workspace_id
          or old.category_id is not new.category_id
        begin ${decrement('old')} ${increment('new')} end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: statement triggers over transition tables, touching counter rows in key order so concurrent
 * writers cannot deadlock on them.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const keyed = `workspace_id, status, coalesce(category_id, '') as category_id`;
  const apply = (deltas: string) => `
    insert into blog_counts (${KEY}, n)
      select ${KEY}, sum(delta) from (${deltas}) d
      group by ${KEY} having sum(delta) <> 0 order by ${KEY}
      on conflict (${KEY}) do update set n = blog_counts.n + excluded.n;`;
  const plus = `select ${keyed}, 1 as delta from new_rows`;
  const minus = `select ${keyed}, -1 as delta from old_rows`;
  const functions = {
    blogs_count_insert: apply(plus),
    blogs_count_update: apply(`${plus} union all ${minus}`),
    // Deleting never creates a row: a cascade from a deleted workspace must not insert for it.
    blogs_count_delete: `
      update blog_counts c set n = c.n - d.n
        from (select ${keyed}, count(*) as n from old_rows group by 1, 2, 3) d
        where c.workspace_id = d.workspace_id and c.status = d.status and c.category_id = d.category_id;`,
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
        `create trigger blogs_count_${event} after ${event} on blogs referencing ${referencing}
          for each statement execute function blogs_count_${event}()`,
      )
      .execute(db);
  }
}
