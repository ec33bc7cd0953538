import { describe, expect, it } from 'vitest';
import { siteSettingsDefaults } from '../../../shared/site-settings';
import { EDITOR_GROUPS, groupOf } from './editor-groups';

describe('Web Settings editor groups', () => {
  it('give every part of the settings a group, so an error anywhere can be shown', () => {
    for (const key of Object.keys(siteSettingsDefaults('AgencyHQ'))) expect(groupOf(key), key).toBeDefined();
    expect(groupOf('services.2.title')).toBe('services');
    expect(groupOf('social.0.url')).toBe('contact');
    expect(groupOf('navigation.header.1.href')).toBe('navigation');
    expect(groupOf('trustedBy.3.name')).toBe('trusted');
    expect(groupOf('newsletter.listId')).toBe('newsletter');
    expect(groupOf('unknown')).toBeUndefined();
    expect(EDITOR_GROUPS.map((group) => group.label)).toEqual([
      'Identity',
      'Contact & social',
      'Home hero',
      'Services',
      'Trusted by',
      'Footer',
      'Navigation',
      'Newsletter',
    ]);
  });
});
