import type { Kysely } from 'kysely';
import {
  ANALYTICS_LIMITS,
  DEVICE_CLASSES,
  channelOf,
  type AnalyticsQuery,
  type AnalyticsReport,
  type DeviceClass,
} from '../../../shared/schemas/analytics';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import type { Database } from '../../db/types';
import { campaignLeadsAllTime, formLeadPeople, leadSourceFigures } from '../leads/leads.service';
import {
  campaignCount,
  campaignFigures,
  campaignSpends,
  clientFigures,
  dailySeries,
  entryPageFigures,
  hourlySeries,
  pageCounts,
  pageFigures,
  rangeTotals,
  sourceCount,
  sourceFigures,
  type RowWindow,
} from './analytics.repository';
import { campaignKey, percent, round2 } from './figures';
import { formFunnels } from './form-funnels';

const DAY_MS = 86_400_000;

type Campaign = { source: string; medium: string; campaign: string };
type CampaignRow = AnalyticsReport['campaigns'][number];
type SourceFunnelRow = AnalyticsReport['conversions']['bySource'][number];

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * One page of a list whose first `readTotal` rows are read a page at a time from the roll-ups (`readPage`,
 * already this page's) and whose further rows, `extras`, are known whole (those with leads or a spend but no
 * visit in the range): rows [offset, offset + limit) of the two together.
 */
function pageWithExtras<T>(readPage: T[], readTotal: number, extras: T[], window: RowWindow): T[] {
  const room = window.limit - readPage.length;
  const first = Math.max(0, window.offset - readTotal);
  return room > 0 ? [...readPage, ...extras.slice(first, first + room)] : readPage;
}

/**
 * The figures of GET /api/analytics and its CSV (docs/product/analytics.md#figures), one page of every list at
 * a time: each list is read from the database with a limit, so however many distinct pages, sources or
 * campaigns strangers invented, a question reads at most `rowsPerPage` rows of each.
 */
export function createReportBuilder(db: Kysely<Database>) {
  return async function buildReport(query: AnalyticsQuery, rowsPerPage: number): Promise<AnalyticsReport> {
    const { from, to } = query;
    const window: RowWindow = { limit: rowsPerPage, offset: (query.page - 1) * rowsPerPage };
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
      listed,
      sources,
      visitedSources,
      campaigns,
      visitedCampaigns,
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
      pageFigures(db, from, to, window),
      entryPageFigures(db, from, to, window),
      pageCounts(db, from, to),
      sourceFigures(db, from, to, window),
      sourceCount(db, from, to),
      campaignFigures(db, from, to, window),
      campaignCount(db, from, to),
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

    // Campaigns: those visited in the range (busiest first, read a page at a time), then those only leads
    // came with or only a spend was typed in for (most leads first).
    const funnelOf = new Map(funnel.byCampaign.map((c) => [campaignKey(c), c.counts]));
    const spendOf = new Map(
      spends.map((s) => [
        campaignKey({ source: s.utm_source, medium: s.utm_medium, campaign: s.utm_campaign }),
        Number(s.spend),
      ]),
    );
    const campaignRow = (key: Campaign, visits: { visitors: number; visits: number }): CampaignRow => ({
      source: key.source,
      medium: key.medium,
      campaign: key.campaign,
      ...visits,
      contacts: 0,
      leads: 0,
      converted: 0,
      revenue: 0,
      ...funnelOf.get(campaignKey(key)),
      conversionRate: null,
      spend: spendOf.get(campaignKey(key)) ?? null,
      leadsAllTime: null,
      costPerLead: null,
    });
    const unvisited = new Map<string, Campaign>();
    for (const c of funnel.byCampaign) unvisited.set(campaignKey(c), c);
    for (const s of spends) {
      const key = { source: s.utm_source, medium: s.utm_medium, campaign: s.utm_campaign };
      unvisited.set(campaignKey(key), key);
    }
    const candidates = [...unvisited.values()];
    for (const c of await campaignFigures(db, from, to, { among: candidates.map((c) => c.campaign) }))
      unvisited.delete(campaignKey(c));
    const campaignExtras = [...unvisited.values()]
      .map((key) => campaignRow(key, { visitors: 0, visits: 0 }))
      .sort((a, b) => b.leads - a.leads || campaignKey(a).localeCompare(campaignKey(b)));
    const campaignPage = pageWithExtras(
      campaigns.map((c) => campaignRow(c, { visitors: c.visitors, visits: c.visits })),
      visitedCampaigns,
      campaignExtras,
      window,
    );
    // What a campaign's spend is divided by: its leads since it began (read for this page's with a spend).
    const withSpend = campaignPage.filter((c) => c.spend !== null);
    const leadsOfSpent = await campaignLeadsAllTime(db, AGENCY_WORKSPACE_ID, withSpend);
    const allTime = new Map(withSpend.map((c, i) => [campaignKey(c), leadsOfSpent[i]!]));
    // The page's rows in the order the screen keeps: the roll-ups decide which rows a page holds (busiest
    // first), and within it equal visitors are ordered by leads.
    const campaignRows = campaignPage.map((row) => {
      const leadsAllTime = allTime.get(campaignKey(row)) ?? null;
      return {
        ...row,
        conversionRate: percent(row.leads, row.visitors),
        leadsAllTime,
        costPerLead: row.spend !== null && leadsAllTime ? round2(row.spend / leadsAllTime) : null,
      };
    });
    campaignRows.sort(
      (a, b) => b.visitors - a.visitors || b.leads - a.leads || campaignKey(a).localeCompare(campaignKey(b)),
    );

    // The funnel by source: the visits' sources (this page of them), then the sources of contact-form leads
    // whose source brought no visit in the range.
    const sourceFunnelOf = new Map(funnel.bySource.map((f) => [f.source, f.counts]));
    const sourceFunnelRow = (source: string, visitors: number): SourceFunnelRow => {
      const counts = sourceFunnelOf.get(source) ?? { contacts: 0, leads: 0, converted: 0 };
      return { source, visitors, ...counts, conversionRate: percent(counts.leads, visitors) };
    };
    const unvisitedSources = new Set(sourceFunnelOf.keys());
    for (const s of await sourceFigures(db, from, to, { among: [...unvisitedSources] }))
      unvisitedSources.delete(s.source);
    const sourceExtras = [...unvisitedSources]
      .map((source) => sourceFunnelRow(source, 0))
      .sort((a, b) => b.contacts - a.contacts || a.source.localeCompare(b.source));

    const revenue = round2(leadSources.reduce((sum, s) => sum + s.revenue, 0));
    const datedDays = leadSources.reduce((sum, s) => sum + s.daysToConvert, 0);
    const dated = leadSources.reduce((sum, s) => sum + s.datedConversions, 0);

    // The longest list decides how many pages the lists have.
    const longest = Math.max(
      listed.pages,
      listed.entries,
      visitedSources + sourceExtras.length,
      visitedCampaigns + campaignExtras.length,
      leadSources.length,
    );
    const pagesOf = (size: number) => Math.max(1, Math.ceil(longest / size));
    const cap = <T>(rows: T[]) => rows.slice(0, rowsPerPage);
    return {
      from,
      to,
      page: query.page,
      pageCount: pagesOf(ANALYTICS_LIMITS.listMax),
      exportPageCount: pagesOf(ANALYTICS_LIMITS.exportRowsMax),
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
      sources: sources.map((s) => ({
        source: s.source,
        channel: channelOf(s.source),
        visitors: s.visitors,
        visits: s.visits,
        bounceRate: percent(s.bounces, s.visits),
      })),
      campaigns: campaignRows,
      // Devices, browsers and systems are a few known names each: whole on every page.
      devices: devices
        .filter((d): d is { name: DeviceClass; visitors: number } =>
          (DEVICE_CLASSES as readonly string[]).includes(d.name),
        )
        .map((d) => ({ device: d.name, visitors: d.visitors })),
      browsers: cap(browsers.map((b) => ({ browser: b.name, visitors: b.visitors }))),
      operatingSystems: cap(systems.map((s) => ({ os: s.name, visitors: s.visitors }))),
      funnel: { visitors: totals.visitors, ...funnel.all },
      conversions: {
        bySource: pageWithExtras(
          sources.map((s) => sourceFunnelRow(s.source, s.visitors)),
          visitedSources,
          sourceExtras,
          window,
        ).sort(
          (a, b) => b.visitors - a.visitors || b.contacts - a.contacts || a.source.localeCompare(b.source),
        ),
        leadSources: leadSources
          .map((s) => ({
            source: s.source,
            leads: s.leads,
            converted: s.converted,
            revenue: round2(s.revenue),
            averageDaysToConvert:
              s.datedConversions > 0 ? Math.round((10 * s.daysToConvert) / s.datedConversions) / 10 : null,
          }))
          .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source))
          .slice(window.offset, window.offset + window.limit),
        revenue,
        averageDaysToConvert: dated > 0 ? Math.round((10 * datedDays) / dated) / 10 : null,
      },
    };
  };
}
