import { CAMPAIGN_RESULTS, UTM_PARAMETERS } from '../../../shared/campaign-results';

/**
 * A campaign mail's links and the click redirect (docs/product/marketing.md#results). The HTML is the one
 * the template renderer made: attribute values are double-quoted and HTML-escaped, so an href is read by
 * decoding its entities and written back escaped.
 */

const ANCHOR = /<a\b[^>]*>/gi;
/** The href attribute of a tag (not data-href, not xlink:href), in any quoting. */
const HREF = /(\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
/** A merge field's marker of the template renderer (email-templates/merge-fields.ts): differs per recipient. */
const MERGE_MARKER = /xmf[0-9a-f]{12}n\d+z|\{\{/i;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A link target the click redirect may send to: http or https with a host, no user name or password (a
 * link that reads as one site and goes to another), at most CAMPAIGN_RESULTS.linkUrlMax characters. Null
 * for anything else (javascript:, data:, mailto:, relative...).
 */
export function redirectTarget(raw: string): URL | null {
  if (raw.length > CAMPAIGN_RESULTS.linkUrlMax || !/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  if (url.username || url.password) return null;
  return url;
}

/** The site's own links a mail carries that must stay as they are: the unsubscribe link and the redirect itself. */
function isOwnLink(url: URL, siteUrl: string): boolean {
  const site = new URL(siteUrl);
  if (url.origin !== site.origin) return false;
  const base = site.pathname.replace(/\/$/, '');
  const path = url.pathname;
  return [`${base}/unsubscribe`, `${base}/r`, `${base}/o`].some(
    (own) => path === own || path.startsWith(`${own}/`),
  );
}

function hrefOf(tag: string): string | null {
  const match = HREF.exec(tag);
  if (!match) return null;
  return decodeEntities(match[2] ?? match[3] ?? match[4] ?? '').trim();
}

/**
 * The distinct links of a rendered campaign HTML that go through the click redirect, in their order:
 * http(s) hrefs of <a> tags, but not mailto:, tel:, #anchors, the unsubscribe link (`${siteUrl}/unsubscribe`),
 * a link holding a merge field (it differs per recipient: run this on the HTML rendered once, before the
 * recipients' values are filled in) or one the redirect would refuse ({@link redirectTarget}).
 */
export function extractLinks(html: string, siteUrl: string): string[] {
  const links: string[] = [];
  const seen = new Set<string>();
  for (const [tag] of html.matchAll(ANCHOR)) {
    const href = hrefOf(tag);
    if (!href || seen.has(href) || MERGE_MARKER.test(href)) continue;
    const url = redirectTarget(href);
    if (!url || isOwnLink(url, siteUrl)) continue;
    seen.add(href);
    links.push(href);
  }
  return links.slice(0, CAMPAIGN_RESULTS.linksMax);
}

/** A URL in the plain-text part: html-to-text writes links as "text (url)". */
const TEXT_URL = /https?:\/\/[^\s()<>"]+/gi;

/**
 * One recipient's copy with each stored link replaced by its click URL: the hrefs of the HTML (written
 * escaped) and the same URLs in the plain-text part. Links not in `positionsByUrl` stay as they are.
 */
export function rewriteLinks(
  html: string,
  text: string,
  positionsByUrl: ReadonlyMap<string, number>,
  clickUrlFor: (position: number) => string,
): { html: string; text: string } {
  const rewrittenHtml = html.replace(ANCHOR, (tag) => {
    const match = HREF.exec(tag);
    if (!match) return tag;
    const position = positionsByUrl.get(decodeEntities(match[2] ?? match[3] ?? match[4] ?? '').trim());
    if (position === undefined) return tag;
    return tag.replace(HREF, `${match[1]}href="${escapeAttribute(clickUrlFor(position))}"`);
  });
  const rewrittenText = text.replace(TEXT_URL, (url) => {
    const position = positionsByUrl.get(url);
    return position === undefined ? url : clickUrlFor(position);
  });
  return { html: rewrittenHtml, text: rewrittenText };
}

export interface CampaignUtm {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

/**
 * Where a click goes: the stored target with the campaign's utm_source, utm_medium and utm_campaign added
 * to its own query. A utm_* the author wrote into the link is kept: they chose it on purpose (a partner's
 * campaign), and such a link's visits then count under their values. Null when the stored target is not a
 * target the redirect may send to.
 */
export function clickTarget(stored: string, utm: CampaignUtm): string | null {
  const url = redirectTarget(stored);
  if (!url) return null;
  // Appended to the query as written: re-serialising it (searchParams.set) would re-encode the author's
  // own parameters, which a signed or picky target may refuse.
  const added = UTM_PARAMETERS.filter((name) => utm[name] && !url.searchParams.has(name)).map(
    (name) => `${name}=${encodeURIComponent(utm[name])}`,
  );
  if (added.length > 0) url.search = url.search ? `${url.search}&${added.join('&')}` : `?${added.join('&')}`;
  return url.toString();
}

/** The click URL of a link of one recipient's copy. */
export const clickUrl = (siteUrl: string, token: string, position: number) =>
  `${siteUrl.replace(/\/$/, '')}/r/${token}/${position}`;

/** The open pixel of one recipient's copy. */
export const openPixelUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/$/, '')}/o/${token}.gif`;

/** The copy's HTML with the open pixel as its last element: a 1×1 image with no text for readers of screens. */
export function withOpenPixel(html: string, pixelUrl: string): string {
  const img = `<img src="${escapeAttribute(pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  const end = html.search(/<\/body\s*>/i);
  return end === -1 ? `${html}${img}` : `${html.slice(0, end)}${img}${html.slice(end)}`;
}
