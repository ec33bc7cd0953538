import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/* The follow-up sweep's reads and its claim on a day's digest (docs/product/leads.md#owners-and-follow-ups). Both reads
   are ranges of the partial index on (next_follow_up_at, owner_id), which holds only leads with a follow-up. */

/** Leads whose follow-up falls on `day`, with an owner. */
export function followUpsOnDay(db: Db, day: string) {
  return db
    .selectFrom('leads')
    .select(['id', 'workspace_id', 'owner_id', 'name', 'follow_up_note'])
    .where('next_follow_up_at', 'is not', null)
    .where('next_follow_up_at', '=', day)
    .where('owner_id', 'is not', null)
    .orderBy('id')
    .execute() as Promise<
    { id: string; workspace_id: string; owner_id: string; name: string; follow_up_note: string }[]
  >;
}

/** Owners (with their lead's workspace) who have a follow-up due on or before `day`. */
export function ownersWithFollowUpsDue(db: Db, day: string) {
  return db
    .selectFrom('leads')
    .select(['owner_id', 'workspace_id'])
    .distinct()
    .where('next_follow_up_at', 'is not', null)
    .where('next_follow_up_at', '<=', day)
    .where('owner_id', 'is not', null)
    .execute() as Promise<{ owner_id: string; workspace_id: string }[]>;
}

/** An owner's follow-ups due on or before `day` in one workspace, the oldest first; `limit` of them. */
export function dueFollowUpsOf(db: Db, ownerId: string, workspaceId: string, day: string, limit: number) {
  return db
    .selectFrom('leads')
    .select(['name', 'company', 'next_follow_up_at', 'follow_up_note'])
    .where('owner_id', '=', ownerId)
    .where('workspace_id', '=', workspaceId)
    .where('next_follow_up_at', 'is not', null)
    .where('next_follow_up_at', '<=', day)
    .orderBy('next_follow_up_at')
    .orderBy('name')
    .limit(limit)
    .execute() as Promise<
    { name: string; company: string; next_follow_up_at: string; follow_up_note: string }[]
  >;
}

/** How many follow-ups an owner has due on or before `day` in one workspace. */
export async function dueFollowUpCountOf(db: Db, ownerId: string, workspaceId: string, day: string) {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('workspace_id', '=', workspaceId)
    .where('next_follow_up_at', 'is not', null)
    .where('next_follow_up_at', '<=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the owner's digest of that day was already claimed (a cheap look before the claim). */
export async function digestClaimed(db: Db, userId: string, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('follow_up_digests')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the owner's digest of the day: true only for the writer whose insert made the row (PostgreSQL's
 * unique key makes a racing insert wait for the first one's commit, then do nothing; SQLite writes one at
 * a time).
 */
export async function claimDigest(
  db: Db,
  row: {
    user_id: string;
    day: string;
    workspace_id: string;
    status: 'queued' | 'refused';
    lead_count: number;
    created_at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('follow_up_digests')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return result !== undefined;
}
