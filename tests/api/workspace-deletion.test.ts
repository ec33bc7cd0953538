import {
  ACCESS_MESSAGES,
  INVITATION_MESSAGES,
  WORKSPACE_DELETION_MESSAGES as M,
} from '../../src/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import { AGENCY_WORKSPACE_ID, WORKSPACE_RECOVERY_DAYS } from '../../src/shared/workspace-deletion';
import {
  SITE_URL,
  createTestApp,
  reopenTestDatabase,
  testEngine,
  uniqueEmail,
  type TestApp,
} from './support/test-app';
import {
  PASSWORD,
  freelancerBody,
  ownerBody,
  register,
  registerOk,
  teamMemberBody,
} from './support/accounts';
import { seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, pngFile } from './support/blogs';
import { testClock } from './support/leads';
import {
  cellsReferencing,
  deleteOwnWorkspace,
  deletionMails,
  recoverWithToken,
  recoveryTokenIn,
  signUpBusiness,
  tableCount,
  workspaceRow,
} from './support/workspace-deletion';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { invitationTokenMailedTo } from './support/invitations';

const DAY_MS = 24 * 60 * 60 * 1000;

const login = (t: TestApp, email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const profileStatus = async (t: TestApp, headers: { authorization: string }) =>
  (await getJson(t, '/api/profile', headers)).statusCode;

/**
 * docs/product/workspace.md#danger-zone, workspace deletion with 30 days to recover: who may delete, the typed name, members shut out
 * at once, the owners' e-mail with a link on SITE_URL, recovery with everything intact, the Admin's list.
 * The purge after 30 days has its own suite (workspace-purge.test.ts).
 */
describe('deleting a workspace and recovering it', () => {
  const clock = testClock('2031-04-01T09:00:00.000Z');
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.read });
    admin = await seededAdmin(t);
  });
  afterAll(() => t?.close());

  it('refuses a Team Member, a Freelancer, a wrong name and the agency workspace, and changes nothing', async () => {
    const acme = await signUpBusiness(t, 'Acme Refusals');
    const teamMember = await deleteOwnWorkspace(t, acme.teamMember.headers, acme.name);
    expect(teamMember.statusCode).toBe(403);
    // Kept out of the dashboard before the owner rule is asked (docs/product/roles-and-access.md#dashboard-access).
    expect(teamMember.json().message).toBe(ACCESS_MESSAGES.outsideDashboard);
    const webDev = await deleteOwnWorkspace(t, acme.webDev.headers, acme.name);
    expect(webDev.statusCode).toBe(403);
    const freelancer = await registerOk(t.app, freelancerBody(uniqueEmail()));
    const solo = await deleteOwnWorkspace(t, { authorization: `Bearer ${freelancer.token}` }, 'Solo Works');
    expect(solo.statusCode).toBe(403);

    for (const wrong of ['acme refusals', `${acme.name} `, 'Acme', ''] as const) {
      const response = await deleteOwnWorkspace(t, acme.owner.headers, wrong);
      expect(response.statusCode, wrong).toBe(400);
      expect(response.json()).toEqual({
        message: M.confirmNameMismatch,
        errors: [{ field: 'confirmName', message: M.confirmNameMismatch }],
      });
    }
    expect((await deleteOwnWorkspace(t, acme.owner.headers)).statusCode).toBe(400);
    expect((await deleteOwnWorkspace(t, undefined, acme.name)).statusCode).toBe(401);

    // Only an Admin deletes by id; and nobody deletes the agency's own workspace.
    const byId = (headers: { authorization: string }, id: string, confirmName: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/workspaces/${id}`, headers, payload: { confirmName } });
    expect((await byId(acme.owner.headers, acme.workspaceId, acme.name)).statusCode).toBe(403);
    const agency = await workspaceRow(t, AGENCY_WORKSPACE_ID);
    for (const response of [
      await deleteOwnWorkspace(t, admin.headers, agency!.name),
      await byId(admin.headers, AGENCY_WORKSPACE_ID, agency!.name),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(M.agencyWorkspace);
    }

    expect((await workspaceRow(t, acme.workspaceId))?.deleted_at).toBeNull();
    expect((await workspaceRow(t, AGENCY_WORKSPACE_ID))?.deleted_at).toBeNull();
    expect(await deletionMails(t, acme.workspaceId)).toEqual([]);
    for (const user of [acme.owner, acme.teamMember, acme.webDev, admin])
      expect(await profileStatus(t, user.headers)).toBe(200);
  });

  it('shuts every member out at once and e-mails the owner a recovery link on SITE_URL', async () => {
    const acme = await signUpBusiness(t, 'Acme Shutout');
    const invitee = uniqueEmail();
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/workspace/invitations',
      headers: acme.owner.headers,
      payload: { email: invitee },
    });
    expect(invited.statusCode).toBe(201);
    const inviteToken = await invitationTokenMailedTo(t, invitee);
    const freshLogin = await login(t, acme.owner.email);
    const freshHeaders = { authorization: `Bearer ${freshLogin.json().token}` };

    const response = await deleteOwnWorkspace(t, acme.owner.headers, acme.name);
    expect(response.statusCode).toBe(200);
    const purgeAfter = new Date(clock.now.getTime() + WORKSPACE_RECOVERY_DAYS * DAY_MS).toISOString();
    expect(response.json()).toEqual({
      success: true,
      message: M.deleted(WORKSPACE_RECOVERY_DAYS),
      purgeAfter,
    });
    expect(await workspaceRow(t, acme.workspaceId)).toMatchObject({
      deleted_at: clock.now.toISOString(),
      deleted_by: acme.owner.id,
      purge_after: purgeAfter,
    });

    // Every token of every member stops working, the Botgit ingest's included.
    for (const headers of [acme.owner.headers, freshHeaders, acme.teamMember.headers, acme.webDev.headers]) {
      expect(await profileStatus(t, headers)).toBe(401);
      const ingest = await t.app.inject({
        method: 'POST',
        url: '/api/scraped-data',
        headers,
        payload: { profileUrl: 'https://www.linkedin.com/in/late', name: 'Too Late' },
      });
      expect(ingest.statusCode).toBe(401);
    }
    // Signing in is refused with the password right (the sign-in's own check).
    for (const email of [acme.owner.email, acme.teamMember.email, acme.webDev.email]) {
      const refused = await login(t, email);
      expect(refused.statusCode, email).toBe(403);
      expect(refused.json().message).toBe(M.workspaceDeleted);
    }

    // The owner (Business Admin) is told, not the Team Member; the link is on SITE_URL.
    const mails = await deletionMails(t, acme.workspaceId);
    expect(mails.map((mail) => mail.to_address)).toEqual([acme.owner.email]);
    expect(mails[0]!.subject).toBe(M.mailSubject(acme.name, 'AgencyHQ'));
    expect(mails[0]!.text_body).toContain(`${SITE_URL}/recover-workspace?token=`);
    expect(mails[0]!.html_body).toContain(`${SITE_URL}/recover-workspace?token=`);
    expect(mails[0]!.text_body).toContain(`deleted the workspace ${acme.name}`);
    expect(recoveryTokenIn(mails[0]!.text_body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select(['user_id', 'action'])
      .where('workspace_id', '=', acme.workspaceId)
      .where('kind', '=', 'workspace-deleted')
      .execute();
    expect(audit).toEqual([{ user_id: acme.owner.id, action: M.deletedActivity(acme.name, acme.name) }]);

    // Nobody joins it meanwhile, and nobody takes its domain.
    const joining = await register(t.app, teamMemberBody(`late@${acme.domain}`));
    expect(joining.statusCode).toBe(400);
    expect(joining.json().message).toBe(AUTH_MESSAGES.domainNotFound);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/check-domain',
      payload: { domain: acme.domain },
    });
    expect(check.statusCode).toBe(404);
    const taking = await register(t.app, ownerBody(`new-boss@${acme.domain}`, { businessName: 'Usurper' }));
    expect(taking.statusCode).toBe(409);
    expect(taking.json().message).toBe(SERVER_MESSAGES.domainTaken);
    expect((await getJson(t, `/api/invitations/${inviteToken}`)).statusCode).toBe(404);
    const accepting = await register(
      t.app,
      teamMemberBody(invited.json().invitation.email, { inviteToken, username: 'invitee' }),
    );
    expect(accepting.statusCode).toBe(400);
    expect(accepting.json().message).toBe(INVITATION_MESSAGES.invalidLink);

    // A password reset would not let them back in: no link is sent.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: acme.owner.email },
    });
    expect(forgot.statusCode).toBe(202);
    await settleAfterAnswer();
    const resets = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', acme.owner.email)
      .where('kind', '=', 'password-reset')
      .execute();
    expect(resets).toEqual([]);

    // Deleting it again: 409.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${acme.workspaceId}`,
      headers: admin.headers,
      payload: { confirmName: acme.name },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDeleted);
  });

  it('recovers from the link with leads, posts and images intact; the link works once; old tokens stay ended', async () => {
    const acme = await signUpBusiness(t, 'Acme Recovery');
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: acme.owner.headers,
      payload: { name: 'Kept Lead', email: 'kept@lead.test' },
    });
    expect(lead.statusCode).toBe(201);
    const category = await createCategory(t, acme.owner.headers, 'Kept Category');
    const post = await createBlog(
      t,
      acme.owner.headers,
      blogFields(category.id, { title: 'Kept Post', status: 'published' }),
      await pngFile(640, 360),
    );
    const imageUrl = `/api/${post.featuredImage!.path}`;
    expect((await getJson(t, imageUrl)).statusCode).toBe(200);
    const leadsBefore = (await getJson(t, '/api/leads?limit=100', acme.owner.headers)).json();

    expect((await deleteOwnWorkspace(t, acme.owner.headers, acme.name)).statusCode).toBe(200);
    // Its public traces are gone meanwhile: the post's image is no longer served.
    expect((await getJson(t, imageUrl)).statusCode).toBe(404);
    const token = recoveryTokenIn((await deletionMails(t, acme.workspaceId))[0]!.text_body);

    clock.now = new Date(clock.now.getTime() + 29 * DAY_MS);
    const recovered = await recoverWithToken(t, token);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toEqual({ success: true, message: M.recovered });
    expect(await workspaceRow(t, acme.workspaceId)).toMatchObject({
      name: acme.name,
      domain: acme.domain,
      deleted_at: null,
      deleted_by: null,
      purge_after: null,
      recovery_token_hash: null,
    });
    const again = await recoverWithToken(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.recoveryLinkInvalid);

    // Tokens from before stay ended; the members sign in again with their passwords.
    expect(await profileStatus(t, acme.owner.headers)).toBe(401);
    expect(await profileStatus(t, acme.teamMember.headers)).toBe(401);
    const signedIn = await login(t, acme.owner.email);
    expect(signedIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.json().token}` };
    expect((await getJson(t, '/api/leads?limit=100', headers)).json()).toEqual(leadsBefore);
    const kept = await getJson(t, `/api/blogs/${post.id}`, headers);
    expect(kept.json()).toMatchObject({ id: post.id, title: 'Kept Post', status: 'published' });
    expect((await getJson(t, imageUrl)).statusCode).toBe(200);
    expect((await login(t, acme.teamMember.email)).statusCode).toBe(200);
    // The Team Member's domain sign-up works again.
    expect((await register(t.app, teamMemberBody(`new-mate@${acme.domain}`))).statusCode).toBe(201);

    const audit = await t.database.handle.db
      .selectFrom('activity')
      .select(['action', 'ip'])
      .where('workspace_id', '=', acme.workspaceId)
      .where('kind', '=', 'workspace-recovered')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([M.recoveredActivity(acme.name)]);
  });

  it('refuses an unknown link and one past its 30 days', async () => {
    expect((await recoverWithToken(t, 'x'.repeat(43))).statusCode).toBe(400);
    expect((await recoverWithToken(t, '')).json().message).toBe(M.recoveryLinkInvalid);
    const acme = await signUpBusiness(t, 'Acme Expired');
    await deleteOwnWorkspace(t, acme.owner.headers, acme.name);
    const token = recoveryTokenIn((await deletionMails(t, acme.workspaceId))[0]!.text_body);
    clock.now = new Date(clock.now.getTime() + WORKSPACE_RECOVERY_DAYS * DAY_MS);
    const late = await recoverWithToken(t, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.recoveryLinkInvalid);
    expect((await workspaceRow(t, acme.workspaceId))?.deleted_at).not.toBeNull();
  });

  it('lets an Admin delete any other workspace, list the deleted ones and recover one', async () => {
    const acme = await signUpBusiness(t, 'Acme Listed');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${acme.workspaceId}`,
      headers: admin.headers,
      payload: { confirmName: acme.name },
    });
    expect(deleted.statusCode).toBe(200);
    // The owner is told; the Admin's own session goes on.
    expect((await deletionMails(t, acme.workspaceId)).map((mail) => mail.to_address)).toEqual([
      acme.owner.email,
    ]);
    expect(await profileStatus(t, admin.headers)).toBe(200);

    const list = await getJson(t, '/api/workspaces/deleted', admin.headers);
    expect(list.statusCode).toBe(200);
    const listed = list.json().workspaces.find((w: { _id: string }) => w._id === acme.workspaceId);
    expect(listed).toEqual({
      _id: acme.workspaceId,
      name: acme.name,
      deletedAt: clock.now.toISOString(),
      purgeAfter: new Date(clock.now.getTime() + WORKSPACE_RECOVERY_DAYS * DAY_MS).toISOString(),
      memberCount: 3,
    });
    expect((await getJson(t, '/api/workspaces/deleted', acme.owner.headers)).statusCode).toBe(401);
    const other = await signUpBusiness(t, 'Acme Bystander');
    expect((await getJson(t, '/api/workspaces/deleted', other.owner.headers)).statusCode).toBe(403);

    const recover = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/workspaces/${id}/recover`, headers: admin.headers });
    const recovered = await recover(acme.workspaceId);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toEqual({ success: true, message: M.recoveredByAdmin(acme.name) });
    const after = (await getJson(t, '/api/workspaces/deleted', admin.headers)).json().workspaces;
    expect(after.map((w: { _id: string }) => w._id)).not.toContain(acme.workspaceId);
    expect((await recover(acme.workspaceId)).statusCode).toBe(404);
    expect((await recover(other.workspaceId)).statusCode).toBe(404);
    expect((await login(t, acme.owner.email)).statusCode).toBe(200);
    // The e-mailed link died with the recovery.
    const token = recoveryTokenIn((await deletionMails(t, acme.workspaceId))[0]!.text_body);
    expect((await recoverWithToken(t, token)).statusCode).toBe(400);
  });
});

/**
 * After 30 days the purge job erases the workspace for good: not a row of it left in any table (its id nor
 * any id of its users, leads, posts, images, categories, scraped profiles, invitations, mail), another
 * workspace untouched, exactly once with two instances, recorded by name in the agency's activity.
 */
describe('erasing a deleted workspace after 30 days', () => {
  const clock = testClock('2031-07-01T09:00:00.000Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.read });
  });
  afterAll(() => t?.close());

  /** A business with something in every kind of table a workspace owns. */
  async function furnish(business: Awaited<ReturnType<typeof signUpBusiness>>) {
    const { owner } = business;
    const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
      t.app.inject({ method, url, headers: owner.headers, payload: payload as object });
    const lead = await send('POST', '/api/leads', { name: 'Doomed Lead', email: 'doomed@lead.test' });
    const category = await createCategory(t, owner.headers, `Category of ${business.name}`);
    const post = await createBlog(
      t,
      owner.headers,
      blogFields(category.id, { title: `Post of ${business.name}`, status: 'published' }),
      await pngFile(640, 360),
    );
    const draft = await createBlog(t, owner.headers, blogFields(category.id, { title: 'Draft' }));
    await send('PUT', `/api/blogs/${draft.id}`, { status: 'published' });
    const scraped = await send('POST', '/api/scraped-data', {
      profileUrl: `https://www.linkedin.com/in/${business.domain.replace(/\W/g, '-')}`,
      name: 'Scraped Person',
      email: 'scraped@people.test',
    });
    expect(scraped.statusCode).toBe(201);
    const invited = await send('POST', '/api/workspace/invitations', { email: uniqueEmail() });
    expect(invited.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: business.webDev.email },
    });
    await settleAfterAnswer(); // the reset mail is made after the answer
    return {
      leadId: lead.json().lead._id as string,
      categoryId: category.id,
      postIds: [post.id, draft.id],
      mediaId: post.featuredImage!.path.replace('media/', ''),
      scrapedId: scraped.json().results[0]._id as string,
      invitationId: invited.json().invitation._id as string,
    };
  }

  async function rowsOf(workspaceId: string) {
    const db = t.database.handle.db;
    const of = async (table: 'users' | 'leads' | 'blogs' | 'media' | 'categories' | 'scraped_profiles') =>
      (
        await sql<{
          id: string;
        }>`select id from ${sql.table(table)} where workspace_id = ${workspaceId} order by id`.execute(db)
      ).rows;
    return {
      users: await of('users'),
      leads: await of('leads'),
      blogs: await of('blogs'),
      media: await of('media'),
      categories: await of('categories'),
      scraped: await of('scraped_profiles'),
      counts: await db
        .selectFrom('lead_status_counts')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .execute(),
      workspace: await workspaceRow(t, workspaceId),
    };
  }

  it('erases it once, 30 days on, leaving no row of it anywhere and the others as they were', async () => {
    const doomed = await signUpBusiness(t, 'Doomed Co');
    const kept = await signUpBusiness(t, 'Kept Co');
    const doomedIds = await furnish(doomed);
    await furnish(kept);
    const keptBefore = await rowsOf(kept.workspaceId);
    const formerIds = [
      doomed.workspaceId,
      ...(await rowsOf(doomed.workspaceId)).users.map((u) => u.id),
      ...(await rowsOf(doomed.workspaceId)).leads.map((l) => l.id),
      doomedIds.leadId,
      doomedIds.categoryId,
      ...doomedIds.postIds,
      doomedIds.mediaId,
      doomedIds.scrapedId,
      doomedIds.invitationId,
    ];
    expect(await cellsReferencing(t, [doomed.workspaceId])).not.toEqual([]);

    const deletedAt = clock.now.getTime();
    expect((await deleteOwnWorkspace(t, doomed.owner.headers, doomed.name)).statusCode).toBe(200);
    const token = recoveryTokenIn((await deletionMails(t, doomed.workspaceId))[0]!.text_body);
    formerIds.push(...(await deletionMails(t, doomed.workspaceId)).map((mail) => mail.id));

    // A minute before its time: nothing happens.
    clock.now = new Date(deletedAt + WORKSPACE_RECOVERY_DAYS * DAY_MS - 60_000);
    expect(await t.app.workspacePurge.purgeDue()).toBe(0);
    expect(await workspaceRow(t, doomed.workspaceId)).toBeDefined();

    // Its time: two instances look at once; one erases it, and records it once.
    clock.now = new Date(deletedAt + WORKSPACE_RECOVERY_DAYS * DAY_MS);
    const other = await createTestApp({ clock: clock.read, database: await reopenTestDatabase(t.database) });
    try {
      const looks = [t, other, t, other].map((instance) => () => instance.app.workspacePurge.purgeDue());
      // PostgreSQL: truly at once. SQLite allows one instance per data directory (its instance lock), and
      // two synchronous connections in one process would wait on each other: there they look in turn.
      const counts =
        testEngine() === 'postgres'
          ? await Promise.all(looks.map((look) => look()))
          : [await looks[0]!(), await looks[1]!(), await looks[2]!(), await looks[3]!()];
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    } finally {
      await other.close();
    }
    expect(await t.app.workspacePurge.purgeDue()).toBe(0);

    expect(await tableCount(t)).toBeGreaterThan(20);
    expect(await cellsReferencing(t, formerIds)).toEqual([]);
    const record = await t.database.handle.db
      .selectFrom('activity')
      .select(['workspace_id', 'user_id', 'ip', 'action'])
      .where('kind', '=', 'workspace-purged')
      .execute();
    expect(record).toEqual([
      {
        workspace_id: AGENCY_WORKSPACE_ID,
        user_id: null,
        ip: null,
        action: M.purgedActivity(doomed.name, WORKSPACE_RECOVERY_DAYS),
      },
    ]);

    // The other business is exactly as it was; the erased one cannot come back; its domain is free again.
    expect(await rowsOf(kept.workspaceId)).toEqual(keptBefore);
    expect(await profileStatus(t, kept.owner.headers)).toBe(200);
    expect((await recoverWithToken(t, token)).statusCode).toBe(400);
    expect((await login(t, doomed.owner.email)).statusCode).toBe(401);
    expect((await register(t.app, ownerBody(`boss@${doomed.domain}`))).statusCode).toBe(201);
  });

  it('leaves a recovered workspace alone when its old purge time comes', async () => {
    const saved = await signUpBusiness(t, 'Saved Co');
    const deletedAt = clock.now.getTime();
    await deleteOwnWorkspace(t, saved.owner.headers, saved.name);
    const token = recoveryTokenIn((await deletionMails(t, saved.workspaceId))[0]!.text_body);
    expect((await recoverWithToken(t, token)).statusCode).toBe(200);
    clock.now = new Date(deletedAt + 2 * WORKSPACE_RECOVERY_DAYS * DAY_MS);
    expect(await t.app.workspacePurge.purgeDue()).toBe(0);
    expect((await workspaceRow(t, saved.workspaceId))?.deleted_at).toBeNull();
    expect((await login(t, saved.owner.email)).statusCode).toBe(200);
  });
});
