import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_RESULTS } from '../../src/shared/campaign-results';
import { CAMPAIGN_RESULT_MESSAGES as M } from '../../src/shared/messages';
import type { CampaignReports } from '../../src/shared/schemas/campaign-results';
import { clickKeys, signClick } from '../../src/server/modules/campaign-results/campaign-results.service';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { click, insertCampaign, insertRecipients, openPixel, tokenFor } from './support/campaigns';

/**
 * docs/security.md#e-mail-marketing: the attacks on a campaign's results, on SQLite and PostgreSQL. The click
 * redirect sends only to a link stored for the token's own campaign (no open redirect), a token is the
 * server's signature of one recipient, a target that is not http(s) is never stored nor followed, and
 * another workspace's campaign is 404.
 */
describe('attacks on campaign results and the click redirect', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Sender Studio' })).id,
      role: 'Business Admin',
    });
    other = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Curious Studio' })).id,
      role: 'Business Admin',
    });
  });
  afterAll(async () => t?.close());

  const clicksOf = async (campaignId: string) =>
    t.database.handle.db
      .selectFrom('campaign_events')
      .select(['recipient_id', 'link_position'])
      .where('campaign_id', '=', campaignId)
      .where('kind', '=', 'click')
      .execute();

  it('sends nowhere but a stored link: a forged position, a foreign URL in the path or query is 404 with no Location', async () => {
    const campaign = await insertCampaign(t, owner.workspaceId, { links: ['https://shop.example/a'] });
    const [r] = await insertRecipients(t, campaign, ['sent']);
    const token = tokenFor(r!);
    for (const path of [
      `/r/${token}/1`,
      `/r/${token}/-1`,
      `/r/${token}/99999`,
      `/r/${token}/0x0`,
      `/r/${token}/https%3A%2F%2Fevil.example`,
      `/r/${encodeURIComponent('https://evil.example')}/0`,
      `/r/${token}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.headers.location, path).toBeUndefined();
      expect(response.statusCode, path).toBe(404);
    }
    // The query of the redirect itself is ignored: still the stored link.
    const withQuery = await t.app.inject({ method: 'GET', url: `/r/${token}/0?url=https://evil.example` });
    expect(withQuery.headers.location).toMatch(/^https:\/\/shop\.example\/a\?utm_source=/);
    expect(await clicksOf(campaign.id)).toEqual([{ recipient_id: r, link_position: 0 }]);
    const notFound = await click(t, token, 1);
    expect(notFound.json()).toEqual({ message: M.linkNotFound });
    // A browser gets a short page saying so, and still no Location.
    const page = await t.app.inject({
      method: 'GET',
      url: `/r/${token}/1`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(M.linkNotFound);
    expect(page.headers.location).toBeUndefined();
  });

  it("sends a token of another campaign's recipient to that campaign's own link, counted there only", async () => {
    const mine = await insertCampaign(t, owner.workspaceId, { links: ['https://mine.example/offer'] });
    const theirs = await insertCampaign(t, other.workspaceId, {
      links: ['https://theirs.example/a', 'https://theirs.example/b'],
    });
    const [their] = await insertRecipients(t, theirs, ['sent']);
    await insertRecipients(t, mine, ['sent']);
    const response = await click(t, tokenFor(their!), 0);
    expect(response.headers.location).toMatch(/^https:\/\/theirs\.example\/a\?/);
    expect(await clicksOf(mine.id)).toEqual([]);
    expect(await clicksOf(theirs.id)).toHaveLength(1);
  });

  it('refuses an altered token, one signed with another key, and one of a deleted recipient', async () => {
    const campaign = await insertCampaign(t, owner.workspaceId, { links: ['https://shop.example/b'] });
    const [r, s] = await insertRecipients(t, campaign, ['sent', 'sent']);
    const token = tokenFor(r!);
    const [id, keyId, digest] = token.split('.') as [string, string, string];
    const flip = (text: string) => text.slice(0, -1) + (text.endsWith('A') ? 'B' : 'A');
    const forged = [
      `${s}.${keyId}.${digest}`, // another recipient under r's signature
      `${id}.${keyId}.${flip(digest)}`,
      `${id}.${flip(keyId)}.${digest}`,
      `${id}.${keyId}`,
      `${id}..${digest}`,
      signClick(clickKeys(createSecretBox('someone-elses-secret-key-of-32-characters-or-more')), r!),
      signClick(
        createSecretBox('test-secret-key-that-seals-smtp-passwords-at-rest').derivedKeys(
          'portal-unsubscribe',
        ),
        r!,
      ),
    ];
    for (const bad of forged) {
      const response = await click(t, bad, 0);
      expect(response.statusCode, bad).toBe(404);
      expect(response.headers.location).toBeUndefined();
      // The pixel answers its image whatever the token, and counts nothing for a forged one.
      expect((await openPixel(t, bad)).statusCode).toBe(200);
    }
    await t.database.handle.db.deleteFrom('campaign_recipients').where('id', '=', r!).execute();
    expect((await click(t, token, 0)).statusCode).toBe(404);
    const events = await t.database.handle.db
      .selectFrom('campaign_events')
      .select('kind')
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(events).toEqual([]);
  });

  it('never stores nor follows a target that is not http(s): javascript:, data:, credentials in the URL', async () => {
    const campaign = await insertCampaign(t, owner.workspaceId, {
      links: [
        'javascript:alert(document.cookie)',
        ' JAVASCRIPT:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'https://paypal.example@evil.example/login',
        '//evil.example',
        'https://shop.example/ok',
      ],
    });
    expect(campaign.positions).toEqual(new Map([['https://shop.example/ok', 0]]));
    const stored = await t.database.handle.db
      .selectFrom('campaign_links')
      .select('url')
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(stored).toEqual([{ url: 'https://shop.example/ok' }]);
    // A row written around saveCampaignLinks is still never followed.
    await t.database.handle.db
      .insertInto('campaign_links')
      .values({ campaign_id: campaign.id, position: 1, url: 'javascript:alert(1)' })
      .execute();
    const [r] = await insertRecipients(t, campaign, ['sent']);
    const response = await click(t, tokenFor(r!), 1);
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });

  it("answers another workspace's campaign by id 404, and never lists it", async () => {
    const theirs = await insertCampaign(t, other.workspaceId, { name: 'Secret launch' });
    const response = await call(t.app, 'GET', `/api/campaigns/${theirs.id}/report`, owner.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: M.campaignNotFound });
    const list = (
      await call(t.app, 'GET', '/api/campaigns/reports', owner.headers)
    ).json() as CampaignReports;
    expect(list.campaigns.map((c) => c.id)).not.toContain(theirs.id);
    expect((await call(t.app, 'GET', `/api/campaigns/${theirs.id}/report`, other.headers)).statusCode).toBe(
      200,
    );
  });

  it('limits the redirects and pixels of one client address', async () => {
    const limited = await createTestApp({ config: { addressLimitMultiplier: 1 } });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < CAMPAIGN_RESULTS.redirectsPerIpLimit; i += 1)
        statuses.add((await click(limited, 'not-a-token', 0, '198.51.100.200')).statusCode);
      expect([...statuses]).toEqual([404]);
      const refused = await click(limited, 'not-a-token', 0, '198.51.100.200');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await click(limited, 'not-a-token', 0, '198.51.100.201')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
