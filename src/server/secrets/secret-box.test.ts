import { describe, expect, it } from 'vitest';
import { SecretKeyMismatch, createSecretBox } from './secret-box';

const KEY = 'k'.repeat(40);
const OTHER = 'o'.repeat(40);

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and never stores the plain text', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('smtp-password-ü');
    expect(sealed).not.toContain('smtp-password');
    expect(box.open(sealed)).toBe('smtp-password-ü');
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('seals the same text differently each time (random IV)', () => {
    const box = createSecretBox(KEY);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value', () => {
    const box = createSecretBox(KEY);
    const parts = box.seal('secret').split('.');
    const data = Buffer.from(parts[4]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[4] = data.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('opens values of the previous key while rotating, and says they need re-sealing', () => {
    const old = createSecretBox(OTHER).seal('secret');
    const rotating = createSecretBox(KEY, OTHER);
    expect(rotating.open(old)).toBe('secret');
    expect(rotating.isCurrent(old)).toBe(false);
    expect(() => createSecretBox(KEY).open(old)).toThrow(SecretKeyMismatch);
  });
});
