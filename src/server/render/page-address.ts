import { parametersOf, PRESENT } from '../../shared/page-parameters';

/**
 * What a public page address is to the render cache: the key of the bytes it shows (also the address the
 * page is rendered at), or a permanent redirect to the page it means.
 */
export type PageAddress = { key: string } | { redirect: string };

/**
 * The key holds the path and, sorted by name, the parameters that page reads as it reads them (defaults and
 * empty values left out, a secret token replaced by a stand-in); every other parameter is dropped, so a
 * campaign's per-click `fbclid` or `utm_*` costs no rendering and no cache entry. A value the page cannot
 * understand (`/blog?page=abc`) redirects to the address without it, other parameters kept for whatever
 * records them in the browser.
 */
export function pageAddress(url: string): PageAddress {
  // Appended, not resolved: `//host/path` stays a path here, as the router reads it.
  const parsed = new URL(`http://localhost${url.startsWith('/') ? '' : '/'}${url}`);
  const readings = parametersOf(parsed.pathname);
  const kept = new URLSearchParams();
  let malformed = false;
  for (const name of Object.keys(readings).sort()) {
    const raw = parsed.searchParams.get(name);
    if (raw === null || raw === '') continue;
    const reading = readings[name]!;
    const value = reading === 'value' ? raw : reading === 'presence' ? PRESENT : reading(raw);
    if (value === undefined) malformed = true;
    else if (value !== null) kept.set(name, value);
  }
  if (malformed) {
    const rest = new URLSearchParams(parsed.searchParams);
    for (const [name, reading] of Object.entries(readings)) {
      if (typeof reading !== 'function') continue;
      const raw = rest.get(name);
      if (raw !== null && raw !== '' && reading(raw) === undefined) rest.delete(name);
    }
    return { redirect: withQuery(parsed.pathname, rest) };
  }
  return { key: withQuery(parsed.pathname, kept) };
}

function withQuery(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
