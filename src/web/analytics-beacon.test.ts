import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBeacon } from '../../scripts/lib/analytics-beacon-plugin';
import { ANALYTICS_EVENT_PATH, ATTRIBUTION_STORAGE_KEY } from '../shared/analytics';

let code = '';
beforeAll(async () => {
  ({ code } = await buildBeacon(path.join(import.meta.dirname, 'analytics-beacon.ts')));
});

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

/** The built beacon in a page of its own: what it sends, what it keeps, and how the page moves on. */
function openPage(
  url: string,
  options: {
    referrer?: string;
    navigator?: Record<string, unknown>;
    local?: Record<string, string>;
    session?: Record<string, string>;
  } = {},
) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const listeners: Record<string, () => void> = {};
  const address = new URL(url);
  const local = memoryStorage(options.local);
  const page = {
    navigator: {
      doNotTrack: null,
      webdriver: false,
      sendBeacon: (to: string, body: string) => sent.push({ url: to, body: JSON.parse(body) }) > 0,
      ...options.navigator,
    },
    document: { referrer: options.referrer ?? '' },
    location: address,
    localStorage: local,
    sessionStorage: memoryStorage(options.session),
    history: {
      pushState(_state: unknown, _title: string, to: string) {
        const next = new URL(to, address);
        address.pathname = next.pathname;
        address.search = next.search;
      },
    },
    addEventListener: (name: string, listener: () => void) => void (listeners[name] = listener),
    URL,
    URLSearchParams,
    JSON,
    Date,
    Object,
  };
  (page as Record<string, unknown>).window = page;
  vm.runInNewContext(code, page);
  return {
    sent,
    kept: () => local.items.get(ATTRIBUTION_STORAGE_KEY),
    go: (to: string) => page.history.pushState(null, '', to),
    back: (to: string) => {
      const next = new URL(to, address);
      address.pathname = next.pathname;
      listeners.popstate?.();
    },
  };
}

/** docs/product/analytics.md#what-is-counted */
describe('the page-view beacon', () => {
  it('is at most 1 KB gzip', () => {
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(1024);
  });

  it('sends the path, the referrer’s host and only the campaign parameters; keeps the touch', () => {
    const page = openPage(
      'https://agency.example/Pricing?email=me%40x.test&utm_source=Newsletter&utm_campaign=spring&gclid=9',
      { referrer: 'https://mail.example.org/inbox/42?token=abc' },
    );
    expect(page.sent).toEqual([
      {
        url: ANALYTICS_EVENT_PATH,
        body: {
          p: '/Pricing',
          r: 'https://mail.example.org/',
          u: { utm_source: 'Newsletter', utm_campaign: 'spring' },
        },
      },
    ]);
    expect(JSON.parse(page.kept()!)).toMatchObject({
      referrer: 'mail.example.org',
      utm_source: 'Newsletter',
      utm_campaign: 'spring',
      at: expect.any(Number),
    });
  });

  it('counts each client-side navigation once, without the referrer, and a return with the back button', () => {
    const page = openPage('https://agency.example/', { referrer: 'https://www.google.com/' });
    page.go('/blog');
    page.go('/blog?page=1');
    page.go('/contact');
    page.back('/blog');
    expect(page.sent.map((s) => s.body)).toEqual([
      { p: '/', r: 'https://www.google.com/' },
      { p: '/blog' },
      { p: '/contact' },
      { p: '/blog' },
    ]);
  });

  it('sends no referrer of the site itself and keeps no touch for a direct visit', () => {
    const page = openPage('https://agency.example/blog', { referrer: 'https://agency.example/' });
    expect(page.sent.map((s) => s.body)).toEqual([{ p: '/blog' }]);
    expect(page.kept()).toBeUndefined();
  });

  it.each([
    ['Do Not Track', { navigator: { doNotTrack: '1' } }],
    ['Global Privacy Control', { navigator: { globalPrivacyControl: true } }],
    ['automation (navigator.webdriver)', { navigator: { webdriver: true } }],
    ['a dashboard sign-in kept (remember me)', { local: { token: 'x' } }],
    ['a dashboard sign-in for the tab', { session: { token: 'x' } }],
  ])('sends nothing and keeps nothing with %s', (_case, options) => {
    const page = openPage('https://agency.example/?utm_source=ad', {
      referrer: 'https://www.google.com/',
      ...options,
    });
    page.go('/pricing');
    expect(page.sent).toEqual([]);
    expect(page.kept()).toBeUndefined();
  });
});
