import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMATION_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../src/shared/messages';
import { newApiKey } from '../../src/server/auth/api-keys';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { createTestApp, type TestApp } from './support/test-app';
import { ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { call, insertUser, insertWorkspace } from './support/users';

/** A public address literal: no DNS needed, and the address guard lets it through. */
const HOOK_URL = 'https://93.184.215.14/squatter';

/**
 * docs/security.md#proven-addresses-and-domains: someone who signs up first with a founder's address, and never proves
 * it, sets up nothing that outlives the founder's taking the account back with "Forgot password".
 */
describe('an unproven account sets up nothing that outlives the proof', () => {
  let t: TestApp;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** The founder asks for a reset link and chooses a password with it, as the mailbox owner. */
  async function resetByMail(email: string, password: string) {
    expect((await call(t.app, 'POST', '/api/password/forgot', undefined, { email })).statusCode).toBe(202);
    await settleAfterAnswer();
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'password-reset')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const token = mail.text_body.match(/reset-password\?token=([\w-]+)/)![1];
    const reset = await call(t.app, 'POST', '/api/password/reset', undefined, {
      token,
      password,
      confirmPassword: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  /** What the previous release let an unproven account leave behind: a webhook, a key, a second factor. */
  async function leftBehind(userId: string, workspaceId: string) {
    const at = new Date().toISOString();
    await db()
      .insertInto('webhooks')
      .values({
        id: `hook-${userId}`,
        workspace_id: workspaceId,
        url: HOOK_URL,
        events: JSON.stringify(['lead.created']),
        secret_sealed: 'sealed',
        created_by: userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const key = newApiKey();
    await db()
      .insertInto('api_keys')
      .values({
        id: `key-${userId}`,
        workspace_id: workspaceId,
        created_by: userId,
        name: 'Squatter key',
        scopes: JSON.stringify(['leads:read']),
        prefix: key.prefix,
        secret_hash: key.hash,
        created_at: at,
        last_used_at: null,
        last_used_ip: null,
        revoked_at: null,
        revoked_by: null,
      })
      .execute();
    await db()
      .insertInto('user_two_factor')
      .values({
        user_id: userId,
        secret_sealed: 'sealed',
        enabled_at: at,
        last_step: null,
        pending_sealed: null,
        pending_at: null,
      })
      .execute();
    return key.key;
  }

  it('refuses a webhook, a new webhook address, an API key and a second factor until the address is proven', async () => {
    const squat = await registerOk(t.app, ownerBody(`founder@${uniqueDomain()}`));
    const headers = bearer(squat.token);
    const refusal = { message: EMAIL_CONFIRMATION_MESSAGES.required };
    const hook = await call(t.app, 'POST', '/api/webhooks', headers, {
      url: HOOK_URL,
      events: ['lead.created'],
    });
    // Before: 201, and the webhook received the founder's leads after the take-over.
    expect(hook.statusCode).toBe(403);
    expect(hook.json()).toEqual(refusal);
    const key = await call(t.app, 'POST', '/api/api-keys', headers, { name: 'k', scopes: ['leads:read'] });
    expect(key.statusCode).toBe(403);
    expect(key.json()).toEqual(refusal);
    const factor = await call(t.app, 'POST', '/api/profile/two-factor/setup', headers, {
      password: ownerBody('x').password,
    });
    expect(factor.statusCode).toBe(403);
    expect(factor.json()).toEqual(refusal);
    expect(
      await db()
        .selectFrom('webhooks')
        .selectAll()
        .where('workspace_id', '=', squat.user.workspaceId)
        .execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('user_two_factor').selectAll().where('user_id', '=', squat.user.id).execute(),
    ).toEqual([]);

    // A webhook made by the workspace's proven manager cannot be pointed elsewhere by an unproven one.
    const { workspace_id: workspaceId } = await db()
      .selectFrom('users')
      .select('workspace_id')
      .where('id', '=', squat.user.id)
      .executeTakeFirstOrThrow();
    const admin = await insertUser(t, { workspaceId, role: 'Business Admin' });
    const made = await call(t.app, 'POST', '/api/webhooks', admin.headers, {
      url: HOOK_URL,
      events: ['lead.created'],
    });
    expect(made.statusCode).toBe(201);
    const moved = await call(t.app, 'PATCH', `/api/webhooks/${made.json().webhook._id}`, headers, {
      url: 'https://93.184.215.15/elsewhere',
    });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json()).toEqual(refusal);
  });

  it("ends the squatter's webhooks, keys and second factor when the founder's reset proves the address, and tells the founder", async () => {
    const email = `founder@${uniqueDomain()}`;
    const squat = await registerOk(t.app, ownerBody(email));
    const key = await leftBehind(squat.user.id, squat.user.workspaceId);
    expect((await call(t.app, 'GET', '/api/leads', bearer(key))).statusCode).toBe(200);

    await resetByMail(email, 'the-founder-1');

    // Before: the webhook stayed and received the founder's new lead; the key still read the leads.
    expect(
      await db()
        .selectFrom('webhooks')
        .selectAll()
        .where('workspace_id', '=', squat.user.workspaceId)
        .execute(),
    ).toEqual([]);
    expect((await call(t.app, 'GET', '/api/leads', bearer(key))).statusCode).toBe(401);
    expect(
      await db().selectFrom('user_two_factor').selectAll().where('user_id', '=', squat.user.id).execute(),
    ).toEqual([]);
    const told = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'via'])
      .where('to_address', '=', email)
      .where('kind', '=', 'access-removed')
      .executeTakeFirstOrThrow();
    expect(told.via).toBe('platform');
    expect(told.subject).toBe(PASSWORD_RESET_MESSAGES.removedSubject('AgencyHQ'));
    for (const line of [
      PASSWORD_RESET_MESSAGES.removedWebhook('93.184.215.14'),
      PASSWORD_RESET_MESSAGES.removedApiKey('Squatter key'),
      PASSWORD_RESET_MESSAGES.removedTwoFactor,
    ])
      expect(told.text_body).toContain(line);

    // The founder signs in with no second step and adds a lead: nothing is queued for anyone's webhook.
    const signIn = await call(t.app, 'POST', '/api/login', undefined, { email, password: 'the-founder-1' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().token).toBeTruthy();
    const lead = await call(t.app, 'POST', '/api/leads', bearer(signIn.json().token), {
      name: 'First Client',
      email: 'client@first.test',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    expect(
      await db()
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('workspace_id', '=', squat.user.workspaceId)
        .execute(),
    ).toEqual([]);
  });

  it("keeps a proven account's webhooks, keys and second factor through a reset (the last release's too)", async () => {
    const workspace = await insertWorkspace(t, { name: 'Proven Co' });
    const owner = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
    const userRow = await db()
      .selectFrom('users')
      .select('email')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const key = await leftBehind(owner.id, workspace.id);
    await resetByMail(userRow.email, 'still-mine-1');
    expect(
      await db().selectFrom('webhooks').selectAll().where('workspace_id', '=', workspace.id).execute(),
    ).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/leads', bearer(key))).statusCode).toBe(200);
    expect(
      await db().selectFrom('user_two_factor').selectAll().where('user_id', '=', owner.id).execute(),
    ).toHaveLength(1);
    expect(
      await db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', userRow.email)
        .where('kind', '=', 'access-removed')
        .execute(),
    ).toEqual([]);
  });
});
