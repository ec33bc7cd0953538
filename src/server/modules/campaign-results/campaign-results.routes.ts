import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAMPAIGN_RESULT_MESSAGES as M } from '../../../shared/messages';
import {
  campaignIdParamsSchema,
  campaignReportSchema,
  campaignReportsQuerySchema,
  campaignReportsSchema,
} from '../../../shared/schemas/campaign-results';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import { notFound } from '../../http/errors';
import { addressKey } from '../../limits/address-key';
import type { Limiter } from '../../limits/limiter';
import { tooMany } from '../../limits/per-address';
import type { CampaignResultsService } from './campaign-results.service';

const tags = ['marketing'];

/**
 * A campaign's results (docs/product/marketing.md#results), module Marketing, the caller's workspace only:
 * another workspace's campaign is 404.
 */
export function campaignResultsRoutes(
  results: CampaignResultsService,
  guards: Guards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('marketing');

    app.get(
      '/campaigns/reports',
      {
        preValidation,
        schema: {
          querystring: campaignReportsQuerySchema,
          tags,
          response: answers({ 200: campaignReportsSchema }),
          description:
            'Newest first, 25 a page: each campaign with its deliveries, bounces, unsubscribes, complaints, opens (unreliable) and clickers.',
        },
      },
      (request) => results.reports(request.currentUser!, request.query.page),
    );

    app.get(
      '/campaigns/:id/report',
      {
        preValidation,
        schema: {
          params: campaignIdParamsSchema,
          tags,
          response: answers({ 200: campaignReportSchema }),
          description:
            "The campaign's figures, its links with their clickers and clicks, and (in the agency's workspace) the visits, contact messages, leads and customers its utm_* brought to the site since it started.",
        },
      },
      (request) => results.report(request.currentUser!, request.params.id),
    );
  };
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const tokenParams = z.object({ token: z.string().max(200) });

/** A person who followed a broken link from their mail reads a sentence, not JSON. */
const wantsPage = (accept: string | undefined) => Boolean(accept?.includes('text/html'));
const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link not found</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827"><h1 style="font-size:1.25rem">Link not found</h1><p>${M.linkNotFound}</p></body></html>`;

/**
 * The click redirect and the open pixel of campaign mails, outside /api: the signed token in the path is
 * the key (docs/product/marketing.md#results). The redirect only ever sends to a link stored for the
 * token's campaign; anything else is 404. Each client address may ask CAMPAIGN_RESULTS.redirectsPerIpLimit
 * times a minute: past that the redirect answers 429 and the pixel counts nothing.
 */
export function campaignLinkRoutes(results: CampaignResultsService, perIp: Limiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/r/:token/:position',
      {
        config: PUBLIC_ROUTE,
        schema: { hide: true, params: tokenParams.extend({ position: z.string().max(200) }) },
      },
      async (request, reply) => {
        const wait = await perIp.take(addressKey(request.ip));
        if (wait > 0) throw tooMany(wait, (seconds) => M.tooMany(Math.ceil(seconds / 60)));
        const target = await results.click(request.params.token, request.params.position);
        if (!target && wantsPage(request.headers.accept))
          return reply
            .code(404)
            .header('Cache-Control', 'private, no-store')
            .header('X-Robots-Tag', 'noindex')
            .type('text/html; charset=utf-8')
            .send(NOT_FOUND_PAGE);
        if (!target) throw notFound(M.linkNotFound);
        return (
          reply
            .header('Cache-Control', 'private, no-store')
            .header('X-Robots-Tag', 'noindex')
            // The target learns nothing of the inbox the click came from.
            .header('Referrer-Policy', 'no-referrer')
            .redirect(target, 302)
        );
      },
    );

    app.get(
      '/o/:token',
      { config: PUBLIC_ROUTE, schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const token = request.params.token.replace(/\.gif$/, '');
        if ((await perIp.take(addressKey(request.ip))) === 0) await results.open(token);
        return reply
          .header('Content-Type', 'image/gif')
          .header('Cache-Control', 'private, no-store')
          .header('X-Robots-Tag', 'noindex')
          .send(PIXEL);
      },
    );
  };
}
