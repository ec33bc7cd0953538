import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLOR, siteSettingsDefaults } from '../../../shared/site-settings';
import type { SitePublish } from '../../../shared/schemas/site-settings';
import {
  canUndo,
  changedInWords,
  contrastReadout,
  isUsableBrandColor,
  moved,
  previewSettings,
} from './form-model';

const entry = (action: SitePublish['action']): SitePublish => ({
  _id: Math.random().toString(36),
  version: 1,
  action,
  changed: [],
  publishedBy: { username: 'admin' },
  publishedAt: '2026-01-01T00:00:00.000Z',
});

describe('Web Settings form model', () => {
  it('reads the contrast of white text on a colour, and lets the preview use readable colours only', () => {
    expect(contrastReadout('#4f46e5')).toEqual({ ratio: '6.29', passes: true });
    expect(contrastReadout('#ffff00')?.passes).toBe(false);
    expect(contrastReadout('#ffff0')).toBeNull();
    expect(isUsableBrandColor('#0f766e')).toBe(true);
    expect(isUsableBrandColor('#7dd3fc')).toBe(false);

    const draft = siteSettingsDefaults('Acme');
    const light = { ...draft, identity: { ...draft.identity, brandColor: '#7dd3fc', siteName: 'Typed' } };
    expect(previewSettings(light, '#0f766e').identity).toMatchObject({
      brandColor: '#0f766e',
      siteName: 'Typed',
    });
    const dark = { ...draft, identity: { ...draft.identity, brandColor: '#0F766E' } };
    expect(previewSettings(dark, DEFAULT_BRAND_COLOR).identity.brandColor).toBe('#0f766e');
  });

  it('knows when an undo has a publish left to go back from, as the server walks the history', () => {
    expect(canUndo([])).toBe(false);
    expect(canUndo([entry('published')])).toBe(true);
    expect(canUndo([entry('undone'), entry('published')])).toBe(false);
    expect(canUndo([entry('undone'), entry('published'), entry('published')])).toBe(true);
    expect(canUndo([entry('undone'), entry('undone'), entry('published'), entry('reset')])).toBe(false);
    expect(canUndo([entry('reset'), entry('undone'), entry('published')])).toBe(true);
  });

  it('names the changed fields in words and moves items of a list', () => {
    expect(changedInWords([])).toBe('nothing');
    expect(changedInWords(['identity.siteName'])).toBe('site name');
    expect(changedInWords(['identity.siteName', 'identity.brandColor', 'hero.title', 'services'])).toBe(
      'site name, brand colour, hero title and services',
    );
    expect(changedInWords(['something.new'])).toBe('something.new');

    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
