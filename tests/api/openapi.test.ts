import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import {
  BASE_DEPS,
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from './support/test-app';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
}
interface Document {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

async function fetchDocument(app: FastifyInstance): Promise<Document> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  return response.json();
}

/** GET /api/openapi.json: the OpenAPI 3 document generated from the route schemas (docs/product/api.md#openapi-description). */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp();
    doc = await fetchDocument(t.app);
  });
  afterAll(async () => t.close());

  it('is OpenAPI 3 with a title', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toContain('AgencyHQ');
  });

  it('lists the routes with their methods (docs/product/api.md)', () => {
    expect(doc.paths['/api/login']?.post).toBeDefined();
    expect(doc.paths['/api/register']?.post).toBeDefined();
    expect(doc.paths['/api/users/{id}']?.put).toBeDefined();
    expect(doc.paths['/api/blogs']?.get).toBeDefined();
    expect(doc.paths['/api/blogs']?.post).toBeDefined();
    expect(doc.paths['/api/leads']?.get).toBeDefined();
    expect(doc.paths['/api/leads']?.post).toBeDefined();
    expect(doc.paths['/api/health']?.get).toBeDefined();
  });

  it('documents every path under /api/ only, each operation tagged', () => {
    for (const [route, item] of Object.entries(doc.paths)) {
      expect(route).toMatch(/^\/api\//);
      for (const operation of Object.values(item)) expect(operation.tags?.length, route).toBeGreaterThan(0);
    }
  });

  it('carries the request body schemas of login and register', () => {
    const login = doc.paths['/api/login']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(login.properties ?? {})).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
    const register = doc.paths['/api/register']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(register.properties ?? {})).toEqual(
      expect.arrayContaining(['userType', 'email', 'password', 'businessName', 'username']),
    );
  });

  it('carries query and path parameters', () => {
    const listLeads = doc.paths['/api/leads']!.get!;
    expect(listLeads.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:search', 'query:status', 'query:page']),
    );
    const updateUser = doc.paths['/api/users/{id}']!.put!;
    expect(updateUser.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
  });

  it('declares the bearer scheme and marks guarded routes with it, public ones without', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const bearer = [{ bearerAuth: [] }];
    expect(doc.paths['/api/profile']!.get!.security).toEqual(bearer);
    expect(doc.paths['/api/leads']!.get!.security).toEqual(bearer);
    expect(doc.paths['/api/users/{id}']!.put!.security).toEqual(bearer);
    expect(doc.paths['/api/login']!.post!.security).toBeUndefined();
    expect(doc.paths['/api/register']!.post!.security).toBeUndefined();
    // Public routes with their own hooks (the contact form's rate limit) are not mistaken for guarded ones.
    if (doc.paths['/api/contact']) expect(doc.paths['/api/contact'].post!.security).toBeUndefined();
    // Public reads that show more to a signed-in caller: the token is optional.
    expect(doc.paths['/api/blogs']!.get!.security).toEqual([{}, { bearerAuth: [] }]);
    // The client portal takes its own cookie only, never a bearer token (docs/product/portal.md#sessions).
    expect(doc.components.securitySchemes.portalCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.paths['/api/portal/me']!.get!.security).toEqual([{ portalCookie: [] }]);
    expect(doc.paths['/api/portal/sign-in']!.post!.security).toBeUndefined();
    expect(doc.paths['/api/clients/{id}/portal-access']!.get!.security).toEqual(bearer);
  });

  it('gives operations a summary and documents the multipart blog form', () => {
    expect(doc.paths['/api/login']!.post!.summary).toBeTruthy();
    const form = doc.paths['/api/blogs']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(Object.keys(form.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'metaDescription', 'category', 'content', 'featuredImage']),
    );
  });
});

/** With the web app registered, pages, assets and the catch-all stay out of the document. */
describe('the OpenAPI document beside the pages', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    clientDir = path.join(database.dataDir, 'client');
    for (const dir of ['assets', 'static']) fs.mkdirSync(path.join(clientDir, dir), { recursive: true });
    app = await buildApp({
      ...BASE_DEPS,
      database: database.handle,
      web: {
        clientDir,
        template: '<!--app-head--><!--app-html--><!--app-state-->',
        render: () => ({ html: '<h1>page</h1>', head: '', status: 200, state: '{}', modules: [] }),
        modulePreloads: () => '',
        isUnknownPath: () => false,
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('has no page, asset, sitemap or catch-all routes', async () => {
    const page = await app.inject({ method: 'GET', url: '/terms' });
    expect(page.statusCode).toBe(200);
    const doc = await fetchDocument(app);
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(10);
    for (const route of paths) expect(route).toMatch(/^\/api\//);
    expect(paths).not.toContain('/*');
    expect(paths.some((p) => /^\/(assets|static)\//.test(p) || /sitemap|robots|rss/.test(p))).toBe(false);
  });
});
