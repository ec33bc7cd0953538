import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAMPAIGN_MESSAGES as M } from '../../../shared/messages';
import {
  listUnsubscribeInfoSchema,
  listUnsubscribeQuerySchema,
  listUnsubscribeSchema,
  listUnsubscribedSchema,
} from '../../../shared/schemas/campaigns';
import { LIST_UNSUBSCRIBE_PATH } from '../../../shared/campaigns';
import { PUBLIC_ROUTE } from '../../auth/guards';
import { answers } from '../../http/answers';
import { badRequest } from '../../http/errors';
import { ONE_CLICK_FORM_TYPES, acceptOneClickForms, contentTypeOf, isOneClick } from '../../http/one-click';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';
import type { ListUnsubscribe } from './list-unsubscribe';

const tags = ['marketing'];
const minutes = (wait: number) => M.unsubscribeTooMany(Math.ceil(wait / 60));

/**
 * The unsubscribe link of marketing mail (docs/product/marketing.md#unsubscribing), public and limited per
 * client address: GET only reads (mail scanners open links); POST unsubscribes, from the page's JSON
 * `{token, everything}` or a mail program's one-click form with `?token=` (RFC 8058).
 */
export function listUnsubscribeRoutes(unsubscribe: ListUnsubscribe, perIp: Limiter) {
  const limit = perAddressLimit(perIp, minutes);
  const post = unsubscribeHandler(unsubscribe);
  const api: FastifyPluginAsyncZod = async (app) => {
    acceptOneClickForms(app);

    app.get(
      '/unsubscribe',
      {
        config: PUBLIC_ROUTE,
        preValidation: limit.preValidation,
        preHandler: limit.preHandler,
        schema: {
          tags,
          querystring: listUnsubscribeQuerySchema,
          response: answers({ 200: listUnsubscribeInfoSchema }),
          description:
            "What a marketing mail's unsubscribe link would do (the list, the workspace, the address partly hidden); changes nothing. A forged or altered link answers 400.",
        },
      },
      async (request) => {
        if (!request.query.token) throw badRequest(M.unsubscribeMissing);
        return unsubscribe.info(request.query.token);
      },
    );

    app.post('/unsubscribe', postOptions(limit, false), (request) => post(request, request.query.token));
  };

  /**
   * The one-click POST at the address the List-Unsubscribe header names, which is the page's own
   * (`/unsubscribe?token=…`, so a mail program without one-click opens the page): the same handler, outside
   * /api.
   */
  const oneClick: FastifyPluginAsyncZod = async (app) => {
    acceptOneClickForms(app);
    app.post(LIST_UNSUBSCRIBE_PATH, postOptions(limit, true), (request) =>
      post(request, request.query.token),
    );
  };
  return { api, oneClick };
}

const postOptions = (limit: ReturnType<typeof perAddressLimit>, hide: boolean) => ({
  config: PUBLIC_ROUTE,
  preValidation: limit.preValidation,
  preHandler: limit.preHandler,
  schema: {
    tags,
    hide,
    querystring: listUnsubscribeQuerySchema,
    response: answers({ 200: listUnsubscribedSchema }),
    description:
      'Unsubscribes the one person from the one list the link names. JSON `{token, everything}` from the page (everything: also suppress the address for all marketing mail), or the one-click form `List-Unsubscribe=One-Click` with `?token=` (RFC 8058).',
  },
});

function unsubscribeHandler(unsubscribe: ListUnsubscribe) {
  return async (request: FastifyRequest, token: string | undefined) => {
    const type = contentTypeOf(request);
    if (type === 'application/json') {
      const parsed = listUnsubscribeSchema.safeParse(request.body);
      if (!parsed.success) throw badRequest(M.unsubscribeMissing);
      const message = await unsubscribe.unsubscribe(parsed.data.token, parsed.data.everything);
      return { success: true as const, message };
    }
    if (!ONE_CLICK_FORM_TYPES.includes(type) || !isOneClick(type, request.body))
      throw badRequest(M.oneClickBody);
    if (!token) throw badRequest(M.unsubscribeMissing);
    return { success: true as const, message: await unsubscribe.unsubscribe(token, false) };
  };
}
