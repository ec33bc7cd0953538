import { describe, expect, it } from 'vitest';
import { siteSettingsDefaults } from '../../../shared/site-settings';
import { changedPaths, mergeOverDefaults, sameSettings } from './settings-document';

const defaults = siteSettingsDefaults('AgencyHQ');

describe('the stored settings document', () => {
  it('is the defaults when nothing usable is stored', () => {
    for (const stored of [undefined, null, {}, [], 'text', 42])
      expect(mergeOverDefaults(defaults, stored)).toEqual(defaults);
  });

  it('takes stored fields over the defaults, lists whole, and drops what the schema refuses', () => {
    const merged = mergeOverDefaults(defaults, {
      identity: { siteName: 'Stored', brandColor: '#ffff00', retired: true },
      hero: 'not an object',
      services: [],
      footer: { services: ['<b>Bold</b>'] },
      navigation: { header: [{ label: 'Blog', href: '/blog' }] },
      unknownSection: { a: 1 },
    });
    expect(merged).toEqual({
      ...defaults,
      identity: { ...defaults.identity, siteName: 'Stored' },
      services: [],
      navigation: { ...defaults.navigation, header: [{ label: 'Blog', href: '/blog' }] },
    });
  });

  it('names the fields that differ by dotted path, a list as one field, key order aside', () => {
    const after = {
      ...defaults,
      identity: { ...defaults.identity, siteName: 'Other' },
      hero: { ...defaults.hero, title: 'New' },
      services: [...defaults.services].reverse(),
      navigation: { ...defaults.navigation, header: [] },
    };
    expect(changedPaths(defaults, after)).toEqual([
      'identity.siteName',
      'hero.title',
      'services',
      'navigation.header',
    ]);
    const sameButKeysReordered = {
      ...defaults,
      services: defaults.services.map((service) => Object.fromEntries(Object.entries(service).reverse())),
    } as typeof defaults;
    expect(sameSettings(defaults, sameButKeysReordered)).toBe(true);
  });

  it('keeps the images at none for a document stored before them, or with an unusable one', () => {
    const { logo: _logo, icon: _icon, shareImage: _share, ...older } = defaults.identity;
    expect(mergeOverDefaults(defaults, { identity: { ...older, siteName: 'Older' } }).identity).toEqual({
      ...defaults.identity,
      siteName: 'Older',
    });
    const broken = mergeOverDefaults(defaults, {
      identity: { logo: { mediaId: 'm1', width: 'wide' }, icon: 42, shareImage: 'share-1' },
    });
    expect(broken.identity).toMatchObject({ logo: null, icon: null, shareImage: 'share-1' });
  });

  it('reads a document stored before the footer links and trusted-by logos as their defaults', () => {
    const merged = mergeOverDefaults(defaults, {
      navigation: { header: [] },
      trustedBy: [{ name: 'Broken', builtIn: null, mediaId: null, visible: true }],
    });
    expect(merged.navigation).toEqual({ header: [], footer: defaults.navigation.footer });
    expect(merged.trustedBy).toEqual(defaults.trustedBy);
    const reordered = { ...defaults, trustedBy: [...defaults.trustedBy].reverse() };
    expect(changedPaths(defaults, reordered)).toEqual(['trustedBy']);
    const footer = { ...defaults, navigation: { ...defaults.navigation, footer: [] } };
    expect(changedPaths(defaults, footer)).toEqual(['navigation.footer']);
  });

  it('counts the logo as one field: its image, size and alt text change together', () => {
    const logo = { mediaId: 'm1', width: 300, height: 100, alt: '' };
    const before = { ...defaults, identity: { ...defaults.identity, logo } };
    const after = { ...defaults, identity: { ...defaults.identity, logo: { ...logo, alt: 'Verdant' } } };
    expect(changedPaths(before, after)).toEqual(['identity.logo']);
    expect(changedPaths(defaults, after)).toEqual(['identity.logo']);
  });
});
