import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { ownerBody, registerConfirmed, teamMemberBody } from './support/accounts';
import { seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, pngFile, sendBlog } from './support/blogs';

/**
 * Workspace Settings' storage figure is kept by triggers (migration 010), not summed on every read: after
 * each kind of write it equals a full recount of profile images, media and variants.
 */
/** The first 33 bytes of a PNG: signature and IHDR chunk. */
const PNG_HEAD = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAADAAAAAbCAIAAAC1C5sl', 'base64');

describe('workspace storage in use', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
  });
  afterAll(async () => t.close());

  /** What the figure must be: every byte summed afresh. */
  async function recount(workspaceId: string): Promise<number> {
    const db = t.database.handle.db;
    const images = await db
      .selectFrom('users')
      .select('profile_image')
      .where('workspace_id', '=', workspaceId)
      .execute();
    const media = await db
      .selectFrom('media')
      .select(['id', 'size'])
      .where('workspace_id', '=', workspaceId)
      .execute();
    const variants = media.length
      ? await db
          .selectFrom('media_variants')
          .select('size')
          .where(
            'media_id',
            'in',
            media.map((m) => m.id),
          )
          .execute()
      : [];
    return (
      images.reduce((n, u) => n + u.profile_image.length, 0) +
      [...media, ...variants].reduce((n, m) => n + Number(m.size), 0)
    );
  }

  const shown = async (authorization: string) =>
    (await t.app.inject({ url: '/api/workspace', headers: { authorization } })).json().workspace
      .storageUsedBytes as number;

  /** A PNG data URL of exactly `chars` base64 characters (a multiple of 4): a PNG's signature and header
   * chunk (what identifies the type), then padding. */
  const pngDataUrl = (chars: number, fill: number) => {
    const bytes = Buffer.alloc((chars / 4) * 3, fill);
    PNG_HEAD.copy(bytes);
    return `data:image/png;base64,${bytes.toString('base64')}`;
  };
  const setImage = (authorization: string, profileImage: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization },
      payload: { profileImage },
    });

  it('follows profile images, new members, uploads and removals, equal to a recount each time', async () => {
    const domain = `storage-${Date.now()}.test`;
    const owner = await registerConfirmed(t, ownerBody(uniqueEmail(domain)));
    const ownerAuth = `Bearer ${owner.token}`;
    const workspaceId = owner.user.workspaceId;
    expect(await shown(ownerAuth)).toBe(0);

    expect((await setImage(ownerAuth, pngDataUrl(3000, 1))).statusCode).toBe(200);
    expect(await shown(ownerAuth)).toBe(await recount(workspaceId));
    expect(await shown(ownerAuth)).toBe('data:image/png;base64,'.length + 3000);

    const member = await registerConfirmed(t, teamMemberBody(uniqueEmail(domain)));
    expect((await setImage(`Bearer ${member.token}`, pngDataUrl(500, 2))).statusCode).toBe(200);
    expect((await setImage(ownerAuth, pngDataUrl(100, 3))).statusCode).toBe(200);
    expect(await shown(ownerAuth)).toBe(await recount(workspaceId));

    await t.database.handle.db.deleteFrom('users').where('id', '=', member.user.id).execute();
    expect(await shown(ownerAuth)).toBe(await recount(workspaceId));
    expect((await setImage(ownerAuth, '')).statusCode).toBe(200);
    expect(await shown(ownerAuth)).toBe(0);
  });

  it('counts a post image with its variants, and nothing once it is removed', async () => {
    const before = await shown(admin.headers.authorization);
    const category = await createCategory(t, admin.headers, 'Storage');
    const post = await createBlog(t, admin.headers, blogFields(category.id), await pngFile(1200, 800));
    const withImage = await shown(admin.headers.authorization);
    expect(withImage).toBeGreaterThan(before);
    expect(withImage).toBe(await recount(admin.workspaceId));
    const removed = await sendBlog(t, admin.headers, blogFields(category.id, { removeImage: 'true' }), {
      id: post.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(await shown(admin.headers.authorization)).toBe(before);
  });
});
