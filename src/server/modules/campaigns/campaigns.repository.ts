import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { CampaignStatus } from '../../../shared/campaigns';
import type {
  CampaignRecipientRow,
  CampaignRow,
  CampaignsTable,
  Database,
  MarketingSettingsRow,
} from '../../db/types';
import { engineOf } from '../../db/engine';

export type Db = Kysely<Database> | Transaction<Database>;

// Campaigns.

/** What the API shows of a campaign: never its template copy (up to 100,000 characters each). */
const VIEW_COLUMNS = [
  'campaigns.id',
  'campaigns.workspace_id',
  'campaigns.name',
  'campaigns.template_id',
  'campaigns.list_id',
  'campaigns.segment',
  'campaigns.utm_source',
  'campaigns.utm_medium',
  'campaigns.utm_campaign',
  'campaigns.status',
  'campaigns.scheduled_at',
  'campaigns.started_at',
  'campaigns.finished_at',
  'campaigns.recipients_total',
  'campaigns.queued_count',
  'campaigns.sent_count',
  'campaigns.failed_count',
  'campaigns.cancelled_count',
  'campaigns.wait_reason',
  'campaigns.created_at',
  'campaigns.updated_at',
] as const;

export type CampaignView = Omit<
  CampaignRow,
  'snapshot' | 'audience_cursor' | 'audience_done' | 'created_by'
> & {
  template_name: string | null;
  list_name: string | null;
};

const viewQuery = (db: Db) =>
  db
    .selectFrom('campaigns')
    .leftJoin('email_templates', 'email_templates.id', 'campaigns.template_id')
    .leftJoin('mailing_lists', 'mailing_lists.id', 'campaigns.list_id')
    .select(VIEW_COLUMNS)
    .select(['email_templates.name as template_name', 'mailing_lists.name as list_name']);

export function findCampaignView(db: Db, workspaceId: string, id: string): Promise<CampaignView | undefined> {
  return viewQuery(db)
    .where('campaigns.workspace_id', '=', workspaceId)
    .where('campaigns.id', '=', id)
    .executeTakeFirst();
}

export function findCampaign(db: Db, workspaceId: string, id: string): Promise<CampaignRow | undefined> {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A page of the workspace's campaigns, newest first: read by the (workspace, created) index, never counting recipients. */
export async function campaignPage(
  db: Db,
  workspaceId: string,
  status: CampaignStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: CampaignView[]; total: number }> {
  const [rows, count] = await Promise.all([
    viewQuery(db)
      .where('campaigns.workspace_id', '=', workspaceId)
      .$if(status !== undefined, (q) => q.where('campaigns.status', '=', status!))
      .orderBy('campaigns.created_at', 'desc')
      .orderBy('campaigns.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('workspace_id', '=', workspaceId)
      .$if(status !== undefined, (q) => q.where('status', '=', status!))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function insertCampaign(db: Db, row: CampaignRow): Promise<void> {
  await db.insertInto('campaigns').values(row).execute();
}

/** Changes a campaign only while its status is one of `from`; true when it did. */
export async function updateCampaignIn(
  db: Db,
  workspaceId: string,
  id: string,
  from: readonly CampaignStatus[],
  patch: Updateable<CampaignsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set(patch)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCampaignIn(
  db: Db,
  workspaceId: string,
  id: string,
  from: readonly CampaignStatus[],
): Promise<boolean> {
  const result = await db
    .deleteFrom('campaigns')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listExists(db: Db, workspaceId: string, listId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mailing_lists')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', listId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The template copied once, by whichever instance gets there first; answers the copy that holds. */
export async function setSnapshotOnce(db: Db, campaignId: string, snapshot: string): Promise<string> {
  await db
    .updateTable('campaigns')
    .set({ snapshot })
    .where('id', '=', campaignId)
    .where('snapshot', 'is', null)
    .execute();
  const row = await db
    .selectFrom('campaigns')
    .select('snapshot')
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return row.snapshot ?? snapshot;
}

// The scheduler and the dispatcher.

/** Scheduled campaigns whose time has come start sending: one conditional UPDATE, so once across instances. */
export async function startDueCampaigns(db: Db, now: string): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ status: 'sending', started_at: now, updated_at: now })
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '<=', now)
    .execute();
}

/** The workspaces with a campaign sending. */
export async function sendingWorkspaces(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('campaigns')
    .select('workspace_id')
    .distinct()
    .where('status', '=', 'sending')
    .execute();
  return rows.map((row) => row.workspace_id);
}

export function sendingCampaigns(db: Db, workspaceId: string): Promise<CampaignRow[]> {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'sending')
    .orderBy('started_at')
    .orderBy('id')
    .execute();
}

// The throttle and the dispatch lease.

export function findMarketingSettings(
  db: Db,
  workspaceId: string,
): Promise<MarketingSettingsRow | undefined> {
  return db
    .selectFrom('marketing_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export async function saveThrottle(
  db: Db,
  workspaceId: string,
  perSecond: number,
  perHour: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('marketing_settings')
    .values({ workspace_id: workspaceId, per_second: perSecond, per_hour: perHour, updated_at: now })
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({ per_second: perSecond, per_hour: perHour, updated_at: now }),
    )
    .execute();
}

/**
 * Takes the workspace's dispatch lease for `leaseMs` when no live instance holds it: one conditional UPDATE,
 * so one instance at a time queues a workspace's campaigns and its throttle counts every message once.
 */
export async function claimDispatch(
  db: Db,
  workspaceId: string,
  defaults: { perSecond: number; perHour: number },
  now: Date,
  leaseMs: number,
): Promise<MarketingSettingsRow | undefined> {
  const nowIso = now.toISOString();
  await db
    .insertInto('marketing_settings')
    .values({
      workspace_id: workspaceId,
      per_second: defaults.perSecond,
      per_hour: defaults.perHour,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('workspace_id').doNothing())
    .execute();
  return db
    .updateTable('marketing_settings')
    .set({ dispatch_locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('dispatch_locked_until', 'is', null), eb('dispatch_locked_until', '<', nowIso)]))
    .returningAll()
    .executeTakeFirst();
}

export async function releaseDispatch(db: Db, workspaceId: string): Promise<void> {
  await db
    .updateTable('marketing_settings')
    .set({ dispatch_locked_until: null })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** The throttle's windows after `queued` more messages in the windows that start at `second` and `hour`. */
export async function countThrottled(
  db: Db,
  workspaceId: string,
  windows: { second: string; secondCount: number; hour: string; hourCount: number },
): Promise<void> {
  await db
    .updateTable('marketing_settings')
    .set({
      second_window: windows.second,
      second_count: windows.secondCount,
      hour_window: windows.hour,
      hour_count: windows.hourCount,
    })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

// The audience.

export interface AudienceRow {
  id: string;
  email: string;
  name: string;
  company: string;
  lead_id: string | null;
}

/** The lead owners' names of some leads, for the `owner` merge field. */
export async function ownerNames(db: Db, leadIds: string[]): Promise<Map<string, string>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('leads')
    .innerJoin('users', 'users.id', 'leads.owner_id')
    .select(['leads.id', 'users.name', 'users.username'])
    .where('leads.id', 'in', leadIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name || row.username]));
}

/**
 * Adds a step of the audience to the campaign's recipients (an address already there is skipped, so a step
 * repeated after a crash adds nothing twice), moves the cursor and the total in the same transaction.
 */
export async function addRecipients(
  trx: Transaction<Database>,
  campaign: Pick<CampaignRow, 'id' | 'workspace_id'>,
  rows: Omit<
    CampaignRecipientRow,
    'campaign_id' | 'workspace_id' | 'status' | 'outbox_id' | 'queued_at' | 'sent_at'
  >[],
  cursor: string | null,
  done: boolean,
  now: string,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const result = await trx
      .insertInto('campaign_recipients')
      .values(
        rows.slice(i, i + 500).map((row) => ({
          ...row,
          campaign_id: campaign.id,
          workspace_id: campaign.workspace_id,
          status: 'pending' as const,
          outbox_id: null,
          queued_at: null,
          sent_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['campaign_id', 'email']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await trx
    .updateTable('campaigns')
    .set((eb) => ({
      recipients_total: eb('recipients_total', '+', added),
      audience_cursor: cursor,
      audience_done: done ? 1 : 0,
      updated_at: now,
    }))
    .where('id', '=', campaign.id)
    .execute();
  return added;
}

export function pendingRecipients(
  db: Db,
  campaignId: string,
  limit: number,
): Promise<CampaignRecipientRow[]> {
  return db
    .selectFrom('campaign_recipients')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Of some subscribers, those still subscribed to the list and not suppressed: mail may go to them now. */
export async function stillSendable(
  db: Db,
  workspaceId: string,
  listId: string,
  subscriberIds: string[],
): Promise<Set<string>> {
  if (subscriberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('list_members')
    .innerJoin('subscribers', 'subscribers.id', 'list_members.subscriber_id')
    .select('list_members.subscriber_id')
    .where('list_members.list_id', '=', listId)
    .where('list_members.status', '=', 'subscribed')
    .where('list_members.subscriber_id', 'in', subscriberIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('suppressions')
            .select('suppressions.email')
            .where('suppressions.workspace_id', '=', workspaceId)
            .whereRef('suppressions.email', '=', 'subscribers.email'),
        ),
      ),
    )
    .execute();
  return new Set(rows.map((row) => row.subscriber_id));
}

/** Pending recipients marked queued (their outbox message has their id) and counted, in the caller's transaction. */
export async function markQueued(trx: Db, campaignId: string, ids: string[], now: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx
      .updateTable('campaign_recipients')
      .set({ status: 'queued', outbox_id: sql<string>`id`, queued_at: now })
      .where('id', 'in', chunk)
      .where('status', '=', 'pending')
      .execute();
  }
  await trx
    .updateTable('campaigns')
    .set((eb) => ({ queued_count: eb('queued_count', '+', ids.length), wait_reason: null }))
    .where('id', '=', campaignId)
    .execute();
}

/** Pending recipients who may no longer be mailed (unsubscribed, suppressed) are cancelled and counted. */
export async function cancelRecipients(trx: Db, campaignId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const result = await trx
    .updateTable('campaign_recipients')
    .set({ status: 'cancelled' })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  await trx
    .updateTable('campaigns')
    .set((eb) => ({ cancelled_count: eb('cancelled_count', '+', Number(result.numUpdatedRows)) }))
    .where('id', '=', campaignId)
    .execute();
}

/**
 * A cancelled campaign's unsent copies: pending ones, and queued ones the outbox has not begun (a message
 * being sent right now finishes). Counted in the same transaction. On PostgreSQL another instance's outbox
 * may claim a copy between this read and the delete; only the copies whose message this delete removed are
 * cancelled, so a claimed one is counted when it goes out, never as cancelled as well.
 */
export async function cancelUnsent(trx: Transaction<Database>, campaignId: string): Promise<void> {
  const queued = await trx
    .selectFrom('campaign_recipients')
    .innerJoin('mail_outbox', 'mail_outbox.id', 'campaign_recipients.outbox_id')
    .select(['campaign_recipients.id', 'campaign_recipients.outbox_id'])
    .where('campaign_recipients.campaign_id', '=', campaignId)
    .where('campaign_recipients.status', '=', 'queued')
    .where('mail_outbox.status', '=', 'queued')
    .execute();
  const recipientOf = new Map(queued.map((row) => [row.outbox_id, row.id]));
  const outboxIds = [...recipientOf.keys()];
  let cancelledQueued = 0;
  for (let i = 0; i < outboxIds.length; i += 500) {
    const removed = await trx
      .deleteFrom('mail_outbox')
      .where('id', 'in', outboxIds.slice(i, i + 500))
      .where('status', '=', 'queued')
      .returning('id')
      .execute();
    if (removed.length === 0) continue;
    cancelledQueued += removed.length;
    await trx
      .updateTable('campaign_recipients')
      .set({ status: 'cancelled' })
      .where(
        'id',
        'in',
        removed.map((row) => recipientOf.get(row.id)!),
      )
      .execute();
  }
  const pending = await trx
    .updateTable('campaign_recipients')
    .set({ status: 'cancelled' })
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  await trx
    .updateTable('campaigns')
    .set((eb) => ({
      queued_count: eb('queued_count', '-', cancelledQueued),
      cancelled_count: eb('cancelled_count', '+', cancelledQueued + Number(pending.numUpdatedRows)),
    }))
    .where('id', '=', campaignId)
    .execute();
}

/** A campaign whose every copy has an outcome is sent. */
export async function finishIfDone(db: Db, campaignId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ status: 'sent', finished_at: now, updated_at: now, wait_reason: null })
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .where('audience_done', '=', 1)
    .where('queued_count', '=', 0)
    .where(sql<boolean>`recipients_total = sent_count + failed_count + cancelled_count`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setWaitReason(db: Db, campaignId: string, reason: string | null): Promise<void> {
  await db.updateTable('campaigns').set({ wait_reason: reason }).where('id', '=', campaignId).execute();
}

/** Whether this is PostgreSQL (the dispatcher locks the day's mail counter row there). */
export const isPostgres = (db: Db) => engineOf(db) === 'postgres';
