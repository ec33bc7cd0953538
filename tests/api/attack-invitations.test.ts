import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_CONFIRMATION_MESSAGES, INVITATION_MESSAGES as M } from '../../src/shared/messages';
import { INVITATION } from '../../src/shared/mail';
import type { MailOutboxRow } from '../../src/server/db/types';
import { redisAvailable, redisForTest } from '../support/redis';
import {
  ADMIN,
  SITE_URL,
  createTestApp,
  reopenTestDatabase,
  uniqueEmail,
  type TestApp,
} from './support/test-app';
import { freelancerBody, ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { invitationTokenMailedTo } from './support/invitations';
import { call, insertUser, insertWorkspace, seededAdmin, userRow, type TestUser } from './support/users';

/**
 * docs/security.md#invitations: any self-registered Business Admin could send invitations without limit (60 in a row,
 * all 201), under the platform's sender, and an address that already had an account answered 409 "This
 * person already has an account." — an unlimited account-enumeration oracle. Now only a confirmed Admin or
 * Business Admin invites, 20 an hour and 100 a day per workspace, and an address with an account is
 * answered exactly like a new one: its owner gets a "sign in to join" mail instead, and joins through
 * POST /api/invitations/:token/accept.
 */

type Headers = TestUser['headers'];

/** A JSON value's shape: the keys (sorted) and the type of every leaf, not the values. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, v]) => [key, shape(v)]),
    );
  return value === null ? 'null' : typeof value;
}

function suite(t: () => TestApp) {
  const db = () => t().database.handle.db;
  const invite = (headers: Headers, email: string) =>
    call(t().app, 'POST', '/api/workspace/invitations', headers, { email });
  const accept = (headers: Headers | undefined, token: string) =>
    call(t().app, 'POST', `/api/invitations/${encodeURIComponent(token)}/accept`, headers);
  const mailTo = (to: string): Promise<MailOutboxRow[]> =>
    db().selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();
  const activityOf = async (workspaceId: string) =>
    (
      await db().selectFrom('activity').select('action').where('workspace_id', '=', workspaceId).execute()
    ).map((row) => row.action);

  /**
   * A Business Admin signed up through the API, then confirmed. Another engineer is adding the real
   * confirmation flow (docs/security.md#invitations); until these tests open its link, its effect is set in the database.
   */
  async function businessAdmin(
    name = 'Acme Studio',
    { confirmed = true, freelancer = false } = {},
  ): Promise<TestUser & { name: string }> {
    const email = uniqueEmail(uniqueDomain());
    const body = freelancer
      ? freelancerBody(email, { businessName: name })
      : ownerBody(email, { businessName: name });
    const { token, user } = await registerOk(t().app, body);
    if (confirmed)
      await db()
        .updateTable('users')
        .set({ email_confirmed_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute();
    return {
      id: user.id,
      email,
      workspaceId: user.workspaceId,
      headers: { authorization: `Bearer ${token}` },
      name,
    };
  }

  describe('who may invite, and how many', () => {
    it('refuses an unconfirmed Business Admin (403), and sends nothing', async () => {
      const owner = await businessAdmin('Unproven Co', { confirmed: false });
      const to = uniqueEmail('anywhere.test');
      const refused = await invite(owner.headers, to);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(EMAIL_CONFIRMATION_MESSAGES.required);
      expect(await mailTo(to)).toEqual([]);
      const rows = await db().selectFrom('invitations').select('id').where('email', '=', to).execute();
      expect(rows).toEqual([]);
    });

    it('60 invitations in a row: the first 20 are sent, then 429 with Retry-After', async () => {
      const owner = await businessAdmin('Spray Co');
      const answers: number[] = [];
      let limited: Awaited<ReturnType<typeof invite>> | undefined;
      for (let i = 0; i < 60; i += 1) {
        const response = await invite(owner.headers, uniqueEmail('spray.test'));
        answers.push(response.statusCode);
        if (response.statusCode === 429) limited ??= response;
      }
      expect(answers.slice(0, INVITATION.hourlyLimit)).toEqual(Array(INVITATION.hourlyLimit).fill(201));
      expect(answers.slice(INVITATION.hourlyLimit)).toEqual(Array(60 - INVITATION.hourlyLimit).fill(429));
      const retryAfter = Number(limited!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(INVITATION.hourlyWindowMs / 1000);
      expect(limited!.json().message).toBe(M.tooMany(retryAfter));

      const sent = await db()
        .selectFrom('invitations')
        .select('id')
        .where('workspace_id', '=', owner.workspaceId)
        .execute();
      expect(sent).toHaveLength(INVITATION.hourlyLimit);

      // The limit is the workspace's: another workspace still invites.
      const other = await businessAdmin('Quiet Co');
      expect((await invite(other.headers, uniqueEmail('anywhere.test'))).statusCode).toBe(201);
    });

    describe('over a day', () => {
      afterEach(() => vi.useRealTimers());

      it('at most 100 a day, even 20 an hour', async () => {
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
        const owner = await businessAdmin('Patient Co');
        for (let hour = 0; hour < INVITATION.dailyLimit / INVITATION.hourlyLimit; hour += 1) {
          for (let i = 0; i < INVITATION.hourlyLimit; i += 1)
            expect((await invite(owner.headers, uniqueEmail('daily.test'))).statusCode).toBe(201);
          vi.setSystemTime(Date.now() + INVITATION.hourlyWindowMs + 1000);
        }
        const limited = await invite(owner.headers, uniqueEmail('daily.test'));
        expect(limited.statusCode).toBe(429);
        // The wait is the day's: the first of the 100 leaves the window in about 19 hours.
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(INVITATION.hourlyWindowMs / 1000);
      });
    });
  });

  describe('the link reaches only the invitee’s mailbox (attack)', () => {
    it('the inviter is answered no token, so it cannot make a confirmed account for an address it does not own', async () => {
      const owner = await businessAdmin('Link Keeper Co');
      const victim = uniqueEmail('not-the-inviters.test');
      const answer = await invite(owner.headers, victim);
      expect(answer.statusCode).toBe(201);
      const token = await invitationTokenMailedTo(t(), victim);
      // Neither the link nor its token, in any field: the inviter cannot sign up as the victim.
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toContain('invite=');
      expect(Object.keys(answer.json()).sort()).toEqual(['invitation', 'success']);
      // The pending list shows who was invited, never how to join.
      const listed = await call(t().app, 'GET', '/api/workspace/invitations', owner.headers);
      expect(listed.statusCode).toBe(200);
      expect(listed.body).toContain(victim);
      expect(listed.body).not.toContain(token);
    });
  });

  describe('an address with an account answers like a new one', () => {
    it('same status, same body shape, an invitation row, a link of the same form; a sign-in mail', async () => {
      const owner = await businessAdmin('Same Answer Co');
      const member = await insertUser(t(), {
        workspaceId: (await insertWorkspace(t())).id,
        role: 'Team Member',
        email: uniqueEmail('has-account.test'),
      });
      const fresh = uniqueEmail('has-account.test');

      const toNew = await invite(owner.headers, fresh);
      const toExisting = await invite(owner.headers, member.email);
      const toAdmin = await invite(owner.headers, ADMIN.email);
      for (const response of [toNew, toExisting, toAdmin]) {
        expect(response.statusCode).toBe(201);
        expect(shape(response.json())).toEqual(shape(toNew.json()));
        expect(response.body).not.toContain('invite=');
        expect(response.headers['content-type']).toBe(toNew.headers['content-type']);
      }
      expect(toExisting.json().invitation).toMatchObject({
        email: member.email,
        invitedBy: expect.any(String),
      });
      for (const email of [fresh, member.email, ADMIN.email])
        expect(
          await db().selectFrom('invitations').select('id').where('email', '=', email).execute(),
        ).toHaveLength(1);

      // The mailed links describe both invitations the same way.
      const tokens = await Promise.all([fresh, member.email].map((to) => invitationTokenMailedTo(t(), to)));
      const described = await Promise.all(
        tokens.map((token) => t().app.inject({ method: 'GET', url: `/api/invitations/${token}` })),
      );
      expect(described.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(shape(described[1]!.json())).toEqual(shape(described[0]!.json()));
      expect(described[1]!.json()).toEqual({ workspaceName: 'Same Answer Co', email: member.email });

      // The new address is asked to sign up; the existing account to sign in, with the same token.
      const [newMail] = await mailTo(fresh);
      expect(newMail).toMatchObject({ kind: 'invitation', subject: M.subject('Same Answer Co', 'AgencyHQ') });
      expect(newMail!.text_body).toContain(`${SITE_URL}/signup?invite=${tokens[0]}`);
      const [existingMail] = await mailTo(member.email);
      // Same kind and subject: the inviting workspace's delivery log cannot tell them apart either.
      expect(existingMail).toMatchObject({
        kind: 'invitation',
        subject: M.subject('Same Answer Co', 'AgencyHQ'),
      });
      expect(existingMail!.text_body).toContain(`${SITE_URL}/login?invite=${tokens[1]}`);
      expect(existingMail!.text_body).not.toContain('/signup?invite=');

      // Neither goes through the inviting workspace's own mail set-up (its server would see which is which);
      // both show in its delivery log alike, and in no other workspace's.
      expect([newMail!.via, existingMail!.via]).toEqual(['platform', 'platform']);
      expect([newMail!.workspace_id, existingMail!.workspace_id]).toEqual([
        owner.workspaceId,
        owner.workspaceId,
      ]);
      const log = await call(t().app, 'GET', '/api/email/messages', owner.headers);
      expect(log.statusCode).toBe(200);
      const logged = (log.json().messages as { to: string; kind: string; subject: string }[])
        .filter((m) => [fresh, member.email].includes(m.to))
        .map((m) => ({ kind: m.kind, subject: m.subject }));
      expect(logged).toHaveLength(2);
      expect(logged[0]).toEqual(logged[1]);
    });

    it('names the platform, and keeps a hostile workspace name to one short line of plain text', async () => {
      const owner = await businessAdmin('Placeholder');
      const hostile = `Evil Corp\r\nBcc: victim@example.test\n\u0007\u202e<b>Free money</b>${'x'.repeat(500)}`;
      await db()
        .updateTable('workspaces')
        .set({ name: hostile })
        .where('id', '=', owner.workspaceId)
        .execute();
      const to = uniqueEmail('anywhere.test');
      expect((await invite(owner.headers, to)).statusCode).toBe(201);
      const [mail] = await mailTo(to);
      expect(mail!.subject).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(mail!.subject).toContain('Evil Corp Bcc: victim@example.test <b>Free money</b>xxx');
      expect(mail!.subject.length).toBeLessThanOrEqual(
        M.subject('n'.repeat(INVITATION.nameMax), 'AgencyHQ').length,
      );
      expect(mail!.subject).not.toContain('x'.repeat(INVITATION.nameMax));
      expect(mail!.text_body).not.toContain('\r\nBcc:');
      expect(mail!.html_body).not.toContain('<b>Free money</b>');
      expect(mail!.text_body).toContain(M.sentBy('AgencyHQ', new URL(SITE_URL).host));
    });
  });

  describe('signing in to join: POST /api/invitations/:token/accept', () => {
    let inviter: TestUser & { name: string };
    beforeAll(async () => {
      inviter = await businessAdmin('Joinable Co');
    });
    const invitationFor = async (email: string) => {
      const response = await invite(inviter.headers, email);
      expect(response.statusCode).toBe(201);
      return invitationTokenMailedTo(t(), email);
    };

    it.each(['Team Member', 'User', 'Web Developer'])(
      'moves a %s of another workspace in as a Team Member; their session stays',
      async (role) => {
        const home = await insertWorkspace(t(), { name: 'Old Home' });
        const person = await insertUser(t(), {
          workspaceId: home.id,
          role,
          email: uniqueEmail('joiner.test'),
          permissions: JSON.stringify({ dashboard: true }),
        });
        const token = await invitationFor(person.email);
        expect((await accept(undefined, token)).statusCode).toBe(401);

        const joined = await accept(person.headers, token);
        expect(joined.statusCode).toBe(200);
        expect(joined.json()).toMatchObject({
          success: true,
          workspaceName: 'Joinable Co',
          signInAgain: false,
          user: { id: person.id, role: 'Team Member', workspaceId: inviter.workspaceId, permissions: {} },
        });
        expect(await userRow(t(), person.id)).toMatchObject({
          workspace_id: inviter.workspaceId,
          role: 'Team Member',
          permissions: '{}',
          session_version: 0,
        });
        const profile = await call(t().app, 'GET', '/api/profile', person.headers);
        expect(profile.statusCode).toBe(200);
        expect((await activityOf(home.id)).join('\n')).toContain('Joinable Co');
        expect((await activityOf(inviter.workspaceId)).join('\n')).toMatch(/joined .*Team Member/);
        // Once.
        expect((await accept(person.headers, token)).statusCode).toBe(404);
      },
    );

    it('moves the sole owner of a workspace, and leaves that workspace as it is', async () => {
      const solo = await businessAdmin('Lonely Solo', { freelancer: true });
      const token = await invitationFor(solo.email);
      const joined = await accept(solo.headers, token);
      expect(joined.statusCode).toBe(200);
      expect((await userRow(t(), solo.id)).workspace_id).toBe(inviter.workspaceId);
      const left = await db()
        .selectFrom('workspaces')
        .select(['id', 'deleted_at'])
        .where('id', '=', solo.workspaceId)
        .executeTakeFirst();
      expect(left).toEqual({ id: solo.workspaceId, deleted_at: null });
    });

    it('refuses an Admin, and an owner whose workspace still has members (409)', async () => {
      const admin = await seededAdmin(t());
      const adminToken = await invitationFor(ADMIN.email);
      const refusedAdmin = await accept(admin.headers, adminToken);
      expect(refusedAdmin.statusCode).toBe(409);
      expect(refusedAdmin.json().message).toBe(M.adminCannotJoin);

      const owner = await businessAdmin('Busy Co');
      await insertUser(t(), { workspaceId: owner.workspaceId, role: 'Team Member' });
      const ownerToken = await invitationFor(owner.email);
      const refusedOwner = await accept(owner.headers, ownerToken);
      expect(refusedOwner.statusCode).toBe(409);
      expect(refusedOwner.json().message).toBe(M.ownerWithMembers('Busy Co'));

      for (const user of [admin, owner]) {
        const row = await userRow(t(), user.id);
        expect(row.workspace_id).toBe(user.workspaceId);
        expect(row.role).not.toBe('Team Member');
      }
      // Still open: refusing used nothing up.
      expect(
        (await t().app.inject({ method: 'GET', url: `/api/invitations/${ownerToken}` })).statusCode,
      ).toBe(200);
    });

    it('refuses an invitation addressed to someone else, and an unconfirmed account', async () => {
      const addressee = uniqueEmail('joiner.test');
      const token = await invitationFor(addressee);
      const stranger = await insertUser(t(), {
        workspaceId: (await insertWorkspace(t())).id,
        role: 'Team Member',
      });
      const mismatch = await accept(stranger.headers, token);
      expect(mismatch.statusCode).toBe(403);
      expect(mismatch.json().message).toBe(M.emailMismatch);
      expect((await userRow(t(), stranger.id)).workspace_id).toBe(stranger.workspaceId);

      const unproven = await insertUser(t(), {
        workspaceId: (await insertWorkspace(t())).id,
        role: 'Team Member',
        email: uniqueEmail('joiner.test'),
        confirmed: false,
      });
      const unprovenToken = await invitationFor(unproven.email);
      const refused = await accept(unproven.headers, unprovenToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(EMAIL_CONFIRMATION_MESSAGES.required);
      expect((await userRow(t(), unproven.id)).workspace_id).toBe(unproven.workspaceId);

      expect((await accept(stranger.headers, 'not-a-real-token')).statusCode).toBe(404);
    });

    it('ends the sessions of a person without a second factor joining a workspace that requires one', async () => {
      const strict = await businessAdmin('Strict Co');
      await db()
        .updateTable('workspaces')
        .set({ require_two_factor: 1 })
        .where('id', '=', strict.workspaceId)
        .execute();
      const person = await insertUser(t(), {
        workspaceId: (await insertWorkspace(t())).id,
        role: 'Team Member',
        email: uniqueEmail('joiner.test'),
      });
      expect((await invite(strict.headers, person.email)).statusCode).toBe(201);
      const joined = await accept(person.headers, await invitationTokenMailedTo(t(), person.email));
      expect(joined.statusCode).toBe(200);
      expect(joined.json()).toMatchObject({ signInAgain: true, workspaceName: 'Strict Co' });
      expect((await userRow(t(), person.id)).session_version).toBe(1);
      expect((await call(t().app, 'GET', '/api/profile', person.headers)).statusCode).toBe(401);
    });
  });
}

describe('attack: unlimited invitations and the account oracle (docs/security.md#invitations)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  suite(() => t);
});

describe.runIf(redisAvailable)('the invitation limit with two instances and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let stopRedis: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const redis = await redisForTest();
    stopRedis = redis.stop;
    a = await createTestApp({ redisUrl: redis.url });
    b = await createTestApp({ redisUrl: redis.url, database: await reopenTestDatabase(a.database) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await stopRedis?.();
  });

  it('counts a workspace’s invitations on both instances together', async () => {
    await expect.poll(() => a.app.limits.shared && b.app.limits.shared).toBe(true);
    // A new workspace each run: counts a shared Redis keeps from an earlier run never apply.
    const { token, user } = await registerOk(
      a.app,
      ownerBody(uniqueEmail(uniqueDomain()), { businessName: 'Two Doors' }),
    );
    await a.database.handle.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    const headers = { authorization: `Bearer ${token}` };
    const half = INVITATION.hourlyLimit / 2;
    for (const instance of [a, b])
      for (let i = 0; i < half; i += 1)
        expect(
          (await call(instance.app, 'POST', '/api/workspace/invitations', headers, { email: uniqueEmail() }))
            .statusCode,
        ).toBe(201);
    for (const instance of [a, b])
      expect(
        (await call(instance.app, 'POST', '/api/workspace/invitations', headers, { email: uniqueEmail() }))
          .statusCode,
      ).toBe(429);
  });
});
