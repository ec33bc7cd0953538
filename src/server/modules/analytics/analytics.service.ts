import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ANALYTICS_LIMITS,
  DEVICE_CLASSES,
  DIRECT,
  campaignValue,
  channelOf,
  countedPath,
  hostOfUrl,
  plainHost,
  sourceOf,
  type AnalyticsQuery,
  type AnalyticsReport,
  type CampaignFields,
  type CampaignSpendInput,
  type DeviceClass,
  type VisitTouch,
} from '../../../shared/schemas/analytics';
import { ANALYTICS_MESSAGES } from '../../../shared/messages';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import type { DatabaseHandle } from '../../db/database';
import type { Database, SessionUser } from '../../db/types';
import { notFound } from '../../http/errors';
import { addressKey, addressRange } from '../../limits/address-key';
import { createPollingJob } from '../../lib/polling-job';
import { csvLine } from '../../lib/csv';
import {
  campaignLeadsAllTime,
  formLeadPeople,
  leadSourceFigures,
  type LeadAttribution,
} from '../leads/leads.service';
import {
  campaignFigures,
  campaignSpends,
  clientFigures,
  dailySeries,
  daySalt,
  deleteRawBefore,
  deleteSaltsBefore,
  dirtyDays,
  entryPageFigures,
  hourlySeries,
  insertEvents,
  pageFigures,
  rangeTotals,
  rollUpDay,
  saveCampaignSpend,
  sourceFigures,
  type EventRow,
} from './analytics.repository';
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
  isPage?: (path: string) => boolean;
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
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
const round2 = (value: number) => Math.round(value * 100) / 100;
const campaignKey = (c: { source: string; medium: string; campaign: string }) =>
  `${c.source}\n${c.medium}\n${c.campaign}`;

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

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
      if (path === null || (deps.isPage && !deps.isPage(path))) return 'ignored';
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

    /** GET /api/analytics/export.csv: the same figures, every row of every list. */
    async exportCsv(caller: SessionUser, query: AnalyticsQuery): Promise<{ filename: string; body: string }> {
      agencyOnly(caller);
      const report = await buildReport(query, undefined);
      return { filename: `analytics-${query.from}-to-${query.to}.csv`, body: reportCsv(report) };
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

  async function buildReport(query: AnalyticsQuery, limit: number | undefined): Promise<AnalyticsReport> {
    const { from, to } = query;
    const created = {
      from: `${from}T00:00:00.000Z`,
      to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString(),
    };
    const oneDay = from === to;
    const [
      totals,
      days,
      hours,
      pages,
      entries,
      sources,
      campaigns,
      devices,
      browsers,
      systems,
      spends,
      people,
      leadSources,
    ] = await Promise.all([
      rangeTotals(db, from, to),
      oneDay ? Promise.resolve([]) : dailySeries(db, from, to),
      oneDay ? hourlySeries(db, from) : Promise.resolve([]),
      pageFigures(db, from, to, limit),
      entryPageFigures(db, from, to, limit),
      sourceFigures(db, from, to),
      campaignFigures(db, from, to),
      clientFigures(db, from, to, 'device'),
      clientFigures(db, from, to, 'browser'),
      clientFigures(db, from, to, 'os'),
      campaignSpends(db),
      formLeadPeople(db, AGENCY_WORKSPACE_ID, created),
      leadSourceFigures(db, AGENCY_WORKSPACE_ID, created),
    ]);
    const funnel = formFunnels(people);

    const points = oneDay
      ? Array.from({ length: 24 }, (_, hour) => {
          const row = hours.find((h) => h.hour === hour);
          return {
            time: `${from}T${String(hour).padStart(2, '0')}:00Z`,
            visitors: row?.visitors ?? 0,
            pageviews: row?.pageviews ?? 0,
            visits: row?.visits ?? 0,
          };
        })
      : daysOf(from, to).map((day) => {
          const row = days.find((d) => d.time === day);
          return {
            time: day,
            visitors: row?.visitors ?? 0,
            pageviews: row?.pageviews ?? 0,
            visits: row?.visits ?? 0,
          };
        });

    // Campaigns: those visited in the range, those leads came with, and those with a spend typed in.
    type CampaignRow = AnalyticsReport['campaigns'][number];
    const byCampaign = new Map<string, CampaignRow>();
    const campaignOf = (key: { source: string; medium: string; campaign: string }) => {
      const id = campaignKey(key);
      let row = byCampaign.get(id);
      if (!row) {
        row = {
          source: key.source,
          medium: key.medium,
          campaign: key.campaign,
          visitors: 0,
          visits: 0,
          contacts: 0,
          leads: 0,
          converted: 0,
          conversionRate: null,
          revenue: 0,
          spend: null,
          leadsAllTime: null,
          costPerLead: null,
        };
        byCampaign.set(id, row);
      }
      return row;
    };
    for (const c of campaigns) Object.assign(campaignOf(c), { visitors: c.visitors, visits: c.visits });
    for (const c of funnel.byCampaign) Object.assign(campaignOf(c), c.counts);
    for (const s of spends)
      campaignOf({ source: s.utm_source, medium: s.utm_medium, campaign: s.utm_campaign }).spend = Number(
        s.spend,
      );
    // What a campaign's spend is divided by: its leads since it began (read for those with a spend).
    const withSpend = [...byCampaign.values()].filter((c) => c.spend !== null);
    const leadsOfSpent = await campaignLeadsAllTime(db, AGENCY_WORKSPACE_ID, withSpend);
    const allTime = new Map(withSpend.map((c, i) => [campaignKey(c), leadsOfSpent[i]!]));
    const campaignRows = [...byCampaign.values()]
      .map((row) => {
        const leadsAllTime = allTime.get(campaignKey(row)) ?? null;
        return {
          ...row,
          conversionRate: percent(row.leads, row.visitors),
          leadsAllTime,
          costPerLead: row.spend !== null && leadsAllTime ? round2(row.spend / leadsAllTime) : null,
        };
      })
      .sort(
        (a, b) =>
          b.visitors - a.visitors || b.leads - a.leads || campaignKey(a).localeCompare(campaignKey(b)),
      );

    // The funnel by source: the visits' sources, and the sources of the contact-form leads' visits.
    const bySource = new Map<string, AnalyticsReport['conversions']['bySource'][number]>();
    const sourceRow = (source: string) => {
      let row = bySource.get(source);
      if (!row) {
        row = { source, visitors: 0, contacts: 0, leads: 0, converted: 0, conversionRate: null };
        bySource.set(source, row);
      }
      return row;
    };
    for (const s of sources) sourceRow(s.source).visitors = s.visitors;
    for (const f of funnel.bySource) Object.assign(sourceRow(f.source), f.counts);
    const sourceFunnel = [...bySource.values()]
      .map((row) => ({ ...row, conversionRate: percent(row.leads, row.visitors) }))
      .sort((a, b) => b.visitors - a.visitors || b.contacts - a.contacts || a.source.localeCompare(b.source));

    const revenue = round2(leadSources.reduce((sum, s) => sum + s.revenue, 0));
    const datedDays = leadSources.reduce((sum, s) => sum + s.daysToConvert, 0);
    const dated = leadSources.reduce((sum, s) => sum + s.datedConversions, 0);

    const cap = <T>(rows: T[]) => (limit === undefined ? rows : rows.slice(0, limit));
    return {
      from,
      to,
      updatedAt: totals.rolledUpAt,
      visitors: totals.visitors,
      pageviews: totals.pageviews,
      visits: totals.visits,
      viewsPerVisit: totals.visits > 0 ? round2(totals.pageviews / totals.visits) : 0,
      bounceRate: percent(totals.bounces, totals.visits),
      visitDuration: totals.visits > 0 ? Math.round(totals.durationMs / totals.visits / 1000) : 0,
      series: { interval: oneDay ? 'hour' : 'day', points },
      pages,
      entryPages: entries.map((e) => ({
        path: e.path,
        entries: e.entries,
        bounceRate: percent(e.bounces, e.entries),
      })),
      sources: cap(
        sources.map((s) => ({
          source: s.source,
          channel: channelOf(s.source),
          visitors: s.visitors,
          visits: s.visits,
          bounceRate: percent(s.bounces, s.visits),
        })),
      ),
      campaigns: cap(campaignRows),
      devices: devices
        .filter((d): d is { name: DeviceClass; visitors: number } =>
          (DEVICE_CLASSES as readonly string[]).includes(d.name),
        )
        .map((d) => ({ device: d.name, visitors: d.visitors })),
      browsers: cap(browsers.map((b) => ({ browser: b.name, visitors: b.visitors }))),
      operatingSystems: cap(systems.map((s) => ({ os: s.name, visitors: s.visitors }))),
      funnel: { visitors: totals.visitors, ...funnel.all },
      conversions: {
        bySource: cap(sourceFunnel),
        leadSources: leadSources
          .map((s) => ({
            source: s.source,
            leads: s.leads,
            converted: s.converted,
            revenue: round2(s.revenue),
            averageDaysToConvert:
              s.datedConversions > 0 ? Math.round((10 * s.daysToConvert) / s.datedConversions) / 10 : null,
          }))
          .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source)),
        revenue,
        averageDaysToConvert: dated > 0 ? Math.round((10 * datedDays) / dated) / 10 : null,
      },
    };
  }
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

type FormLeadPerson = Awaited<ReturnType<typeof formLeadPeople>>[number];

/** A group's contact-form funnel: messages, the people who wrote them, those of them converted, their value. */
class Funnel {
  contacts = 0;
  private readonly people = new Set<string>();
  private readonly converted = new Set<string>();
  revenue = 0;

  add(row: FormLeadPerson): void {
    this.contacts += row.messages;
    this.people.add(row.person);
    if (row.converted) this.converted.add(row.person);
    this.revenue += row.revenue;
  }

  get counts() {
    return {
      contacts: this.contacts,
      leads: this.people.size,
      converted: this.converted.size,
      revenue: round2(this.revenue),
    };
  }
}

/**
 * docs/product/analytics.md#conversion-tracking: the contact form's funnel in all, by the visit's source and by
 * its campaign; a person is counted once in each group they wrote from.
 */
function formFunnels(rows: FormLeadPerson[]) {
  const all = new Funnel();
  const bySource = new Map<string, Funnel>();
  const byCampaign = new Map<string, { key: FormLeadPerson['campaign']; funnel: Funnel }>();
  for (const row of rows) {
    all.add(row);
    let source = bySource.get(row.source);
    if (!source) bySource.set(row.source, (source = new Funnel()));
    source.add(row);
    if (row.campaign.source === '' && row.campaign.campaign === '') continue;
    const id = campaignKey(row.campaign);
    let campaign = byCampaign.get(id);
    if (!campaign) byCampaign.set(id, (campaign = { key: row.campaign, funnel: new Funnel() }));
    campaign.funnel.add(row);
  }
  const { revenue: _revenue, ...total } = all.counts;
  return {
    all: total,
    bySource: [...bySource].map(([source, funnel]) => {
      const { revenue: _r, ...counts } = funnel.counts;
      return { source, counts };
    }),
    byCampaign: [...byCampaign.values()].map(({ key, funnel }) => ({ ...key, counts: funnel.counts })),
  };
}

const CSV_HEADER = [
  'Report',
  'Item',
  'Visitors',
  'Page views',
  'Visits',
  'Entries',
  'Bounce rate %',
  'Contacts',
  'Leads',
  'Converted',
  'Revenue',
  'Spend',
  'Cost per lead',
];

/** The report as one CSV table: a row per figure of every list (docs/product/analytics.md#figures). */
function reportCsv(report: AnalyticsReport): string {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const row = (cells: Partial<Record<(typeof CSV_HEADER)[number], string | number | null>>) =>
    csvLine(
      CSV_HEADER.map((name) =>
        typeof cells[name] === 'string' ? (cells[name] as string) : text(cells[name] as number),
      ),
    );
  const lines = [csvLine(CSV_HEADER)];
  lines.push(
    row({
      Report: 'Summary',
      Item: `${report.from} to ${report.to}`,
      Visitors: report.visitors,
      'Page views': report.pageviews,
      Visits: report.visits,
      'Bounce rate %': report.bounceRate,
      Contacts: report.funnel.contacts,
      Leads: report.funnel.leads,
      Converted: report.funnel.converted,
      Revenue: report.conversions.revenue,
    }),
  );
  for (const p of report.series.points)
    lines.push(
      row({
        Report: report.series.interval === 'day' ? 'Day' : 'Hour',
        Item: p.time,
        Visitors: p.visitors,
        'Page views': p.pageviews,
        Visits: p.visits,
      }),
    );
  for (const p of report.pages)
    lines.push(row({ Report: 'Page', Item: p.path, Visitors: p.visitors, 'Page views': p.pageviews }));
  for (const e of report.entryPages)
    lines.push(
      row({ Report: 'Entry page', Item: e.path, Entries: e.entries, 'Bounce rate %': e.bounceRate }),
    );
  for (const s of report.sources)
    lines.push(
      row({
        Report: 'Source',
        Item: s.source,
        Visitors: s.visitors,
        Visits: s.visits,
        'Bounce rate %': s.bounceRate,
      }),
    );
  for (const c of report.campaigns)
    lines.push(
      row({
        Report: 'Campaign',
        Item: [c.source, c.medium, c.campaign].join(' / '),
        Visitors: c.visitors,
        Visits: c.visits,
        Contacts: c.contacts,
        Leads: c.leads,
        Converted: c.converted,
        Revenue: c.revenue,
        Spend: c.spend,
        'Cost per lead': c.costPerLead,
      }),
    );
  for (const d of report.devices) lines.push(row({ Report: 'Device', Item: d.device, Visitors: d.visitors }));
  for (const b of report.browsers)
    lines.push(row({ Report: 'Browser', Item: b.browser, Visitors: b.visitors }));
  for (const o of report.operatingSystems)
    lines.push(row({ Report: 'Operating system', Item: o.os, Visitors: o.visitors }));
  for (const s of report.conversions.leadSources)
    lines.push(
      row({
        Report: 'Lead source',
        Item: s.source,
        Leads: s.leads,
        Converted: s.converted,
        Revenue: s.revenue,
      }),
    );
  return lines.join('');
}
