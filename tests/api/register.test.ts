import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import { WAITING_ROOM_WORKSPACE_ID } from '../../src/shared/email-confirmation';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import {
  countRows,
  freelancerBody,
  ownerBody,
  register,
  registerOk,
  registerConfirmed,
  confirmByMail,
  confirmationTokenFor,
  teamMemberBody,
  uniqueDomain,
} from './support/accounts';

/** POST /api/register (docs/product/auth.md#sign-up, docs/architecture.md#tenancy-and-authorization). */
describe('POST /api/register', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function expectNothingCreated(action: () => Promise<void>) {
    const before = [await countRows(t, 'users'), await countRows(t, 'workspaces')];
    await action();
    expect([await countRows(t, 'users'), await countRows(t, 'workspaces')]).toEqual(before);
  }

  describe('a business owner and the team members of its domain', () => {
    const domain = uniqueDomain();
    let owner: Awaited<ReturnType<typeof registerOk>>;

    beforeAll(async () => {
      owner = await registerConfirmed(
        t,
        ownerBody(`  Boss@${domain.toUpperCase()} `, { businessName: 'Acme' }),
      );
    });

    it('makes the owner a Business Admin of a new workspace', async () => {
      expect(owner.user).toMatchObject({ email: `boss@${domain}`, role: 'Business Admin', status: 'Active' });
      expect(owner.user._id).toBe(owner.user.id);
      expect(owner.user.workspaceId).toBeTruthy();
      expect(owner.user.workspaceId).not.toBe(AGENCY_WORKSPACE_ID);
      expect(JSON.stringify(owner)).not.toMatch(/password_hash|passwordHash|scrypt\$/);
      const workspace = await t.database.handle.db
        .selectFrom('workspaces')
        .selectAll()
        .where('id', '=', owner.user.workspaceId)
        .executeTakeFirstOrThrow();
      expect(workspace).toMatchObject({ name: 'Acme', domain, kind: 'business' });
    });

    it('issues a token that works on GET /api/profile', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ id: owner.user.id, role: 'Business Admin' });
    });

    it('lets a team member of that domain join the same workspace', async () => {
      const response = await register(
        t.app,
        teamMemberBody(`Jo@${domain.toUpperCase()}`, { username: 'jo' }),
      );

      expect(response.statusCode).toBe(201);
      const { user, token } = response.json();
      expect(token).toBeTruthy();
      expect(user).toMatchObject({ email: `jo@${domain}`, username: 'jo', role: 'Team Member' });
      // docs/product/auth.md#proven-addresses: outside every workspace until the mailed link proves the address.
      expect(user).toMatchObject({ workspaceId: WAITING_ROOM_WORKSPACE_ID, emailConfirmed: false });
      await confirmByMail(t, `jo@${domain}`);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.json().user).toMatchObject({
        workspaceId: owner.user.workspaceId,
        emailConfirmed: true,
      });
    });

    it('refuses a second business owner on the owned domain with 409', async () => {
      await expectNothingCreated(async () => {
        const response = await register(t.app, ownerBody(`other@${domain}`));
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(SERVER_MESSAGES.domainTaken);
      });
    });

    it('refuses an e-mail that is already registered, in any case, with 409', async () => {
      await expectNothingCreated(async () => {
        const asOwner = await register(t.app, freelancerBody(`BOSS@${domain}`));
        const asMember = await register(t.app, teamMemberBody(` boss@${domain.toUpperCase()}`));
        for (const response of [asOwner, asMember]) {
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual({ message: SERVER_MESSAGES.emailTaken });
        }
      });
    });
  });

  it('gives a freelancer the Freelancer role, its own workspace and no claimed domain', async () => {
    const domain = uniqueDomain();
    const first = await registerOk(t.app, freelancerBody(`solo@${domain}`, { businessName: 'Solo' }));
    const second = await registerOk(t.app, freelancerBody(`duo@${domain}`));

    expect(first.user).toMatchObject({ role: 'Freelancer', username: 'Solo' });
    expect(second.user.role).toBe('Freelancer');
    expect(first.user.workspaceId).not.toBe(second.user.workspaceId);
    const member = await register(t.app, teamMemberBody(`mate@${domain}`));
    expect(member.statusCode).toBe(400);
    expect(member.json().message).toBe(AUTH_MESSAGES.domainNotFound);
  });

  it('refuses a team member whose domain no business owns and creates nothing', async () => {
    await expectNothingCreated(async () => {
      const response = await register(t.app, teamMemberBody(`nobody@${uniqueDomain()}`));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AUTH_MESSAGES.domainNotFound);
    });
  });

  it('lets a business on a public mail domain claim no domain', async () => {
    const first = await registerOk(t.app, ownerBody(uniqueEmail('gmail.com')));
    const second = await registerOk(t.app, ownerBody(uniqueEmail('GMAIL.com')));

    expect([first.user.role, second.user.role]).toEqual(['Business Admin', 'Business Admin']);
    expect(first.user.workspaceId).not.toBe(second.user.workspaceId);
    await expectNothingCreated(async () => {
      const member = await register(t.app, teamMemberBody(uniqueEmail('gmail.com')));
      expect(member.statusCode).toBe(400);
      expect(member.json().message).toBe(AUTH_MESSAGES.domainNotFound);
    });
  });

  it('derives the role from userType and ignores a role sent by the client', async () => {
    const email = uniqueEmail();
    const { user } = await registerOk(t.app, freelancerBody(email, { role: 'Admin', status: 'Terminated' }));

    expect(user).toMatchObject({ role: 'Freelancer', status: 'Active' });
    const row = await t.database.handle.db
      .selectFrom('users')
      .select(['role', 'status'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'Freelancer', status: 'Active' });
  });

  const email = 'valid.person@example.test';
  it.each([
    [
      'a 5-character password',
      ownerBody(email, { password: '12345', confirmPassword: '12345' }),
      AUTH_MESSAGES.passwordTooShort,
    ],
    [
      'a 5-character password without confirmation',
      ownerBody(email, { password: '12345', confirmPassword: undefined }),
      AUTH_MESSAGES.passwordTooShort,
    ],
    [
      'mismatched passwords',
      ownerBody(email, { confirmPassword: 'secret-pass-2' }),
      AUTH_MESSAGES.passwordsMismatch,
    ],
    ['no userType', ownerBody(email, { userType: undefined }), AUTH_MESSAGES.chooseUserType],
    ['an unknown userType', ownerBody(email, { userType: 'Admin' }), AUTH_MESSAGES.chooseUserType],
    ['an empty userType', ownerBody(email, { userType: '' }), AUTH_MESSAGES.chooseUserType],
    [
      'a business owner without business name',
      ownerBody(email, { businessName: undefined }),
      SERVER_MESSAGES.businessNameRequired,
    ],
    [
      'a freelancer without business name',
      freelancerBody(email, { businessName: undefined }),
      SERVER_MESSAGES.businessNameRequired,
    ],
    [
      'a freelancer with a blank business name',
      freelancerBody(email, { businessName: '   ' }),
      SERVER_MESSAGES.businessNameRequired,
    ],
    [
      'a team member without username',
      teamMemberBody(email, { username: undefined }),
      SERVER_MESSAGES.usernameRequired,
    ],
    ['no e-mail', ownerBody(email, { email: undefined }), SERVER_MESSAGES.emailRequired],
    ['an invalid e-mail', ownerBody('not-an-email'), SERVER_MESSAGES.emailInvalid],
    [
      'no password',
      ownerBody(email, { password: undefined, confirmPassword: undefined }),
      SERVER_MESSAGES.passwordRequired,
    ],
  ])('answers 400 for %s and changes nothing', async (_label, body, message) => {
    await expectNothingCreated(async () => {
      const response = await register(t.app, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });
  });

  it('lets exactly one of two simultaneous sign-ups with one e-mail through', async () => {
    const email = uniqueEmail();
    const responses = await Promise.all([
      register(t.app, freelancerBody(email)),
      register(t.app, freelancerBody(email.toUpperCase())),
    ]);

    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().message).toBe(SERVER_MESSAGES.emailTaken);
    const rows = await t.database.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous business owners own one domain: the first to confirm', async () => {
    const domain = uniqueDomain();
    const responses = await Promise.all([
      register(t.app, ownerBody(`a@${domain}`)),
      register(t.app, ownerBody(`b@${domain}`)),
    ]);
    // docs/product/auth.md#proven-addresses: an unconfirmed claim refuses nobody; the confirmations race for the domain.
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    const confirmations = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/email-confirmation/confirm',
        payload: { token: await confirmationTokenFor(t, `a@${domain}`) },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/email-confirmation/confirm',
        payload: { token: await confirmationTokenFor(t, `b@${domain}`) },
      }),
    ]);
    expect(confirmations.map((r) => r.statusCode)).toContain(200);
    const workspaces = await t.database.handle.db
      .selectFrom('workspaces')
      .select('id')
      .where('domain', '=', domain)
      .execute();
    expect(workspaces).toHaveLength(1);
  });
});
