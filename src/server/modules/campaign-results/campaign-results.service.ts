import type { Kysely } from 'kysely';
import { campaignValue } from '../../../shared/analytics';
import { CAMPAIGN_RESULT_MESSAGES as M } from '../../../shared/messages';
import {
  CAMPAIGN_RESULTS,
  type CampaignReport,
  type CampaignReports,
  type CampaignSummary,
} from '../../../shared/schemas/campaign-results';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import type { Database, SessionUser } from '../../db/types';
import { notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import type { DerivedKey, SecretBox } from '../../secrets/secret-box';
import { deliveryFigures, linkClickers } from './campaign-figures';
import { clickTarget, redirectTarget } from './campaign-links';
import { clickKeys, verifyClick } from './click-token';
import {
  campaignFormLeads,
  campaignVisits,
  campaignsPage,
  countClick,
  countClicker,
  countsOf,
  findCampaign,
  findLink,
  insertEventOnce,
  insertLinks,
  linksOf,
  recipientWithCampaign,
  type CampaignHead,
  type Db,
} from './campaign-results.repository';

// What the campaigns module calls while it sends (docs/product/marketing.md#results).
export {
  clickUrl,
  extractLinks,
  openPixelUrl,
  redirectTarget,
  rewriteLinks,
  withOpenPixel,
} from './campaign-links';
export { clickKeys, signClick, verifyClick } from './click-token';
export { trackedCopy, type CopyTracking } from './tracked-copy';
export {
  insertEventOnce as recordCampaignEvent,
  type EventInput as CampaignEventInput,
} from './campaign-results.repository';

/**
 * Stores a campaign's links at its start, numbered from 0 in the order given (extractLinks' order), and
 * answers each one's position for rewriteLinks. Only targets the click redirect may send to are stored
 * (no javascript:, no credentials, at most CAMPAIGN_RESULTS.linksMax): anything else is left out and so
 * stays as it is in the mail.
 */
export async function saveCampaignLinks(
  trx: Db,
  campaignId: string,
  urls: readonly string[],
): Promise<Map<string, number>> {
  const stored = [...new Set(urls)]
    .filter((url) => redirectTarget(url) !== null)
    .slice(0, CAMPAIGN_RESULTS.linksMax);
  await insertLinks(trx, campaignId, stored);
  return new Map(stored.map((url, position) => [url, position]));
}

/** The positions of a campaign's stored links (to rewrite its mails again after a restart). */
export async function campaignLinkPositions(db: Db, campaignId: string): Promise<Map<string, number>> {
  const links = await linksOf(db, campaignId);
  return new Map(links.map((link) => [link.url, link.position]));
}

const POSITION = /^\d{1,4}$/;

function summary(campaign: CampaignHead, metrics: ReadonlyMap<string, number> | undefined): CampaignSummary {
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    startedAt: campaign.started_at,
    finishedAt: campaign.finished_at,
    createdAt: campaign.created_at,
    utm: { source: campaign.utm_source, medium: campaign.utm_medium, campaign: campaign.utm_campaign },
    figures: deliveryFigures(metrics),
  };
}

export interface CampaignResultsDeps {
  db: Kysely<Database>;
  box: Pick<SecretBox, 'derivedKeys'>;
  clock: () => Date;
}

/**
 * A campaign's results (docs/product/marketing.md#results): the click redirect and the open pixel, which
 * count, and the report, which reads counters only (migration 045).
 */
export function createCampaignResultsService(deps: CampaignResultsDeps) {
  const { db, clock } = deps;
  const keys: DerivedKey[] = clickKeys(deps.box);

  /** The recipient a token names, if the token is ours and they still exist. */
  async function recipientOf(token: string) {
    const recipientId = verifyClick(keys, token);
    return recipientId ? recipientWithCampaign(db, recipientId) : undefined;
  }

  return {
    /**
     * Counts a click and answers where it goes: the link stored for the recipient's campaign at that
     * position, with the campaign's utm_*; null (404) for a token that is not ours, a recipient or a
     * position that does not exist, or a target the redirect may not send to. Nothing else is ever a target.
     */
    async click(token: string, rawPosition: string): Promise<string | null> {
      if (!POSITION.test(rawPosition)) return null;
      const position = Number(rawPosition);
      const recipient = await recipientOf(token);
      if (!recipient) return null;
      const link = await findLink(db, recipient.campaign_id, position);
      const target = link && clickTarget(link.url, recipient);
      if (!target) return null;
      const at = clock();
      const event = {
        workspaceId: recipient.workspace_id,
        campaignId: recipient.campaign_id,
        recipientId: recipient.id,
      };
      await db.transaction().execute(async (trx) => {
        await insertEventOnce(trx, { ...event, kind: 'click', linkPosition: position }, at);
        await countClick(trx, recipient.campaign_id, position);
        await countClicker(trx, recipient.campaign_id, recipient.id);
        // Whoever clicked opened the mail, whether or not their client loaded the pixel.
        await insertEventOnce(trx, { ...event, kind: 'open' }, at);
      });
      return target;
    },

    /** Counts an open once per recipient; a token that is not ours counts nothing. */
    async open(token: string): Promise<void> {
      const recipient = await recipientOf(token);
      if (!recipient) return;
      await insertEventOnce(
        db,
        {
          workspaceId: recipient.workspace_id,
          campaignId: recipient.campaign_id,
          recipientId: recipient.id,
          kind: 'open',
        },
        clock(),
      );
    },

    async report(caller: SessionUser, id: string): Promise<CampaignReport> {
      const campaign = await findCampaign(db, caller.workspace_id, id);
      if (!campaign) throw notFound(M.campaignNotFound);
      const [counts, links] = await Promise.all([countsOf(db, [campaign.id]), linksOf(db, campaign.id)]);
      const metrics = counts.get(campaign.id);
      const agencySite = caller.workspace_id === AGENCY_WORKSPACE_ID;
      return {
        campaign: summary(campaign, metrics),
        links: links.map((link) => ({
          position: link.position,
          url: link.url,
          clickers: linkClickers(metrics, link.position),
          clicks: Number(link.clicks),
        })),
        funnel: agencySite ? await funnelOf(campaign) : null,
        notes: { opens: M.opensUnreliable, funnel: agencySite ? null : M.funnelAgencyOnly },
      };
    },

    async reports(caller: SessionUser, page: number): Promise<CampaignReports> {
      const limit = CAMPAIGN_RESULTS.pageSize;
      const { rows, total } = await campaignsPage(db, caller.workspace_id, (page - 1) * limit, limit);
      const counts = await countsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        campaigns: rows.map((row) => summary(row, counts.get(row.id))),
        pagination: pageInfo(page, limit, total),
      };
    },
  };

  /**
   * What the campaign brought to the site since it started: visits counted by the website analytics and
   * contact-form messages, their people and customers, by the campaign's utm_* (lower-cased, as the
   * analytics keep them). No other join: the click redirect's utm_* are the only thread.
   */
  async function funnelOf(campaign: CampaignHead) {
    const key = {
      source: campaignValue(campaign.utm_source),
      medium: campaignValue(campaign.utm_medium),
      campaign: campaignValue(campaign.utm_campaign),
    };
    const from = campaign.started_at ?? campaign.created_at;
    const [visits, leads] = await Promise.all([
      campaignVisits(db, key, from.slice(0, 10)),
      campaignFormLeads(db, AGENCY_WORKSPACE_ID, key, from),
    ]);
    return { visits, contactMessages: leads.messages, leads: leads.people, customers: leads.customers };
  }
}

export type CampaignResultsService = ReturnType<typeof createCampaignResultsService>;
