import { describe, expect, it } from 'vitest';
import { classify, clientKind, isAutomated } from './user-agent';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** docs/product/analytics.md#what-is-counted */
describe('automated clients', () => {
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    [
      'GPTBot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)',
    ],
    ['AhrefsBot', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
    ['facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    [
      'HeadlessChrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
    ],
    [
      'PhantomJS',
      'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
    ],
    ['Lighthouse', `${CHROME} Chrome-Lighthouse`],
    ['curl', 'curl/8.5.0'],
    ['python-requests', 'python-requests/2.31.0'],
    ['UptimeRobot', 'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)'],
    ['nothing', undefined],
    ['too short', 'Mozilla/5.0'],
  ])('%s is not counted', (_name, ua) => expect(isAutomated(ua)).toBe(true));

  it.each([CHROME, IPHONE, IPAD, FIREFOX, ANDROID])('a browser is counted: %s', (ua) =>
    expect(isAutomated(ua)).toBe(false),
  );
});

describe('what is kept of a user agent', () => {
  it('is its device class, browser family and system, never the string', () => {
    expect(clientKind(CHROME)).toEqual({ device: 'desktop', browser: 'Chrome', os: 'Windows' });
    expect(clientKind(IPHONE)).toEqual({ device: 'mobile', browser: 'Safari', os: 'iOS' });
    expect(clientKind(IPAD)).toEqual({ device: 'tablet', browser: 'Safari', os: 'iOS' });
    expect(clientKind(FIREFOX)).toEqual({ device: 'desktop', browser: 'Firefox', os: 'Linux' });
    expect(clientKind(ANDROID)).toEqual({ device: 'mobile', browser: 'Chrome', os: 'Android' });
    expect(clientKind('Something/1.0 (unknown thing; nobody knows)')).toEqual({
      device: 'other',
      browser: 'Other',
      os: 'Other',
    });
  });
});

describe('classify', () => {
  it('is clientKind for a browser and null for an automated client, asked once per agent', () => {
    expect(classify(CHROME)).toEqual(clientKind(CHROME));
    expect(classify(CHROME)).toBe(classify(CHROME));
    expect(classify('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBeNull();
    expect(classify(undefined)).toBeNull();
  });
});
