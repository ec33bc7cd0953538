import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CAMPAIGNS as C, LIST_UNSUBSCRIBE_PATH } from '../../../shared/campaigns';
import { CAMPAIGN_MESSAGES as M } from '../../../shared/messages';
import type { CampaignRecipientRow, CampaignRow, Database, MarketingSettingsRow } from '../../db/types';
import { takeMailSlots } from '../../lib/plan-limits';
import { enqueueBulkMail, type BulkMail } from '../../mail/outbox';
import type { SecretBox } from '../../secrets/secret-box';
import {
  compileTemplate,
  personalise,
  templateSourceOf,
  type Brand,
  type CompiledTemplate,
} from '../email-templates/email-templates.service';
import { leadsForAudience } from '../leads/leads.service';
import {
  campaignLinkPositions,
  clickKeys,
  extractLinks,
  saveCampaignLinks,
  trackedCopy,
} from '../campaign-results/campaign-results.service';
import {
  listUnsubscribeKeys,
  sendableMembers,
  signListUnsubscribe,
} from '../mailing-lists/mailing-lists.service';
import { campaignSegmentSchema } from '../../../shared/schemas/campaigns';
import {
  addRecipients,
  cancelRecipients,
  claimDispatch,
  countThrottled,
  finishIfDone,
  markQueued,
  ownerNames,
  pendingRecipients,
  releaseDispatch,
  sendingCampaigns,
  sendingWorkspaces,
  setSnapshotOnce,
  setWaitReason,
  startDueCampaigns,
  stillSendable,
} from './campaigns.repository';
import { snapshotOf, snapshotText } from './campaign-snapshot';
import type { SequenceSender } from '../sequences/sequences.service';

/** How often each instance looks for campaigns to move. */
const TICK_MS = 1_000;
/** A workspace's dispatch lease: far longer than one tick's work, short enough that a dead instance's ends soon. */
const DISPATCH_LEASE_MS = 30_000;
/** Recipients queued per transaction. */
const QUEUE_BATCH = 500;
/** Audience copying per tick per campaign: bounded, so queuing is never starved by a huge list. */
const AUDIENCE_STEPS_PER_TICK = 4;
/** Compiled templates kept per process (a campaign's snapshot never changes once it sends). */
const COMPILED_CACHE = 32;

/** A campaign's template rendered once, with the positions of its links. */
interface Prepared {
  template: CompiledTemplate;
  positions: Map<string, number>;
}

export interface CampaignDispatcher {
  start(): void;
  stop(): Promise<void>;
  /** Something changed (send now, resume): move at once rather than at the next tick. */
  kick(): void;
  /** One round: start due campaigns, copy audiences, queue what the throttles allow (tests drive it). */
  tick(): Promise<void>;
}

export function createCampaignDispatcher(deps: {
  db: Kysely<Database>;
  box: SecretBox;
  siteUrl: string;
  brand: () => Promise<Brand>;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The outbox worker: wake it once messages are queued. */
  kickOutbox: () => void;
  /** WORKER_LEASE_MS, when set. */
  leaseMs?: number;
  /** Sequences: their due steps go under the same lease and throttle (docs/product/marketing.md#sequences). */
  sequences?: SequenceSender;
}): CampaignDispatcher {
  const { db, clock } = deps;
  const keys = listUnsubscribeKeys(deps.box);
  const clicks = clickKeys(deps.box);
  const compiled = new Map<string, Promise<Prepared | string>>();
  const segments = new Map<string, Promise<Set<string> | null>>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let stopped = false;

  /**
   * The campaign's links, stored once for the click redirect (docs/product/marketing.md#results): by
   * whichever instance gets there first; another's equal list is read back.
   */
  async function linkPositions(campaignId: string, template: CompiledTemplate): Promise<Map<string, number>> {
    const stored = await campaignLinkPositions(db, campaignId);
    if (stored.size > 0) return stored;
    const urls = extractLinks(template.html, deps.siteUrl);
    if (urls.length === 0) return stored;
    try {
      return await db.transaction().execute((trx) => saveCampaignLinks(trx, campaignId, urls));
    } catch {
      return campaignLinkPositions(db, campaignId);
    }
  }

  /** The campaign's template rendered once, or the reason it cannot be (then the campaign waits, saying why). */
  function compiledOf(campaign: CampaignRow): Promise<Prepared | string> {
    let entry = compiled.get(campaign.id);
    if (!entry) {
      const snapshot = snapshotOf(campaign);
      entry = snapshot
        ? deps.brand().then(async (brand) => {
            const result = await compileTemplate(snapshot, brand);
            if (!result.compiled) return result.errors.map((e) => e.message).join(' ');
            return {
              template: result.compiled,
              positions: await linkPositions(campaign.id, result.compiled),
            };
          })
        : Promise.resolve(M.templateNotFound);
      if (compiled.size >= COMPILED_CACHE) compiled.delete(compiled.keys().next().value!);
      compiled.set(campaign.id, entry);
    }
    return entry;
  }

  /** The leads a campaign's segment matches (null: no segment), read once per process per campaign. */
  function segmentOf(campaign: CampaignRow): Promise<Set<string> | null> {
    let entry = segments.get(campaign.id);
    if (!entry) {
      const parsed = campaign.segment ? campaignSegmentSchema.safeParse(JSON.parse(campaign.segment)) : null;
      entry = parsed?.success
        ? leadsForAudience(
            db,
            campaign.workspace_id,
            parsed.data,
            clock(),
            campaign.created_by ?? '',
            C.perHourMax,
          ).then(({ leads }) => new Set(leads.map((lead) => lead.id)))
        : Promise.resolve(null);
      if (segments.size >= COMPILED_CACHE) segments.delete(segments.keys().next().value!);
      segments.set(campaign.id, entry);
    }
    return entry;
  }

  /** A few steps of the list copied to the campaign's recipients, resumable from the stored cursor. */
  async function copyAudience(campaign: CampaignRow): Promise<void> {
    let cursor = campaign.audience_cursor;
    for (let step = 0; step < AUDIENCE_STEPS_PER_TICK; step += 1) {
      const rows = campaign.list_id
        ? await sendableMembers(db, campaign.workspace_id, campaign.list_id, cursor, C.audienceStep)
        : [];
      const segment = await segmentOf(campaign);
      const chosen = segment ? rows.filter((row) => row.lead_id && segment.has(row.lead_id)) : rows;
      const owners = await ownerNames(db, [
        ...new Set(chosen.flatMap((row) => (row.lead_id ? [row.lead_id] : []))),
      ]);
      const done = rows.length < C.audienceStep;
      cursor = rows.at(-1)?.id ?? cursor;
      await db.transaction().execute((trx) =>
        addRecipients(
          trx,
          campaign,
          chosen.map((row) => ({
            id: randomUUID(),
            subscriber_id: row.id,
            email: row.email,
            name: row.name,
            company: row.company,
            owner: (row.lead_id && owners.get(row.lead_id)) || '',
          })),
          cursor,
          done,
          clock().toISOString(),
        ),
      );
      if (done) return;
    }
  }

  function copyFor(
    campaign: CampaignRow,
    prepared: Prepared,
    recipient: CampaignRecipientRow,
  ): BulkMail & { id: string } {
    const token = signListUnsubscribe(keys, {
      subscriberId: recipient.subscriber_id!,
      listId: campaign.list_id!,
      recipientId: recipient.id,
    });
    const unsubscribeUrl = `${new URL(LIST_UNSUBSCRIBE_PATH, deps.siteUrl).toString()}?token=${token}`;
    const mail = personalise(prepared.template, {
      values: {
        name: recipient.name,
        company: recipient.company,
        owner: recipient.owner,
        email: recipient.email,
      },
      unsubscribeUrl,
    });
    // Links through the click redirect, and the open pixel (docs/product/marketing.md#results).
    const tracked = trackedCopy(mail, {
      siteUrl: deps.siteUrl,
      keys: clicks,
      recipientId: recipient.id,
      positions: prepared.positions,
    });
    return {
      id: recipient.id,
      workspaceId: campaign.workspace_id,
      kind: 'campaign',
      via: 'workspace',
      to: recipient.email,
      subject: mail.subject,
      html: tracked.html,
      text: tracked.text,
      listUnsubscribe: unsubscribeUrl,
      campaignRecipientId: recipient.id,
    };
  }

  /**
   * Queues up to `budget` of the campaign's copies, each batch in one transaction with its recipients'
   * 'queued' and the day's mail count: a crash loses or repeats nothing. Answers how many were queued and
   * whether the plan's day is full.
   */
  async function queueCampaign(
    campaign: CampaignRow,
    budget: number,
  ): Promise<{ queued: number; dayFull: boolean }> {
    if (!campaign.snapshot) {
      // A scheduled campaign sends its template as it is when sending starts.
      const source = campaign.template_id
        ? await templateSourceOf(db, campaign.workspace_id, campaign.template_id)
        : null;
      if (!source) {
        await setWaitReason(db, campaign.id, M.templateNotFound);
        return { queued: 0, dayFull: false };
      }
      campaign.snapshot = await setSnapshotOnce(db, campaign.id, snapshotText(source));
    }
    const template = await compiledOf(campaign);
    if (typeof template === 'string') {
      await setWaitReason(db, campaign.id, template);
      return { queued: 0, dayFull: false };
    }
    let queued = 0;
    while (queued < budget) {
      const batch = await pendingRecipients(db, campaign.id, Math.min(QUEUE_BATCH, budget - queued));
      if (batch.length === 0) break;
      const allowed = campaign.list_id
        ? await stillSendable(
            db,
            campaign.workspace_id,
            campaign.list_id,
            batch.flatMap((r) => (r.subscriber_id ? [r.subscriber_id] : [])),
          )
        : new Set<string>();
      const sendable = batch.filter((r) => r.subscriber_id && allowed.has(r.subscriber_id));
      const refused = batch.filter((r) => !(r.subscriber_id && allowed.has(r.subscriber_id)));
      const now = clock();
      const taken = await db.transaction().execute(async (trx) => {
        await cancelRecipients(
          trx,
          campaign.id,
          refused.map((r) => r.id),
        );
        const granted = await takeMailSlots(trx, campaign.workspace_id, sendable.length, now);
        const going = sendable.slice(0, granted);
        if (going.length) {
          await enqueueBulkMail(
            trx,
            going.map((r) => copyFor(campaign, template, r)),
            now,
          );
          await markQueued(
            trx,
            campaign.id,
            going.map((r) => r.id),
            now.toISOString(),
          );
        }
        return going.length;
      });
      queued += taken;
      if (taken < sendable.length) {
        await setWaitReason(db, campaign.id, M.waitDailyLimit);
        return { queued, dayFull: true };
      }
    }
    return { queued, dayFull: false };
  }

  /** The throttle's fixed windows: how many more may be queued now, and the counts to store after. */
  function windowsOf(settings: MarketingSettingsRow, now: Date) {
    const second = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
    const secondCount = settings.second_window === second ? settings.second_count : 0;
    const hourCount = settings.hour_window === hour ? settings.hour_count : 0;
    return {
      second,
      hour,
      secondCount,
      hourCount,
      budget: Math.max(0, Math.min(settings.per_second - secondCount, settings.per_hour - hourCount)),
    };
  }

  async function dispatchWorkspace(workspaceId: string): Promise<void> {
    const now = clock();
    const settings = await claimDispatch(
      db,
      workspaceId,
      { perSecond: C.perSecondDefault, perHour: C.perHourDefault },
      now,
      deps.leaseMs ?? DISPATCH_LEASE_MS,
    );
    if (!settings) return; // another instance is on it
    try {
      const windows = windowsOf(settings, now);
      let budget = windows.budget;
      let queuedAll = 0;
      for (const campaign of await sendingCampaigns(db, workspaceId)) {
        if (campaign.audience_done === 0) await copyAudience(campaign);
        if (budget > 0) {
          const { queued, dayFull } = await queueCampaign(campaign, budget);
          budget -= queued;
          queuedAll += queued;
          if (dayFull) budget = 0;
        }
        if (await finishIfDone(db, campaign.id, clock().toISOString())) {
          compiled.delete(campaign.id);
          segments.delete(campaign.id);
        }
      }
      // Sequences: their due steps take what the campaigns left of the throttle's budget.
      // A failure there must not lose the count of the campaigns' messages queued above.
      if (budget > 0 && deps.sequences) {
        try {
          const queued = await deps.sequences.queueDueSequenceSteps(db, workspaceId, budget, clock());
          budget -= queued;
          queuedAll += queued;
        } catch (error) {
          deps.log.error({ err: error, workspaceId }, 'sequence steps failed');
        }
      }
      if (queuedAll > 0) {
        await countThrottled(db, workspaceId, {
          second: windows.second,
          secondCount: windows.secondCount + queuedAll,
          hour: windows.hour,
          hourCount: windows.hourCount + queuedAll,
        });
        deps.kickOutbox();
      }
    } finally {
      await releaseDispatch(db, workspaceId);
    }
  }

  async function round(): Promise<void> {
    await startDueCampaigns(db, clock().toISOString());
    // Sequences: a workspace with a step due is visited even when no campaign of it is sending.
    const workspaces = new Set(await sendingWorkspaces(db));
    if (deps.sequences)
      try {
        for (const workspaceId of await deps.sequences.workspacesWithDueSteps(db, clock()))
          workspaces.add(workspaceId);
      } catch (error) {
        deps.log.error({ err: error }, 'sequence scan failed');
      }
    for (const workspaceId of workspaces) {
      if (stopped) return;
      try {
        await dispatchWorkspace(workspaceId);
      } catch (error) {
        deps.log.error({ err: error, workspaceId }, 'campaign dispatch failed');
      }
    }
  }

  /** One round at a time; a tick during a round gets a whole round of its own after it (it may see newer state). */
  function tick(): Promise<void> {
    if (running) {
      next ??= running.then(() => {
        next = undefined;
        return stopped ? undefined : tick();
      });
      return next;
    }
    running = round()
      .catch((error: unknown) => deps.log.error({ err: error }, 'campaign round failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), TICK_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    kick() {
      if (!stopped) setImmediate(() => void tick());
    },
    tick,
  };
}
