import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../../../shared/sections';
import { KEYS_WITH_PAGES } from './registry';

describe('sections registry', () => {
  it('gives a page exactly to the sections flagged `page` in the shared catalogue', () => {
    expect([...KEYS_WITH_PAGES].sort()).toEqual(
      SECTIONS.filter((s) => s.page)
        .map((s) => s.key)
        .sort(),
    );
  });
});
