import { diffLines, diffWords, type Change } from 'diff';

/** Above this, a word-by-word comparison gets slow on a phone: compare line by line instead. */
const WORD_DIFF_MAX_CHARS = 20_000;
const TIME_LIMIT_MS = 1_000;

/**
 * What changed from `before` (a revision) to `after` (the editor): word by word where that stays quick,
 * else line by line. Null when even that would take too long (two very different long texts).
 */
export function compareTexts(before: string, after: string): Change[] | null {
  if (before.length + after.length <= WORD_DIFF_MAX_CHARS) {
    const words = diffWords(before, after, { timeout: TIME_LIMIT_MS });
    if (words) return words;
  }
  return diffLines(before, after, { timeout: TIME_LIMIT_MS }) ?? null;
}

/** True when a comparison found nothing added or removed. */
export function unchanged(changes: readonly Change[]): boolean {
  return changes.every((c) => !c.added && !c.removed);
}
