import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES, SERVER_MESSAGES } from '../../src/shared/messages';
import type { Category } from '../../src/shared/schemas/blog';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson } from './support/blogs';

/** GET/POST /api/categories (docs/product/api.md#calls) plus PUT/DELETE /api/categories/:id (docs/product/api.md#beyond-the-first-calls). */
describe('categories API', () => {
  let t: TestApp;
  let admin: TestUser;
  let beta: TestUser; // SEO Manager of another workspace
  let hr: TestUser; // agency 'Human Resource': no seoManagement

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers?: TestUser['headers'],
    payload?: object,
  ) => t.app.inject({ method, url, headers: headers ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
    hr = await insertUser(t, { workspaceId: admin.workspaceId, role: 'Human Resource' });
    beta = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Beta' })).id,
      role: 'SEO Manager',
    });
  });
  afterAll(async () => t.close());

  it('creates a category (201) with trimmed fields, a slug and the Category shape', async () => {
    const response = await send('POST', '/api/categories', admin.headers, {
      name: '  Web Design & UX  ',
      description: '  How we build sites.  ',
    });
    expect(response.statusCode).toBe(201);
    const { success, category } = response.json() as { success: boolean; category: Category };
    expect(success).toBe(true);
    expect(category).toEqual({
      _id: category.id,
      id: category.id,
      name: 'Web Design & UX',
      slug: 'web-design-ux',
      description: 'How we build sites.',
      createdAt: expect.any(String),
    });
  });

  it.each([{}, { name: '' }, { name: '    ' }])('requires a name: %j', async (body) => {
    const response = await send('POST', '/api/categories', admin.headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: CATEGORY_MESSAGES.nameRequired,
      errors: [{ field: 'name', message: CATEGORY_MESSAGES.nameRequired }],
    });
  });

  it('refuses a duplicate name in the workspace (409, any case); other workspaces may reuse it', async () => {
    await createCategory(t, admin.headers, 'Growth');
    const duplicate = await send('POST', '/api/categories', admin.headers, { name: 'GROWTH' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: CATEGORY_MESSAGES.nameTaken });
    expect((await createCategory(t, beta.headers, 'Growth')).slug).toBe('growth');
  });

  it('lets exactly one of several concurrent creates with the same name win', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => send('POST', '/api/categories', admin.headers, { name: 'Race' })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('makes slugs unique: names that slugify alike get -2, -3', async () => {
    const slugs = [];
    for (const name of ['Tips & Tricks', 'Tips, Tricks', 'tips tricks!'])
      slugs.push((await createCategory(t, admin.headers, name)).slug);
    expect(slugs).toEqual(['tips-tricks', 'tips-tricks-2', 'tips-tricks-3']);
  });

  it('lists the own workspace when signed in, the agency categories when anonymous', async () => {
    await createCategory(t, beta.headers, 'Beta Only');
    const names = async (headers?: TestUser['headers']) =>
      ((await getJson(t, '/api/categories', headers)).json() as Category[]).map((c) => c.name);
    const agency = await names(admin.headers);
    expect(agency).toContain('Growth');
    expect(agency).not.toContain('Beta Only');
    expect(await names()).toEqual(agency);
    expect(await names(beta.headers)).toEqual(['Beta Only', 'Growth']);
  });

  it('updates name and description; a new name moves the slug, a taken name is 409', async () => {
    const category = await createCategory(t, admin.headers, 'Old Topic');
    const renamed = await send('PUT', `/api/categories/${category.id}`, admin.headers, {
      name: 'New Topic',
      description: 'd',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      success: true,
      category: { ...category, name: 'New Topic', slug: 'new-topic', description: 'd' },
    });
    const sameSlug = await send('PUT', `/api/categories/${category.id}`, admin.headers, {
      name: 'NEW topic',
    });
    expect(sameSlug.json().category.slug).toBe('new-topic');
    const taken = await send('PUT', `/api/categories/${category.id}`, admin.headers, { name: 'growth' });
    expect(taken.statusCode).toBe(409);
    expect(
      (await send('PUT', `/api/categories/${category.id}`, beta.headers, { name: 'Mine' })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a category in use (409), deletes it once unused', async () => {
    const category = await createCategory(t, admin.headers, 'Busy');
    const blog = await createBlog(t, admin.headers, blogFields(category.id, { title: 'Uses Busy' }));
    const inUse = await send('DELETE', `/api/categories/${category.id}`, admin.headers);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ message: CATEGORY_MESSAGES.inUse(1) });
    expect(CATEGORY_MESSAGES.inUse(1)).toContain('used by 1 post.');
    await send('DELETE', `/api/blogs/${blog.id}`, admin.headers);
    const deleted = await send('DELETE', `/api/categories/${category.id}`, admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await send('DELETE', `/api/categories/${category.id}`, admin.headers)).statusCode).toBe(404);
  });

  it('refuses writes from anonymous callers (401) and roles without SEO Management (403)', async () => {
    const category = await createCategory(t, admin.headers, 'Guarded');
    for (const [headers, status, message] of [
      [undefined, 401, SERVER_MESSAGES.unauthorized],
      [hr.headers, 403, SERVER_MESSAGES.forbidden],
    ] as const) {
      for (const response of [
        await send('POST', '/api/categories', headers, { name: 'Nope' }),
        await send('POST', '/api/categories', headers, {}),
        await send('PUT', `/api/categories/${category.id}`, headers, { name: 'Nope' }),
        await send('DELETE', `/api/categories/${category.id}`, headers),
      ]) {
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ message });
      }
    }
    // Reading is not a write: the HR user sees the workspace's categories.
    expect((await getJson(t, '/api/categories', hr.headers)).json().map((c: Category) => c.name)).toContain(
      'Guarded',
    );
  });
});
