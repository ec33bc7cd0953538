import type { PageData, SsrRenderInput, SsrRenderOutput } from '../../shared/ssr';
import { PAGE_PRELOAD_PLACEHOLDER, SSR_STATE_ELEMENT_ID } from '../../shared/ssr';

/** What the server needs from the built web app to answer page requests (absent in API-only tests). */
export interface WebRenderer {
  /** dist/client: hashed assets and the HTML template. */
  clientDir: string;
  template: string;
  render(input: SsrRenderInput): SsrRenderOutput;
  /** True when no page of the app is at `pathname` (its catch-all shows the not-found page). */
  isUnknownPath(pathname: string): boolean;
  /** The chunks of the given page modules, for the script loader to fetch (see module-preloads.ts). */
  modulePreloads(modules: string[]): string;
  /**
   * Resolves once render and isUnknownPath may be called: the server process imports the server-side
   * renderer after its start (load-web.ts). Absent when they may be called at once.
   */
  readonly ready?: Promise<void>;
}

/** A page's data, and the post it shows (whose view its every answer counts, cached or not). */
export interface LoadedPage extends PageData {
  viewOf?: string;
  /** The live Web Settings' site name (docs/product/web-settings.md), for the page's title and meta tags; else SITE_NAME. */
  siteName?: string;
}

/** Finds the data a public page needs, from the services, before it is rendered. */
export type PageDataLoader = (url: string) => Promise<LoadedPage>;

/** JSON inside <script> must not be able to close the element. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** Puts the server-rendered page and its data into the Vite-built template. */
export function renderPage(
  renderer: WebRenderer,
  input: SsrRenderInput,
  status?: number,
): { status: number; body: string } {
  const output = renderer.render(input);
  const stateTag = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${scriptSafe(output.state)}</script>`;
  // The page's own icon (Web Settings) replaces the template's favicon link: one icon link per page.
  const template = /<link rel="icon"/.test(output.head)
    ? renderer.template.replace(/<link rel="icon"[^>]*>\s*/, '')
    : renderer.template;
  // The Web Settings' locale (a checked BCP 47 tag; escaped all the same) is the document's language.
  const lang = (output.lang ?? 'en-US').replace(/[^A-Za-z0-9-]/g, '');
  const body = template
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace('<!--app-head-->', output.head)
    .replace(PAGE_PRELOAD_PLACEHOLDER, renderer.modulePreloads(output.modules))
    .replace('<!--app-html-->', output.html)
    .replace('<!--app-state-->', stateTag);
  return { status: status ?? output.status, body };
}
