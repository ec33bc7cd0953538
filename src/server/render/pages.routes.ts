import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DOCUMENT_ONLY_HEADERS } from '../http/security';
import { renderPage, type PageDataLoader, type WebRenderer } from './web-renderer';

const ONE_YEAR_SECONDS = 31_536_000;

/** Hashed assets with a one-year immutable cache; every other GET outside /api is a server-rendered page. */
export function pagesRoutes(
  renderer: WebRenderer,
  site: { name: string; url: string },
  loadPageData: PageDataLoader,
): FastifyPluginAsync {
  const siteName = site.name;
  // Canonical, og:url and JSON-LD URLs come from SITE_URL, never from the request's Host.
  const origin = site.url;
  return async (app) => {
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
      });
    });
    await app.register(fastifyStatic, {
      root: path.join(renderer.clientDir, 'static'),
      prefix: '/static/',
      decorateReply: false,
      maxAge: 24 * 3600 * 1000,
      index: false,
    });

    app.get('/*', async (request, reply) => {
      // Unknown API paths stay JSON 404s; only pages are rendered.
      if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
      const data = await loadPageData(request.url);
      if (data.redirect) return reply.redirect(data.redirect, 301);
      const { status, body } = renderPage(
        renderer,
        { url: request.url, siteName, origin, queries: data.queries },
        data.status,
      );
      return reply
        .code(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(body);
    });
  };
}
