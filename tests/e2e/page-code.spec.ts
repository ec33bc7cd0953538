import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MODULE_CHUNKS_FILE } from '../../src/shared/ssr';
import { PAGE_MODULES } from '../../src/web/app/pages';
import { E2E_ADMIN } from './support/server';
import { expect, signIn, test } from './support/fixtures';

/**
 * Which built file holds each source module's code (scripts/lib/module-chunks-plugin.ts): exact whatever
 * Rollup named the chunk — the dashboard's shell, merged with a small shared module, was once in a chunk
 * named after that module, and a look-up by chunk name found nothing.
 */
const moduleChunks = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/client', MODULE_CHUNKS_FILE), 'utf8'),
) as Record<string, string>;
function fileOf(source: string): string {
  const file = moduleChunks[source];
  if (!file) throw new Error(`${source} is in no chunk of the build`);
  return `/${file}`;
}

const DASHBOARD_SHELL = fileOf('app/dashboard/dashboard-shell.tsx');
const HTTP_CLIENT = fileOf('lib/api-instance.ts');

/** Paths of the scripts the page fetched from now until `action` resolves. */
async function scriptsDuring(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const scripts: string[] = [];
  const record = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', record);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return scripts;
}

test('public pages download their own code only: never the dashboard, nor the HTTP client they do not use', async ({
  page,
}) => {
  for (const [url, pageModule] of [
    ['/', 'features/home/home-page.tsx'],
    ['/blog', 'features/blog/blog-list-page.tsx'],
    ['/pricing', 'features/pricing/pricing-page.tsx'],
    ['/terms', 'features/legal/legal-pages.tsx'],
    // The client portal is a public page too: the staff's dashboard never reaches a client's browser.
    ['/portal', 'features/portal/portal-pages.tsx'],
  ] as const) {
    const scripts = await scriptsDuring(page, () => page.goto(url));
    expect(scripts, url).toContain(fileOf(pageModule));
    expect(scripts, url).not.toContain(DASHBOARD_SHELL);
    expect(scripts, url).not.toContain(HTTP_CLIENT);
    expect(scripts, url).not.toContain(fileOf('features/auth/login-page.tsx'));
  }
});

test('a page the render cache kept for minutes hydrates from its own data, without asking the API again', async ({
  page,
}) => {
  // The cache is invalidated by every content change, so what it serves is current however long ago it
  // was rendered; a browser whose clock says the data is old must not read it again (nor load axios).
  await page.goto('/');
  await page.goto('/blog');
  await page.clock.install({ time: Date.now() + 10 * 60_000 });
  const api: string[] = [];
  page.on('request', (request) => {
    // Data reads only: the posts' featured images are served under /api/media like any image.
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/media/')) api.push(request.url());
  });
  for (const url of ['/', '/blog']) {
    const scripts = await scriptsDuring(page, () => page.goto(url));
    expect(scripts, url).not.toContain(HTTP_CLIENT);
  }
  expect(api).toEqual([]);
});

test("the server names the page's own chunk for preloading, so it downloads beside the entry", async ({
  request,
}) => {
  const html = await (await request.get('/pricing')).text();
  const preload = /<script defer src="[^"]+" data-entry="[^"]+" data-preload="([^"]*)"><\/script>/.exec(
    html,
  )?.[1];
  expect(preload?.split(' ')).toContain(fileOf('features/pricing/pricing-page.tsx'));
  expect(html).not.toContain(fileOf('features/home/home-page.tsx'));
});

test("a public page's code is asked for once its server HTML is on screen, never before", async ({
  page,
}) => {
  // On a slow line the scripts shared the first round trips with the stylesheet and held up the first
  // paint (docs/architecture.md#budgets). Only the small loader and the analytics beacon may come earlier.
  const early = /^\/assets\/(after-paint|beacon)-[^/]+\.js$/;
  for (const [url, pageModule] of [
    ['/', 'features/home/home-page.tsx'],
    ['/blog', 'features/blog/blog-list-page.tsx'],
    ['/pricing', 'features/pricing/pricing-page.tsx'],
  ] as const) {
    await page.goto(url);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }))
        .filter((entry) => entry.path.endsWith('.js')),
    }));
    expect(paint, url).toBeGreaterThan(0);
    expect(
      scripts.map((s) => s.path),
      url,
    ).toContain(fileOf(pageModule));
    expect(
      scripts.filter((s) => s.start < paint && !early.test(s.path)),
      `${url}: first paint at ${paint} ms`,
    ).toEqual([]);
  }
});

test('the build records the chunk of every page, so the server can name it for preloading', () => {
  const chunks = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/client/', MODULE_CHUNKS_FILE), 'utf8'),
  ) as Record<string, string>;
  for (const source of new Set(Object.values(PAGE_MODULES)))
    expect(chunks[source], source).toMatch(/^assets\/.+\.js$/);
});

test("the server's bundles hold one byte per character, so V8 keeps their source at half the memory", () => {
  const dist = path.resolve(import.meta.dirname, '../../dist');
  const files = [
    path.join(dist, 'server/server.cjs'),
    ...fs
      .readdirSync(path.join(dist, 'ssr'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.js'))
      .map((file) => path.join(dist, 'ssr', file)),
  ];
  for (const file of files)
    expect(/[\u0100-\uffff]/.exec(fs.readFileSync(file, 'utf8'))?.[0], file).toBeUndefined();
});

test('hashed assets are cached for a year and carry only the headers a script needs', async ({ request }) => {
  const page = await request.get('/pricing');
  expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(page.headers()['x-frame-options']).toBe('SAMEORIGIN');

  const asset = await request.get(fileOf('features/pricing/pricing-page.tsx'));
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  expect(asset.headers()['cross-origin-resource-policy']).toBe('same-origin');
  expect(asset.headers()['content-security-policy']).toBeUndefined();
  expect(asset.headers()['x-frame-options']).toBeUndefined();
});

test('the dashboard and the HTTP client load once they are needed', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect.poll(() => scripts).toContain(HTTP_CLIENT);
  await expect.poll(() => scripts).toContain(DASHBOARD_SHELL);
});

test('what a visitor types before the page is ready is kept, and the form waits to be sent', async ({
  page,
}) => {
  // Hold back the login page's code so the server's HTML is all there is for a while.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${fileOf('features/auth/login-page.tsx')}`, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const submit = page.getByRole('button', { name: 'Continue with email' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  release();
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard/);
});
