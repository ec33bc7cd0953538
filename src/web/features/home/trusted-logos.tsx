import { siteImagePath, type TrustedLogo } from '../../../shared/site-settings';
import { useSiteSettings } from '../../lib/site-settings';
import { companyLogo, CompanyLogoMark } from '../../components/site/company-logos';
import './logo-marquee.css';

const REPEATS = 3;

/** One logo of the strip: a built-in wordmark, or the agency's upload (its name the alt text). */
function TrustedMark({ logo, decorative }: { logo: TrustedLogo; decorative: boolean }) {
  const builtIn = logo.builtIn && companyLogo(logo.builtIn);
  if (builtIn) return <CompanyLogoMark logo={builtIn} name={logo.name} decorative={decorative} />;
  if (!logo.mediaId) return null;
  return (
    <img
      src={siteImagePath(logo.mediaId)}
      alt={decorative ? '' : logo.name}
      height={32}
      loading="lazy"
      decoding="async"
      className="h-8 w-auto max-w-[160px] shrink-0 object-contain opacity-70 grayscale"
    />
  );
}

/**
 * docs/product/public-site.md#home-page: the trusted-company strip, its logos (Web Settings: the spec's four by default) repeated 3
 * times, under one visually hidden heading. With every logo hidden, there is no strip.
 */
export function TrustedLogos() {
  const logos = useSiteSettings().trustedBy.filter((logo) => logo.visible);
  if (logos.length === 0) return null;
  return (
    <section aria-labelledby="trusted-by" className="border-b border-line bg-white py-10">
      <h2 id="trusted-by" className="sr-only">
        Trusted by
      </h2>
      <div className="home-logo-strip mx-auto max-w-7xl overflow-hidden px-4 [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)] sm:px-6">
        <ul className="home-logo-track flex w-max items-center">
          {Array.from({ length: REPEATS }, (_, round) =>
            logos.map((logo, index) => (
              <li
                key={`${round}-${index}`}
                className="px-8 sm:px-12"
                aria-hidden={round > 0 ? true : undefined}
                data-testid="trusted-logo"
              >
                <TrustedMark logo={logo} decorative={round > 0} />
              </li>
            )),
          )}
        </ul>
      </div>
    </section>
  );
}
