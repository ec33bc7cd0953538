import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../secrets/secret-box';
import { clickKeys, signClick, verifyClick } from './click-token';

const box = createSecretBox('a-secret-key-of-at-least-thirty-two-characters');
const keys = clickKeys(box);
const ID = '0b6f1d8e-4c1a-4d7e-9f00-1234567890ab';

describe('click tokens', () => {
  it('names the recipient they were signed for', () => {
    expect(verifyClick(keys, signClick(keys, ID))).toBe(ID);
  });

  it('refuses an altered recipient, digest or key, and another purpose key', () => {
    const token = signClick(keys, ID);
    const [, keyId, digest] = token.split('.');
    expect(verifyClick(keys, `0b6f1d8e-4c1a-4d7e-9f00-1234567890ac.${keyId}.${digest}`)).toBeNull();
    expect(verifyClick(keys, `${ID}.${keyId}.${digest!.slice(0, -1)}A`)).toBeNull();
    expect(verifyClick(keys, `${ID}.nokey.${digest}`)).toBeNull();
    expect(verifyClick(keys, `${token}.x`)).toBeNull();
    expect(verifyClick(box.derivedKeys('portal-unsubscribe'), token)).toBeNull();
  });

  it('keeps working with the previous key while SECRET_KEY rotates', () => {
    const token = signClick(keys, ID);
    const rotated = clickKeys(
      createSecretBox(
        'a-new-secret-key-of-at-least-thirty-two-chars',
        'a-secret-key-of-at-least-thirty-two-characters',
      ),
    );
    expect(verifyClick(rotated, token)).toBe(ID);
  });
});
