import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { Blog, Category } from '../../../src/shared/schemas/blog';
import type { TestApp } from './test-app';
import { multipartBody, type FilePart } from './multipart';

type Headers = { authorization: string } | undefined;

/** A valid blog form (docs/product/blog.md#editor payload) in the given category; `overrides` replace or add fields. */
export function blogFields(category: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Ten SEO Tips',
    metaDescription: 'Practical search tips for small businesses.',
    keywords: 'seo, marketing',
    category,
    content: '<h2>Start here</h2><p>Write for people first.</p>',
    status: 'draft',
    altText: '',
    ...overrides,
  };
}

/** POST /api/blogs or PUT /api/blogs/:id as the editor sends it (multipart, optional featuredImage). */
export function sendBlog(
  t: TestApp,
  headers: Headers,
  fields: Record<string, string>,
  options: { id?: string; image?: FilePart } = {},
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, options.image ? { featuredImage: options.image } : {});
  return t.app.inject({
    method: options.id ? 'PUT' : 'POST',
    url: options.id ? `/api/blogs/${options.id}` : '/api/blogs',
    headers: { ...body.headers, ...(headers ?? {}) },
    payload: body.payload,
  });
}

/** Creates a post and fails loudly unless the answer is 201. */
export async function createBlog(
  t: TestApp,
  headers: Headers,
  fields: Record<string, string>,
  image?: FilePart,
): Promise<Blog> {
  const response = await sendBlog(t, headers, fields, { image });
  if (response.statusCode !== 201) throw new Error(`create blog: ${response.statusCode} ${response.body}`);
  return response.json().blog;
}

export async function createCategory(t: TestApp, headers: Headers, name: string): Promise<Category> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/categories',
    headers: headers ?? {},
    payload: { name, description: '' },
  });
  if (response.statusCode !== 201)
    throw new Error(`create category: ${response.statusCode} ${response.body}`);
  return response.json().category;
}

export function getJson(t: TestApp, url: string, headers?: Headers): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: headers ?? {} });
}

/** PUT /api/blogs/:id with JSON {status} (Publish / Archive / Republish). */
export function setStatus(t: TestApp, headers: Headers, id: string, status: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${id}`,
    headers: headers ?? {},
    payload: { status },
  });
}

/** A real PNG of the given size, made by sharp. */
export async function pngFile(width: number, height: number): Promise<FilePart> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  return { filename: 'photo.png', contentType: 'image/png', bytes };
}
