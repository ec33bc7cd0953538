import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CategoryRow, Database, SessionUser } from '../../db/types';
import { nowIso } from '../../db/rows';
import { CATEGORY_MESSAGES } from '../../../shared/messages';
import type { Category, categorySchema } from '../../../shared/schemas/blog';
import { conflict, notFound } from '../../http/errors';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import { firstFreeSlug, slugBase } from '../../db/unique-slug';
import { retryOnUniqueViolation } from '../../db/unique-violation';
import {
  countPostsInCategory,
  deleteCategory,
  findCategoryById,
  insertCategory,
  listCategories,
  nameTaken,
  takenCategorySlugs,
  toCategory,
  updateCategory,
} from './categories.repository';

/** What the blogs module uses of categories. */
export { findCategory } from './categories.repository';

export type CategoryInput = z.output<typeof categorySchema>;

/** Category lists are one screen (the filter bar and the manager); a workspace never has more in practice. */
export const CATEGORY_LIST_LIMIT = 500;

export function createCategoriesService(db: Kysely<Database>) {
  async function findOwn(caller: SessionUser, id: string): Promise<CategoryRow> {
    const row = await findCategoryById(db, caller.workspace_id, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Writes a row whose name must be free and whose slug is made free; a unique-index refusal is either a
   * name another writer just took (409) or a slug race (try again with a fresh read).
   */
  async function saveUnique(
    workspaceId: string,
    name: string,
    exceptId: string | undefined,
    write: (slug: string) => Promise<void>,
    keptSlug?: string,
  ): Promise<string> {
    return retryOnUniqueViolation(async () => {
      if (await nameTaken(db, workspaceId, name, exceptId)) throw conflict(CATEGORY_MESSAGES.nameTaken);
      const base = slugBase(name, 'category');
      const slug = keptSlug ?? firstFreeSlug(base, await takenCategorySlugs(db, workspaceId, base, exceptId));
      try {
        await write(slug);
      } catch (error) {
        if (await nameTaken(db, workspaceId, name, exceptId)) throw conflict(CATEGORY_MESSAGES.nameTaken);
        throw error;
      }
      return slug;
    });
  }

  return {
    /** GET /api/categories: the caller's workspace, or the agency's for anonymous visitors (public filter). */
    async list(caller: SessionUser | null): Promise<Category[]> {
      const rows = await listCategories(db, caller?.workspace_id ?? AGENCY_WORKSPACE_ID, CATEGORY_LIST_LIMIT);
      return rows.map(toCategory);
    },

    async create(caller: SessionUser, input: CategoryInput): Promise<Category> {
      const row: CategoryRow = {
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        name: input.name,
        slug: '',
        description: input.description,
        created_at: nowIso(),
      };
      row.slug = await saveUnique(caller.workspace_id, input.name, undefined, async (slug) => {
        await insertCategory(db, { ...row, slug });
      });
      return toCategory(row);
    },

    async update(caller: SessionUser, id: string, input: CategoryInput): Promise<Category> {
      const before = await findOwn(caller, id);
      const slug = await saveUnique(
        caller.workspace_id,
        input.name,
        id,
        async (next) => {
          await updateCategory(db, id, { name: input.name, description: input.description, slug: next });
        },
        // A rename that makes the same slug base (e.g. only case changed) keeps the slug, so links stay valid.
        slugBase(before.name, 'category') === slugBase(input.name, 'category') ? before.slug : undefined,
      );
      return toCategory({ ...before, name: input.name, description: input.description, slug });
    },

    /** Refuses while posts use it: moving them is the editor's decision, not a side effect of deleting. */
    async remove(caller: SessionUser, id: string): Promise<void> {
      await findOwn(caller, id);
      await db.transaction().execute(async (trx) => {
        const inUse = await countPostsInCategory(trx, id);
        if (inUse > 0) throw conflict(CATEGORY_MESSAGES.inUse(inUse));
        await deleteCategory(trx, id);
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
