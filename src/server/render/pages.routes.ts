import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DOCUMENT_ONLY_HEADERS } from '../http/security';
import { PUBLIC_ROUTE } from '../auth/guards';
import {
  answerFromCache,
  renderClient,
  VIEW_SHOWING_MAX_AGE_MS,
  type PublicCache,
} from '../public-cache/public-cache';
import { RENDERING_BUSY, type RenderedAnswer } from '../public-cache/page-cache';
import { renderPage, type PageDataLoader, type WebRenderer } from './web-renderer';
import { previewToken } from './page-data';
import { pageAddress } from './page-address';
import { PREVIEW_ROBOTS } from '../modules/blogs/blogs.service';

const ONE_YEAR_SECONDS = 31_536_000;
/**
 * Where the one not-found page is kept and rendered for every address no route matches: it names no
 * address (a 404 has no canonical link), so `/nope-1` and `/nope-2` cost one render and one entry in all.
 */
const UNKNOWN_PATH_KEY = '/.not-found';
const HTML = 'text/html; charset=utf-8';

/**
 * Hashed assets with a one-year immutable cache; every other GET outside /api is a server-rendered page,
 * served from the render cache (the server always renders the signed-out page, so one copy fits all).
 */
export function pagesRoutes(
  renderer: WebRenderer,
  site: { name: string; url: string },
  loadPageData: PageDataLoader,
  cache: PublicCache,
): FastifyPluginAsync {
  const siteName = site.name;
  // Canonical, og:url and JSON-LD URLs come from SITE_URL, never from the request's Host.
  const origin = site.url;

  async function render(url: string): Promise<RenderedAnswer> {
    const data = await loadPageData(url);
    if (data.redirect) return { status: 301, contentType: HTML, body: '', location: data.redirect };
    // The live Web Settings' name when the loader read them (their publish re-renders every page).
    const { status, body } = renderPage(
      renderer,
      { url, siteName: data.siteName ?? siteName, origin, queries: data.queries },
      data.status,
    );
    return { status, contentType: HTML, body, viewOf: data.viewOf };
  }

  /**
   * A draft's preview link (docs/product/blog.md#preview-links): rendered for each request, never kept in the render cache nor in
   * any other (a revoked link must stop working at once), never indexed, and its token never sent on as a
   * Referer. Once the post is published the link moves on to the post (302: the link may outlive it).
   */
  async function answerPreview(url: string, client: string, reply: FastifyReply) {
    // Every preview is a render: a loop of made-up tokens spends the same budget as new pages.
    if (cache.budget && !cache.budget.take(client)) throw RENDERING_BUSY;
    const answer = await render(url);
    reply
      .header('Cache-Control', 'private, no-store')
      .header('X-Robots-Tag', PREVIEW_ROBOTS)
      .header('Referrer-Policy', 'no-referrer');
    if (answer.location) return reply.code(302).header('Location', answer.location).send();
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  }

  return async (app) => {
    // The built files (assets, static) are public like the pages.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, ...PUBLIC_ROUTE };
    });
    await app.register(async (assets) => {
      assets.addHook('onSend', async (_request, reply) => {
        for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      });
      await assets.register(fastifyStatic, {
        root: path.join(renderer.clientDir, 'assets'),
        prefix: '/assets/',
        immutable: true,
        maxAge: ONE_YEAR_SECONDS * 1000,
        index: false,
        wildcard: true,
        // The build wrote .br and .gz copies (scripts/lib/precompress.mjs): sent as they are.
        preCompressed: true,
      });
    });
    await app.register(fastifyStatic, {
      root: path.join(renderer.clientDir, 'static'),
      prefix: '/static/',
      decorateReply: false,
      maxAge: 24 * 3600 * 1000,
      index: false,
      preCompressed: true,
    });

    // Compressed once per cached copy, not per answer.
    app.get('/*', { compress: false, config: PUBLIC_ROUTE }, async (request, reply) => {
      // Unknown API paths stay JSON 404s; only pages are rendered.
      if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
      await renderer.ready; // the first page after a start may arrive while the renderer loads
      if (previewToken(request.url) !== null) return answerPreview(request.url, renderClient(request), reply);
      const address = pageAddress(request.url);
      if ('redirect' in address) return reply.code(301).header('location', address.redirect).send();
      // Rendered at its key: the bytes kept under a key are that key's page, whoever asked first.
      const key = renderer.isUnknownPath(address.key.split('?')[0]!) ? UNKNOWN_PATH_KEY : address.key;
      return answerFromCache(request, reply, cache, key, VIEW_SHOWING_MAX_AGE_MS, () => render(key));
    });
  };
}
