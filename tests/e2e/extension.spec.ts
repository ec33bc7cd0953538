import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { expect, registerViaApi, signIn, test, uniqueEmail } from './support/fixtures';

/**
 * The Botgit extension in Debian's Chromium (docs/product/botgit.md#extension): built by `npm run build:extension`, loaded
 * unpacked into a persistent headless context, signed in through its options page; it reads local
 * fixture profile pages, saves one from the popup and one by automatic scraping, and both reach the
 * Scraped Data section.
 */
const root = path.resolve(import.meta.dirname, '../..');
const extensionDir = path.join(root, 'dist/extension');
const FIXTURES = path.join(import.meta.dirname, 'fixtures/profiles');
const PAGES: Record<string, string> = {
  '/people/meera-iyer': 'json-ld.html',
  '/in/karan-mehta': 'visible.html',
  '/blog/hiring-tips': 'article.html',
};

let fixtures: http.Server;
let fixturesBase = '';
let context: BrowserContext;
let worker: Worker;
let extensionId = '';
let profileDir = '';

test.beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs')], { stdio: 'ignore' });
  fixtures = http.createServer((request, response) => {
    const file = PAGES[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(fs.readFileSync(path.join(FIXTURES, file)));
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', resolve));
  fixturesBase = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`;

  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-extension-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
});

test.afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => fixtures?.close(resolve));
  fs.rmSync(profileDir, { recursive: true, force: true });
});

interface WorkerChrome {
  tabs: { query(filter: object): Promise<{ id?: number; url?: string }[]> };
  storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
}

/** The id of the open tab showing `pathname`, once its content script has reported to the worker. */
async function reportedTab(pathname: string): Promise<number> {
  let id = 0;
  await expect
    .poll(async () => {
      id = await worker.evaluate(async (p) => {
        // The service worker's `chrome` (its types are the extension's, not the tests').
        const chrome = (globalThis as unknown as { chrome: WorkerChrome }).chrome;
        const tabs = await chrome.tabs.query({});
        const tab = tabs.find((t) => t.url && new URL(t.url).pathname === p);
        if (tab?.id === undefined) return 0;
        const found = await chrome.storage.session.get(`found:${tab.id}`);
        return found[`found:${tab.id}`] ? tab.id : -tab.id;
      }, pathname);
      return id;
    })
    .toBeGreaterThan(0);
  return id;
}

test('the extension signs in, saves a JSON-LD profile from its popup and auto-captures a visible-markup profile', async ({
  page,
  request,
}) => {
  const email = uniqueEmail(`scouts-${Date.now().toString(36)}.test`);
  await registerViaApi(request, { userType: 'business-owner', businessName: 'Scouts', email });
  const { token } = await (
    await request.post('/api/login', { data: { email, password: 'secret123' } })
  ).json();
  const headers = { Authorization: `Bearer ${token}` };
  const scraped = async () =>
    (
      (await (await request.get('/api/scraped-data', { headers })).json()).data as Record<string, string>[]
    ).map(({ _id: _ignored, timestamp: _time, ...fields }) => fields);

  // Options: server, e-mail, password.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Server address').fill(process.env.E2E_BASE_URL!);
  await options.getByLabel('E-mail').fill(email);
  await options.getByLabel('Password').fill('secret123');
  await options.getByRole('button', { name: 'Sign in' }).click();
  await expect(options.getByText(`Signed in as ${email}.`)).toBeVisible();
  await expect(options.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    `${process.env.E2E_BASE_URL}/botgit-privacy`,
  );

  // A page with JSON-LD, saved with one click in the popup.
  const profile = await context.newPage();
  await profile.goto(`${fixturesBase}/people/meera-iyer`);
  const tab = await reportedTab('/people/meera-iyer');
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tab}`);
  await expect(popup.locator('#found-name')).toHaveText('Meera Iyer');
  await expect(popup.locator('#found-role')).toHaveText('VP Marketing');
  await expect(popup.locator('#found-location')).toHaveText('Chennai, India');
  await popup.getByRole('button', { name: 'Save to Botgit' }).click();
  await expect(popup.getByRole('status')).toHaveText('Meera Iyer saved to Botgit.');

  // Automatic scraping is off: opening a profile saves nothing; an article is no profile at all.
  const visible = await context.newPage();
  await visible.goto(`${fixturesBase}/in/karan-mehta`);
  await reportedTab('/in/karan-mehta');
  const article = await context.newPage();
  await article.goto(`${fixturesBase}/blog/hiring-tips`);
  await expect
    .poll(() => reportedTab('/blog/hiring-tips').catch(() => -1), { timeout: 3000 })
    .toBeLessThan(0)
    .catch(() => undefined);
  expect((await scraped()).map((p) => p.name)).toEqual(['Meera Iyer']);

  // Turned on in Botgit Settings; the popup picks the change up when it opens.
  const settings = {
    autoScrape: true,
    scrapeInterval: 24,
    maxProfiles: 100,
    saveEmails: true,
    savePhones: true,
    notifyOnComplete: true,
  };
  expect((await request.put('/api/botgit/settings', { headers, data: settings })).status()).toBe(200);
  await popup.reload();
  await expect(popup.getByText('Automatic scraping is on')).toBeVisible();
  await visible.reload();
  await expect.poll(async () => (await scraped()).length, { timeout: 10_000 }).toBe(2);

  expect((await scraped()).sort((a, b) => a.name!.localeCompare(b.name!))).toEqual([
    {
      profileUrl: `${fixturesBase}/in/karan-mehta`,
      name: 'Karan Mehta',
      email: 'karan@pixelforge.test',
      phone: '+911415550199',
      role: 'Founder at Pixel Forge',
      location: 'Jaipur, Rajasthan',
    },
    {
      profileUrl: `${fixturesBase}/people/meera-iyer`,
      name: 'Meera Iyer',
      email: 'meera@iyer.test',
      phone: '+91 44 5555 0101',
      role: 'VP Marketing',
      location: 'Chennai, India',
    },
  ]);

  // And in the product.
  await signIn(page, email, 'secret123');
  await page.goto('/dashboard/botgit-data');
  await expect(page.getByTestId('scraped-row')).toHaveCount(2);
  await expect(page.getByTestId('scraped-row').filter({ hasText: 'Karan Mehta' })).toContainText(
    'karan@pixelforge.test',
  );
  await expect(page.getByTestId('scraped-row').filter({ hasText: 'Meera Iyer' })).toContainText(
    'VP Marketing',
  );
});
