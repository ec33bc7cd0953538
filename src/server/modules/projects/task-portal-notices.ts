import type { Transaction } from 'kysely';
import type { Database, ProjectRow } from '../../db/types';
import type { PortalNotifier } from '../../mail/portal-notice-mail';
import { parsePortalParts } from '../../../shared/portal-projects';

/** The parts of a project the client may see in the portal that cause notices. */
export type PortalPart = 'tasks' | 'comments';

/**
 * What of a project its client sees in the portal: its switches (docs/product/projects.md, migration 038),
 * the same list the portal's own reads go by, so no notice announces what the portal would not show.
 */
export function portalVisibilityOf(project: ProjectRow): readonly string[] {
  return parsePortalParts(project.portal_visibility);
}

/** Whether the project's switches show this part to its client. */
export const projectShowsToClient = (visibility: readonly string[], part: PortalPart): boolean =>
  visibility.includes(part);

/**
 * Where a notice about a task needs the site's name, read before the transaction: only when the change
 * could cause one (SQLite's transaction holds the one connection).
 */
export async function noticeBrand(
  portal: PortalNotifier | undefined,
  couldNotify: boolean,
): Promise<string | null> {
  return portal && couldNotify ? portal.siteName() : null;
}

/**
 * A task moved to review: its client's contacts in the portal are asked to approve it, when the project
 * shows tasks to the client (those without portal access get nothing, as every notice).
 */
export async function noticeTaskInReview(
  trx: Transaction<Database>,
  portal: PortalNotifier | undefined,
  siteName: string | null,
  project: ProjectRow,
  task: { id: string; title: string },
): Promise<void> {
  if (!portal || siteName === null) return;
  if (!projectShowsToClient(portalVisibilityOf(project), 'tasks')) return;
  await portal.notify(trx, siteName, {
    kind: 'task-approval',
    workspaceId: project.workspace_id,
    clientId: project.client_id,
    targetId: task.id,
    task: task.title,
    project: project.name,
  });
}

/**
 * A staff comment the client may read: its client's contacts in the portal hear of it, when the project
 * shows tasks and comments to the client. Internal comments never cause a notice.
 */
export async function noticeClientComment(
  trx: Transaction<Database>,
  portal: PortalNotifier | undefined,
  siteName: string | null,
  input: {
    project: ProjectRow;
    task: { id: string; title: string };
    author: string;
    visibility: 'internal' | 'client';
  },
): Promise<void> {
  if (!portal || siteName === null || input.visibility !== 'client') return;
  const shown = portalVisibilityOf(input.project);
  if (!projectShowsToClient(shown, 'tasks') || !projectShowsToClient(shown, 'comments')) return;
  await portal.notify(trx, siteName, {
    kind: 'comment',
    workspaceId: input.project.workspace_id,
    clientId: input.project.client_id,
    targetId: input.task.id,
    task: input.task.title,
    project: input.project.name,
    author: input.author,
  });
}
