import { SITE_CONTACT } from '../../../shared/site';
import { PageMeta, useSiteName, useSiteOrigin } from '../../app/page-meta';
import { BlogTeaser } from './blog-teaser';
import { ClosingCta } from './closing-cta';
import { HeroSection } from './hero-section';
import { SecuritySection } from './security-section';
import { ServiceCards } from './service-cards';
import { TrustedLogos } from './trusted-logos';
import { useHashScroll } from './use-hash-scroll';

const TITLE = 'Management of Your Masterpiece';
const DESCRIPTION =
  'Brand identity, web development, media planning and job placement from one agency, plus the AgencyHQ dashboard for leads, projects, teams and finances.';

/** Organization and WebSite structured data. URLs are absolute when the server preloads its origin. */
function structuredData(siteName: string, origin: string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: siteName,
      url: `${origin}/`,
      logo: `${origin}/static/favicon.svg`,
      email: SITE_CONTACT.email,
      telephone: SITE_CONTACT.phone,
      address: { '@type': 'PostalAddress', addressLocality: 'Bengaluru', addressCountry: 'IN' },
      contactPoint: [
        { '@type': 'ContactPoint', contactType: 'customer support', email: SITE_CONTACT.supportEmail },
        { '@type': 'ContactPoint', contactType: 'sales', email: SITE_CONTACT.salesEmail },
      ],
    },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: siteName, url: `${origin}/` },
  ];
}

/** Spec §1/§2 home page. */
export function HomePage() {
  const siteName = useSiteName();
  const origin = useSiteOrigin();
  useHashScroll();
  return (
    <>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        canonicalPath="/"
        jsonLd={structuredData(siteName, origin)}
      />
      <HeroSection />
      <TrustedLogos />
      <ServiceCards />
      <SecuritySection />
      <BlogTeaser />
      <ClosingCta />
    </>
  );
}
