import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { brandTokensCss, BRAND_STYLE_ID, themeColor } from './brand-tokens';
import { ConfiguredSiteName, useSiteSettings } from './site-settings';
import { SITE_IMAGE_SIZES, siteIconPath, siteImagePath } from '../../shared/site-settings';

/**
 * Per-page <head>: title, description, canonical, Open Graph, Twitter card, JSON-LD. On the server, pages
 * write into a collector the renderer turns into tags; in the browser the same component updates the
 * title and description on navigation (crawlers read the server's HTML).
 */
export interface PageMetaCollector {
  siteName: string;
  /** Absolute origin for canonical and Open Graph URLs. */
  origin?: string;
  /** Path of the page being rendered, without the query. */
  path?: string;
  title?: string;
  description?: string;
  status?: number;
  canonicalPath?: string;
  type?: 'website' | 'article';
  image?: string;
  keywords?: string[];
  publishedTime?: string | null;
  noindex?: boolean;
  jsonLd?: object[];
  /** The live Web Settings' brand colour (brand-600): its tokens go into the head. */
  brandColor?: string;
  /** The live Web Settings' icon (a media id): favicon and touch icon; none: the template's favicon.svg. */
  icon?: string | null;
  /** The live Web Settings' share image (a media id): og:image of pages without their own. */
  shareImage?: string | null;
}

export type PageMetaProps = Omit<
  PageMetaCollector,
  'siteName' | 'origin' | 'path' | 'title' | 'description' | 'brandColor' | 'icon' | 'shareImage'
> & {
  title: string;
  description: string;
};

const PageMetaContext = createContext<PageMetaCollector>({ siteName: 'AgencyHQ' });

export function PageMetaProvider({
  collector,
  children,
}: {
  collector: PageMetaCollector;
  children: ReactNode;
}) {
  return (
    <PageMetaContext.Provider value={collector}>
      <ConfiguredSiteName.Provider value={collector.siteName}>{children}</ConfiguredSiteName.Provider>
    </PageMetaContext.Provider>
  );
}

/** The site's name as the live Web Settings have it (docs/product/web-settings.md). */
export function useSiteName(): string {
  return useSiteSettings().identity.siteName;
}

/** The site's absolute origin (the request's on the server, the window's in the browser), for JSON-LD URLs. */
export function useSiteOrigin(): string {
  return useContext(PageMetaContext).origin ?? '';
}

/** `title` is the page's own name; the brand is appended as '{title} - {brand}'. */
export function PageMeta({ title, description, ...rest }: PageMetaProps) {
  const collector = useContext(PageMetaContext);
  const fullTitle = `${title} - ${useSiteName()}`;
  if (typeof window === 'undefined') Object.assign(collector, rest, { title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [fullTitle, description]);
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const absolute = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;

export function headTags(meta: PageMetaCollector): string {
  const origin = meta.origin ?? '';
  const title = meta.title ?? meta.siteName;
  const description = meta.description ?? '';
  const url = absolute(origin, meta.canonicalPath ?? meta.path ?? '/');
  // A missing page names no address: one copy of it serves every unknown address (pages.routes.ts).
  const missing = meta.status === 404;
  // A page's own image (a post's featured image) first, else the site's share image (1200×630).
  const shareImage = !meta.image && meta.shareImage ? siteImagePath(meta.shareImage) : undefined;
  const image = meta.image ?? shareImage;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="application-name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta name="theme-color" content="${escapeHtml(themeColor(meta.brandColor))}" />`,
    ...(missing ? [] : [`<link rel="canonical" href="${escapeHtml(url)}" />`]),
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    ...(missing ? [] : [`<meta property="og:url" content="${escapeHtml(url)}" />`]),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  if (image) {
    const src = escapeHtml(absolute(origin, image));
    tags.push(`<meta property="og:image" content="${src}" />`);
    if (shareImage)
      tags.push(
        `<meta property="og:image:width" content="${SITE_IMAGE_SIZES.shareWidth}" />`,
        `<meta property="og:image:height" content="${SITE_IMAGE_SIZES.shareHeight}" />`,
      );
    tags.push(`<meta name="twitter:image" content="${src}" />`);
  }
  // The uploaded icon replaces the template's favicon.svg link (renderPage drops it: one icon link).
  if (meta.icon) {
    const { iconFavicon, iconTouch } = SITE_IMAGE_SIZES;
    tags.push(
      `<link rel="icon" type="image/png" sizes="${iconFavicon}x${iconFavicon}" href="${escapeHtml(siteIconPath(meta.icon, iconFavicon))}" />`,
      `<link rel="apple-touch-icon" sizes="${iconTouch}x${iconTouch}" href="${escapeHtml(siteIconPath(meta.icon, iconTouch))}" />`,
    );
  }
  tags.push('<link rel="manifest" href="/manifest.webmanifest" />');
  if (meta.keywords?.length)
    tags.push(`<meta name="keywords" content="${escapeHtml(meta.keywords.join(', '))}" />`);
  if (meta.publishedTime)
    tags.push(`<meta property="article:published_time" content="${escapeHtml(meta.publishedTime)}" />`);
  if (meta.noindex || missing) tags.push('<meta name="robots" content="noindex" />');
  // A chosen brand colour replaces the design tokens' brand scale; the default colour adds nothing.
  const brandCss = brandTokensCss(meta.brandColor);
  if (brandCss) tags.push(`<style id="${BRAND_STYLE_ID}">${brandCss}</style>`);
  for (const data of meta.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}
