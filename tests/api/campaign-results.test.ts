import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_RESULT_MESSAGES as M } from '../../src/shared/messages';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import type { CampaignReport, CampaignReports } from '../../src/shared/schemas/campaign-results';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import {
  click,
  insertCampaign,
  insertRecipients,
  openPixel,
  recordEvent,
  setRecipientStatus,
  tokenFor,
} from './support/campaigns';

/**
 * docs/product/marketing.md#results on SQLite and PostgreSQL: the click redirect and the open pixel count
 * once per recipient, the report reads what the sender and the redirect recorded, and the funnel what the
 * campaign's utm_* brought to the agency's site.
 */
describe('campaign results', () => {
  let t: TestApp;
  const now = new Date('2026-11-02T10:00:00.000Z');
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    owner = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Results Studio' })).id,
      role: 'Business Admin',
    });
    admin = await seededAdmin(t);
  });
  afterAll(async () => t?.close());

  const report = async (user: TestUser, id: string) => {
    const response = await call(t.app, 'GET', `/api/campaigns/${id}/report`, user.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CampaignReport;
  };

  it('redirects a click to the stored link with the campaign utm_*, and counts clicks, clickers and opens', async () => {
    const campaign = await insertCampaign(t, owner.workspaceId, {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'nov-sale',
      links: ['https://shop.example/sale?ref=mail#top', 'https://blog.example/post?utm_campaign=partner'],
    });
    const [a, b, c] = await insertRecipients(t, campaign, ['sent', 'sent', 'sent']);

    const first = await click(t, tokenFor(a!), 0);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(
      'https://shop.example/sale?ref=mail&utm_source=newsletter&utm_medium=email&utm_campaign=nov-sale#top',
    );
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The author's own utm_campaign is kept.
    expect((await click(t, tokenFor(a!), 1)).headers.location).toBe(
      'https://blog.example/post?utm_campaign=partner&utm_source=newsletter&utm_medium=email',
    );
    // A mail scanner opening every link at once, and a second click: counted as clicks, not as clickers.
    await Promise.all([click(t, tokenFor(b!), 0), click(t, tokenFor(b!), 1), click(t, tokenFor(b!), 0)]);
    await click(t, tokenFor(a!), 0);
    // Opens: the pixel once per recipient however often it loads; a click counts as an open.
    for (const id of [c!, c!, a!]) {
      const pixel = await openPixel(t, tokenFor(id));
      expect(pixel.statusCode).toBe(200);
      expect(pixel.headers['content-type']).toBe('image/gif');
    }

    const body = await report(owner, campaign.id);
    expect(body.campaign.figures).toMatchObject({
      recipients: 3,
      sent: 3,
      delivered: 3,
      clickers: 2,
      opens: 3,
    });
    expect(body.campaign.figures.opensReliable).toBe(false);
    expect(body.notes.opens).toBe(M.opensUnreliable);
    expect(body.links).toEqual([
      { position: 0, url: 'https://shop.example/sale?ref=mail#top', clickers: 2, clicks: 4 },
      { position: 1, url: 'https://blog.example/post?utm_campaign=partner', clickers: 2, clicks: 2 },
    ]);
    // Outside the agency's workspace the site's figures are not its own.
    expect(body.funnel).toBeNull();
    expect(body.notes.funnel).toBe(M.funnelAgencyOnly);
  });

  it('reports deliveries as the sender moves recipients on: queued, sent, bounced, unsubscribed, complaints', async () => {
    const campaign = await insertCampaign(t, owner.workspaceId);
    const ids = await insertRecipients(t, campaign, [
      'pending',
      'pending',
      'queued',
      'queued',
      'queued',
      'queued',
      'failed',
      'cancelled',
    ]);
    expect((await report(owner, campaign.id)).campaign.figures).toMatchObject({
      recipients: 8,
      pending: 2,
      queued: 4,
      sent: 0,
      failed: 1,
      cancelled: 1,
      delivered: 0,
    });
    const [, , q1, q2, q3, q4] = ids;
    await setRecipientStatus(t, [q1!, q2!, q3!, q4!], 'sent');
    await setRecipientStatus(t, [q4!], 'bounced');
    expect(await recordEvent(t, campaign, q4!, 'bounce-hard')).toBe(true);
    expect(await recordEvent(t, campaign, q4!, 'bounce-hard')).toBe(false);
    await recordEvent(t, campaign, q3!, 'bounce-soft');
    await recordEvent(t, campaign, q2!, 'unsubscribe');
    await recordEvent(t, campaign, q1!, 'complaint');
    expect((await report(owner, campaign.id)).campaign.figures).toEqual({
      recipients: 8,
      pending: 2,
      queued: 0,
      sent: 4,
      failed: 1,
      cancelled: 1,
      delivered: 2,
      bouncedHard: 1,
      bouncedSoft: 1,
      unsubscribed: 1,
      complaints: 1,
      opens: 0,
      opensReliable: false,
      clickers: 0,
    });
  });

  it("counts the agency's site visits, contact messages, leads and customers the campaign's utm_* brought since it started", async () => {
    const db = t.database.handle.db;
    const campaign = await insertCampaign(t, AGENCY_WORKSPACE_ID, {
      utm_source: 'Newsletter',
      utm_medium: 'Email',
      utm_campaign: 'Winter-Offer',
      started_at: '2026-11-02T09:00:00.000Z',
      links: ['https://agency.example/pricing'],
    });
    const [r] = await insertRecipients(t, campaign, ['sent']);
    const redirect = await click(t, tokenFor(r!), 0);
    const landing = new URL(redirect.headers.location as string);
    const utm = Object.fromEntries([...landing.searchParams].filter(([name]) => name.startsWith('utm_')));
    expect(utm).toEqual({ utm_source: 'Newsletter', utm_medium: 'Email', utm_campaign: 'Winter-Offer' });

    // The website analytics keep a campaign lower-cased, by day; the day before the start is not counted.
    const visits = (day: string, n: number) => ({
      day,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'winter-offer',
      visitors: n,
      visits: n,
      pageviews: n,
      bounces: 0,
    });
    await db
      .insertInto('analytics_daily_campaigns')
      .values([visits('2026-11-01', 50), visits('2026-11-02', 7), visits('2026-11-03', 5)])
      .execute();
    // Contact messages carrying the visit's touch: one person twice, another once; a third from elsewhere.
    const contact = async (email: string, touch: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '203.0.113.77',
        payload: {
          name: 'Visitor',
          email,
          message: 'Hello there',
          attribution: { ...touch, at: now.getTime() },
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await contact('ana@buyer.test', utm);
    await contact('ANA@buyer.test', utm);
    await contact('raj@buyer.test', utm);
    await contact('zoe@buyer.test', { utm_source: 'google' });
    await db
      .updateTable('leads')
      .set({ status: 'Converted' })
      .where('email_lower', '=', 'raj@buyer.test')
      .execute();

    const body = await report(admin, campaign.id);
    expect(body.funnel).toEqual({ visits: 12, contactMessages: 3, leads: 2, customers: 1 });
    expect(body.notes.funnel).toBeNull();
    expect(body.links[0]).toMatchObject({ url: 'https://agency.example/pricing', clickers: 1, clicks: 1 });
  });

  it("lists the workspace's campaigns newest first, a page at a time, with their figures", async () => {
    const studio = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Paged Studio' })).id,
      role: 'Business Admin',
    });
    const empty = await call(t.app, 'GET', '/api/campaigns/reports', studio.headers);
    expect(empty.statusCode).toBe(200);
    expect((empty.json() as CampaignReports).campaigns).toEqual([]);

    const made = [];
    for (let i = 0; i < 27; i += 1)
      made.push(
        await insertCampaign(t, studio.workspaceId, {
          name: `Edition ${i}`,
          created_at: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
        }),
      );
    await insertRecipients(t, made[26]!, ['sent', 'sent', 'queued']);

    const first = (
      await call(t.app, 'GET', '/api/campaigns/reports', studio.headers)
    ).json() as CampaignReports;
    expect(first.campaigns).toHaveLength(25);
    expect(first.campaigns[0]).toMatchObject({
      name: 'Edition 26',
      figures: { recipients: 3, sent: 2, queued: 1 },
    });
    expect(first.pagination).toMatchObject({ page: 1, total: 27, totalPages: 2, hasNextPage: true });
    const second = (
      await call(t.app, 'GET', '/api/campaigns/reports?page=2', studio.headers)
    ).json() as CampaignReports;
    expect(second.campaigns.map((c) => c.name)).toEqual(['Edition 1', 'Edition 0']);
  });

  it('refuses a member without the Marketing module', async () => {
    const campaign = await insertCampaign(t, owner.workspaceId);
    const employee = await insertUser(t, { workspaceId: owner.workspaceId, role: 'Employee' });
    expect(
      (await call(t.app, 'GET', `/api/campaigns/${campaign.id}/report`, employee.headers)).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/api/campaigns/${campaign.id}/report`, undefined)).statusCode).toBe(
      401,
    );
  });
});
