import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS } from '../../src/shared/analytics';
import { ANALYTICS_MESSAGES } from '../../src/shared/messages';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { builtWeb, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { UA, manualClock, sendView } from './support/analytics';

/**
 * Website analytics (docs/product/analytics.md): the beacon's endpoint under attack first, then exact figures
 * from visitors, a campaign and contact messages, as GET /api/analytics answers them.
 */
describe('POST /api/event under attack', () => {
  let t: TestApp;
  const clock = manualClock('2026-03-02T10:00:00.000Z');
  const stored = () => t.database.handle.db.selectFrom('analytics_events').selectAll().execute();

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
  });
  afterAll(async () => t.close());

  it('refuses a flood from one address past its limit, and holds nothing for the refused', async () => {
    const answers: number[] = [];
    for (let i = 0; i < ANALYTICS_LIMITS.eventsPerAddressPerMinute + 30; i += 1)
      answers.push(
        (await sendView(t.app, { ip: '198.51.100.7', ua: UA.chromeWindows, url: `/blog/p-${i % 5}` }))
          .statusCode,
      );
    expect(answers.filter((s) => s === 202)).toHaveLength(ANALYTICS_LIMITS.eventsPerAddressPerMinute);
    expect(answers.filter((s) => s === 429)).toHaveLength(30);
    const refused = await sendView(t.app, { ip: '198.51.100.7', ua: UA.chromeWindows, url: '/' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toBe(ANALYTICS_MESSAGES.tooManyEvents);
    // An IPv6 client is one client per /64, whatever address of it it uses.
    let v6Accepted = 0;
    for (let i = 0; i < ANALYTICS_LIMITS.eventsPerAddressPerMinute + 10; i += 1) {
      const response = await sendView(t.app, {
        ip: `2001:db8:7:7::${(i + 1).toString(16)}`,
        ua: UA.firefoxLinux,
        url: '/',
      });
      if (response.statusCode === 202) v6Accepted += 1;
    }
    expect(v6Accepted).toBe(ANALYTICS_LIMITS.eventsPerAddressPerMinute);
    expect(t.app.analytics.held().pending).toBeLessThanOrEqual(
      2 * ANALYTICS_LIMITS.eventsPerAddressPerMinute,
    );
    await t.app.analytics.flush();
    expect(t.app.analytics.held().pending).toBe(0);
    expect(await stored()).toHaveLength(2 * ANALYTICS_LIMITS.eventsPerAddressPerMinute);
    await t.database.handle.db.deleteFrom('analytics_events').execute();
  });

  it('does not let a forged X-Forwarded-For escape the limit when no proxy is trusted', async () => {
    let accepted = 0;
    for (let i = 0; i < ANALYTICS_LIMITS.eventsPerAddressPerMinute + 20; i += 1) {
      const response = await sendView(t.app, {
        ip: '198.51.100.11',
        ua: UA.chromeWindows,
        url: '/',
        headers: { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      });
      if (response.statusCode === 202) accepted += 1;
    }
    expect(accepted).toBe(ANALYTICS_LIMITS.eventsPerAddressPerMinute);
    await t.app.analytics.flush();
    // One visitor: the forged addresses are not part of the hash either.
    const visitors = new Set((await stored()).map((row) => row.visitor));
    expect(visitors.size).toBe(1);
    await t.database.handle.db.deleteFrom('analytics_events').execute();
  });

  it('never takes the site from Host: a forged Host neither hides a referrer nor splits a visitor', async () => {
    const forged = { host: 'evil.test', 'x-forwarded-host': 'evil.test' };
    // The attacker's own site as referrer, its name as Host: still a referral from it, not the site itself.
    await sendView(t.app, {
      ip: '198.51.100.12',
      ua: UA.chromeWindows,
      url: '/',
      referrer: 'https://evil.test/spam',
      headers: forged,
    });
    // The site's own page as referrer under a forged Host: an internal move, no source.
    await sendView(t.app, {
      ip: '198.51.100.12',
      ua: UA.chromeWindows,
      url: '/pricing',
      referrer: 'https://agency.example/',
      headers: forged,
    });
    // The same browser without the forged Host: the same visitor.
    await sendView(t.app, { ip: '198.51.100.12', ua: UA.chromeWindows, url: '/blog' });
    await t.app.analytics.flush();
    const rows = await t.database.handle.db
      .selectFrom('analytics_events')
      .select(['path', 'referrer_host', 'source', 'visitor'])
      .orderBy('id')
      .execute();
    expect(rows.map(({ path, referrer_host, source }) => ({ path, referrer_host, source }))).toEqual([
      { path: '/', referrer_host: 'evil.test', source: 'evil.test' },
      { path: '/pricing', referrer_host: '', source: 'Direct' },
      { path: '/blog', referrer_host: '', source: 'Direct' },
    ]);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);
    await t.database.handle.db.deleteFrom('analytics_events').execute();
  });

  it("counts only the site's own pages: another site's page and a script are refused, nothing stored (attack)", async () => {
    const beacon = (headers: Record<string, string>) =>
      sendView(t.app, { ip: '198.51.100.61', ua: UA.chromeWindows, url: '/pricing', headers });
    // Another site's page making its visitors' browsers count for it, as the browser tells it.
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.agency.example' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of foreign) {
      const refused = await beacon(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(400);
      expect(refused.json()).toEqual({ message: ANALYTICS_MESSAGES.eventForeign });
    }
    // A script (no Sec-Fetch-Site), with no Origin or another site's.
    for (const origin of [undefined, 'https://evil.test', 'https://agency.example.evil.test']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/event',
        remoteAddress: '198.51.100.62',
        headers: {
          'content-type': 'text/plain',
          'user-agent': UA.chromeWindows,
          ...(origin ? { origin } : {}),
        },
        payload: JSON.stringify({ p: '/pricing' }),
      });
      expect(response.statusCode, String(origin)).toBe(400);
    }
    // The pixel answers its image to anyone, and counts only a page of the site's host.
    for (const [referer, fetchSite] of [
      ['https://evil.test/pricing', undefined],
      ['https://agency.example/pricing', 'cross-site'],
    ] as const) {
      const pixel = await t.app.inject({
        method: 'GET',
        url: '/api/event/pixel',
        remoteAddress: '198.51.100.63',
        headers: {
          'user-agent': UA.chromeWindows,
          referer,
          ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
        },
      });
      expect(pixel.headers['content-type']).toBe('image/gif');
    }
    await t.app.analytics.flush();
    // Before: every one of them was counted as a page view.
    expect(await stored()).toHaveLength(0);
    // A browser too old for Sec-Fetch-Site names the site in Origin: counted.
    const older = await beacon({ 'sec-fetch-site': '', origin: 'https://agency.example' });
    expect(older.statusCode).toBe(400); // an empty header is no browser's
    const counted = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      remoteAddress: '198.51.100.64',
      headers: {
        'content-type': 'text/plain',
        // Safari before 16.4 sends no Sec-Fetch headers (a Chrome without them is taken for a script).
        'user-agent': UA.safariOld,
        'accept-language': 'en-GB,en;q=0.9',
        origin: 'https://agency.example',
      },
      payload: JSON.stringify({ p: '/pricing' }),
    });
    expect(counted.statusCode).toBe(202);
    await t.app.analytics.flush();
    expect(await stored()).toHaveLength(1);
    await t.database.handle.db.deleteFrom('analytics_events').execute();
  });

  it('refuses a forged huge body unread (413), and a body that is no page view (400)', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      remoteAddress: '198.51.100.8',
      headers: {
        'content-type': 'text/plain',
        'user-agent': UA.chromeWindows,
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ p: '/', r: 'x'.repeat(10_000) }), // far under the app's 1 MB
    });
    expect(huge.statusCode).toBe(413);
    for (const payload of [
      'not json',
      JSON.stringify({ p: 'x'.repeat(400) }),
      JSON.stringify({ path: '/' }),
      '[]',
    ])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/event',
            remoteAddress: '198.51.100.8',
            headers: {
              'content-type': 'text/plain',
              'user-agent': UA.chromeWindows,
              'sec-fetch-site': 'same-origin',
            },
            payload,
          })
        ).statusCode,
      ).toBe(400);
    await t.app.analytics.flush();
    expect(await stored()).toHaveLength(0);
  });

  it('does not count crawlers, bots, headless browsers or command-line clients (answered 202 all the same)', async () => {
    for (const ua of [UA.googlebot, UA.bingbot, UA.headless, UA.curl, UA.ahrefs, ''])
      expect((await sendView(t.app, { ip: '198.51.100.9', ua, url: '/' })).statusCode).toBe(202);
    await t.app.analytics.flush();
    expect(await stored()).toHaveLength(0);
  });

  it('does not count scripts that present as browsers (attack)', async () => {
    const before = (await stored()).length;
    // No Accept-Language: every browser sends one with a beacon and an image.
    expect(
      (
        await sendView(t.app, {
          ip: '198.51.100.21',
          ua: UA.chromeWindows,
          url: '/',
          headers: { 'accept-language': '' },
        })
      ).statusCode,
    ).toBe(202);
    // A Chrome or Firefox that sends no Sec-Fetch headers is not one (they have sent them since 2019 and 2021).
    for (const ua of [UA.chromeWindows, UA.firefoxLinux])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/event',
            remoteAddress: '198.51.100.22',
            headers: {
              'content-type': 'text/plain',
              'user-agent': ua,
              'accept-language': 'en-GB,en;q=0.9',
              origin: 'https://agency.example',
            },
            payload: JSON.stringify({ p: '/' }),
          })
        ).statusCode,
      ).toBe(202);
    // A new user agent on every request from one address: the first few count, the rest do not.
    for (let i = 0; i < 20; i += 1)
      await sendView(t.app, {
        ip: '198.51.100.23',
        ua: UA.chromeWindows.replace(/Chrome\/[\d.]+/, `Chrome/120.0.${i}.0`),
        url: '/',
      });
    await t.app.analytics.flush();
    // Before: 1 + 2 + 20 page views stored.
    expect((await stored()).length - before).toBe(ANALYTICS_LIMITS.userAgentsPerAddress);
    await t.database.handle.db.deleteFrom('analytics_events').execute();
  });

  it('does not count Do Not Track or Global Privacy Control, nor the API, the assets or the dashboard', async () => {
    await sendView(t.app, { ip: '198.51.100.10', ua: UA.chromeWindows, url: '/', headers: { dnt: '1' } });
    await sendView(t.app, {
      ip: '198.51.100.10',
      ua: UA.chromeWindows,
      url: '/',
      headers: { 'sec-gpc': '1' },
    });
    for (const p of [
      '/dashboard',
      '/Dashboard/leads/',
      '/api/leads',
      '/assets/x.js',
      '/static/favicon.svg',
      '//evil.test/',
      'https://evil.test/',
      '/a\nb',
    ])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/event',
            remoteAddress: '198.51.100.10',
            headers: {
              'content-type': 'text/plain',
              'user-agent': UA.chromeWindows,
              'sec-fetch-site': 'same-origin',
            },
            payload: JSON.stringify({ p }),
          })
        ).statusCode,
      ).toBe(202);
    await t.app.analytics.flush();
    expect(await stored()).toHaveLength(0);
  });

  it('stores no address, no user agent and no query but the campaign parameters', async () => {
    const visitors = [
      { ip: '203.0.113.77', ua: UA.chromeWindows },
      { ip: '2001:db8:abcd:12::99', ua: UA.safariIphone },
    ];
    for (const v of visitors)
      await sendView(t.app, {
        ...v,
        url: '/contact?email=secret%40person.test&utm_source=newsletter',
        referrer: 'https://mail.example.org/inbox/42?token=abc',
      });
    await t.app.analytics.flush();
    await t.app.analytics.rollUp();
    const db = t.database.handle.db;
    const rows = JSON.stringify([
      await stored(),
      ...(await Promise.all(
        (
          [
            'analytics_daily',
            'analytics_hourly',
            'analytics_daily_pages',
            'analytics_daily_sources',
            'analytics_daily_campaigns',
            'analytics_daily_devices',
          ] as const
        ).map((table) => db.selectFrom(table).selectAll().execute()),
      )),
    ]);
    expect(rows).toContain('newsletter');
    for (const secret of [
      '203.0.113.77',
      '2001:db8',
      'Mozilla',
      'Windows NT',
      'iPhone OS',
      'secret',
      'token',
      'inbox',
    ])
      expect(rows).not.toContain(secret);
    expect(rows).toContain('mail.example.org');
  });

  it('keeps only the salt of today: yesterday’s hashes cannot be made again', async () => {
    await sendView(t.app, { ip: '203.0.113.78', ua: UA.chromeWindows, url: '/' });
    clock.set('2026-03-03T00:00:01.000Z');
    await sendView(t.app, { ip: '203.0.113.78', ua: UA.chromeWindows, url: '/' });
    await t.app.analytics.flush();
    const salts = await t.database.handle.db.selectFrom('analytics_salts').selectAll().execute();
    expect(salts.map((s) => s.day)).toEqual(['2026-03-03']);
    const [first, second] = await t.database.handle.db
      .selectFrom('analytics_events')
      .select(['day', 'visitor'])
      .where('path', '=', '/')
      .orderBy('id')
      .execute();
    expect(first!.day).toBe('2026-03-02');
    expect(second!.day).toBe('2026-03-03');
    expect(first!.visitor).not.toBe(second!.visitor);
  });
});

describe('GET /api/analytics', () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = manualClock('2026-03-02T10:00:00.000Z');
  const A = { ip: '203.0.113.10', ua: UA.chromeWindows };
  const B = { ip: '203.0.113.20', ua: UA.safariIphone };
  // C visits from two addresses of one IPv6 /64 with one browser: one visitor.
  const C1 = { ip: '2001:db8:1:2::1', ua: UA.firefoxLinux };
  const C2 = { ip: '2001:db8:1:2::ffff', ua: UA.firefoxLinux };
  const report = (from: string, to: string, headers = admin.headers) =>
    t.app.inject({ method: 'GET', url: `/api/analytics?from=${from}&to=${to}`, headers });
  const at = async (iso: string, view: Parameters<typeof sendView>[1]) => {
    clock.set(iso);
    expect((await sendView(t.app, view)).statusCode).toBe(202);
  };
  const contact = async (iso: string, ip: string, email: string, attribution?: unknown) => {
    clock.set(iso);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: ip,
      payload: {
        name: 'Visitor',
        email,
        message: 'Hello there',
        ...(attribution === undefined ? {} : { attribution }),
      },
    });
    expect(response.statusCode).toBe(201);
  };
  const leadOf = (email: string) =>
    t.database.handle.db
      .selectFrom('leads')
      .selectAll()
      .where('email_lower', '=', email)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    admin = await seededAdmin(t);
    // Day 1.
    await at('2026-03-02T10:00:00.000Z', { ...A, url: '/', referrer: 'https://www.google.com/' });
    await at('2026-03-02T10:05:00.000Z', { ...A, url: '/pricing' });
    await at('2026-03-02T10:50:00.000Z', { ...A, url: '/blog' }); // 45 minutes later: a new visit, direct
    await at('2026-03-02T11:00:00.000Z', {
      ...B,
      url: '/?utm_source=Newsletter&utm_medium=email&utm_campaign=spring-sale',
    });
    await at('2026-03-02T11:01:00.000Z', { ...B, url: '/contact' });
    await at('2026-03-02T12:00:00.000Z', {
      ...C1,
      url: '/blog/first-post/',
      referrer: 'https://www.linkedin.com/feed/',
    });
    await at('2026-03-02T12:10:00.000Z', { ...C2, url: '/Pricing' });
    await at('2026-03-02T12:20:00.000Z', { ip: '66.249.66.1', ua: UA.googlebot, url: '/' });
    // Day 2: A again, a new visitor of that day.
    await at('2026-03-03T09:00:00.000Z', { ...A, url: '/' });
    await t.app.analytics.flush();
    await t.app.analytics.rollUp();

    // Contact messages: B from the campaign (twice, one person), one from Google, one with no touch, one with a
    // stale touch, one with a forged one.
    const campaign = { utm_source: 'Newsletter', utm_medium: 'email', utm_campaign: 'spring-sale' };
    await contact('2026-03-02T11:02:00.000Z', '203.0.113.20', 'b@buyer.test', {
      ...campaign,
      at: Date.parse('2026-03-02T11:00:00Z'),
    });
    await contact('2026-03-02T11:30:00.000Z', '203.0.113.21', 'B@buyer.test', {
      ...campaign,
      at: Date.parse('2026-03-02T11:00:00Z'),
    });
    await contact('2026-03-02T10:06:00.000Z', '203.0.113.10', 'a@buyer.test', {
      referrer: 'google.com',
      at: Date.parse('2026-03-02T10:00:00Z'),
    });
    await contact('2026-03-02T13:00:00.000Z', '203.0.113.30', 'd@buyer.test');
    await contact('2026-03-02T13:05:00.000Z', '203.0.113.31', 'e@buyer.test', {
      utm_source: 'old-ad',
      at: Date.parse('2026-01-01T00:00:00Z'),
    });
    await contact('2026-03-02T13:10:00.000Z', '203.0.113.32', 'f@buyer.test', {
      utm_source: 'x',
      evil: '1',
      at: 1,
    });
  });
  afterAll(async () => t.close());

  it('counts visitors, page views, visits, bounces and durations exactly', async () => {
    const response = await report('2026-03-02', '2026-03-03');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      visitors: 4, // A, B and C on day 1; A again on day 2
      pageviews: 8,
      visits: 5,
      viewsPerVisit: 1.6,
      bounceRate: 40, // A's second visit, and day 2
      visitDuration: 192, // (300 + 0 + 60 + 600 + 0) / 5 s
    });
    expect(body.pages).toEqual([
      { path: '/', pageviews: 3, visitors: 3 },
      { path: '/pricing', pageviews: 2, visitors: 2 },
      { path: '/blog', pageviews: 1, visitors: 1 },
      { path: '/blog/first-post', pageviews: 1, visitors: 1 },
      { path: '/contact', pageviews: 1, visitors: 1 },
    ]);
    expect(body.entryPages).toEqual([
      { path: '/', entries: 3, bounceRate: 33.3 },
      { path: '/blog', entries: 1, bounceRate: 100 },
      { path: '/blog/first-post', entries: 1, bounceRate: 0 },
    ]);
    expect(body.sources).toEqual([
      { source: 'Direct', channel: 'direct', visitors: 2, visits: 2, bounceRate: 100 },
      { source: 'Google', channel: 'search', visitors: 1, visits: 1, bounceRate: 0 },
      { source: 'LinkedIn', channel: 'social', visitors: 1, visits: 1, bounceRate: 0 },
      { source: 'newsletter', channel: 'referral', visitors: 1, visits: 1, bounceRate: 0 },
    ]);
    expect(body.devices).toEqual([
      { device: 'desktop', visitors: 3 },
      { device: 'mobile', visitors: 1 },
    ]);
    expect(body.browsers).toEqual([
      { browser: 'Chrome', visitors: 2 },
      { browser: 'Firefox', visitors: 1 },
      { browser: 'Safari', visitors: 1 },
    ]);
    expect(body.series).toEqual({
      interval: 'day',
      points: [
        { time: '2026-03-02', visitors: 3, pageviews: 7, visits: 4 },
        { time: '2026-03-03', visitors: 1, pageviews: 1, visits: 1 },
      ],
    });
    expect(body.updatedAt).toBe('2026-03-03T09:00:00.000Z');
  });

  it('gives one day by the hour', async () => {
    const body = (await report('2026-03-02', '2026-03-02')).json();
    expect(body.visitors).toBe(3);
    expect(body.series.interval).toBe('hour');
    expect(body.series.points).toHaveLength(24);
    expect(body.series.points.filter((p: { pageviews: number }) => p.pageviews > 0)).toEqual([
      { time: '2026-03-02T10:00Z', visitors: 1, pageviews: 3, visits: 2 },
      { time: '2026-03-02T11:00Z', visitors: 1, pageviews: 2, visits: 1 },
      { time: '2026-03-02T12:00Z', visitors: 1, pageviews: 2, visits: 1 },
    ]);
  });

  it('attributes contact-form leads to their last non-direct touch, and funnels them by source and campaign', async () => {
    const [b1, b2] = await leadOf('b@buyer.test');
    expect(b1).toMatchObject({
      origin: 'form',
      attribution_source: 'newsletter',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-sale',
    });
    expect(b2!.attribution_source).toBe('newsletter');
    expect((await leadOf('a@buyer.test'))[0]).toMatchObject({
      attribution_source: 'Google',
      utm_source: null,
    });
    expect((await leadOf('d@buyer.test'))[0]).toMatchObject({
      attribution_source: 'Direct',
      utm_source: null,
    });
    // Older than 30 days, and a claim of a shape not ours: Direct, the message still taken.
    expect((await leadOf('e@buyer.test'))[0]!.attribution_source).toBe('Direct');
    expect((await leadOf('f@buyer.test'))[0]!.attribution_source).toBe('Direct');
    // The lead answer shows it (the lead's panel).
    const lead = await t.app.inject({ method: 'GET', url: `/api/leads/${b1!.id}`, headers: admin.headers });
    expect(lead.json().attribution).toEqual({
      source: 'newsletter',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-sale',
    });

    // One of B's leads converts, with a value; spend is typed in for the campaign.
    clock.set('2026-03-05T11:02:00.000Z');
    const converted = await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${b1!.id}`,
      headers: admin.headers,
      payload: { status: 'Converted', value: 5000 },
    });
    expect(converted.statusCode).toBe(200);
    expect(converted.json().lead).toMatchObject({ value: 5000, convertedAt: '2026-03-05T11:02:00.000Z' });
    const spend = await t.app.inject({
      method: 'PUT',
      url: '/api/analytics/campaigns/spend',
      headers: admin.headers,
      payload: { source: 'Newsletter', medium: 'email', campaign: 'Spring-Sale', spend: 1200 },
    });
    expect(spend.statusCode).toBe(200);

    const body = (await report('2026-03-02', '2026-03-03')).json();
    expect(body.funnel).toEqual({ visitors: 4, contacts: 6, leads: 5, converted: 1 });
    expect(body.campaigns).toEqual([
      {
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring-sale',
        visitors: 1,
        visits: 1,
        contacts: 2,
        leads: 1,
        converted: 1,
        conversionRate: 100,
        revenue: 5000,
        spend: 1200,
        leadsAllTime: 1,
        costPerLead: 1200,
      },
    ]);
    expect(body.conversions.bySource).toEqual([
      { source: 'Direct', visitors: 2, contacts: 3, leads: 3, converted: 0, conversionRate: 150 },
      { source: 'newsletter', visitors: 1, contacts: 2, leads: 1, converted: 1, conversionRate: 100 },
      { source: 'Google', visitors: 1, contacts: 1, leads: 1, converted: 0, conversionRate: 100 },
      { source: 'LinkedIn', visitors: 1, contacts: 0, leads: 0, converted: 0, conversionRate: 0 },
    ]);
    expect(body.conversions.revenue).toBe(5000);
    expect(body.conversions.averageDaysToConvert).toBe(3);
    expect(body.conversions.leadSources).toContainEqual({
      source: 'newsletter',
      leads: 2,
      converted: 1,
      revenue: 5000,
      averageDaysToConvert: 3,
    });

    // Leaving Converted clears the day it converted; the spend can be cleared.
    clock.set('2026-03-06T00:00:00.000Z');
    const lost = await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${b1!.id}`,
      headers: admin.headers,
      payload: { status: 'Lost' },
    });
    expect(lost.json().lead.convertedAt).toBeNull();
    await t.app.inject({
      method: 'PUT',
      url: '/api/analytics/campaigns/spend',
      headers: admin.headers,
      payload: { source: 'newsletter', medium: 'email', campaign: 'spring-sale', spend: null },
    });
    const after = (await report('2026-03-02', '2026-03-03')).json();
    expect(after.campaigns[0]).toMatchObject({ converted: 0, revenue: 0, spend: null, costPerLead: null });
  });

  it('says the same in CSV, every row', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/export.csv?from=2026-03-02&to=2026-03-03',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="analytics-2026-03-02-to-2026-03-03.csv"',
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Report","Item","Visitors","Page views","Visits","Entries","Bounce rate %","Contacts","Leads","Converted","Revenue","Spend","Cost per lead"',
    );
    expect(lines[1]).toBe('"Summary","2026-03-02 to 2026-03-03","4","8","5","","40","6","5","0","0","",""');
    expect(lines).toContain('"Page","/pricing","2","2","","","","","","","","",""');
    expect(lines).toContain(
      '"Campaign","newsletter / email / spring-sale","1","","1","","","2","1","0","0","",""',
    );
  });

  it('refuses a range backwards or too long', async () => {
    expect((await report('2026-03-03', '2026-03-02')).statusCode).toBe(400);
    expect((await report('2024-01-01', '2026-03-02')).statusCode).toBe(400);
    expect((await report('2026-02-30', '2026-03-02')).statusCode).toBe(400);
  });

  it('is for SEO Management of the agency: 401 anonymous, 403 without the module, 404 for another workspace', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/analytics?from=2026-03-02&to=2026-03-02' })).statusCode,
    ).toBe(401);
    const manager = await insertUser(t, { workspaceId: AGENCY_WORKSPACE_ID, role: 'Project Manager' });
    expect((await report('2026-03-02', '2026-03-02', manager.headers)).statusCode).toBe(403);
    const spend = await t.app.inject({
      method: 'PUT',
      url: '/api/analytics/campaigns/spend',
      headers: manager.headers,
      payload: { source: 'x', spend: 1 },
    });
    expect(spend.statusCode).toBe(403);
    const seo = await insertUser(t, {
      workspaceId: AGENCY_WORKSPACE_ID,
      role: 'SEO Manager',
      email: uniqueEmail(),
    });
    expect((await report('2026-03-02', '2026-03-02', seo.headers)).statusCode).toBe(200);
    const other = await insertWorkspace(t, { name: 'Another Business' });
    const outsider = await insertUser(t, {
      workspaceId: other.id,
      role: 'SEO Manager',
      email: uniqueEmail(),
    });
    const refused = await report('2026-03-02', '2026-03-02', outsider.headers);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(ANALYTICS_MESSAGES.agencyOnly);
  });
});

describe('counting beside the server-rendered pages', () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = manualClock('2026-03-10T08:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, web: await builtWeb() });
    admin = await seededAdmin(t);
  });
  afterAll(async () => t.close());

  it('puts one constant beacon tag and pixel in every page: a campaign’s clicks still share one cached copy', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/?utm_source=a&utm_campaign=x' });
    const second = await t.app.inject({ method: 'GET', url: '/?utm_source=b&ref=y' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/<script async src="\/assets\/beacon-[\w-]{8}\.js"><\/script>/);
    expect(first.body).toContain(
      '<noscript><img src="/api/event/pixel" alt="" width="1" height="1" referrerpolicy="same-origin"></noscript>',
    );
    expect(second.headers.etag).toBe(first.headers.etag);
    const beacon = first.body.match(/src="(\/assets\/beacon-[\w-]{8}\.js)"/)![1]!;
    const script = await t.app.inject({ method: 'GET', url: beacon, headers: { 'accept-encoding': 'gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.rawPayload.length).toBeLessThanOrEqual(1024);
  });

  it('counts a browser without scripts through the pixel, its page and campaign from Referer', async () => {
    const pixel = (referer?: string, ua: string = UA.firefoxLinux, ip = '203.0.113.90') =>
      t.app.inject({
        method: 'GET',
        url: '/api/event/pixel',
        remoteAddress: ip,
        // What Firefox sends with an image of the page: its language and fetch metadata.
        headers: {
          'user-agent': ua,
          'accept-language': 'en-GB,en;q=0.9',
          'sec-fetch-site': 'same-origin',
          ...(referer ? { referer } : {}),
        },
      });
    const counted = await pixel(
      'https://cdn.agency.example/pricing?utm_source=flyer&utm_medium=print&email=x%40y.test',
    );
    expect(counted.statusCode).toBe(200);
    expect(counted.headers['content-type']).toBe('image/gif');
    expect(counted.headers['cache-control']).toBe('private, no-store');
    expect((await pixel()).statusCode).toBe(200); // no page named: nothing counted
    expect((await pixel('https://agency.example/', UA.googlebot)).statusCode).toBe(200);
    await t.app.analytics.flush();
    const rows = await t.database.handle.db.selectFrom('analytics_events').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      path: '/pricing',
      source: 'flyer',
      utm_medium: 'print',
      referrer_host: '',
    });
  });

  it('does not count addresses no page answers', async () => {
    await sendView(t.app, { ip: '203.0.113.91', ua: UA.chromeWindows, url: '/no-such-page' });
    await sendView(t.app, { ip: '203.0.113.91', ua: UA.chromeWindows, url: '/blog' });
    await t.app.analytics.flush();
    await t.app.analytics.rollUp();
    const body = (
      await t.app.inject({
        method: 'GET',
        url: '/api/analytics?from=2026-03-10&to=2026-03-10',
        headers: admin.headers,
      })
    ).json();
    expect(body.pages.map((p: { path: string }) => p.path).sort()).toEqual(['/blog', '/pricing']);
  });
});
