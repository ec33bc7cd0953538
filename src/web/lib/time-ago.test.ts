import { describe, expect, it } from 'vitest';
import { timeAgo, timeAgoInSentence } from './time-ago';

describe('time ago (docs/product/README.md#pages)', () => {
  it('writes times as the spec says', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(timeAgo('2026-11-21T11:59:30Z', now)).toBe('Just now');
    expect(timeAgo('2026-11-21T11:15:00Z', now)).toBe('45m ago');
    expect(timeAgo('2026-11-21T01:00:00Z', now)).toBe('11h ago');
    expect(timeAgo('2026-11-19T12:00:00Z', now)).toBe(new Date('2026-11-19T12:00:00Z').toLocaleDateString());
  });

  it('reads inside a sentence ("Last used …")', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(timeAgoInSentence('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(timeAgoInSentence('2026-11-21T11:15:00Z', now)).toBe('45m ago');
    expect(timeAgoInSentence('2026-11-19T12:00:00Z', now)).toBe(
      `on ${new Date('2026-11-19T12:00:00Z').toLocaleDateString()}`,
    );
  });
});
