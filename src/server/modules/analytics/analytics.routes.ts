import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANALYTICS_LIMITS,
  analyticsQuerySchema,
  analyticsReportSchema,
  campaignFieldsOf,
  campaignSpendSchema,
  pageViewSchema,
  type CampaignFields,
} from '../../../shared/schemas/analytics';
import { ANALYTICS_MESSAGES } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import { badRequest } from '../../http/errors';
import { tooMany } from '../../limits/per-address';
import type { AnalyticsService, ArrivingView } from './analytics.service';

const tags = ['analytics'];

/** A transparent 1×1 GIF: the script-less pixel's answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Do Not Track or Global Privacy Control (docs/product/analytics.md#privacy-signals). */
const optedOut = (request: FastifyRequest) =>
  request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';

/** Whether `host` is the site's own host or one under it (a CDN's `cdn.agency.example`). */
const onSiteHost = (host: string, siteHost: string) => host === siteHost || host.endsWith(`.${siteHost}`);

/**
 * Whether a request comes from one of the site's own pages (docs/product/analytics.md#privacy-signals): a
 * browser says so in Sec-Fetch-Site ('same-origin'; 'cross-site' is another site's page making its
 * visitors' browsers count for it). One too old to send it names the page in `Origin` (the beacon's POST)
 * or `Referer` (the pixel), which must be on the site's host. A request with neither, such as a script's,
 * is not counted.
 */
function fromOwnPage(request: FastifyRequest, siteHost: string, named: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  return URL.canParse(named ?? '') && onSiteHost(new URL(named!).hostname, siteHost);
}

/** The beacon's body: JSON text (sendBeacon's text/plain) or JSON; null when it is no page view. */
function pageViewOf(body: unknown) {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const parsed = pageViewSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The campaign parameters the beacon sent, each as kept (others were never read). */
function campaignOf(fields: Record<string, string | undefined> | undefined): CampaignFields {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields ?? {})) if (value !== undefined) params.set(name, value);
  return campaignFieldsOf(params.toString());
}

/**
 * Website analytics (docs/product/analytics.md#api). The page views' way in is public: the beacon's POST
 * /api/event, answered 202 at once, and the script-less pixel. The figures are for SEO Management, of the
 * agency's site only; plain GETs under /api/analytics, the spend a PUT.
 */
export function analyticsRoutes(
  analytics: AnalyticsService,
  guards: Guards,
  siteUrl: string,
): FastifyPluginAsyncZod {
  const siteHost = new URL(siteUrl).hostname;
  const receive = async (view: ArrivingView) => {
    const reception = await analytics.receive(view);
    if (reception === 'limited') throw tooMany(60, () => ANALYTICS_MESSAGES.tooManyEvents);
  };

  return async (app) => {
    app.post(
      '/event',
      {
        config: PUBLIC_ROUTE,
        // A page view is a few hundred bytes: a larger body is refused (413) before it is read.
        bodyLimit: ANALYTICS_LIMITS.eventBodyMaxBytes,
        // Its answers and its text/plain body are described in modules/docs/operations.ts.
        schema: { tags },
      },
      async (request, reply) => {
        // Another site's page (or a script) must not be able to write the agency's figures.
        if (!fromOwnPage(request, siteHost, request.headers.origin))
          throw badRequest(ANALYTICS_MESSAGES.eventForeign);
        const view = pageViewOf(request.body);
        if (!view) throw badRequest(ANALYTICS_MESSAGES.eventInvalid);
        await receive({
          address: request.ip,
          userAgent: request.headers['user-agent'],
          optedOut: optedOut(request),
          acceptsLanguage: Boolean(request.headers['accept-language']),
          sentFetchMetadata: Boolean(request.headers['sec-fetch-site']),
          path: view.p,
          referrer: view.r ?? '',
          campaign: campaignOf(view.u),
        });
        return reply.code(202).send();
      },
    );

    app.get('/event/pixel', { config: PUBLIC_ROUTE, schema: { tags } }, async (request, reply) => {
      // The page that shows the pixel names itself in Referer (its <img> asks for it: same-origin only).
      const page = URL.canParse(request.headers.referer ?? '') ? new URL(request.headers.referer!) : null;
      // Only a page of the site's own host is counted; the image is answered whatever, so no page breaks.
      if (page && onSiteHost(page.hostname, siteHost) && fromOwnPage(request, siteHost, page.href))
        await receive({
          address: request.ip,
          userAgent: request.headers['user-agent'],
          optedOut: optedOut(request),
          acceptsLanguage: Boolean(request.headers['accept-language']),
          sentFetchMetadata: Boolean(request.headers['sec-fetch-site']),
          path: page.pathname,
          referrer: '',
          campaign: campaignFieldsOf(page.search),
        });
      return reply.code(200).header('content-type', 'image/gif').send(PIXEL);
    });

    const preValidation = guards.requireModule('seoManagement');

    app.get(
      '/analytics',
      {
        preValidation,
        schema: {
          tags,
          summary: "Website analytics of the agency's site for a range of days (SEO Management)",
          querystring: analyticsQuerySchema,
          response: answers({ 200: analyticsReportSchema }),
        },
      },
      (request) => analytics.report(request.currentUser!, request.query),
    );

    app.get(
      '/analytics/export.csv',
      { preValidation, schema: { tags, querystring: analyticsQuerySchema } },
      async (request, reply) => {
        const { filename, body, pageCount } = await analytics.exportCsv(request.currentUser!, request.query);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('X-Page-Count', String(pageCount))
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          .send(body);
      },
    );

    app.put(
      '/analytics/campaigns/spend',
      {
        preValidation,
        schema: {
          tags,
          summary: "Set or clear a campaign's spend (SEO Management)",
          body: campaignSpendSchema,
          response: answers({ 200: successMessageSchema }),
        },
      },
      async (request) => {
        await analytics.saveSpend(request.currentUser!, request.body);
        return { success: true as const, message: ANALYTICS_MESSAGES.spendSaved };
      },
    );
  };
}
