import type { ReactNode } from 'react';
import { siteImagePath } from '../../../shared/site-settings';
import { useSiteSettings } from '../../lib/site-settings';

/** The agency's name and logo, in its colour, at the top of every portal page. */
function Brand({ brand }: { brand: { siteName: string; logoUrl: string | null; brandColor: string } }) {
  return (
    <div className="flex items-center gap-3">
      {brand.logoUrl ? (
        <img src={brand.logoUrl} alt={brand.siteName} className="h-8 w-auto max-w-[200px] object-contain" />
      ) : (
        <span
          aria-hidden
          className="grid size-8 place-items-center rounded-lg font-bold text-white"
          style={{ backgroundColor: brand.brandColor }}
        >
          {brand.siteName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="font-bold tracking-tight text-ink">{brand.siteName}</span>
    </div>
  );
}

/** The portal's frame: the brand bar in the agency's colour, and one card. */
export function PortalFrame({
  brand,
  wide = false,
  children,
}: {
  brand: { siteName: string; logoUrl: string | null; brandColor: string };
  /** The signed-in pages: room for a project's sections. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-canvas">
      <div className="h-1.5" style={{ backgroundColor: brand.brandColor }} aria-hidden />
      <main
        id="main"
        className={`mx-auto w-full ${wide ? 'max-w-4xl' : 'max-w-2xl'} px-4 py-8 sm:px-6 sm:py-12`}
      >
        <Brand brand={brand} />
        <div className="mt-8">{children}</div>
      </main>
    </div>
  );
}

/** Before the portal says who is signed in: the site's own brand from the page's settings. */
export function useSiteBrand() {
  const { identity } = useSiteSettings();
  return {
    siteName: identity.siteName,
    logoUrl: identity.logo ? siteImagePath(identity.logo.mediaId) : null,
    brandColor: identity.brandColor,
  };
}
