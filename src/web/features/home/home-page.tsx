import { SITE_CONTACT } from '../../../shared/site';
import { siteImagePath, type SiteSettings } from '../../../shared/site-settings';
import { HydrateLater } from '../../lib/hydrate-later';
import { PageMeta, useSiteOrigin } from '../../lib/page-meta';
import { useSiteSettings } from '../../lib/site-settings';
import { BlogTeaser } from './blog-teaser';
import { ClosingCta } from './closing-cta';
import { HeroSection } from './hero-section';
import { SecuritySection } from './security-section';
import { ServiceCards } from './service-cards';
import { TrustedLogos } from './trusted-logos';
import { useHashScroll } from './use-hash-scroll';

/** The page's own title: the hero's title and highlight ('Management of Your Masterpiece' by default). */
export function homeTitle({ hero }: SiteSettings): string {
  return [hero.title, hero.highlight].filter(Boolean).join(' ');
}

/**
 * Organization and WebSite structured data from the Web Settings. URLs are absolute when the server
 * preloads its origin. The default address keeps its structured form; one the agency typed is given as written.
 */
function structuredData({ identity, contact }: SiteSettings, origin: string): object[] {
  const organization: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: identity.siteName,
    url: `${origin}/`,
    logo: identity.logo ? `${origin}${siteImagePath(identity.logo.mediaId)}` : `${origin}/static/favicon.svg`,
  };
  if (identity.tagline) organization.slogan = identity.tagline;
  organization.email = contact.email;
  if (contact.phone) organization.telephone = contact.phone;
  if (contact.address)
    organization.address =
      contact.address === SITE_CONTACT.address
        ? { '@type': 'PostalAddress', addressLocality: 'Bengaluru', addressCountry: 'IN' }
        : contact.address;
  organization.contactPoint = [
    { '@type': 'ContactPoint', contactType: 'customer support', email: contact.supportEmail },
    { '@type': 'ContactPoint', contactType: 'sales', email: contact.salesEmail },
  ];
  return [
    organization,
    { '@context': 'https://schema.org', '@type': 'WebSite', name: identity.siteName, url: `${origin}/` },
  ];
}

/**
 * The home page's sections, as the page shows them and as the Web Settings preview draws them. Each
 * section that always draws is adopted in a task of its own (the trusted-by strip may draw nothing).
 */
export function HomeSections() {
  return (
    <>
      <HydrateLater>
        <HeroSection />
      </HydrateLater>
      <TrustedLogos />
      <HydrateLater>
        <ServiceCards />
      </HydrateLater>
      <HydrateLater>
        <SecuritySection />
      </HydrateLater>
      <HydrateLater>
        <BlogTeaser />
      </HydrateLater>
      <HydrateLater>
        <ClosingCta />
      </HydrateLater>
    </>
  );
}

/** Home page (docs/product/public-site.md#home-page). */
export function HomePage() {
  const settings = useSiteSettings();
  const origin = useSiteOrigin();
  useHashScroll();
  return (
    <>
      <PageMeta
        title={homeTitle(settings)}
        description={settings.identity.metaDescription}
        canonicalPath="/"
        jsonLd={structuredData(settings, origin)}
      />
      <HomeSections />
    </>
  );
}
