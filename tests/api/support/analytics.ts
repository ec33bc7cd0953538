import type { FastifyInstance } from 'fastify';

/** User agents of real browsers (and bots) the analytics suites send. */
export const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  /** Safari 15: before Sec-Fetch headers (16.4). */
  safariOld:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/605.1.15',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
  ahrefs: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
} as const;

export interface View {
  ip: string;
  ua: string;
  /** Path with its query, as the browser's address bar has it. */
  url: string;
  referrer?: string;
  headers?: Record<string, string>;
}

/** What the beacon sends for a page: the path, the referrer, and only the campaign parameters. */
export function beaconBody(url: string, referrer?: string): string {
  const parsed = new URL(url, 'https://agency.example');
  const u: Record<string, string> = {};
  for (const [name, value] of parsed.searchParams)
    if (/^utm_(source|medium|campaign|content|term)$|^ref$/.test(name)) u[name] = value;
  return JSON.stringify({
    p: parsed.pathname,
    ...(referrer ? { r: referrer } : {}),
    ...(Object.keys(u).length ? { u } : {}),
  });
}

/** One page view through POST /api/event, as navigator.sendBeacon sends it from the site's own page (text/plain). */
export function sendView(app: FastifyInstance, view: View) {
  return app.inject({
    method: 'POST',
    url: '/api/event',
    remoteAddress: view.ip,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': view.ua,
      'sec-fetch-site': 'same-origin',
      'accept-language': 'en-GB,en;q=0.9',
      ...view.headers,
    },
    payload: beaconBody(view.url, view.referrer),
  });
}

/** A clock the suite moves by hand: the app reads it for every page view and lead. */
export function manualClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    set: (iso: string) => {
      now = new Date(iso);
    },
  };
}
