import { describe, expect, it } from 'vitest';
import { publicQueryKeys } from '../shared/query-keys';
import { siteSettingsDefaults, type SiteSettings } from '../shared/site-settings';
import { render } from './entry-server';

const origin = 'https://agency.example';

/** The server's render of `url` with these live settings preloaded (or none: the defaults). */
function page(url: string, settings?: SiteSettings) {
  const queries = settings ? [{ key: publicQueryKeys.siteSettings(), data: settings }] : [];
  return render({ url, siteName: 'AgencyHQ', origin, queries });
}

function custom(): SiteSettings {
  const settings = siteSettingsDefaults('AgencyHQ');
  settings.identity = {
    ...settings.identity,
    siteName: 'Bloom Studio',
    tagline: 'Gardens for brands',
    metaDescription: 'Bloom Studio grows brands.',
    brandColor: '#0f766e',
  };
  settings.contact = {
    email: 'hi@bloom.test',
    supportEmail: 'help@bloom.test',
    salesEmail: 'deals@bloom.test',
    phone: '+1 555 0100',
    address: '1 Garden Row, Leeds',
  };
  settings.social = [{ network: 'linkedin', url: 'https://www.linkedin.com/company/bloom' }];
  settings.hero = {
    title: 'Grow your',
    highlight: 'brand',
    text: 'We plant ideas.',
    ctaLabel: 'Plant a seed',
  };
  settings.services[0]!.title = 'Seed Design';
  settings.services[1]!.visible = false;
  settings.footer = { blurb: 'Rooted in Leeds.', services: ['Pruning'] };
  settings.navigation.header = [
    { label: 'Plans', href: '/pricing' },
    { label: 'Journal', href: 'https://journal.bloom.test' },
  ];
  settings.navigation.footer = [
    { label: 'Careers at Bloom', href: '/blog' },
    { label: 'Bloom Press Kit', href: 'https://press.bloom.test/kit' },
  ];
  const [northpeak, lumen, arcfield, veloura] = settings.trustedBy;
  settings.trustedBy = [
    { name: 'Fern & Oak', builtIn: null, mediaId: 'media-fern', visible: true },
    veloura!,
    { ...arcfield!, visible: false },
    { ...northpeak!, name: 'Northpeak Outdoors' },
    lumen!,
  ];
  return settings;
}

describe('the live Web Settings on server-rendered pages', () => {
  it('change nothing of a default install: no brand style, the spec texts, the default theme colour', () => {
    for (const settings of [undefined, siteSettingsDefaults('AgencyHQ')]) {
      const { html, head } = page('/', settings);
      expect(head).not.toContain('<style');
      expect(head).toContain('<meta name="theme-color" content="#4f46e5" />');
      expect(head).toContain('<title>Management of Your Masterpiece - AgencyHQ</title>');
      expect(html).toMatch(/<h1[^>]*>Management of Your <span[^>]*>Masterpiece<\/span><\/h1>/);
      expect(html).toContain('Agency services + business dashboard');
      // The footer's contact block (the header's links show once the session is known, in the browser).
      expect(html).toContain('href="mailto:hello@agencyhq.com"');
      expect(html).toContain('Websites, brands and the business dashboard that runs them, from one agency.');
      for (const service of ['Web Design', 'Development', 'Branding', 'Consulting'])
        expect(html).toContain(`>${service}</a>`);
      expect(html).not.toContain('target="_blank"');
      expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Contact form<\/a>/);
      expect(html.match(/data-testid="trusted-logo"/g)).toHaveLength(12);
      expect(html).toContain('role="img" aria-label="Northpeak"');
    }
  });

  it('name, colour and fill the home page, header and footer from them', () => {
    const { html, head } = page('/', custom());
    expect(head).toContain('<title>Grow your brand - Bloom Studio</title>');
    expect(head).toContain('<meta name="description" content="Bloom Studio grows brands." />');
    expect(head).toContain('<meta name="application-name" content="Bloom Studio" />');
    expect(head).toContain('<meta name="theme-color" content="#0f766e" />');
    expect(head).toContain('<style id="brand-tokens">:root{--color-brand-50:');
    expect(head).toContain('--color-brand-600:#0f766e');
    expect(head).toContain('"slogan":"Gardens for brands"');
    expect(head).toContain('"telephone":"+1 555 0100"');
    expect(head).toContain('"address":"1 Garden Row, Leeds"');

    expect(html).toMatch(/<h1[^>]*>Grow your <span[^>]*>brand<\/span><\/h1>/);
    expect(html).toContain('Gardens for brands');
    expect(html).toContain('We plant ideas.');
    expect(html).toContain('Plant a seed');
    expect(html).toContain('Seed Design');
    expect(html).not.toContain('Web Development'); // hidden
    expect(html).toContain('Rooted in Leeds.');
    expect(html).toContain('>Pruning</a>');
    expect(html).toContain('href="mailto:hi@bloom.test"');
    expect(html).toMatch(
      /<a href="https:\/\/www\.linkedin\.com\/company\/bloom" target="_blank" rel="noopener noreferrer"/,
    );
    expect(html).toContain('aria-label="Bloom Studio on LinkedIn (opens in a new tab)"');
    expect(html).toMatch(/Bloom Studio(<!-- -->)?\. All rights reserved\./);
    expect(html).not.toContain('AgencyHQ');
    // The footer's own links, the contact form's gone; outside addresses open in a new tab.
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>Careers at Bloom<\/a>/);
    expect(html).toMatch(
      /<a href="https:\/\/press\.bloom\.test\/kit" target="_blank" rel="noopener noreferrer"[^>]*>Bloom Press Kit/,
    );
    expect(html).not.toContain('>Contact form</a>');
    // The trusted-by strip: the upload first (its name the alt text), then the wordmarks, Arcfield hidden.
    const strip = /<section aria-labelledby="trusted-by"[\s\S]*?<\/section>/.exec(html)![0];
    const named = [...strip.matchAll(/aria-label="([^"]*)"|<img src="[^"]*" alt="([^"]+)"/g)].map(
      (match) => match[1] ?? match[2],
    );
    expect(named).toEqual(['Fern &amp; Oak', 'Veloura', 'Northpeak Outdoors', 'Lumen &amp; Co']);
    expect(strip).toContain('src="/api/media/media-fern" alt="Fern &amp; Oak"');
    expect(strip.match(/data-testid="trusted-logo"/g)).toHaveLength(12);
  });

  it('give the contact, legal and pricing pages their addresses', () => {
    const contact = page('/contact', custom()).html;
    for (const text of ['help@bloom.test', 'deals@bloom.test', '+1 555 0100', '1 Garden Row, Leeds'])
      expect(contact).toContain(text);
    const terms = page('/terms', custom()).html;
    expect(terms).toContain('href="mailto:help@bloom.test"');
    expect(terms).not.toContain('support@agencyhq.com');
    expect(page('/pricing', custom()).html).toContain('href="mailto:deals@bloom.test?subject=');
  });

  it('never show HTML typed into a text as markup', () => {
    const settings = custom();
    settings.hero.title = '<img src=x onerror=alert(1)>';
    const { html } = page('/', settings);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
