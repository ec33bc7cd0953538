/** True when the database refused an insert for a duplicate key (both engines). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
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
