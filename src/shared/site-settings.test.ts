import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_MESSAGES } from './messages';
import { siteSettingsDefaults } from './site-settings';
import { siteSettingsSchema } from './schemas/site-settings';

const messages = (value: unknown) => {
  const result = siteSettingsSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('site settings', () => {
  it('takes the spec’s texts as valid defaults, with the configured site name', () => {
    const defaults = siteSettingsDefaults('Bloom Agency');
    expect(siteSettingsSchema.parse(defaults)).toEqual(defaults);
    expect(defaults.identity.siteName).toBe('Bloom Agency');
    expect(defaults.hero).toMatchObject({ title: 'Management of Your', highlight: 'Masterpiece' });
    expect(defaults.services.map((s) => [s.title, s.price])).toEqual([
      ['Identity & Design', '$10'],
      ['Web Development', '$100'],
      ['Media Planning & Buying', '$150'],
      ['Job Placement', 'Free'],
    ]);
    expect(defaults.footer.services).toEqual(['Web Design', 'Development', 'Branding', 'Consulting']);
    expect(defaults.trustedBy.map((logo) => [logo.name, logo.builtIn, logo.mediaId, logo.visible])).toEqual([
      ['Northpeak', 'northpeak', null, true],
      ['Lumen & Co', 'lumen', null, true],
      ['Arcfield', 'arcfield', null, true],
      ['Veloura', 'veloura', null, true],
    ]);
    expect(defaults.navigation.footer).toEqual([{ label: 'Contact form', href: '/contact' }]);
    expect(defaults.identity).toMatchObject({ locale: 'en-US', timeZone: 'UTC' });
  });

  it('takes a locale and a time zone the runtime knows, spelt as it spells them', () => {
    const defaults = siteSettingsDefaults('AgencyHQ');
    const identity = (locale: string, timeZone: string) =>
      siteSettingsSchema.safeParse({ ...defaults, identity: { ...defaults.identity, locale, timeZone } });
    expect(identity('en-gb', 'europe/london').data?.identity).toMatchObject({
      locale: 'en-GB',
      timeZone: 'Europe/London',
    });
    expect(identity('hi-IN', 'Asia/Kolkata').success).toBe(true);
    for (const [locale, timeZone] of [
      ['qqq', 'UTC'],
      ['en US', 'UTC'],
      ['en-US', 'Mars/Base'],
      ['en-US', 'javascript:alert(1)'],
      ['en-US', ''],
    ])
      expect(identity(locale!, timeZone!).success, `${locale} ${timeZone}`).toBe(false);
  });

  it('takes a trusted-by logo as a wordmark or an upload, never both or neither', () => {
    const defaults = siteSettingsDefaults('AgencyHQ');
    const first = defaults.trustedBy[0]!;
    const trusted = (trustedBy: unknown) => messages({ ...defaults, trustedBy });
    expect(trusted([{ ...first, builtIn: null, mediaId: 'm1' }])).toEqual([]);
    expect(trusted([{ ...first, mediaId: 'm1' }])).toEqual([SITE_SETTINGS_MESSAGES.trustedLogoOne]);
    expect(trusted([{ ...first, builtIn: null }])).toEqual([SITE_SETTINGS_MESSAGES.trustedLogoOne]);
    expect(trusted([{ ...first, name: '<i>x</i>' }])).toEqual([SITE_SETTINGS_MESSAGES.plainTextOnly]);
  });

  it('refuses HTML in plain text, unknown internal links, and brand colours white text cannot be read on', () => {
    const defaults = siteSettingsDefaults('AgencyHQ');
    expect(messages({ ...defaults, hero: { ...defaults.hero, title: '<b>Hi</b>' } })).toEqual([
      SITE_SETTINGS_MESSAGES.plainTextOnly,
    ]);
    expect(messages({ ...defaults, hero: { ...defaults.hero, text: 'Prices < $100 & more' } })).toEqual([]);
    expect(
      messages({
        ...defaults,
        navigation: { ...defaults.navigation, header: [{ label: 'Nowhere', href: '/no-such-page' }] },
      }),
    ).toEqual([SITE_SETTINGS_MESSAGES.linkUnknown('/no-such-page')]);
    expect(
      messages({
        ...defaults,
        navigation: { ...defaults.navigation, header: [{ label: 'Evil', href: 'javascript:alert(1)' }] },
      }),
    ).toEqual([SITE_SETTINGS_MESSAGES.linkInvalid]);
    expect(messages({ ...defaults, identity: { ...defaults.identity, brandColor: '#ffcc00' } })).toEqual([
      SITE_SETTINGS_MESSAGES.contrastTooLow('1.51'),
    ]);
    expect(messages({ ...defaults, identity: { ...defaults.identity, brandColor: '#0f766e' } })).toEqual([]);
  });
});
