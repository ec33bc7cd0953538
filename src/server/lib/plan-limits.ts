import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';
import { HttpError } from '../http/errors';
import {
  countMailOnDay,
  countMailsOnDay,
  lockStorageRow,
  mailCountOnDay,
  memberCount,
  openProjectCount,
  storedBytes,
  workspacePlan,
} from '../db/plan-usage';
import { PLAN_LIMIT_MESSAGES as M, PROJECT_MESSAGES } from '../../shared/messages';
import {
  COUNTED_MAIL_KINDS,
  limitsForWorkspace,
  nextUtcDay,
  utcDay,
  type PlanLimits,
} from '../../shared/plans';
import type { WorkspaceUsage } from '../../shared/schemas/workspace';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Plan limits (docs/product/workspace.md#plan-limits): storage, members and e-mails a day, per workspace, from the one table
 * in src/shared/plans.ts, counted by src/server/db/plan-usage.ts. Each check runs inside the transaction
 * that stores, adds or sends, so what is refused leaves nothing behind, and two requests racing at the edge
 * cannot both pass: storage is checked again after the write (the triggers of migration 010 have added the
 * bytes to the workspace's one counter row, which PostgreSQL keeps locked until commit and SQLite writes
 * one transaction at a time); members are counted after locking that same row; e-mails are counted by a
 * conditional upsert. Used by modules and by the mail outbox alike, so it lives below both.
 */

export async function workspaceLimits(db: Db, workspaceId: string): Promise<PlanLimits> {
  return limitsForWorkspace(workspaceId, (await workspacePlan(db, workspaceId)) ?? 'Free');
}

const storageFull = (used: number, limits: PlanLimits) =>
  new HttpError(413, M.storageFull(used, limits.storageBytes!, limits.name));

/**
 * Before storing `incoming` more bytes (an upload's known size, or an image with its variants): refused
 * with 413 when they would pass the plan's storage. Cheap, and before any write.
 */
export async function assertStorageRoom(db: Db, workspaceId: string, incoming: number): Promise<void> {
  const limits = await workspaceLimits(db, workspaceId);
  if (limits.storageBytes === null || incoming <= 0) return;
  const used = await storedBytes(db, workspaceId);
  if (used + incoming > limits.storageBytes) throw storageFull(used, limits);
}

/**
 * After the write, in its transaction: the counter now holds this write's bytes (and those of any other
 * committed before it). Past the limit the error rolls the whole write back. `added` is what this write
 * stored, so the message names what was there before it.
 */
export async function assertWithinStorage(trx: Db, workspaceId: string, added: number): Promise<void> {
  if (added <= 0) return;
  const limits = await workspaceLimits(trx, workspaceId);
  if (limits.storageBytes === null) return;
  const used = await storedBytes(trx, workspaceId);
  if (used > limits.storageBytes) throw storageFull(used - added, limits);
}

/**
 * One more member of the workspace: refused with 409 when it has its plan's number already. The counter row
 * is locked first (a no-op update), so two joins racing for the last place are taken one after the other.
 * Call it inside the transaction that adds the member.
 */
export async function assertMemberRoom(trx: Db, workspaceId: string): Promise<void> {
  const limits = await workspaceLimits(trx, workspaceId);
  if (limits.members === null) return;
  await lockStorageRow(trx, workspaceId);
  if ((await memberCount(trx, workspaceId)) >= limits.members)
    throw new HttpError(409, M.membersFull(limits.members, limits.name));
}

/**
 * One more open project (a new one, or a delivered or cancelled one reopened): refused with 409 naming the
 * plan when the workspace has its plan's number of open projects. Counted after locking the same counter
 * row as members, so two projects racing for the last place are taken one after the other.
 */
export async function assertProjectRoom(trx: Db, workspaceId: string): Promise<void> {
  const limits = await workspaceLimits(trx, workspaceId);
  if (limits.projects === null) return;
  await lockStorageRow(trx, workspaceId);
  if ((await openProjectCount(trx, workspaceId)) >= limits.projects)
    throw new HttpError(409, PROJECT_MESSAGES.projectsFull(limits.projects, limits.name));
}

/**
 * Counts one mail the workspace causes today (UTC) when its kind counts (COUNTED_MAIL_KINDS); past the
 * plan's e-mails a day, 429 with Retry-After to the next UTC day. One statement: an upsert that only adds
 * while under the limit, so two mails racing for the last place cannot both be counted.
 */
export async function takeMailSlot(db: Db, workspaceId: string, kind: string, now: Date): Promise<void> {
  if (!COUNTED_MAIL_KINDS.includes(kind)) return;
  const limits = await workspaceLimits(db, workspaceId);
  if (await countMailOnDay(db, workspaceId, utcDay(now), limits.emailsPerDay)) return;
  const waitSeconds = Math.max(1, Math.ceil((nextUtcDay(now).getTime() - now.getTime()) / 1000));
  throw new HttpError(429, M.emailsFull(limits.emailsPerDay!, limits.name), undefined, {
    'Retry-After': String(waitSeconds),
  });
}

/**
 * A campaign's batch: counts up to `wanted` of the workspace's e-mails today and answers how many fit (0 once
 * the day is full; the batch waits for the next UTC day rather than failing).
 */
export async function takeMailSlots(db: Db, workspaceId: string, wanted: number, now: Date): Promise<number> {
  const limits = await workspaceLimits(db, workspaceId);
  return countMailsOnDay(db, workspaceId, utcDay(now), wanted, limits.emailsPerDay);
}

/** What Workspace Settings → General shows: each figure with its limit (null: unlimited). */
export async function workspaceUsage(
  db: Db,
  workspaceId: string,
  plan: string,
  now: Date,
): Promise<WorkspaceUsage> {
  const limits = limitsForWorkspace(workspaceId, plan);
  const mailToday = await mailCountOnDay(db, workspaceId, utcDay(now));
  return {
    planName: limits.name,
    storage: { used: await storedBytes(db, workspaceId), limit: limits.storageBytes },
    members: { used: await memberCount(db, workspaceId), limit: limits.members },
    emailsToday: { used: mailToday, limit: limits.emailsPerDay },
    openProjects: { used: await openProjectCount(db, workspaceId), limit: limits.projects },
  };
}
