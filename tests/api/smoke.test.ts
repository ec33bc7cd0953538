import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, signIn, type TestApp } from './support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('signs the seeded admin in and reads the profile', async () => {
    const headers = await signIn(t.app, ADMIN.email, ADMIN.password);
    const response = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('Admin');
  });
});
