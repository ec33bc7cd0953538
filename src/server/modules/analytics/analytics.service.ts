import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ANALYTICS_LIMITS,
  DIRECT,
  campaignValue,
  countedPath,
  hostOfUrl,
  plainHost,
  sourceOf,
  type AnalyticsQuery,
  type AnalyticsReport,
  type CampaignFields,
  type CampaignSpendInput,
  type VisitTouch,
} from '../../../shared/schemas/analytics';
import { ANALYTICS_MESSAGES } from '../../../shared/messages';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import type { DatabaseHandle } from '../../db/database';
import type { Database, SessionUser } from '../../db/types';
import { notFound } from '../../http/errors';
import { addressKey, addressRange } from '../../limits/address-key';
import { createPollingJob } from '../../lib/polling-job';
import type { LeadAttribution } from '../leads/leads.service';
import {
  daySalt,
  deleteRawBefore,
  deleteSaltsBefore,
  dirtyDays,
  insertEvents,
  rollUpDay,
  saveCampaignSpend,
  type EventRow,
} from './analytics.repository';
import { createReportBuilder } from './report';
import { reportCsv } from './report-csv';
import { createBatcher, createUserAgentWindow, createWindowCounter } from './collector';
import { classify } from './user-agent';
import { createSaltCache, visitorHash } from './visitor-hash';

const DAY_MS = 86_400_000;
/** The retention sweep runs at most this often (the roll-up runs every ANALYTICS_ROLLUP_SECONDS). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A touch stamped this far in the future is still believed (clocks differ). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface AnalyticsSettings {
  /** SITE_URL: its host is the site's own (a referrer from it is no source) and part of the visitor hash. */
  siteUrl: string;
  /** Raw page views (and visits) are deleted after this many days (ANALYTICS_RAW_RETENTION_DAYS). */
  rawRetentionDays: number;
  /** How often the roll-ups take in new page views (ANALYTICS_ROLLUP_SECONDS). */
  rollupEveryMs: number;
}

export interface AnalyticsDeps {
  db: Kysely<Database>;
  onWorker: DatabaseHandle['onWorker'];
  settings: AnalyticsSettings;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Whether the built app has a page at this path (absent without the web build: every path counts). */
  isPage?: (path: string) => Promise<boolean>;
}

/** A page view as it arrived, before anything is derived from it (nothing of it is kept as it is). */
export interface ArrivingView {
  /** The client's address as TRUST_PROXY lets it be known (request.ip). */
  address: string;
  userAgent: string | undefined;
  /** The browser sent Do Not Track or Global Privacy Control (docs/product/analytics.md#privacy-signals). */
  optedOut: boolean;
  /** Accept-Language was sent (every browser sends it). */
  acceptsLanguage: boolean;
  /** Sec-Fetch-Site was sent (Chrome, Edge and Firefox always send it). */
  sentFetchMetadata: boolean;
  /** The page's path (a query or fragment is cut off). */
  path: string;
  /** The referring page's URL, '' for none. */
  referrer: string;
  campaign: CampaignFields;
}

/** Browsers that have sent Sec-Fetch-Site with every request since 2019 (Chrome, Edge) and 2021 (Firefox). */
const SENDS_FETCH_METADATA = /\b(Chrome|Chromium|Edg|Firefox)\//;

/** What became of a page view: counted, quietly not counted (bots, opt-outs, no page), or refused (flood). */
export type Reception = 'counted' | 'ignored' | 'limited';

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A contact-form lead's attribution (docs/product/analytics.md#lead-attribution): the visit's last non-direct
 * touch the browser kept, when it is at most 30 days old, named as a visit's source is; else Direct. The
 * touch is the visitor's own claim, checked for shape and age only.
 */
export function leadAttribution(
  touch: VisitTouch | null | undefined,
  now: Date,
  siteUrl: string,
): LeadAttribution {
  const age = touch ? now.getTime() - touch.at : Infinity;
  if (!touch || age < -CLOCK_SKEW_MS || age > ANALYTICS_LIMITS.attributionWindowDays * DAY_MS)
    return { source: DIRECT, utmSource: '', utmMedium: '', utmCampaign: '' };
  const campaign: CampaignFields = {
    utm_source: campaignValue(touch.utm_source),
    utm_medium: campaignValue(touch.utm_medium),
    utm_campaign: campaignValue(touch.utm_campaign),
    ref: campaignValue(touch.ref),
  };
  return {
    source: sourceOf({ referrerHost: touch.referrer ?? '', campaign }, new URL(siteUrl).hostname),
    utmSource: campaign.utm_source!,
    utmMedium: campaign.utm_medium!,
    utmCampaign: campaign.utm_campaign!,
  };
}

/** Website analytics of the agency's site (docs/product/analytics.md): collection, roll-ups, the figures. */
export function createAnalyticsService(deps: AnalyticsDeps) {
  const { db, settings, clock, log } = deps;
  const siteHost = plainHost(new URL(settings.siteUrl).hostname);
  const salts = createSaltCache((day, candidate) => daySalt(db, day, candidate));
  const perAddress = createWindowCounter(
    ANALYTICS_LIMITS.eventsPerAddressPerMinute,
    60_000,
    ANALYTICS_LIMITS.trackedAddressesMax,
    Date.now,
    ANALYTICS_LIMITS.trackedAddressesPerRange,
  );
  const userAgents = createUserAgentWindow(
    ANALYTICS_LIMITS.userAgentsPerAddress,
    60_000,
    ANALYTICS_LIMITS.trackedAddressesMax,
  );
  let lastDropWarning = 0;
  const batcher = createBatcher<EventRow>({
    write: (rows) => insertEvents(db, rows),
    onError: (error) => log.error({ err: error }, 'page views not saved'),
    onDrop: () => {
      if (Date.now() - lastDropWarning < 60_000) return;
      lastDropWarning = Date.now();
      log.warn('page views dropped: more arrive than the database takes in');
    },
    batchSize: ANALYTICS_LIMITS.batchSize,
    maxPending: ANALYTICS_LIMITS.pendingEventsMax,
    everyMs: ANALYTICS_LIMITS.flushEveryMs,
  });

  const buildReport = createReportBuilder(db);

  function agencyOnly(caller: SessionUser): void {
    // The public site is the agency's (docs/product/analytics.md#api); other workspaces have none.
    if (caller.workspace_id !== AGENCY_WORKSPACE_ID) throw notFound(ANALYTICS_MESSAGES.agencyOnly);
  }

  /** Brings the roll-ups of every day with new page views up to date; answers the days done. */
  async function rollUp(): Promise<number> {
    const days = await dirtyDays(db);
    if (days.length === 0) return 0;
    const at = clock().toISOString();
    // On SQLite the roll-up runs in a thread of its own, its heavy part only reading: neither the event loop
    // nor this process's batches wait for it (docs/decisions/0007-bounded-work.md).
    return deps.onWorker(async (worker) => {
      let done = 0;
      for (const { day, version } of days)
        if (await rollUpDay(worker, day, version, at, ANALYTICS_LIMITS.visitGapMs)) done += 1;
      return done;
    });
  }

  /** Deletes past days' salts, and the raw page views older than the retention (their roll-ups stay). */
  async function sweep(): Promise<number> {
    const now = clock();
    await deleteSaltsBefore(db, isoDay(now));
    const cutoff = isoDay(new Date(now.getTime() - settings.rawRetentionDays * DAY_MS));
    return deps.onWorker((worker) => deleteRawBefore(worker, cutoff));
  }

  let lastSweep = 0;
  const job = createPollingJob(
    settings.rollupEveryMs,
    async () => {
      await batcher.flush();
      await rollUp();
      if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        await sweep();
      }
    },
    (error) => log.error({ err: error }, 'analytics roll-up failed; tried again at the next round'),
  );

  /**
   * A request that presents as a browser but behaves as a script (docs/product/analytics.md#what-is-counted):
   * no Accept-Language, a Chrome, Edge or Firefox without Sec-Fetch headers, or a new user agent past the
   * few one address shows in a minute.
   */
  function behavesLikeScript(view: ArrivingView): boolean {
    if (!view.acceptsLanguage) return true;
    if (!view.sentFetchMetadata && SENDS_FETCH_METADATA.test(view.userAgent ?? '')) return true;
    return !userAgents.take(addressKey(view.address), view.userAgent ?? '');
  }

  return {
    /**
     * One page view (docs/product/analytics.md#what-is-counted): refused past the per-address limit; not
     * counted for an automated client, an opt-out or what is no public page; otherwise hashed and queued
     * for the next batch. Nothing here waits on the database but the day's first salt.
     */
    async receive(view: ArrivingView): Promise<Reception> {
      if (!perAddress.take(addressKey(view.address), addressRange(view.address))) return 'limited';
      const kind = view.optedOut ? null : classify(view.userAgent);
      if (kind === null || behavesLikeScript(view)) return 'ignored';
      const path = countedPath(view.path);
      if (path === null || (deps.isPage && !(await deps.isPage(path)))) return 'ignored';
      const now = clock();
      const day = isoDay(now);
      const salt = await salts.of(day);
      const referrerHost = hostOfUrl(view.referrer);
      const origin = { referrerHost: referrerHost === siteHost ? '' : referrerHost, campaign: view.campaign };
      const row: EventRow = {
        day,
        hour: now.getUTCHours(),
        at: now.getTime(),
        visitor: visitorHash(salt, siteHost, view.address, view.userAgent!),
        path,
        referrer_host: origin.referrerHost,
        source: sourceOf(origin, siteHost),
        utm_source: view.campaign.utm_source ?? '',
        utm_medium: view.campaign.utm_medium ?? '',
        utm_campaign: view.campaign.utm_campaign ?? '',
        utm_content: view.campaign.utm_content ?? '',
        utm_term: view.campaign.utm_term ?? '',
        ref: view.campaign.ref ?? '',
        ...kind,
      };
      return batcher.add(row) ? 'counted' : 'ignored';
    },

    /** Writes the page views waiting in memory now (tests; the roll-up's round does it first). */
    flush: () => batcher.flush(),
    rollUp,
    sweep,
    /** Page views held in memory, and addresses counted this minute (tests read them). */
    held: () => ({ pending: batcher.pending, addresses: perAddress.size }),

    /** Rolls up at start (what waited while no instance ran), then every ANALYTICS_ROLLUP_SECONDS. */
    start: () => job.start(),
    /** At shutdown: no more rounds, and the page views still in memory are written. */
    async stop() {
      await job.stop();
      await batcher.stop();
    },

    /** GET /api/analytics (docs/product/analytics.md#figures). */
    async report(caller: SessionUser, query: AnalyticsQuery): Promise<AnalyticsReport> {
      agencyOnly(caller);
      return buildReport(query, ANALYTICS_LIMITS.listMax);
    },

    /**
     * GET /api/analytics/export.csv: the same figures, ANALYTICS_LIMITS.exportRowsMax rows of every list a
     * file; a longer list goes on in the next file (`page`).
     */
    async exportCsv(
      caller: SessionUser,
      query: AnalyticsQuery,
    ): Promise<{ filename: string; body: string; pageCount: number }> {
      agencyOnly(caller);
      const report = await buildReport(query, ANALYTICS_LIMITS.exportRowsMax);
      const part = report.exportPageCount > 1 ? `-part-${query.page}-of-${report.exportPageCount}` : '';
      return {
        filename: `analytics-${query.from}-to-${query.to}${part}.csv`,
        body: reportCsv(report),
        pageCount: report.exportPageCount,
      };
    },

    /** PUT /api/analytics/campaigns/spend (docs/product/analytics.md#campaign-spend). */
    async saveSpend(caller: SessionUser, input: CampaignSpendInput): Promise<void> {
      agencyOnly(caller);
      await saveCampaignSpend(
        db,
        { utm_source: input.source, utm_medium: input.medium, utm_campaign: input.campaign },
        input.spend,
        caller.id,
        clock().toISOString(),
      );
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
