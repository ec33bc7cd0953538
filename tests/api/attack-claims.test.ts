import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SERVER_MESSAGES, EMAIL_CONFIRMATION_MESSAGES as M } from '../../src/shared/messages';
import { EMAIL_CONFIRMATION, WAITING_ROOM_WORKSPACE_ID } from '../../src/shared/email-confirmation';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { ADMIN, createTestApp, type TestApp } from './support/test-app';
import {
  confirmByMail,
  confirmationTokenFor,
  ownerBody,
  register,
  registerConfirmed,
  registerOk,
  teamMemberBody,
  uniqueDomain,
} from './support/accounts';
import { call } from './support/users';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { invitationTokenMailedTo } from './support/invitations';

/**
 * docs/security.md#proven-addresses-and-domains, replayed against the API: nobody joins a workspace, owns a domain or gets a
 * session past a workspace's two-factor rule on an address they have not proven.
 */
describe('claims need proof', () => {
  let t: TestApp;
  let now = new Date('2026-11-26T10:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(async () => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const userRow = (email: string) =>
    t.database.handle.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const workspaceRow = (id: string) =>
    t.database.handle.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = (email: string, kind: string) =>
    t.database.handle.db
      .selectFrom('mail_outbox')
      .select(['kind', 'via', 'subject'])
      .where('to_address', '=', email)
      .where('kind', '=', kind as never)
      .execute();

  describe('attack 1: joining a tenant by typing an address at its domain', () => {
    const mallory = 'mallory@agency.test';
    let token: string;

    beforeAll(async () => {
      const answer = await registerOk(t.app, teamMemberBody(mallory, { username: 'mallory' }));
      token = answer.token;
    });

    it('signs the Team Member up outside every workspace, unconfirmed, with a link mailed', async () => {
      const row = await userRow(mallory);
      expect(row.workspace_id).toBe(WAITING_ROOM_WORKSPACE_ID);
      expect(row.workspace_id).not.toBe(AGENCY_WORKSPACE_ID);
      expect(row.pending_workspace_id).toBe(AGENCY_WORKSPACE_ID);
      expect(row.email_confirmed_at).toBeNull();
      expect(await mailsTo(mallory, 'email-confirmation')).toEqual([
        expect.objectContaining({ via: 'platform' }),
      ]);
      const profile = await call(t.app, 'GET', '/api/profile', bearer(token));
      expect(profile.statusCode).toBe(200);
      expect(profile.json().user).toMatchObject({ emailConfirmed: false, role: 'Team Member' });
    });

    it('shows the unconfirmed account nothing of the workspace it typed its way toward', async () => {
      for (const url of ['/api/workspace', '/api/users', '/api/leads', '/api/workspace/invitations']) {
        const response = await call(t.app, 'GET', url, bearer(token));
        expect(response.statusCode, url).toBe(403);
        expect(response.json().message, url).toBe(M.required);
        expect(response.body, url).not.toContain(ADMIN.email);
      }
      const members = await t.database.handle.db
        .selectFrom('users')
        .select('email')
        .where('workspace_id', '=', AGENCY_WORKSPACE_ID)
        .execute();
      expect(members.map((m) => m.email)).not.toContain(mallory);
    });

    it('lets the mailbox owner in only by the link: then a Team Member, and the admins are told', async () => {
      const answer = await confirmByMail(t, mallory);
      expect(answer).toMatchObject({ message: M.joined('AgencyHQ'), signInAgain: false });
      const row = await userRow(mallory);
      expect(row).toMatchObject({
        workspace_id: AGENCY_WORKSPACE_ID,
        role: 'Team Member',
        pending_workspace_id: null,
      });
      expect(row.email_confirmed_at).not.toBeNull();
      expect(await mailsTo(ADMIN.email, 'member-joined')).toHaveLength(1);
    });

    it('makes the link single-use and short-lived', async () => {
      const reused = await call(t.app, 'POST', '/api/email-confirmation/confirm', undefined, {
        token: await confirmationTokenFor(t, mallory),
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toBe(M.invalidLink);

      const late = `late-${uniqueDomain()}`.replace('.test', '');
      await registerOk(t.app, ownerBody(`boss@${late}.test`));
      const lateToken = await confirmationTokenFor(t, `boss@${late}.test`);
      const saved = now;
      now = new Date(now.getTime() + EMAIL_CONFIRMATION.tokenTtlMs + 1000);
      try {
        const expired = await call(t.app, 'POST', '/api/email-confirmation/confirm', undefined, {
          token: lateToken,
        });
        expect(expired.statusCode).toBe(400);
      } finally {
        now = saved;
      }
    });
  });

  describe('attack 2: squatting a company domain', () => {
    const domain = uniqueDomain();
    let squatter: Awaited<ReturnType<typeof registerOk>>;

    beforeAll(async () => {
      squatter = await registerOk(t.app, ownerBody(`ceo@${domain}`, { businessName: 'Not BigCorp' }));
    });

    it('gives an unconfirmed claim no domain: nobody joins it, the check says not found', async () => {
      const workspace = await workspaceRow(squatter.user.workspaceId);
      expect(workspace).toMatchObject({ domain: null, pending_domain: domain });
      const check = await call(t.app, 'POST', '/api/check-domain', undefined, { domain });
      expect(check.statusCode).toBe(404);
      const employee = await register(t.app, teamMemberBody(`emp1@${domain}`));
      expect(employee.statusCode).toBe(400);
      expect(employee.json().message).toBe(AUTH_MESSAGES.domainNotFound);
    });

    it("does not refuse the real founder's sign-up, and the first confirmed claim wins", async () => {
      const founder = await registerOk(t.app, ownerBody(`founder@${domain}`, { businessName: 'BigCorp' }));
      await confirmByMail(t, `founder@${domain}`);
      expect(await workspaceRow(founder.user.workspaceId)).toMatchObject({ domain, pending_domain: null });

      // Even if the squatter could open a link later, the domain stays with the workspace that proved it first.
      const late = await confirmByMail(t, `ceo@${domain}`);
      expect(late.message).toBe(M.domainTakenOnConfirm(domain));
      expect(await workspaceRow(squatter.user.workspaceId)).toMatchObject({
        domain: null,
        pending_domain: null,
      });

      const employee = await registerOk(t.app, teamMemberBody(`emp2@${domain}`));
      await confirmByMail(t, `emp2@${domain}`);
      expect((await userRow(`emp2@${domain}`)).workspace_id).toBe(founder.user.workspaceId);
      expect(employee.user.workspaceId).toBe(WAITING_ROOM_WORKSPACE_ID);

      const another = await register(t.app, ownerBody(`other@${domain}`));
      expect(another.statusCode).toBe(409);
      expect(another.json().message).toBe(SERVER_MESSAGES.domainTaken);
    });

    it('never makes a public or disposable mail provider a business domain', async () => {
      for (const email of ['someone@gmail.com', 'someone@yahoo.co.in', 'someone@mailinator.com']) {
        const owner = await registerOk(t.app, ownerBody(email));
        expect((await workspaceRow(owner.user.workspaceId)).pending_domain, email).toBeNull();
        await confirmByMail(t, email);
        expect((await workspaceRow(owner.user.workspaceId)).domain, email).toBeNull();
      }
    });

    it("hands an account signed up with someone else's address to the mailbox owner by a password reset", async () => {
      const victimDomain = uniqueDomain();
      const squat = await registerOk(t.app, ownerBody(`ceo@${victimDomain}`));
      const asked = await call(t.app, 'POST', '/api/password/forgot', undefined, {
        email: `ceo@${victimDomain}`,
      });
      expect(asked.statusCode).toBe(202);
      await settleAfterAnswer(); // the reset mail is made after the answer
      const mail = await t.database.handle.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', `ceo@${victimDomain}`)
        .where('kind', '=', 'password-reset')
        .executeTakeFirstOrThrow();
      const resetToken = mail.text_body.match(/reset-password\?token=([\w-]+)/)![1];
      const reset = await call(t.app, 'POST', '/api/password/reset', undefined, {
        token: resetToken,
        password: 'the-real-owner-1',
        confirmPassword: 'the-real-owner-1',
      });
      expect(reset.statusCode).toBe(200);
      expect((await userRow(`ceo@${victimDomain}`)).email_confirmed_at).not.toBeNull();
      expect(await workspaceRow(squat.user.workspaceId)).toMatchObject({ domain: victimDomain });
      // The squatter's session ended with the reset.
      expect((await call(t.app, 'GET', '/api/profile', bearer(squat.token))).statusCode).toBe(401);
    });

    it('erases a sign-up never confirmed within 7 days: the address is free again', async () => {
      const lapsedDomain = uniqueDomain();
      const lapsed = await registerOk(t.app, ownerBody(`ceo@${lapsedDomain}`));
      const saved = now;
      now = new Date(now.getTime() + EMAIL_CONFIRMATION.unconfirmedTtlMs + 60_000);
      try {
        const again = await registerOk(t.app, ownerBody(`ceo@${lapsedDomain}`));
        expect(again.user.id).not.toBe(lapsed.user.id);
        const gone = await t.database.handle.db
          .selectFrom('workspaces')
          .select('id')
          .where('id', '=', lapsed.user.workspaceId)
          .executeTakeFirst();
        expect(gone).toBeUndefined();
      } finally {
        now = saved;
      }
    });
  });

  describe('resending the link', () => {
    it('mails a new link that replaces the old one, a few an hour, and never once confirmed', async () => {
      const email = `resend@${uniqueDomain()}`;
      const { token } = await registerOk(t.app, ownerBody(email));
      const first = await confirmationTokenFor(t, email);
      const answers = [];
      const saved = now;
      for (let i = 0; i < EMAIL_CONFIRMATION.resendLimit + 1; i += 1) {
        now = new Date(now.getTime() + 1000); // each mail its own moment: the newest is the one that works
        answers.push(await call(t.app, 'POST', '/api/email-confirmation', bearer(token)));
      }
      expect(answers.slice(0, -1).map((a) => a.statusCode)).toEqual(
        Array(EMAIL_CONFIRMATION.resendLimit).fill(200),
      );
      const refused = answers.at(-1)!;
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const old = await call(t.app, 'POST', '/api/email-confirmation/confirm', undefined, { token: first });
      expect(old.statusCode).toBe(400);
      await confirmByMail(t, email);
      expect((await call(t.app, 'POST', '/api/email-confirmation', bearer(token))).statusCode).toBe(409);
      now = saved;
    });
  });

  describe('attack 5: two-factor required, but not at the door', () => {
    /** A confirmed Business Owner whose workspace (owning its domain) requires two-factor sign-in. */
    async function confirmedOwnerRequiringTwoFactor() {
      const domain = uniqueDomain();
      const owner = await registerConfirmed(t, ownerBody(`boss@${domain}`));
      await t.database.handle.db
        .updateTable('workspaces')
        .set({ require_two_factor: 1 })
        .where('id', '=', owner.user.workspaceId)
        .execute();
      return { domain, owner };
    }

    it('answers an invited sign-up into a workspace requiring 2FA with the set-up step, not a session', async () => {
      const { owner } = await confirmedOwnerRequiringTwoFactor();
      const invited = await call(t.app, 'POST', '/api/workspace/invitations', bearer(owner.token), {
        email: 'newcomer@elsewhere.test',
      });
      expect(invited.statusCode).toBe(201);
      const inviteToken = await invitationTokenMailedTo(t, 'newcomer@elsewhere.test');
      const signUp = await register(
        t.app,
        teamMemberBody('newcomer@elsewhere.test', { inviteToken, username: 'newcomer' }),
      );
      expect(signUp.statusCode).toBe(201);
      expect(signUp.json()).toMatchObject({ secondStep: 'setup' });
      expect(signUp.json().token).toBeUndefined();
      const challenge = await call(t.app, 'GET', '/api/profile', bearer(signUp.json().challengeToken));
      expect(challenge.statusCode).toBe(401);
    });

    it('ends the waiting session of a member who joins a 2FA workspace by domain', async () => {
      const { domain } = await confirmedOwnerRequiringTwoFactor();
      const member = await registerOk(t.app, teamMemberBody(`dev@${domain}`));
      expect(member.token).toBeTruthy(); // waiting outside any workspace: no rule of one applies yet
      const confirmed = await confirmByMail(t, `dev@${domain}`);
      expect(confirmed.signInAgain).toBe(true);
      expect((await call(t.app, 'GET', '/api/profile', bearer(member.token))).statusCode).toBe(401);
      const signIn = await call(t.app, 'POST', '/api/login', undefined, {
        email: `dev@${domain}`,
        password: 'secret-pass-1',
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json()).toMatchObject({ secondStep: 'setup' });
    });
  });
});
