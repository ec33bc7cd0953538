import { COMPANY_LOGOS, CompanyLogoMark } from './company-logos';
import './logo-marquee.css';

const REPEATS = 3;

/** Spec §1/§2: the trusted-company strip, 4 logos repeated 3 times, under one visually hidden heading. */
export function TrustedLogos() {
  return (
    <section aria-labelledby="trusted-by" className="border-b border-line bg-white py-10">
      <h2 id="trusted-by" className="sr-only">
        Trusted by
      </h2>
      <div className="home-logo-strip mx-auto max-w-7xl overflow-hidden px-4 [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)] sm:px-6">
        <ul className="home-logo-track flex w-max items-center">
          {Array.from({ length: REPEATS }, (_, round) =>
            COMPANY_LOGOS.map((logo) => (
              <li
                key={`${round}-${logo.name}`}
                className="px-8 sm:px-12"
                aria-hidden={round > 0 ? true : undefined}
                data-testid="trusted-logo"
              >
                <CompanyLogoMark logo={logo} decorative={round > 0} />
              </li>
            )),
          )}
        </ul>
      </div>
    </section>
  );
}
