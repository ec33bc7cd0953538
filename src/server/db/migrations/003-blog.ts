import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Blog CMS (issue 4): categories, posts, the old slugs that keep answering after a rename, and uploaded
 * images with their resized variants. Images live in the database so scaled-out instances share them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The one engine difference: binary columns are `bytea` on PostgreSQL and `blob` on SQLite.
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', binary, (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_workspace_idx').on('media').column('workspace_id').execute();

  await db.schema
    .createTable('media_variants')
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', binary, (c) => c.notNull())
    // Kept beside the bytes so storage totals never read the blobs.
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_variants_pk', ['media_id', 'width'])
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('categories_workspace_slug_uq', ['workspace_id', 'slug'])
    .execute();
  // Names are unique per workspace ignoring case; the index makes concurrent creates race-safe.
  await sql`create unique index categories_workspace_name_uq on categories (workspace_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('blogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // The service refuses to delete a category in use; set null only settles a race with that check.
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('meta_description', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('featured_media_id', 'text', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('blogs_workspace_slug_uq', ['workspace_id', 'slug'])
    .execute();
  // The list orders: published posts by published_at, everything else by created_at (newest first).
  await db.schema
    .createIndex('blogs_workspace_status_published_idx')
    .on('blogs')
    .columns(['workspace_id', 'status', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('blogs_workspace_status_created_idx')
    .on('blogs')
    .columns(['workspace_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('blogs_workspace_created_idx')
    .on('blogs')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();
  // Category filter, and the "category in use" count.
  await db.schema
    .createIndex('blogs_category_idx')
    .on('blogs')
    .columns(['category_id', 'status', 'published_at'])
    .execute();
  await db.schema.createIndex('blogs_media_idx').on('blogs').column('featured_media_id').execute();

  await db.schema
    .createTable('blog_slug_redirects')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('old_slug', 'text', (c) => c.notNull())
    .addColumn('blog_id', 'text', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_slug_redirects_pk', ['workspace_id', 'old_slug'])
    .execute();
  await db.schema
    .createIndex('blog_slug_redirects_blog_idx')
    .on('blog_slug_redirects')
    .column('blog_id')
    .execute();
}
