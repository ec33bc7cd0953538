import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { publicQueryKeys } from '../../shared/query-keys';
import { siteSettingsDefaults, type SiteSettings } from '../../shared/site-settings';
import { api } from './api-client';
import { BRAND_STYLE_ID, brandTokensCss, themeColor } from './brand-tokens';

/**
 * The published Web Settings (docs/product/web-settings.md) every public page shows: header links, footer, hero, services,
 * contact points, the brand colour. The server preloads them with every page under
 * publicQueryKeys.siteSettings(), so pages render and hydrate with them without a request (nor the HTTP
 * client); a page without them fetches them once, showing the spec's defaults meanwhile.
 */

/** The configured site name (SITE_NAME), whose defaults show until the live settings are known. */
export const ConfiguredSiteName = createContext('AgencyHQ');

/** The Web Settings editor's draft, shown in its preview instead of the live settings. */
const PreviewSettings = createContext<SiteSettings | null>(null);

const defaultsByName = new Map<string, SiteSettings>();
/** One defaults object per name, so components that depend on it do not re-run every render. */
function defaultsFor(siteName: string): SiteSettings {
  let defaults = defaultsByName.get(siteName);
  if (!defaults) {
    defaults = siteSettingsDefaults(siteName);
    defaultsByName.set(siteName, defaults);
  }
  return defaults;
}

/** GET /api/site-settings: the live settings, for anyone. */
export async function fetchSiteSettings(): Promise<SiteSettings> {
  const { data } = await api.get<SiteSettings>('site-settings');
  return data;
}

/** The live settings as the server has them (undefined until known); never refetched on its own. */
export function useLiveSiteSettings(enabled = true) {
  return useQuery({
    queryKey: publicQueryKeys.siteSettings(),
    queryFn: fetchSiteSettings,
    staleTime: Infinity,
    enabled,
  });
}

/** The settings to show: the preview's draft inside the editor's preview, else the live ones (or defaults). */
export function useSiteSettings(): SiteSettings {
  const preview = useContext(PreviewSettings);
  const fallbackName = useContext(ConfiguredSiteName);
  const live = useLiveSiteSettings(preview === null);
  return preview ?? live.data ?? defaultsFor(fallbackName);
}

/** True inside the editor's preview: the page shows as a signed-out visitor sees it. */
export function useSitePreview(): boolean {
  return useContext(PreviewSettings) !== null;
}

/** Renders `children` with `settings` in place of the live ones (the Web Settings preview). */
export function SiteSettingsPreview({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  return <PreviewSettings.Provider value={settings}>{children}</PreviewSettings.Provider>;
}

/** Whether `href` leaves the site (an absolute http(s) address); internal paths start with '/'. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/**
 * Keeps the head's brand tokens and theme colour, and <html lang>, in step with the live settings after a
 * publish in this tab (the server writes them into every page it renders; see headTags). Renders nothing.
 */
export function BrandTokens() {
  const live = useLiveSiteSettings();
  const color = live.data?.identity.brandColor;
  const locale = live.data?.identity.locale;
  useEffect(() => {
    if (locale && document.documentElement.lang !== locale) document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    if (color === undefined) return;
    const css = brandTokensCss(color);
    let style = document.getElementById(BRAND_STYLE_ID);
    if (!style && css) {
      style = document.createElement('style');
      style.id = BRAND_STYLE_ID;
      document.head.append(style);
    }
    if (style && style.textContent !== css) style.textContent = css;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor(color));
  }, [color]);
  return null;
}
