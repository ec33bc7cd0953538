import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type {
  CampaignEventKind,
  CampaignRecipientStatus,
  CampaignsTable,
} from '../../../src/server/db/types';
import { createSecretBox } from '../../../src/server/secrets/secret-box';
import {
  clickKeys,
  recordCampaignEvent,
  saveCampaignLinks,
  signClick,
} from '../../../src/server/modules/campaign-results/campaign-results.service';
import { SECRET_KEY, type TestApp } from './test-app';

/**
 * Campaigns, their recipients, links and events straight in the database (the campaigns' own API is
 * another module's), as the sender leaves them (docs/product/marketing.md#results).
 */
export interface TestCampaign {
  id: string;
  workspaceId: string;
  /** The stored links' positions by URL, as saveCampaignLinks answered them. */
  positions: Map<string, number>;
}

let campaigns = 0;
export async function insertCampaign(
  t: TestApp,
  workspaceId: string,
  values: Partial<
    Pick<
      CampaignsTable,
      'name' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'status' | 'started_at' | 'created_at'
    >
  > & {
    links?: string[];
  } = {},
): Promise<TestCampaign> {
  campaigns += 1;
  const db = t.database.handle.db;
  const id = randomUUID();
  const createdAt = values.created_at ?? new Date(Date.UTC(2026, 10, 1, 9, campaigns)).toISOString();
  await db
    .insertInto('campaigns')
    .values({
      id,
      workspace_id: workspaceId,
      name: values.name ?? `Campaign ${campaigns}`,
      template_id: null,
      list_id: null,
      segment: null,
      utm_source: values.utm_source ?? 'newsletter',
      utm_medium: values.utm_medium ?? 'email',
      utm_campaign: values.utm_campaign ?? `campaign-${campaigns}`,
      status: values.status ?? 'sending',
      scheduled_at: null,
      started_at: values.started_at === undefined ? createdAt : values.started_at,
      finished_at: null,
      snapshot: null,
      audience_cursor: null,
      wait_reason: null,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  const positions = await db.transaction().execute((trx) => saveCampaignLinks(trx, id, values.links ?? []));
  return { id, workspaceId, positions };
}

/** Recipients of a campaign with a status each; answers their ids in order. */
export async function insertRecipients(
  t: TestApp,
  campaign: TestCampaign,
  statuses: CampaignRecipientStatus[],
): Promise<string[]> {
  const rows = statuses.map((status) => ({
    id: randomUUID(),
    campaign_id: campaign.id,
    workspace_id: campaign.workspaceId,
    subscriber_id: null,
    email: `${randomUUID()}@recipients.test`,
    status,
    outbox_id: null,
    queued_at: null,
    sent_at: null,
  }));
  if (rows.length > 0) await t.database.handle.db.insertInto('campaign_recipients').values(rows).execute();
  return rows.map((row) => row.id);
}

export async function setRecipientStatus(t: TestApp, ids: string[], status: CampaignRecipientStatus) {
  await t.database.handle.db
    .updateTable('campaign_recipients')
    .set({ status })
    .where('id', 'in', ids)
    .execute();
}

/** An event the sender or the bounce reader records (a bounce, an unsubscribe, a complaint). */
export function recordEvent(
  t: TestApp,
  campaign: TestCampaign,
  recipientId: string,
  kind: CampaignEventKind,
): Promise<boolean> {
  return recordCampaignEvent(
    t.database.handle.db,
    { workspaceId: campaign.workspaceId, campaignId: campaign.id, recipientId, kind },
    new Date(),
  );
}

const keys = clickKeys(createSecretBox(SECRET_KEY));
/** The token of a recipient's click URLs and open pixel, as the sender signs it. */
export const tokenFor = (recipientId: string) => signClick(keys, recipientId);

export function click(
  t: TestApp,
  token: string,
  position: number | string,
  ip = '203.0.113.20',
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/r/${token}/${position}`, remoteAddress: ip });
}

export function openPixel(t: TestApp, token: string, ip = '203.0.113.20'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/o/${token}.gif`, remoteAddress: ip });
}
