import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTAL_NOTICE_MESSAGES as M } from '../../../shared/messages';
import {
  portalNotificationSettingsAnswerSchema,
  portalNotificationSettingsSavedSchema,
  portalNotificationSettingsSchema,
  portalUnsubscribeInfoSchema,
  portalUnsubscribeQuerySchema,
  portalUnsubscribeSchema,
  portalUnsubscribedSchema,
} from '../../../shared/schemas/portal-notifications';
import { PUBLIC_ROUTE, type Guard } from '../../auth/guards';
import { answers } from '../../http/answers';
import { badRequest } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';
import type { PortalNotifications } from './portal-notifications';
import { jsonOnly } from '../../http/json-only';
import { ONE_CLICK_FORM_TYPES, acceptOneClickForms, contentTypeOf, isOneClick } from '../../http/one-click';

const tags = ['portal'];

/**
 * The portal's e-mail notifications (docs/product/portal.md#notifications): the signed-in contact's
 * settings behind `requirePortal`, and the unsubscribe link's routes, public and limited per address: GET
 * only reads (mail scanners open links), POST turns the link's one kind off. The POST takes the page's JSON
 * or a mail program's one-click form with the token in the query (RFC 8058); the token alone decides,
 * never the portal cookie.
 */
export function portalNotificationRoutes(
  notifications: PortalNotifications,
  requirePortal: Guard,
  options: { unsubscribePerIp: Limiter },
) {
  const limit = perAddressLimit(options.unsubscribePerIp, (wait) =>
    M.unsubscribeTooMany(Math.ceil(wait / 60)),
  );

  const postOptions = (hide: boolean) => ({
    config: PUBLIC_ROUTE,
    preValidation: limit.preValidation,
    preHandler: limit.preHandler,
    schema: {
      tags,
      hide,
      querystring: portalUnsubscribeQuerySchema,
      response: answers({ 200: portalUnsubscribedSchema }),
      description:
        'Turns off the one kind of e-mail notification the link names, for the one contact it names. JSON `{token}` from the page, or the one-click form `List-Unsubscribe=One-Click` with `?token=` (RFC 8058).',
    },
  });
  const unsubscribePost = async (request: FastifyRequest, queryToken: string | undefined) => {
    const type = contentTypeOf(request);
    let token: string | undefined;
    if (type === 'application/json') {
      const parsed = portalUnsubscribeSchema.safeParse(request.body);
      token = parsed.success ? parsed.data.token : undefined;
    } else if (ONE_CLICK_FORM_TYPES.includes(type)) {
      if (!isOneClick(type, request.body)) throw badRequest(M.oneClickBody);
      token = queryToken;
    } else throw badRequest(M.oneClickBody);
    if (!token) throw badRequest(M.unsubscribeMissing);
    const kind = await notifications.unsubscribe(token);
    return { success: true as const, message: M.unsubscribed(kind), kind };
  };

  const api: FastifyPluginAsyncZod = async (app) => {
    acceptOneClickForms(app);

    app.get(
      '/portal/notification-settings',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          response: answers({ 200: portalNotificationSettingsAnswerSchema }),
          description: 'Which e-mail notifications the signed-in contact gets (each kind on or off).',
        },
      },
      async (request) => ({ notifications: await notifications.settings(request.portal!) }),
    );

    app.put(
      '/portal/notification-settings',
      {
        preValidation: [requirePortal, jsonOnly],
        schema: {
          tags,
          body: portalNotificationSettingsSchema,
          response: answers({ 200: portalNotificationSettingsSavedSchema }),
          description: 'Turns each kind of e-mail notification on or off for the signed-in contact.',
        },
      },
      async (request) => ({
        success: true as const,
        message: M.settingsSaved,
        notifications: await notifications.saveSettings(request.portal!, request.body),
      }),
    );

    app.get(
      '/portal/unsubscribe',
      {
        config: PUBLIC_ROUTE,
        preValidation: limit.preValidation,
        preHandler: limit.preHandler,
        schema: {
          tags,
          querystring: portalUnsubscribeQuerySchema,
          response: answers({ 200: portalUnsubscribeInfoSchema }),
          description:
            "What an unsubscribe link would turn off (the kind, the workspace's name); changes nothing. A forged or altered link answers 400.",
        },
      },
      async (request) => {
        if (!request.query.token) throw badRequest(M.unsubscribeMissing);
        return notifications.unsubscribeInfo(request.query.token);
      },
    );

    app.post('/portal/unsubscribe', postOptions(false), (request) =>
      unsubscribePost(request, request.query.token),
    );
  };

  /**
   * The one click at the address the List-Unsubscribe header names, which is the page's own
   * (`/portal/unsubscribe?token=…`, so a mail program without one-click opens the page): the same handler,
   * outside /api.
   */
  const oneClick: FastifyPluginAsyncZod = async (app) => {
    acceptOneClickForms(app);
    app.post('/portal/unsubscribe', postOptions(true), (request) =>
      unsubscribePost(request, request.query.token),
    );
  };
  return { api, oneClick };
}
