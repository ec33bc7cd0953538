import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES as M } from '../../src/shared/messages';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import {
  listUnsubscribeKeys,
  signListUnsubscribe,
} from '../../src/server/modules/mailing-lists/unsubscribe-token';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { SECRET_KEY, createTestApp, type TestApp } from './support/test-app';
import { call, type TestUser } from './support/users';
import {
  createCampaign,
  createTemplate,
  marketingWorkspace,
  subscribedList,
} from './support/campaign-sending';

/**
 * Attacks on campaigns (docs/security.md#e-mail-marketing), on SQLite and PostgreSQL: another workspace's
 * campaign by id, its template or list in one's own campaign, and unsubscribing someone else by forging,
 * altering or re-aiming an unsubscribe token.
 */
describe('attacks on campaigns', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let mine: { workspaceId: string; boss: TestUser };
  let theirs: { workspaceId: string; boss: TestUser };
  let theirCampaignId: string;
  let theirTemplateId: string;
  let theirList: Awaited<ReturnType<typeof subscribedList>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true });
    mine = await marketingWorkspace(t, sink, { name: 'Mine' });
    theirs = await marketingWorkspace(t, sink, { name: 'Theirs' });
    theirTemplateId = await createTemplate(t, theirs.boss);
    theirList = await subscribedList(t, theirs.workspaceId, 3, { domain: 'theirs.test' });
    theirCampaignId = (
      await createCampaign(t, theirs.boss, { templateId: theirTemplateId, listId: theirList.listId })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("answers 404 for another workspace's campaign, whatever is asked of it, and changes nothing", async () => {
    const url = `/api/campaigns/${theirCampaignId}`;
    const myTemplate = await createTemplate(t, mine.boss);
    const myList = await subscribedList(t, mine.workspaceId, 1);
    const attempts = [
      await call(t.app, 'GET', url, mine.boss.headers),
      await call(t.app, 'PUT', url, mine.boss.headers, {
        name: 'Hijacked',
        templateId: myTemplate,
        listId: myList.listId,
      }),
      await call(t.app, 'DELETE', url, mine.boss.headers),
      await call(t.app, 'POST', `${url}/send`, mine.boss.headers),
      await call(t.app, 'POST', `${url}/pause`, mine.boss.headers),
      await call(t.app, 'POST', `${url}/cancel`, mine.boss.headers),
      await call(t.app, 'POST', `${url}/schedule`, mine.boss.headers, {
        at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    ];
    for (const answer of attempts) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().message).toBe(M.notFound);
    }
    const row = await t.database.handle.db
      .selectFrom('campaigns')
      .select(['name', 'status', 'template_id'])
      .where('id', '=', theirCampaignId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Spring newsletter', status: 'draft', template_id: theirTemplateId });
  });

  it("never lets a campaign use another workspace's template or list", async () => {
    const myTemplate = await createTemplate(t, mine.boss);
    const myList = await subscribedList(t, mine.workspaceId, 1);
    const foreignTemplate = await call(t.app, 'POST', '/api/campaigns', mine.boss.headers, {
      name: 'Borrowed template',
      templateId: theirTemplateId,
      listId: myList.listId,
    });
    expect(foreignTemplate.statusCode).toBe(400);
    expect(foreignTemplate.json().message).toBe(M.templateNotFound);
    const foreignList = await call(t.app, 'POST', '/api/campaigns', mine.boss.headers, {
      name: 'Borrowed list',
      templateId: myTemplate,
      listId: theirList.listId,
    });
    expect(foreignList.statusCode).toBe(400);
    expect(foreignList.json().message).toBe(M.listNotFound);
    const { total } = (await call(t.app, 'GET', '/api/campaigns', mine.boss.headers)).json().pageInfo;
    expect(total).toBe(0);
  });

  it('unsubscribes nobody with a forged, altered or re-aimed token', async () => {
    const status = async (subscriberId: string) =>
      (
        await t.database.handle.db
          .selectFrom('list_members')
          .select('status')
          .where('subscriber_id', '=', subscriberId)
          .executeTakeFirstOrThrow()
      ).status;
    const victim = theirList.subscriberIds[0]!;
    const genuine = signListUnsubscribe(listUnsubscribeKeys(createSecretBox(SECRET_KEY)), {
      subscriberId: victim,
      listId: theirList.listId,
      recipientId: null,
    });
    const [, list, recipient, keyId, mac] = genuine.split('.');
    const otherPerson = theirList.subscriberIds[1]!;
    const forged = [
      // The ids guessed, signed with another key (an attacker's own SECRET_KEY).
      signListUnsubscribe(
        listUnsubscribeKeys(createSecretBox('an-attacker-secret-key-of-enough-length-000')),
        {
          subscriberId: victim,
          listId: theirList.listId,
          recipientId: null,
        },
      ),
      // A genuine token re-aimed at another person of the list.
      [otherPerson, list, recipient, keyId, mac].join('.'),
      // Its signature altered by one character.
      `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`,
      // Shapes that are no token at all.
      'x',
      `${victim}.${theirList.listId}.-.k.`,
      '../../etc/passwd',
    ];
    for (const token of forged) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(read.statusCode, token).toBe(400);
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        payload: { token, everything: true },
      });
      expect(posted.statusCode, token).toBe(400);
      expect(posted.json().message).toBe(M.unsubscribeInvalid);
      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, token).toBe(400);
    }
    expect(await status(victim)).toBe('subscribed');
    expect(await status(otherPerson)).toBe('subscribed');
    const suppressed = await t.database.handle.db
      .selectFrom('suppressions')
      .select('email')
      .where('workspace_id', '=', theirs.workspaceId)
      .execute();
    expect(suppressed).toEqual([]);

    // The genuine one works, for its one person only.
    const real = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: genuine } });
    expect(real.statusCode, real.body).toBe(200);
    expect(await status(victim)).toBe('unsubscribed');
    expect(await status(otherPerson)).toBe('subscribed');
  });
});
