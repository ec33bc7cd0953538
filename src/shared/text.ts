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

/** Numbers in Indian digit grouping (12,34,567), as the spec's sample figures use. */
export function formatIndianNumber(value: number): string {
  return new Intl.NumberFormat('en-IN').format(value);
}
