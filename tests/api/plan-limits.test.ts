import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_NOTES_MAX } from '../../src/shared/leads';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { ownerBody, registerConfirmed, register, teamMemberBody, uniqueDomain } from './support/accounts';
import { insertUser, seededAdmin, type TestUser } from './support/users';
import { blogFields, createCategory, sendBlog } from './support/blogs';
import { importCsv } from './support/leads';
import type { FilePart } from './support/multipart';
import { invitationTokenMailedTo } from './support/invitations';

/**
 * docs/product/workspace.md#plan-limits: plan limits, enforced and shown. A Free (Solo HQ) workspace uploaded 150
 * images of 4 MB and used 695 MB of its 500 MB: every upload past the limit must be refused with a message
 * naming it, nothing half-stored; the 11th member and the 101st e-mail of a day too. The agency is never
 * limited. The counter is filled close to the limit in the database first (150 real 4 MB uploads would
 * take minutes); the images are real, made with sharp.
 */
const LIMIT = 500 * 1024 * 1024;
const STORAGE_MESSAGE =
  /^This workspace has used \d+ MB of its 500 MB \(Solo HQ plan\)\. Remove files or upgrade to upload more\.$/;

describe('plan limits (docs/product/workspace.md#plan-limits)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
  });
  afterAll(async () => t.close());

  const db = () => t.database.handle.db;

  /** A confirmed Business Owner of a new Free workspace, with a blog category. */
  async function freeOwner() {
    const domain = uniqueDomain();
    const owner = await registerConfirmed(t, ownerBody(`boss@${domain}`));
    const headers = { authorization: `Bearer ${owner.token}` };
    const category = await createCategory(t, headers, 'Limits');
    return { domain, workspaceId: owner.user.workspaceId as string, headers, category: category.id, owner };
  }

  async function storedBytes(workspaceId: string): Promise<number> {
    const row = await db()
      .selectFrom('workspace_storage')
      .select('bytes')
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }
  const leadIds = async (workspaceId: string) =>
    (await db().selectFrom('leads').select('id').where('workspace_id', '=', workspaceId).execute()).map(
      (row) => row.id,
    );
  const setStoredBytes = (workspaceId: string, bytes: number) =>
    db().updateTable('workspace_storage').set({ bytes }).where('workspace_id', '=', workspaceId).execute();
  async function mediaCount(workspaceId: string): Promise<number> {
    const row = await db()
      .selectFrom('media')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A real photo-like PNG (noise does not compress) of about width × height × 3 bytes. */
  async function photo(width: number, height: number, seed: number): Promise<FilePart> {
    const raw = Buffer.alloc(width * height * 3);
    let x = seed * 2654435761;
    for (let i = 0; i < raw.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      raw[i] = x >>> 24;
    }
    const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    return { filename: 'photo.png', contentType: 'image/png', bytes };
  }

  /** How many bytes one upload of `image` stores (original and variants), measured in a spare workspace. */
  async function storedSize(image: FilePart): Promise<number> {
    const spare = await freeOwner();
    const before = await storedBytes(spare.workspaceId);
    const response = await sendBlog(t, spare.headers, blogFields(spare.category), { image });
    expect(response.statusCode).toBe(201);
    return (await storedBytes(spare.workspaceId)) - before;
  }

  const getWorkspace = async (headers: { authorization: string }) => {
    const response = await t.app.inject({ url: '/api/workspace', headers });
    expect(response.statusCode).toBe(200);
    return response.json().workspace;
  };

  describe('storage', () => {
    it('replays the attack: uploads past 500 MB are refused with the limit named, and the stored bytes never pass it', async () => {
      const image = await photo(900, 700, 1);
      const size = await storedSize(image);
      const ws = await freeOwner();
      // Room for two more such images, as if the workspace had already uploaded ~120 of 4 MB.
      await setStoredBytes(ws.workspaceId, LIMIT - 2 * size - 1000);
      const statuses: number[] = [];
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await sendBlog(t, ws.headers, blogFields(ws.category, { title: `Post ${i}` }), {
          image,
        });
        statuses.push(response.statusCode);
        if (response.statusCode !== 201) messages.push(response.json().message);
        expect(await storedBytes(ws.workspaceId)).toBeLessThanOrEqual(LIMIT);
      }
      expect(statuses).toEqual([201, 201, 413, 413, 413]);
      for (const message of messages) expect(message).toMatch(STORAGE_MESSAGE);
      expect(messages[0]).toBe(
        'This workspace has used 499 MB of its 500 MB (Solo HQ plan). Remove files or upgrade to upload more.',
      );
      // Nothing half-stored: the refused posts and their images are not there.
      expect(await mediaCount(ws.workspaceId)).toBe(2);
      const posts = await db()
        .selectFrom('blogs')
        .select('id')
        .where('workspace_id', '=', ws.workspaceId)
        .execute();
      expect(posts).toHaveLength(2);
    });

    it('single lead writes count against storage: a full workspace cannot grow its leads by hand (attack)', async () => {
      const ws = await freeOwner();
      const notes = 'n'.repeat(LEAD_NOTES_MAX);
      const lead = { name: 'Big Notes', email: 'big@notes.test', notes };
      await setStoredBytes(ws.workspaceId, LIMIT - 1000);
      // Before: 201, lead after lead of 5,000 characters, whatever the storage.
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ws.headers,
        payload: lead,
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toMatch(STORAGE_MESSAGE);
      expect(await storedBytes(ws.workspaceId)).toBe(LIMIT - 1000);

      // A small one fits and is counted; growing its notes past the room is refused; deleting gives it back.
      const small = await t.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ws.headers,
        payload: { name: 'Small', email: 'small@notes.test' },
      });
      expect(small.statusCode, small.body).toBe(201);
      const grown = await storedBytes(ws.workspaceId);
      // Its typed text: name, e-mail and the default source.
      expect(grown).toBe(LIMIT - 1000 + 'Small'.length + 'small@notes.test'.length + 'Website'.length);
      const id = small.json().lead._id as string;
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/leads/${id}`,
        headers: ws.headers,
        payload: { notes },
      });
      expect(edit.statusCode).toBe(413);
      expect(await storedBytes(ws.workspaceId)).toBe(grown);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/leads/${id}`, headers: ws.headers });
      expect(removed.statusCode).toBe(200);
      expect(await storedBytes(ws.workspaceId)).toBe(LIMIT - 1000);
    });

    it('a merge keeps the merged notes counted: the kept lead takes the share of what it now holds (attack)', async () => {
      const ws = await freeOwner();
      const typed = (name: string, email: string) => ({ name, email, notes: `${name} `.repeat(220).trim() });
      const created = [];
      for (const lead of [
        typed('Ann Keep', 'ann@merge-share.test'),
        typed('Ann Other', 'ann.other@merge-share.test'),
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/leads',
          headers: ws.headers,
          payload: lead,
        });
        expect(response.statusCode, response.body).toBe(201);
        created.push(response.json().lead._id as string);
      }
      const [kept, other] = created as [string, string];
      const before = await storedBytes(ws.workspaceId);
      const merged = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${kept}/merge`,
        headers: ws.headers,
        payload: { otherId: other },
      });
      expect(merged.statusCode, merged.body).toBe(200);
      const lead = await db()
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', kept)
        .executeTakeFirstOrThrow();
      // The kept lead holds both notes now, and its share counts them.
      expect(lead.notes).toContain('Ann Other');
      expect(lead.import_bytes).toBeGreaterThanOrEqual(Buffer.byteLength(lead.notes));
      // Before: the other's 2,200 bytes were given back while its notes stayed, merge after merge.
      const given = before - (await storedBytes(ws.workspaceId));
      expect(given).toBeLessThan(200);
      expect(given).toBeGreaterThanOrEqual(0);
    });

    it('refuses an upload that alone passes the limit before processing it', async () => {
      const ws = await freeOwner();
      await setStoredBytes(ws.workspaceId, LIMIT - 10);
      const response = await sendBlog(t, ws.headers, blogFields(ws.category), {
        image: await photo(300, 200, 2),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(STORAGE_MESSAGE);
      expect(await storedBytes(ws.workspaceId)).toBe(LIMIT - 10);
      expect(await mediaCount(ws.workspaceId)).toBe(0);
    });

    it('two uploads racing at the edge: exactly one passes', async () => {
      const image = await photo(900, 700, 3);
      const size = await storedSize(image);
      const ws = await freeOwner();
      await setStoredBytes(ws.workspaceId, LIMIT - Math.floor(size * 1.5));
      const answers = await Promise.all(
        [0, 1].map((i) =>
          sendBlog(t, ws.headers, blogFields(ws.category, { title: `Race ${i}` }), { image }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 413]);
      expect(await mediaCount(ws.workspaceId)).toBe(1);
      expect(await storedBytes(ws.workspaceId)).toBe(LIMIT - Math.floor(size * 1.5) + size);
    });

    it('two profile images racing at the edge: exactly one is kept', async () => {
      const ws = await freeOwner();
      const member = await insertUser(t, { workspaceId: ws.workspaceId, role: 'Web Developer' });
      const png = (await photo(500, 400, 4)).bytes.subarray(0, 600_000);
      const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
      await setStoredBytes(ws.workspaceId, LIMIT - Math.floor(dataUrl.length * 1.5));
      const answers = await Promise.all(
        [ws.headers, member.headers].map((headers) =>
          t.app.inject({ method: 'PUT', url: '/api/profile', headers, payload: { profileImage: dataUrl } }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 413]);
      expect(answers.find((r) => r.statusCode === 413)!.json().message).toMatch(STORAGE_MESSAGE);
      expect(await storedBytes(ws.workspaceId)).toBeLessThanOrEqual(LIMIT);
    });

    it('a lead import past the limit is refused and stores nothing', async () => {
      const ws = await freeOwner();
      const leadsBefore = await db()
        .selectFrom('leads')
        .select('id')
        .where('workspace_id', '=', ws.workspaceId)
        .execute();
      const rows = Array.from({ length: 200 }, (_, i) => `Lead ${i},lead${i}@import.test,Website`);
      const csv = ['Name,Email,Source', ...rows].join('\n');
      await setStoredBytes(ws.workspaceId, LIMIT - 100);
      const refused = await importCsv(t.app, ws.headers, csv);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toMatch(STORAGE_MESSAGE);
      const leadsAfter = await db()
        .selectFrom('leads')
        .select('id')
        .where('workspace_id', '=', ws.workspaceId)
        .execute();
      expect(leadsAfter).toHaveLength(leadsBefore.length);
      expect(await storedBytes(ws.workspaceId)).toBe(LIMIT - 100);

      // With room, the import is stored and its file counts.
      await setStoredBytes(ws.workspaceId, 0);
      const accepted = await importCsv(t.app, ws.headers, csv);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().imported).toBe(200);
      expect(await storedBytes(ws.workspaceId)).toBe(Buffer.byteLength(csv));
    });

    it("gives an import's bytes back as its leads go: deleted, merged away, all of them", async () => {
      const ws = await freeOwner();
      const sampleIds = (await leadIds(ws.workspaceId)).sort();
      await setStoredBytes(ws.workspaceId, 1_000);
      const rows = Array.from(
        { length: 7 },
        (_, i) => `Lead ${i},lead${i}@give-back.test,+91 90000 0000${i}`,
      );
      const csv = ['Name,Email,Phone', ...rows].join('\n');
      const file = Buffer.byteLength(csv);
      expect((await importCsv(t.app, ws.headers, csv)).json().imported).toBe(7);
      expect(await storedBytes(ws.workspaceId)).toBe(1_000 + file);
      const imported = (await leadIds(ws.workspaceId)).filter((id) => !sampleIds.includes(id));
      const shares = await db()
        .selectFrom('leads')
        .select('import_bytes')
        .where('id', 'in', imported)
        .execute();
      expect(shares.reduce((sum, row) => sum + row.import_bytes, 0)).toBe(file);

      const shareOf = async (id: string) =>
        (await db().selectFrom('leads').select('import_bytes').where('id', '=', id).executeTakeFirstOrThrow())
          .import_bytes;
      const [first, second, third, ...rest] = imported as [string, string, string, ...string[]];
      const firstShare = await shareOf(first);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/leads/${first}`,
        headers: ws.headers,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await storedBytes(ws.workspaceId)).toBe(1_000 + file - firstShare);

      const thirdShare = await shareOf(third);
      const secondShare = await shareOf(second);
      const merged = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${second}/merge`,
        headers: ws.headers,
        payload: { otherId: third },
      });
      expect(merged.statusCode, merged.body).toBe(200);
      // The kept lead took as much of the merged-away share as its merged text needs; the rest came back.
      const moved = (await shareOf(second)) - secondShare;
      expect(moved).toBeGreaterThanOrEqual(0);
      expect(moved).toBeLessThanOrEqual(thirdShare);
      const given = firstShare + thirdShare - moved;
      expect(await storedBytes(ws.workspaceId)).toBe(1_000 + file - given);

      // A lead that came from no file gives nothing back.
      const sample = sampleIds[0];
      if (sample) {
        await t.app.inject({ method: 'DELETE', url: `/api/leads/${sample}`, headers: ws.headers });
        expect(await storedBytes(ws.workspaceId)).toBe(1_000 + file - given);
      }
      // Deleted together, in one statement, the rest give back what is left of the file, and never more.
      await db()
        .deleteFrom('leads')
        .where('id', 'in', [second, ...rest])
        .execute();
      expect(await storedBytes(ws.workspaceId)).toBe(1_000);
      await setStoredBytes(ws.workspaceId, 0);
      expect((await importCsv(t.app, ws.headers, csv)).json().imported).toBe(7);
      await setStoredBytes(ws.workspaceId, 10);
      await db().deleteFrom('leads').where('workspace_id', '=', ws.workspaceId).execute();
      expect(await storedBytes(ws.workspaceId)).toBe(0);
    });

    it('the agency workspace is never limited', async () => {
      const category = await createCategory(t, admin.headers, 'Agency limits');
      const before = await storedBytes(admin.workspaceId);
      await setStoredBytes(admin.workspaceId, LIMIT + 100 * 1024 * 1024);
      try {
        const response = await sendBlog(t, admin.headers, blogFields(category.id), {
          image: await photo(400, 300, 5),
        });
        expect(response.statusCode).toBe(201);
        const workspace = await getWorkspace(admin.headers);
        expect(workspace.usage.storage.limit).toBeNull();
        expect(workspace.usage.members.limit).toBeNull();
        expect(workspace.usage.emailsToday.limit).toBeNull();
      } finally {
        await setStoredBytes(admin.workspaceId, before);
      }
    });
  });

  describe('members', () => {
    it('the 11th member of a Free workspace is refused: invitation, invited sign-up, joining by domain', async () => {
      const ws = await freeOwner();
      for (let i = 0; i < 8; i++)
        await insertUser(t, { workspaceId: ws.workspaceId, role: 'Team Member', username: `member-${i}` });
      // Nine members: one more may be invited.
      const invitee = uniqueEmail('elsewhere.test');
      const invited = await t.app.inject({
        method: 'POST',
        url: '/api/workspace/invitations',
        headers: ws.headers,
        payload: { email: invitee },
      });
      expect(invited.statusCode).toBe(201);
      const inviteToken = await invitationTokenMailedTo(t, invitee);

      await insertUser(t, { workspaceId: ws.workspaceId, role: 'Team Member', username: 'member-tenth' });
      expect((await getWorkspace(ws.headers)).usage.members).toEqual({ used: 10, limit: 10 });
      const full =
        'This workspace has reached its 10 members (Solo HQ plan). Remove a member or upgrade to add more.';

      const inviteMore = await t.app.inject({
        method: 'POST',
        url: '/api/workspace/invitations',
        headers: ws.headers,
        payload: { email: uniqueEmail('elsewhere.test') },
      });
      expect(inviteMore.statusCode).toBe(409);
      expect(inviteMore.json().message).toBe(full);

      const invitedEmail = invited.json().invitation.email as string;
      const signUp = await register(
        t.app,
        teamMemberBody(invitedEmail, { inviteToken, username: 'eleventh' }),
      );
      expect(signUp.statusCode).toBe(409);
      expect(signUp.json().message).toBe(full);
      const created = await db().selectFrom('users').select('id').where('email', '=', invitedEmail).execute();
      expect(created).toHaveLength(0);

      // Signing up by the workspace's domain: the confirmation is refused, the account waits outside.
      const byDomain = `late@${ws.domain}`;
      expect((await register(t.app, teamMemberBody(byDomain))).statusCode).toBe(201);
      const { confirmationTokenFor } = await import('./support/accounts');
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/email-confirmation/confirm',
        payload: { token: await confirmationTokenFor(t, byDomain) },
      });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().message).toBe(full);
      const waiting = await db()
        .selectFrom('users')
        .select('workspace_id')
        .where('email', '=', byDomain)
        .executeTakeFirstOrThrow();
      expect(waiting.workspace_id).not.toBe(ws.workspaceId);
      expect((await getWorkspace(ws.headers)).memberCount).toBe(10);
    });
  });

  describe('e-mails a day', () => {
    it('the 101st workspace e-mail of the day is refused with Retry-After, while a password reset still goes out', async () => {
      const ws = await freeOwner();
      const today = new Date().toISOString().slice(0, 10);
      await db()
        .insertInto('workspace_mail_days')
        .values({ workspace_id: ws.workspaceId, day: today, count: 99 })
        .execute();

      const hundredth = await t.app.inject({
        method: 'POST',
        url: '/api/workspace/invitations',
        headers: ws.headers,
        payload: { email: uniqueEmail('elsewhere.test') },
      });
      expect(hundredth.statusCode).toBe(201);
      expect((await getWorkspace(ws.headers)).usage.emailsToday).toEqual({ used: 100, limit: 100 });

      const outboxBefore = await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('workspace_id', '=', ws.workspaceId)
        .execute();
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/workspace/invitations',
        headers: ws.headers,
        payload: { email: uniqueEmail('elsewhere.test') },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        'This workspace has sent its 100 e-mails for today (Solo HQ plan). Sending starts again tomorrow (00:00 UTC), or upgrade to send more.',
      );
      const retryAfter = Number(refused.headers['retry-after']);
      const now = new Date();
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - (midnight - now.getTime()) / 1000)).toBeLessThan(60);
      const outboxAfter = await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('workspace_id', '=', ws.workspaceId)
        .execute();
      expect(outboxAfter).toHaveLength(outboxBefore.length);

      // Platform mail is not the workspace's: a reset still goes out.
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: `boss@${ws.domain}` },
      });
      expect(reset.statusCode).toBe(202);
      // The reset is made after the answer (its timing tells nothing): wait for its mail.
      const resetMail = async () =>
        (
          await db()
            .selectFrom('mail_outbox')
            .select('id')
            .where('kind', '=', 'password-reset')
            .where('to_address', '=', `boss@${ws.domain}`)
            .execute()
        ).length;
      await expect.poll(resetMail, { timeout: 5000 }).toBe(1);
      expect((await getWorkspace(ws.headers)).usage.emailsToday).toEqual({ used: 100, limit: 100 });
    });
  });

  describe('usage in GET /api/workspace', () => {
    it('answers storage, members, e-mails today and open projects with the Solo HQ limits', async () => {
      const ws = await freeOwner();
      await setStoredBytes(ws.workspaceId, 123_456);
      const workspace = await getWorkspace(ws.headers);
      expect(workspace.plan).toBe('Free');
      expect(workspace.usage).toEqual({
        planName: 'Solo HQ',
        storage: { used: 123_456, limit: LIMIT },
        members: { used: 1, limit: 10 },
        emailsToday: { used: 0, limit: 100 },
        openProjects: { used: 0, limit: 5 },
      });
      expect(workspace.storageUsedBytes).toBe(123_456);
      expect(workspace.storageLimitBytes).toBe(LIMIT);
    });

    it('a mid-tier workspace has 500 members and unlimited storage and e-mail', async () => {
      const ws = await freeOwner();
      await db()
        .updateTable('workspaces')
        .set({ plan: 'Professional' })
        .where('id', '=', ws.workspaceId)
        .execute();
      const workspace = await getWorkspace(ws.headers);
      expect(workspace.usage).toMatchObject({
        storage: { limit: null },
        members: { used: 1, limit: 500 },
        emailsToday: { limit: null },
        openProjects: { limit: null },
      });
      await setStoredBytes(ws.workspaceId, LIMIT * 2);
      const response = await sendBlog(t, ws.headers, blogFields(ws.category), {
        image: await photo(300, 200, 6),
      });
      expect(response.statusCode).toBe(201);
    });
  });
});
