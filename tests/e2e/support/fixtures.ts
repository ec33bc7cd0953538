import { SESSION_CACHE_MS } from '../../../src/server/auth/session-cache';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, receivedMail } from './mail';

let counter = 0;
/** A unique e-mail for this run under the given domain. */
export function uniqueEmail(domain = 'example.test'): string {
  counter += 1;
  return `e2e${Date.now().toString(36)}${counter}@${domain}`;
}

/** Direct write to the e2e server's SQLite file, for states no screen can create yet (e.g. role User). */
export function setUserRole(email: string, role: string): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'agencyhq.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update users set role = ? where email = ?').run(role, email.toLowerCase());
  } finally {
    db.close();
  }
}

/**
 * Makes every session of `email` look signed in `ms` ago and never confirmed since: what a stolen token
 * of an old session is (docs/security.md#lasting-credentials). No screen can age a session.
 */
export async function ageSessions(email: string, ms: number): Promise<void> {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'agencyhq.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'update sessions set created_at = ?, confirmed_at = null where user_id = (select id from users where email = ?)',
    ).run(new Date(Date.now() - ms).toISOString(), email.toLowerCase());
  } finally {
    db.close();
  }
  // Written behind the product's back, so its cache of verified sessions (docs/decisions/0025-session-cache.md)
  // shows the change only once the session it holds has run out.
  await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 500));
}

/** The link of the newest confirmation e-mail sent to `email` (docs/product/auth.md#proven-addresses), from the test SMTP server. */
export async function confirmationLink(email: string): Promise<string> {
  const prefix = `${process.env.E2E_BASE_URL}/confirm-email?token=`;
  const mail = await receivedMail((m) => m.to === email.toLowerCase() && m.text.includes(prefix));
  return linkIn(mail, prefix);
}

/** Opens the mailed confirmation link the way the /confirm-email page does (its token, once). */
export async function confirmEmailByMail(request: APIRequestContext, email: string): Promise<unknown> {
  const token = new URL(await confirmationLink(email)).searchParams.get('token');
  const response = await request.post('/api/email-confirmation/confirm', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * Signs up through the API and, unless `confirm: false`, confirms the address with the mailed link (docs/product/auth.md#proven-addresses):
 * only then does a Business Owner own its domain and a Team Member signed up by domain join its workspace.
 */
export async function registerViaApi(
  request: APIRequestContext,
  {
    confirm = true,
    ...body
  }: {
    userType: string;
    email: string;
    password?: string;
    businessName?: string;
    username?: string;
    confirm?: boolean;
  },
) {
  const response = await request.post('/api/register', {
    data: { password: 'secret123', confirmPassword: body.password ?? 'secret123', ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  const answer = await response.json();
  if (confirm) await confirmEmailByMail(request, body.email);
  return answer;
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  // Filled while the page hydrates (a page of a context the fixture did not wrap), a field can lose its
  // text; the scripts arrive after the first paint, so the form is filled once the page is live.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue with email' }).click();
}

/**
 * Pages hydrate once their own code chunk has loaded, which can be just after the `load` event. Waiting for
 * the app's `html[data-hydrated]` mark after each navigation to an HTML page keeps tests from clicking a
 * button before its handler exists. Tests of the moments before hydration pass another `waitUntil`.
 */
export function waitForHydrationOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const waitsForLoad = !options?.waitUntil || options.waitUntil === 'load';
    if (waitsForLoad && response?.headers()['content-type']?.startsWith('text/html'))
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return response;
  };
  return page;
}

/** Fails the test on any console error or uncaught page error (hydration mismatches included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    await use(waitForHydrationOnGoto(page));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // Failed requests we provoke on purpose (401s, aborted routes) are logged by the browser itself.
        if (message.type() === 'error' && !/Failed to load resource|net::ERR_FAILED/.test(message.text()))
          errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Signs in and waits for the spec's 1-second redirect to land. */
export async function signIn(page: Page, email: string, password: string) {
  await signInThroughForm(page, email, password);
  await page.waitForURL(/\/(dashboard|access-restricted)/);
}
