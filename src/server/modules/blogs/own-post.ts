import type { Kysely, Transaction } from 'kysely';
import type { BlogRow, Database, SessionUser } from '../../db/types';
import type { Blog } from '../../../shared/schemas/blog';
import { BLOG_MESSAGES, PUBLISHING_MESSAGES } from '../../../shared/messages';
import { conflict, notFound } from '../../http/errors';
import { toBlog } from './blog-json';
import { findBlog } from './blogs.repository';
import { findPostStatus, lockBlog } from './blog-writes.repository';

type Db = Kysely<Database> | Transaction<Database>;

/* A staff member's own post: another workspace's post is as absent as a missing one. */

/** The caller's post, locked in `trx` for the rest of the write. */
export async function lockOwn(trx: Transaction<Database>, caller: SessionUser, id: string): Promise<BlogRow> {
  const row = await lockBlog(trx, caller.workspace_id, id);
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return row;
}

/** The caller's post's id and status, or 404 (a cheap check before any form or upload work). */
export async function ownPost(
  db: Db,
  caller: SessionUser,
  id: string,
): Promise<{ id: string; status: string }> {
  const row = await findPostStatus(db, caller.workspace_id, id);
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return row;
}

/** The caller's post as the API answers it. */
export async function ownBlog(db: Db, caller: SessionUser, id: string): Promise<Blog> {
  const row = await findBlog(db, { workspaceId: caller.workspace_id, publishedOnly: false }, id);
  if (!row) throw notFound(BLOG_MESSAGES.notFound);
  return toBlog(row);
}

/**
 * A save naming a version that is no longer current is refused with a 409 carrying the post as it is now,
 * so the editor can offer to reload it or to save anyway. No version named: the save applies.
 */
export async function refuseIfStale(
  trx: Transaction<Database>,
  caller: SessionUser,
  before: BlogRow,
  version: number | undefined,
): Promise<void> {
  if (version === undefined || version === Number(before.version)) return;
  throw conflict(PUBLISHING_MESSAGES.staleSave, { blog: await ownBlog(trx, caller, before.id) });
}
