import { slugify } from '../../shared/text';

/** Slug rule (docs/product/blog.md#slugs); a title of only symbols ('!!!') still needs a usable slug. */
export function slugBase(text: string, fallback: string): string {
  return slugify(text) || fallback;
}

/** The `like` pattern for base-2, base-3…; slugs hold only [a-z0-9-], so no wildcard needs escaping. */
export const numberedPattern = (base: string): string => `${base}-%`;

/** The first of base, base-2, base-3… that is not taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
