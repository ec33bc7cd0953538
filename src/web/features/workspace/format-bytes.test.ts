import { describe, expect, it } from 'vitest';
import { formatBytes, storagePercent } from './format-bytes';

describe('formatBytes', () => {
  it('reads the spec sample as 8.5 GB of 10 GB', () => {
    expect(formatBytes(8.5 * 1024 ** 3)).toBe('8.5 GB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB');
  });
  it('uses B, KB and MB below a gigabyte', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(500 * 1024 ** 2)).toBe('500 MB');
  });
});

describe('storagePercent', () => {
  it('is null when unlimited and clamped to 0–100 otherwise', () => {
    expect(storagePercent(5, null)).toBeNull();
    expect(storagePercent(85, 100)).toBe(85);
    expect(storagePercent(200, 100)).toBe(100);
    expect(storagePercent(1, 0)).toBe(100);
  });
});
