/**
 * The contract between the server and the server-side renderer (dist/ssr). The server loads a page's data
 * straight from its services and hands it over as TanStack Query entries under the same keys the page's
 * hooks use, so the first render needs no request and hydration sees identical data.
 */
export interface PreloadedQuery {
  key: readonly unknown[];
  data: unknown;
}

export interface PageData {
  queries: PreloadedQuery[];
  /** e.g. 404 for a missing post; the rendered page may also set one. */
  status?: number;
  /** Permanent redirect target (an old blog slug). */
  redirect?: string;
}

export interface SsrRenderInput {
  url: string;
  siteName: string;
  /** Absolute origin for canonical and Open Graph URLs, e.g. https://agency.example. */
  origin: string;
  queries: PreloadedQuery[];
}

export interface SsrRenderOutput {
  html: string;
  head: string;
  status: number;
  /** Dehydrated query cache, as JSON text, for the browser to pick up. */
  state: string;
  /** Source modules (Vite manifest keys) of the pages rendered, whose chunks the browser should preload. */
  modules: string[];
  /** The page's language, <html lang> (the Web Settings' locale; en-US by default). */
  lang?: string;
}

/** Id of the <script type="application/json"> that carries the dehydrated state. */
export const SSR_STATE_ELEMENT_ID = 'ssr-state';

/** In dist/client: which chunk holds each browser module (written by scripts/lib/module-chunks-plugin.ts). */
export const MODULE_CHUNKS_FILE = '.vite/module-chunks.json';

/**
 * In the built template, where the server writes a page's own chunks: inside the `data-preload` of the
 * script loader (scripts/lib/scripts-after-paint-plugin.ts), which asks for them after the first paint.
 */
export const PAGE_PRELOAD_PLACEHOLDER = '%page-preload%';
