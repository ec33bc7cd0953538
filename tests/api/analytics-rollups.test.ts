import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, OTHER } from '../../src/shared/analytics';
import { rollUpDay } from '../../src/server/modules/analytics/analytics.repository';
import { createTestApp, reopenTestDatabase, type TestApp, type TestDatabase } from './support/test-app';
import { seededAdmin, type TestUser } from './support/users';
import { UA, manualClock, sendView } from './support/analytics';

interface Raw {
  day: string;
  hour: number;
  at: number;
  id: number;
  visitor: string;
  path: string;
  source: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  browser: string;
}

/**
 * The figures as the raw page views say them, computed here without SQL: a visitor of a day, visits split at
 * 30-minute gaps, each visit's entry, source and campaign those of its first page view.
 */
function fromRaw(rows: Raw[], from: string, to: string) {
  const inRange = rows.filter((r) => r.day >= from && r.day <= to);
  const byVisitor = new Map<string, Raw[]>();
  for (const row of inRange) {
    const key = `${row.day}|${row.visitor}`;
    byVisitor.set(key, [...(byVisitor.get(key) ?? []), row]);
  }
  const visits: Raw[][] = [];
  for (const views of byVisitor.values()) {
    views.sort((a, b) => a.at - b.at || a.id - b.id);
    let current: Raw[] = [];
    for (const view of views) {
      if (current.length > 0 && view.at - current[current.length - 1]!.at >= ANALYTICS_LIMITS.visitGapMs) {
        visits.push(current);
        current = [];
      }
      current.push(view);
    }
    visits.push(current);
  }
  const distinct = (list: Raw[]) => new Set(list.map((r) => `${r.day}|${r.visitor}`)).size;
  const count = <T>(items: T[], key: (item: T) => string) => {
    const map = new Map<string, T[]>();
    for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  const pages = [...count(inRange, (r) => r.path)].map(([path, list]) => ({
    path,
    pageviews: list.length,
    visitors: distinct(list),
  }));
  const sources = [...count(visits, (v) => v[0]!.source)].map(([source, list]) => ({
    source,
    visitors: distinct(list.map((v) => v[0]!)),
    visits: list.length,
  }));
  const campaigns = [
    ...count(
      visits.filter((v) => v[0]!.utm_source || v[0]!.utm_campaign),
      (v) => [v[0]!.utm_source, v[0]!.utm_medium, v[0]!.utm_campaign].join('|'),
    ),
  ].map(([key, list]) => {
    const [source, medium, campaign] = key.split('|');
    return { source, medium, campaign, visitors: distinct(list.map((v) => v[0]!)), visits: list.length };
  });
  const bounces = visits.filter((v) => v.length === 1).length;
  const duration = visits.reduce((sum, v) => sum + (v[v.length - 1]!.at - v[0]!.at), 0);
  return {
    visitors: distinct(inRange),
    pageviews: inRange.length,
    visits: visits.length,
    bounceRate: visits.length ? Math.round((1000 * bounces) / visits.length) / 10 : null,
    visitDuration: visits.length ? Math.round(duration / visits.length / 1000) : 0,
    pages,
    sources,
    campaigns,
    entries: [...count(visits, (v) => v[0]!.path)].map(([path, list]) => ({ path, entries: list.length })),
    browsers: [...count(inRange, (r) => r.browser)].map(([browser, list]) => ({
      browser,
      visitors: distinct(list),
    })),
  };
}

const byKey = <T extends Record<string, unknown>>(rows: T[], ...keys: (keyof T)[]) =>
  [...rows].sort((a, b) =>
    keys
      .map((k) => String(a[k]))
      .join('|')
      .localeCompare(keys.map((k) => String(b[k])).join('|')),
  );

/** A seeded pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATHS = ['/', '/pricing', '/blog', '/blog/a-post', '/blog/another', '/contact', '/documentation'];
const REFERRERS = [
  '',
  '',
  '',
  'https://www.google.com/',
  'https://www.linkedin.com/',
  'https://partner.example.net/x',
];
const CAMPAIGNS = [
  '',
  '',
  '',
  '',
  '?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
  '?utm_source=fb&utm_medium=cpc&utm_campaign=launch',
  '?ref=producthunt',
];
const AGENTS = [UA.chromeWindows, UA.safariIphone, UA.firefoxLinux, UA.safariIpad, UA.edgeMac];

/**
 * docs/decisions/0018-first-party-analytics.md: the roll-ups say exactly what the raw page views say, whatever the
 * order they arrive and roll up in, and keep saying it once the raw rows are gone.
 */
describe('analytics roll-ups', () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = manualClock('2026-04-01T00:00:00.000Z');
  const next = random(20260401);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const raw = () =>
    t.database.handle.db
      .selectFrom('analytics_events')
      .selectAll()
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, at: Number(r.at), id: Number(r.id) }) as Raw));
  const report = async (from: string, to: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics?from=${from}&to=${to}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** `visitors` people browse on `day`, each a few visits of a few pages at random times. */
  async function browse(day: string, visitors: number, offset = 0) {
    const views: { at: number; view: Parameters<typeof sendView>[1] }[] = [];
    for (let v = 0; v < visitors; v += 1) {
      const n = offset + v;
      const person = { ip: `10.${n >> 8}.${n & 255}.${(v % 7) + 1}`, ua: AGENTS[v % AGENTS.length]! };
      let at = Date.parse(`${day}T00:00:00Z`) + Math.floor(next() * 20 * 3600_000);
      const visitCount = 1 + Math.floor(next() * 3);
      for (let visit = 0; visit < visitCount; visit += 1) {
        const pagesSeen = 1 + Math.floor(next() * 4);
        for (let p = 0; p < pagesSeen; p += 1) {
          const first = p === 0;
          views.push({
            at,
            view: {
              ...person,
              url: `${pick(PATHS)}${first ? pick(CAMPAIGNS) : ''}`,
              referrer: first ? pick(REFERRERS) : undefined,
            },
          });
          at += Math.floor(next() * 10 * 60_000) + 1000;
        }
        // Sometimes exactly at the gap: a new visit begins at 30 minutes.
        at += next() < 0.2 ? ANALYTICS_LIMITS.visitGapMs : Math.floor(next() * 3 * 3600_000);
      }
    }
    views.sort((a, b) => a.at - b.at);
    for (const { at, view } of views) {
      clock.set(new Date(at).toISOString());
      expect((await sendView(t.app, view)).statusCode).toBe(202);
    }
    await t.app.analytics.flush();
  }

  async function expectEqualToRaw(from: string, to: string) {
    const rows = await raw();
    const want = fromRaw(rows, from, to);
    const got = await report(from, to);
    expect(got).toMatchObject({
      visitors: want.visitors,
      pageviews: want.pageviews,
      visits: want.visits,
      bounceRate: want.bounceRate,
      visitDuration: want.visitDuration,
    });
    expect(byKey(got.pages, 'path')).toEqual(byKey(want.pages, 'path'));
    expect(
      byKey(
        got.sources.map(({ source, visitors, visits }: Record<string, unknown>) => ({
          source,
          visitors,
          visits,
        })),
        'source',
      ),
    ).toEqual(byKey(want.sources, 'source'));
    expect(
      byKey(
        got.campaigns.map(({ source, medium, campaign, visitors, visits }: Record<string, unknown>) => ({
          source,
          medium,
          campaign,
          visitors,
          visits,
        })),
        'source',
        'medium',
        'campaign',
      ),
    ).toEqual(byKey(want.campaigns, 'source', 'medium', 'campaign'));
    expect(
      byKey(
        got.entryPages.map(({ path, entries }: Record<string, unknown>) => ({ path, entries })),
        'path',
      ),
    ).toEqual(byKey(want.entries, 'path'));
    expect(byKey(got.browsers, 'browser')).toEqual(byKey(want.browsers, 'browser'));
    const seriesVisitors = got.series.points.reduce(
      (sum: number, p: { visitors: number }) => sum + p.visitors,
      0,
    );
    if (from !== to) expect(seriesVisitors).toBe(want.visitors);
    return { rows, got };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    admin = await seededAdmin(t);
  });
  afterAll(async () => t.close());

  it('equal the raw page views, for the range and for each day, after each round', async () => {
    await browse('2026-04-01', 25);
    expect(await t.app.analytics.rollUp()).toBe(1);
    await expectEqualToRaw('2026-04-01', '2026-04-01');
    // More of the same day, and a new one, arrive after the first round: the day is recomputed, not added to.
    await browse('2026-04-01', 10, 100);
    await browse('2026-04-02', 30, 200);
    expect(await t.app.analytics.rollUp()).toBe(2);
    expect(await t.app.analytics.rollUp()).toBe(0);
    const { rows } = await expectEqualToRaw('2026-04-01', '2026-04-02');
    expect(rows.length).toBeGreaterThan(200);
    await expectEqualToRaw('2026-04-02', '2026-04-02');
    // A range's visitors are its days' visitors summed: a hash belongs to one day.
    const days = await Promise.all(['2026-04-01', '2026-04-02'].map((d) => report(d, d)));
    expect((await report('2026-04-01', '2026-04-02')).visitors).toBe(days[0].visitors + days[1].visitors);
  });

  it('keeps at most the cap of distinct pages, sources and campaigns a day, the rest folded into (other) (attack)', async () => {
    const day = '2026-03-15';
    const extra = 50;
    const n = ANALYTICS_LIMITS.distinctPerDayMax + extra;
    const at = Date.parse(`${day}T12:00:00.000Z`);
    // A script invents a page, a source and a campaign per request; one real page is viewed three times.
    const rows = Array.from({ length: n }, (_, i) => ({
      day,
      hour: 12,
      at: at + i,
      visitor: `sprayer-${i}`,
      path: `/invented-${String(i).padStart(5, '0')}`,
      referrer_host: '',
      source: `source-${String(i).padStart(5, '0')}`,
      utm_source: `s${i}`,
      utm_medium: 'm',
      utm_campaign: `c${i}`,
      utm_content: '',
      utm_term: '',
      ref: '',
      device: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
    }));
    for (const visitor of ['real-1', 'real-2', 'real-3'])
      rows.push({
        ...rows[0]!,
        at: at - 1000,
        visitor,
        path: '/pricing',
        source: 'Direct',
        utm_source: '',
        utm_campaign: '',
      });
    for (let i = 0; i < rows.length; i += 200)
      await t.database.handle.db
        .insertInto('analytics_events')
        .values(rows.slice(i, i + 200))
        .execute();
    await rollUpDay(t.database.handle.db, day, 0, new Date().toISOString(), ANALYTICS_LIMITS.visitGapMs);

    const db = t.database.handle.db;
    const pages = await db.selectFrom('analytics_daily_pages').selectAll().where('day', '=', day).execute();
    // Before: one row per invented path, 1,051 kept forever.
    expect(pages).toHaveLength(ANALYTICS_LIMITS.distinctPerDayMax + 1);
    const pricing = pages.find((p) => p.path === '/pricing')!;
    expect([Number(pricing.pageviews), Number(pricing.visitors)]).toEqual([3, 3]);
    const other = pages.find((p) => p.path === OTHER)!;
    // The busiest stay (the real page first), the rest fold: no page view is lost.
    expect(Number(other.pageviews)).toBe(extra + 1);
    expect(pages.reduce((sum, p) => sum + Number(p.pageviews), 0)).toBe(n + 3);
    const sources = await db
      .selectFrom('analytics_daily_sources')
      .selectAll()
      .where('day', '=', day)
      .execute();
    expect(sources).toHaveLength(ANALYTICS_LIMITS.distinctPerDayMax + 1);
    expect(sources.reduce((sum, s) => sum + Number(s.visits), 0)).toBe(n + 3);
    const campaigns = await db
      .selectFrom('analytics_daily_campaigns')
      .selectAll()
      .where('day', '=', day)
      .execute();
    expect(campaigns).toHaveLength(ANALYTICS_LIMITS.distinctPerDayMax + 1);
    expect(campaigns.find((c) => c.utm_source === OTHER)).toMatchObject({
      utm_medium: '',
      utm_campaign: OTHER,
    });
  });

  it('reads and answers a page of every list at a time, the report and its CSV alike (attack)', async () => {
    // Kept figures as a year of sprayed values leaves them: 1,000 invented pages, sources and campaigns a
    // day (the cap) over 21 days, 21,000 of each, beside one real page and source.
    const db = t.database.handle.db;
    const days = Array.from({ length: 21 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`);
    const perDay = ANALYTICS_LIMITS.distinctPerDayMax;
    for (const [d, day] of days.entries()) {
      const ids = Array.from({ length: perDay }, (_, i) => String(d * perDay + i).padStart(6, '0'));
      for (let i = 0; i < ids.length; i += 250) {
        const slice = ids.slice(i, i + 250);
        const figures = { visitors: 1, pageviews: 1, bounces: 1 };
        await db
          .insertInto('analytics_daily_pages')
          .values(slice.map((id) => ({ day, path: `/x-${id}`, ...figures, entries: 1 })))
          .execute();
        await db
          .insertInto('analytics_daily_sources')
          .values(slice.map((id) => ({ day, source: `s-${id}`, ...figures, visits: 1, duration_ms: 0 })))
          .execute();
        await db
          .insertInto('analytics_daily_campaigns')
          .values(
            slice.map((id) => ({
              day,
              utm_source: `u-${id}`,
              utm_medium: 'm',
              utm_campaign: `c-${id}`,
              ...figures,
              visits: 1,
            })),
          )
          .execute();
      }
    }
    await db
      .insertInto('analytics_daily_pages')
      .values({ day: days[3]!, path: '/pricing', visitors: 9, pageviews: 9, entries: 9, bounces: 0 })
      .execute();
    const from = days[0]!;
    const to = days[days.length - 1]!;
    const total = days.length * perDay;

    const first = await report(from, to);
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil((total + 1) / ANALYTICS_LIMITS.listMax) });
    // Before: every campaign and source of the range was read for each question, the CSV held them all.
    for (const list of [
      first.pages,
      first.entryPages,
      first.sources,
      first.campaigns,
      first.conversions.bySource,
    ])
      expect(list).toHaveLength(ANALYTICS_LIMITS.listMax);
    expect(first.pages[0]).toMatchObject({ path: '/pricing', pageviews: 9 });
    const second = await report(`${from}&page=2`, to);
    expect(second.page).toBe(2);
    expect(second.pages).toHaveLength(ANALYTICS_LIMITS.listMax);
    const firstPaths = new Set(first.pages.map((p: { path: string }) => p.path));
    expect(second.pages.some((p: { path: string }) => firstPaths.has(p.path))).toBe(false);
    const past = await report(`${from}&page=${first.pageCount + 1}`, to);
    expect([past.pages, past.campaigns, past.sources]).toEqual([[], [], []]);
    expect(past.visitors).toBe(first.visitors);

    const exportPart = async (page: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/analytics/export.csv?from=${from}&to=${to}&page=${page}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      return response;
    };
    const parts = Math.ceil((total + 1) / ANALYTICS_LIMITS.exportRowsMax);
    const seen = new Map<string, number>();
    for (let page = 1; page <= parts; page += 1) {
      const response = await exportPart(page);
      expect(response.headers['x-page-count']).toBe(String(parts));
      expect(response.headers['content-disposition']).toContain(`part-${page}-of-${parts}`);
      const pageRows = response.body.split('\r\n').filter((line) => line.startsWith('"Page",'));
      expect(pageRows.length).toBeLessThanOrEqual(ANALYTICS_LIMITS.exportRowsMax);
      for (const line of pageRows) seen.set(line.split(',')[1]!, (seen.get(line.split(',')[1]!) ?? 0) + 1);
    }
    // The parts together hold every page once.
    expect(seen.size).toBe(total + 1);
    expect([...seen.values()].every((times) => times === 1)).toBe(true);
  });

  it('leaves a day marked when a batch lands while it rolls up, and takes it in at the next round', async () => {
    await browse('2026-04-03', 5, 300);
    const { version } = await t.database.handle.db
      .selectFrom('analytics_dirty_days')
      .select('version')
      .executeTakeFirstOrThrow();
    await browse('2026-04-03', 3, 310); // a batch after the round read the day
    await rollUpDay(
      t.database.handle.db,
      '2026-04-03',
      version,
      new Date().toISOString(),
      ANALYTICS_LIMITS.visitGapMs,
    );
    expect(await t.database.handle.db.selectFrom('analytics_dirty_days').select('day').execute()).toEqual([
      { day: '2026-04-03' },
    ]);
    expect(await t.app.analytics.rollUp()).toBe(1);
    await expectEqualToRaw('2026-04-01', '2026-04-03');
  });

  it('gives the same figures when two instances roll up the same days at once', async () => {
    let other: TestApp | undefined;
    let second: TestDatabase | undefined;
    try {
      second = await reopenTestDatabase(t.database);
      other = await createTestApp({ database: second, clock: clock.now });
      await browse('2026-04-04', 20, 400);
      await browse('2026-04-05', 20, 500);
      await Promise.all([t.app.analytics.rollUp(), other.app.analytics.rollUp()]);
      await t.app.analytics.rollUp();
      expect(await t.database.handle.db.selectFrom('analytics_dirty_days').select('day').execute()).toEqual(
        [],
      );
      await expectEqualToRaw('2026-04-01', '2026-04-05');
    } finally {
      await other?.close();
    }
  });

  it('keeps the figures after the raw page views are past their retention, and deletes old salts', async () => {
    const before = await report('2026-04-01', '2026-04-05');
    const beforeDays = await Promise.all(['2026-04-01', '2026-04-05'].map((d) => report(d, d)));
    // 31 days after 2026-04-04: the first four days are past 30 days, 2026-04-05 is not.
    clock.set('2026-05-05T12:00:00.000Z');
    const deleted = await t.app.analytics.sweep();
    expect(deleted).toBeGreaterThan(0);
    const days = await t.database.handle.db.selectFrom('analytics_events').select('day').distinct().execute();
    expect(days.map((d) => d.day)).toEqual(['2026-04-05']);
    expect(await t.database.handle.db.selectFrom('analytics_salts').selectAll().execute()).toEqual([]);
    expect(await report('2026-04-01', '2026-04-05')).toEqual(before);
    expect(await Promise.all(['2026-04-01', '2026-04-05'].map((d) => report(d, d)))).toEqual(beforeDays);
  });

  it('never deletes raw page views of a day not yet rolled up', async () => {
    clock.set('2026-05-06T10:00:00.000Z');
    await browse('2026-05-06', 2, 600);
    clock.set('2026-07-01T00:00:00.000Z');
    await t.app.analytics.sweep();
    expect((await raw()).filter((r) => r.day === '2026-05-06').length).toBeGreaterThan(0);
    await t.app.analytics.rollUp();
    await t.app.analytics.sweep();
    expect((await raw()).filter((r) => r.day === '2026-05-06')).toEqual([]);
    expect((await report('2026-05-06', '2026-05-06')).visitors).toBe(2);
  });
});
