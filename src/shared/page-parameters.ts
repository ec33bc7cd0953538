import { parseBlogCategory, readBlogPage } from './blog';

/**
 * How a page reads one query parameter:
 * - `value`: its bytes show the value as it is (a prefilled field);
 * - `presence`: they only depend on whether it is there (a link's secret token, read by the browser after
 *   hydration — never kept in a cache, never printed);
 * - a function: the value as the page understands it, `null` for the default (left out of the address) or
 *   `undefined` when the page cannot understand it at all.
 */
export type ParameterReading = 'value' | 'presence' | ((raw: string) => string | null | undefined);

const readBlogCategory = (raw: string) => parseBlogCategory(raw);

/**
 * The query parameters each public page reads, by path. Every other parameter — a campaign's utm_*, fbclid,
 * gclid, ref, or anything unknown — changes none of a page's bytes, so the server renders and caches the
 * page once for all of them (src/server/render/page-address.ts), and the browser still sees them in its
 * address bar. A page that starts reading a parameter must be listed here, or it is rendered without it.
 */
export const PAGE_PARAMETERS: Readonly<Record<string, Readonly<Record<string, ParameterReading>>>> = {
  '/blog': { page: readBlogPage, category: readBlogCategory },
  '/contact': { service: 'value', message: 'value' },
  '/forgot-password': { email: 'value' },
  '/login': { invite: 'presence', next: 'presence' },
  '/signup': { invite: 'presence' },
  '/reset-password': { token: 'presence' },
  '/recover-workspace': { token: 'presence' },
  '/confirm-email': { token: 'presence' },
  '/connect-botgit': { code: 'presence' },
  '/portal/sign-in': { token: 'presence' },
  '/portal/unsubscribe': { token: 'presence' },
  '/subscribe/confirm': { token: 'presence' },
  '/unsubscribe': { token: 'presence' },
};

/** The stand-in a `presence` parameter is rendered with: its bytes never show it. */
export const PRESENT = '1';

/** The parameters the page at `pathname` reads (matched as the router does: any case, a trailing slash). */
export function parametersOf(pathname: string): Readonly<Record<string, ParameterReading>> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return PAGE_PARAMETERS[path] ?? {};
}
