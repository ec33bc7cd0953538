import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { expect } from './fixtures';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium';

/**
 * The Botgit extension in Debian's Chromium (docs/product/botgit.md#extension): built by
 * `npm run build:extension`, loaded unpacked into a persistent headless context, beside a local server of
 * fixture profile pages.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const extensionDir = path.join(root, 'dist/extension');
const FIXTURES = path.join(import.meta.dirname, '../fixtures/profiles');
const PAGES: Record<string, string> = {
  '/people/meera-iyer': 'json-ld.html',
  '/in/karan-mehta': 'visible.html',
  '/blog/hiring-tips': 'article.html',
};

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  fixturesBase: string;
  /** The id of the open tab showing `pathname`, once its content script has reported to the worker. */
  reportedTab(pathname: string): Promise<number>;
  close(): Promise<void>;
}

interface WorkerChrome {
  tabs: { query(filter: object): Promise<{ id?: number; url?: string }[]> };
  storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
}

export async function launchExtension(): Promise<ExtensionBrowser> {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-extension.mjs')], { stdio: 'ignore' });
  const fixtures = http.createServer((request, response) => {
    const file = PAGES[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(fs.readFileSync(path.join(FIXTURES, file)));
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', resolve));
  const fixturesBase = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`;

  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agencyhq-extension-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...CHROMIUM_ARGS,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;

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

  return {
    context,
    worker,
    extensionId,
    fixturesBase,
    reportedTab,
    async close() {
      await context.close();
      await new Promise((resolve) => fixtures.close(resolve));
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Botgit's options page: the server address and 'Connect Botgit', which opens the product's approval page
 * in a new tab (docs/product/integrations.md#connect-botgit). Answers the options page and that tab.
 */
export async function startConnecting(browser: ExtensionBrowser): Promise<{ options: Page; approval: Page }> {
  const options = await browser.context.newPage();
  await options.goto(`chrome-extension://${browser.extensionId}/options.html`);
  await expect(options.getByLabel('Password')).toHaveCount(0);
  await options.getByLabel('Server address').fill(process.env.E2E_BASE_URL!);
  const opened = browser.context.waitForEvent('page');
  await options.getByRole('button', { name: 'Connect Botgit' }).click();
  const approval = await opened;
  await approval.waitForURL(/\/connect-botgit\?code=/);
  return { options, approval };
}
