import { describe, expect, it } from 'vitest';
import { DIRECT, campaignFieldsOf, channelOf, countedPath, hostOfUrl, sourceOf } from './analytics';

const SITE = 'agency.example';
const from = (referrer: string, search = '') =>
  sourceOf({ referrerHost: hostOfUrl(referrer), campaign: campaignFieldsOf(search) }, SITE);

/** docs/product/analytics.md#sources-and-campaigns */
describe('a visit’s source', () => {
  it.each([
    ['', '', DIRECT],
    ['https://agency.example/blog', '', DIRECT],
    ['https://www.agency.example/', '', DIRECT],
    ['https://www.google.com/', '', 'Google'],
    ['https://www.google.co.in/search?q=agency', '', 'Google'],
    ['https://news.google.com/', '', 'Google'],
    ['https://mail.google.com/mail/u/0/', '', 'Gmail'],
    ['https://www.bing.com/search?q=x', '', 'Bing'],
    ['https://duckduckgo.com/', '', 'DuckDuckGo'],
    ['https://l.facebook.com/l.php?u=x', '', 'Facebook'],
    ['https://m.facebook.com/', '', 'Facebook'],
    ['https://t.co/abc', '', 'X (Twitter)'],
    ['https://x.com/someone', '', 'X (Twitter)'],
    ['https://www.linkedin.com/feed/', '', 'LinkedIn'],
    ['https://lnkd.in/xyz', '', 'LinkedIn'],
    ['https://old.reddit.com/r/x', '', 'Reddit'],
    ['https://partner-blog.example.org/post', '', 'partner-blog.example.org'],
    ['https://WWW.Partner.Example/', '', 'partner.example'],
    ['android-app://com.google.android.gm/', '', DIRECT],
    // Campaign parameters win over the referrer; well-known values get the well-known name.
    ['https://www.google.com/', '?utm_source=newsletter&utm_medium=email', 'newsletter'],
    ['', '?utm_source=FB', 'Facebook'],
    ['', '?utm_source=linkedin&utm_campaign=launch', 'LinkedIn'],
    ['', '?ref=producthunt', 'producthunt'],
    ['', '?ref=news.ycombinator.com', 'news.ycombinator.com'],
    ['', '?utm_source=%20%20', DIRECT],
  ])('%s %s → %s', (referrer, search, source) => {
    expect(from(referrer, search)).toBe(source);
  });

  it('groups sources into channels', () => {
    expect(channelOf(DIRECT)).toBe('direct');
    expect(channelOf('Google')).toBe('search');
    expect(channelOf('LinkedIn')).toBe('social');
    expect(channelOf('Gmail')).toBe('email');
    expect(channelOf('newsletter')).toBe('referral');
  });

  it('keeps only the campaign parameters, trimmed, in lower case, at most 100 characters', () => {
    expect(
      campaignFieldsOf(
        `?email=me%40x.test&utm_source=News&utm_medium=Email&utm_campaign=${'A'.repeat(150)}&utm_term=%20k%20&gclid=1&ref=`,
      ),
    ).toEqual({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'a'.repeat(100), utm_term: 'k' });
  });
});

describe('a counted path', () => {
  it.each([
    ['/', '/'],
    ['/Blog/My-Post/', '/blog/my-post'],
    ['/pricing?utm_source=x#plans', '/pricing'],
    ['/blog//', '/blog'],
  ])('%s → %s', (raw, path) => expect(countedPath(raw)).toBe(path));

  it.each([
    '',
    'blog',
    '//evil.example/',
    'https://evil.example/',
    '/dashboard',
    '/dashboard/leads',
    '/api/leads',
    '/assets/a.js',
    '/static/favicon.svg',
    `/${'a'.repeat(300)}`,
    '/a b',
    '/a\u0000',
  ])('refuses %j', (raw) => expect(countedPath(raw)).toBeNull());
});
