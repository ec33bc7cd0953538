import { createContext, useContext, useEffect, type ReactNode } from 'react';

/**
 * Per-page <title> and meta description. On the server, pages write into a collector the renderer turns
 * into <head> tags; in the browser the same component updates document.head on navigation.
 */
export interface PageMetaCollector {
  siteName: string;
  title?: string;
  description?: string;
  status?: number;
}

const PageMetaContext = createContext<PageMetaCollector>({ siteName: 'AgencyHQ' });

export function PageMetaProvider({
  collector,
  children,
}: {
  collector: PageMetaCollector;
  children: ReactNode;
}) {
  return <PageMetaContext.Provider value={collector}>{children}</PageMetaContext.Provider>;
}

export function useSiteName(): string {
  return useContext(PageMetaContext).siteName;
}

/** `title` is the page's own name; the brand is appended as '{title} - {brand}'. */
export function PageMeta({
  title,
  description,
  status,
}: {
  title: string;
  description: string;
  status?: number;
}) {
  const collector = useContext(PageMetaContext);
  const fullTitle = `${title} - ${collector.siteName}`;
  if (typeof window === 'undefined') {
    collector.title = fullTitle;
    collector.description = description;
    if (status) collector.status = status;
  }
  useEffect(() => {
    document.title = fullTitle;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [fullTitle, description]);
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function headTags(meta: PageMetaCollector): string {
  return [
    `<title>${escapeHtml(meta.title ?? meta.siteName)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description ?? '')}" />`,
    `<meta name="application-name" content="${escapeHtml(meta.siteName)}" />`,
  ].join('\n    ');
}
