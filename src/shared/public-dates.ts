/**
 * The public site's dates (Web Settings, docs/product/web-settings.md): a post's date in the site's locale and time zone, the
 * same on the server and in the browser (both are given the live settings), so hydration sees one text.
 * By default (en-US, UTC) they are the spec's: 'Nov 21, 2026' in lists, 'November 21, 2026' on a post.
 */

/** The locale's canonical tag when this runtime knows it (en-us → en-US), else null. */
export function canonicalLocale(tag: string): string | null {
  if (!/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length === 1 ? canonical : null;
  } catch {
    return null;
  }
}

/** The IANA zone's name as this runtime spells it (europe/berlin → Europe/Berlin), else null. */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export interface DateSettings {
  locale: string;
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: 'short' | 'long', { locale, timeZone }: DateSettings): Intl.DateTimeFormat {
  const key = `${style}|${locale}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    const options = { month: style, day: 'numeric', year: 'numeric' } as const;
    try {
      found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A setting this runtime cannot use (never saved so: the server checks both) falls back to the spec's.
      found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, found);
  }
  return found;
}

function format(style: 'short' | 'long', iso: string, settings: DateSettings): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(style, settings).format(date);
}

/** Lists (blog cards): the short format, 'Nov 21, 2026' in en-US. */
export const shortPublicDate = (iso: string, settings: DateSettings) => format('short', iso, settings);
/** A post's page: the long format, 'November 21, 2026' in en-US. */
export const longPublicDate = (iso: string, settings: DateSettings) => format('long', iso, settings);

/** The feed's <language>: the tag in lower case ('en-us'). */
export const rssLanguage = (locale: string) => locale.toLowerCase();
