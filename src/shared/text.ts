/** Small isomorphic text helpers. */

/** Slug rule (docs/product/blog.md#slugs): lower-case, runs of non-alphanumerics to hyphens, trim hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The part of an e-mail address after the last at sign, lower-cased; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * A whole number with en-US thousands separators (10,000), as `toLocaleString('en-US')` writes it. Texts
 * built when a module loads use this: the first Intl formatting of a page costs tens of milliseconds of
 * main thread (ICU's locale data), and the messages are loaded by every public page. Marked free of side
 * effects, so a bundle drops the messages it does not use (a call to `toLocaleString` kept them all).
 */
/*#__NO_SIDE_EFFECTS__*/
export function groupThousands(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Numbers in Indian digit grouping (12,34,567), as the spec's sample figures use. Whole numbers are
 * grouped by hand: the pricing page's prices were its first use of Intl, 20 ms of ICU set-up at hydration.
 */
export function formatIndianNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat('en-IN').format(value);
  const digits = String(Math.abs(value));
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${head ? `${head},` : ''}${digits.slice(-3)}`;
}
