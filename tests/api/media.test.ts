import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MESSAGES } from '../../src/shared/messages';
import type { Blog } from '../../src/shared/schemas/blog';
import { createTestApp, type TestApp } from './support/test-app';
import { seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, pngFile, sendBlog } from './support/blogs';
import type { FilePart } from './support/multipart';

/** Featured images (docs/product/blog.md#featured-images): magic-byte checks, size limit, storage in the database, serving, variants. */
describe('blog featured images and /api/media', () => {
  let t: TestApp;
  let admin: TestUser;
  let categoryId: string;
  let big: FilePart; // 2000x1000 PNG

  const fields = (overrides: Record<string, string> = {}) => blogFields(categoryId, overrides);
  const mediaCount = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mediaId = (blog: Blog) => blog.featuredImage!.path.replace('media/', '');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    categoryId = (await createCategory(t, admin.headers, 'Photos')).id;
    big = await pngFile(2000, 1000);
  });
  afterAll(async () => t.close());

  it('refuses an HTML file renamed .png with 415, whatever it claims to be', async () => {
    const before = await mediaCount();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const image of [
      { filename: 'evil.png', contentType: 'image/png', bytes: html },
      { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('just text') },
      { filename: 'broken.png', contentType: 'image/png', bytes: big.bytes.subarray(0, 200) },
    ]) {
      const response = await sendBlog(t, admin.headers, fields({ title: 'Bad Image' }), { image });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: BLOG_MESSAGES.imageNotAnImage });
    }
    expect(await mediaCount()).toBe(before);
    expect((await getJson(t, '/api/blogs/bad-image', admin.headers)).statusCode).toBe(404);
  });

  it('refuses a 6 MB image with 413', async () => {
    const bytes = Buffer.concat([big.bytes, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await sendBlog(t, admin.headers, fields({ title: 'Huge Image' }), {
      image: { filename: 'huge.png', contentType: 'image/png', bytes },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: BLOG_MESSAGES.imageTooLarge });
    expect((await getJson(t, '/api/blogs/huge-image', admin.headers)).statusCode).toBe(404);
  });

  it('stores a PNG and serves it with its exact type, nosniff, an immutable cache and WebP variants', async () => {
    const blog = await createBlog(
      t,
      admin.headers,
      fields({ title: 'With Image', altText: 'A blue field' }),
      big,
    );
    const id = mediaId(blog);
    expect(blog.featuredImage).toEqual({
      path: `media/${id}`,
      altText: 'A blue field',
      width: 2000,
      height: 1000,
      variants: [480, 960, 1600].map((width) => ({ width, path: `media/${id}/w/${width}` })),
    });
    const original = await getJson(t, `/api/${blog.featuredImage!.path}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Stored written anew from its pixels (nothing but the image survives), losslessly for a PNG.
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(original.rawPayload)).equals(await pixels(big.bytes))).toBe(true);
    const etag = String(original.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/media/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    for (const variant of blog.featuredImage!.variants) {
      const response = await getJson(t, `/api/${variant.path}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.width / 2]);
    }
    expect((await getJson(t, `/api/media/${id}/w/2000`)).statusCode).toBe(404);
    expect((await getJson(t, '/api/media/00000000-0000-4000-8000-00000000beef')).statusCode).toBe(404);
  });

  it('goes by the bytes, not the declared type; small images get only narrower variants', async () => {
    const jpeg = await sharp(big.bytes).resize({ width: 700 }).jpeg().toBuffer();
    const blog = await createBlog(t, admin.headers, fields({ title: 'Jpeg Named Png' }), {
      filename: 'photo.png',
      contentType: 'image/png',
      bytes: jpeg,
    });
    expect(blog.featuredImage!.variants.map((v) => v.width)).toEqual([480]);
    expect((await getJson(t, `/api/${blog.featuredImage!.path}`)).headers['content-type']).toBe('image/jpeg');
    for (const [format, type] of [
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const bytes = await sharp(big.bytes).resize({ width: 300 }).toFormat(format).toBuffer();
      const post = await createBlog(t, admin.headers, fields({ title: `As ${format}` }), {
        filename: `x.${format}`,
        contentType: 'application/octet-stream',
        bytes,
      });
      expect(post.featuredImage!.variants).toEqual([]);
      expect((await getJson(t, `/api/${post.featuredImage!.path}`)).headers['content-type']).toBe(type);
    }
  });

  it('keeps the image on a plain update, replaces or removes it on request, deleting the unused media', async () => {
    const blog = await createBlog(t, admin.headers, fields({ title: 'Image Life' }), big);
    const first = mediaId(blog);
    const kept = await sendBlog(t, admin.headers, fields({ title: 'Image Life', altText: 'New alt' }), {
      id: blog.id,
    });
    expect(kept.json().blog.featuredImage).toMatchObject({ path: `media/${first}`, altText: 'New alt' });

    const small = await pngFile(600, 300);
    const replaced = (
      await sendBlog(t, admin.headers, fields({ title: 'Image Life' }), { id: blog.id, image: small })
    ).json().blog as Blog;
    const second = mediaId(replaced);
    expect(second).not.toBe(first);
    expect((await getJson(t, `/api/media/${first}`)).statusCode).toBe(404);
    expect((await getJson(t, `/api/media/${first}/w/480`)).statusCode).toBe(404);

    const removed = await sendBlog(t, admin.headers, fields({ title: 'Image Life', removeImage: 'true' }), {
      id: blog.id,
    });
    expect(removed.json().blog.featuredImage).toBeNull();
    expect((await getJson(t, `/api/media/${second}`)).statusCode).toBe(404);
  });

  it('deletes a post image with the post and counts media in the workspace storage', async () => {
    const usage = async () =>
      (await getJson(t, '/api/workspace', admin.headers)).json().workspace.storageUsedBytes;
    const before = await usage();
    const blog = await createBlog(t, admin.headers, fields({ title: 'Delete Me' }), big);
    const variants = await t.database.handle.db
      .selectFrom('media_variants')
      .select('size')
      .where('media_id', '=', mediaId(blog))
      .execute();
    expect(variants).toHaveLength(3);
    const added = big.bytes.length + variants.reduce((sum, v) => sum + Number(v.size), 0);
    expect(await usage()).toBe(before + added);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${blog.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect((await getJson(t, `/api/${blog.featuredImage!.path}`)).statusCode).toBe(404);
    expect(await usage()).toBe(before);
  });
});
