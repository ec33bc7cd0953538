import { sql, type Kysely, type Transaction } from 'kysely';
import type { CategoryRow, Database } from '../../db/types';
import type { Category } from '../../../shared/schemas/blog';
import { numberedPattern } from '../../db/unique-slug';

type Db = Kysely<Database> | Transaction<Database>;

export function toCategory(row: CategoryRow): Category {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    createdAt: row.created_at,
  };
}

/** A category of this workspace by id, or by slug (the public filter names categories by slug). */
export function findCategory(
  db: Db,
  workspaceId: string,
  idOrSlug: string,
): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

/** A category of this workspace by id only. */
export function findCategoryById(db: Db, workspaceId: string, id: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** The workspace's categories by name (the id breaks ties), at most `limit`. */
export function listCategories(db: Db, workspaceId: string, limit: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

export async function insertCategory(db: Db, row: CategoryRow): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(
  db: Db,
  id: string,
  values: Pick<CategoryRow, 'name' | 'description' | 'slug'>,
): Promise<void> {
  await db.updateTable('categories').set(values).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/** Another category of the workspace with this name, ignoring case the way the unique index does. */
export async function nameTaken(
  db: Db,
  workspaceId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Slugs in use that a new slug built on `base` could collide with. */
export async function takenCategorySlugs(
  db: Db,
  workspaceId: string,
  base: string,
  exceptId?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('categories')
    .select('slug')
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', numberedPattern(base))]));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.execute()).map((row) => row.slug);
}

export async function countPostsInCategory(db: Db, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('blogs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
