import { slugify } from '../../../shared/text';
import { isUniqueViolation } from '../users/users.repository';

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

/**
 * Slugs are picked by reading what is taken, so two concurrent writers can pick the same one; the unique
 * index refuses the second, which then runs again (a fresh transaction) and sees the first one's slug.
 */
export async function retryOnUniqueViolation<T>(run: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}
