import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CampaignEventKind, Database } from '../../db/types';

export type Db = Kysely<Database> | Transaction<Database>;

const n = (value: unknown) => Number(value ?? 0);

// Links.

export async function insertLinks(db: Db, campaignId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db
    .insertInto('campaign_links')
    .values(urls.map((url, position) => ({ campaign_id: campaignId, position, url })))
    .execute();
}

export function linksOf(db: Db, campaignId: string) {
  return db
    .selectFrom('campaign_links')
    .select(['position', 'url', 'clicks'])
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .execute();
}

export function findLink(db: Db, campaignId: string, position: number) {
  return db
    .selectFrom('campaign_links')
    .select(['url'])
    .where('campaign_id', '=', campaignId)
    .where('position', '=', position)
    .executeTakeFirst();
}

export async function countClick(db: Db, campaignId: string, position: number): Promise<void> {
  await db
    .updateTable('campaign_links')
    .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
    .where('campaign_id', '=', campaignId)
    .where('position', '=', position)
    .execute();
}

// Recipients and their events.

/** A recipient with the campaign's utm_*, for a click or an open. */
export function recipientWithCampaign(db: Db, recipientId: string) {
  return db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select(['r.id', 'r.campaign_id', 'r.workspace_id', 'c.utm_source', 'c.utm_medium', 'c.utm_campaign'])
    .where('r.id', '=', recipientId)
    .executeTakeFirst();
}

export interface EventInput {
  workspaceId: string;
  campaignId: string;
  recipientId: string;
  kind: CampaignEventKind;
  /** -1 for kinds without a link. */
  linkPosition?: number;
  detail?: string;
}

/** Records an event once per recipient, kind and link; whether this call recorded it. */
export async function insertEventOnce(db: Db, event: EventInput, at: Date): Promise<boolean> {
  const result = await db
    .insertInto('campaign_events')
    .values({
      id: randomUUID(),
      workspace_id: event.workspaceId,
      campaign_id: event.campaignId,
      recipient_id: event.recipientId,
      kind: event.kind,
      link_position: event.linkPosition ?? -1,
      detail: event.detail ?? '',
      created_at: at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['recipient_id', 'kind', 'link_position']).doNothing())
    .executeTakeFirst();
  return n(result.numInsertedOrUpdatedRows) > 0;
}

/** Counts a recipient among the campaign's clickers on their first click only. */
export async function countClicker(db: Db, campaignId: string, recipientId: string): Promise<void> {
  const added = await db
    .insertInto('campaign_clickers')
    .values({ recipient_id: recipientId })
    .onConflict((oc) => oc.column('recipient_id').doNothing())
    .executeTakeFirst();
  if (n(added.numInsertedOrUpdatedRows) === 0) return;
  await db
    .insertInto('campaign_counts')
    .values({ campaign_id: campaignId, metric: 'clickers', n: 1 })
    .onConflict((oc) =>
      oc.columns(['campaign_id', 'metric']).doUpdateSet((eb) => ({ n: eb('campaign_counts.n', '+', 1) })),
    )
    .execute();
}

// Reports.

export function findCampaign(db: Db, workspaceId: string, id: string) {
  return db
    .selectFrom('campaigns')
    .select([
      'id',
      'name',
      'status',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'started_at',
      'finished_at',
      'created_at',
    ])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type CampaignHead = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/** A page of the workspace's campaigns, newest first, and how many there are. */
export async function campaignsPage(db: Db, workspaceId: string, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('campaigns')
      .select([
        'id',
        'name',
        'status',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'started_at',
        'finished_at',
        'created_at',
      ])
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: n(total.n) };
}

/** The counters of some campaigns: campaign id → metric → count. */
export async function countsOf(db: Db, campaignIds: readonly string[]) {
  const counts = new Map<string, Map<string, number>>();
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .selectFrom('campaign_counts')
    .select(['campaign_id', 'metric', 'n'])
    .where('campaign_id', 'in', campaignIds)
    .execute();
  for (const row of rows) {
    let metrics = counts.get(row.campaign_id);
    if (!metrics) counts.set(row.campaign_id, (metrics = new Map()));
    metrics.set(row.metric, n(row.n));
  }
  return counts;
}

export interface CampaignKey {
  source: string;
  medium: string;
  campaign: string;
}

/** The site's visits of a campaign (lower-cased utm_*, as the analytics keep them) from a day on. */
export async function campaignVisits(db: Db, key: CampaignKey, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_daily_campaigns')
    .select((eb) => eb.fn.sum<string | number | null>('visits').as('visits'))
    .where('utm_campaign', '=', key.campaign)
    .where('utm_source', '=', key.source)
    .where('utm_medium', '=', key.medium)
    .where('day', '>=', fromDay)
    .executeTakeFirst();
  return n(row?.visits);
}

/**
 * The contact-form messages a campaign brought from a time on, the people who wrote them (by e-mail
 * address) and those of them whose lead is Converted (docs/product/analytics.md#conversion-tracking).
 */
export async function campaignFormLeads(db: Db, workspaceId: string, key: CampaignKey, from: string) {
  const row = await db
    .selectFrom('leads')
    .select([
      (eb) => eb.fn.countAll<string | number>().as('messages'),
      sql<string | number>`count(distinct email_lower)`.as('people'),
      sql<string | number>`count(distinct case when status = 'Converted' then email_lower end)`.as(
        'customers',
      ),
    ])
    .where('workspace_id', '=', workspaceId)
    // A literal, so both engines use the partial index of form leads by campaign (migration 023).
    .where(sql<boolean>`origin = 'form'`)
    .where('utm_source', '=', key.source)
    .where('utm_medium', '=', key.medium)
    .where('utm_campaign', '=', key.campaign)
    .where('created_at', '>=', from)
    .executeTakeFirst();
  return { messages: n(row?.messages), people: n(row?.people), customers: n(row?.customers) };
}
