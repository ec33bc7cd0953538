import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SITE_SETTINGS_MESSAGES as M } from '../../../shared/site-settings';
import {
  siteSettingsChangeAnswerSchema,
  siteSettingsEditorSchema,
  siteSettingsSchema,
  sitePublishHistorySchema,
} from '../../../shared/schemas/site-settings';
import { answers } from '../../http/answers';
import { forbidden, HttpError } from '../../http/errors';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { answerJsonFromCache, type PublicCache } from '../../public-cache/public-cache';
import type { SiteSettingsService } from './site-settings.service';

const tags = ['site-settings'];

/** requireAdmin, refusing everyone else with the Web Settings' own words (and declaring the same rule). */
function adminOnly(guards: Guards) {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await guards.requireAdmin(request, reply);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) throw forbidden(M.adminOnly);
      throw error;
    }
  };
  return Object.assign(guard, { accessRule: guards.requireAdmin.accessRule });
}

/**
 * Web Settings (issue 18). The live settings are public (every page shows them) and served through the
 * render cache, so they are read once per content version; the draft, publishing, reset, undo and the
 * history are the Admin's alone (403 for every other role, 401 without a session).
 */
export function siteSettingsRoutes(
  settings: SiteSettingsService,
  guards: Guards,
  cache: PublicCache,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = adminOnly(guards);
    const changed = answers({ 200: siteSettingsChangeAnswerSchema });

    app.get(
      '/site-settings',
      {
        config: PUBLIC_ROUTE,
        schema: {
          summary: 'The published Web Settings: what the public pages show',
          tags,
          response: answers({ 200: siteSettingsSchema }),
        },
      },
      async (request, reply) => answerJsonFromCache(request, reply, cache, () => settings.live()),
    );

    app.get(
      '/site-settings/draft',
      {
        preValidation,
        schema: {
          summary: 'The draft and the published Web Settings, and whether they differ (Admin)',
          tags,
          response: answers({ 200: siteSettingsEditorSchema }),
        },
      },
      () => settings.editor(),
    );

    app.put(
      '/site-settings/draft',
      {
        preValidation,
        schema: {
          summary: 'Save the whole Web Settings draft; the site changes only on publish (Admin)',
          body: siteSettingsSchema,
          tags,
          response: changed,
        },
      },
      (request) => settings.saveDraft(request.currentUser!, request.body),
    );

    app.post(
      '/site-settings/publish',
      {
        preValidation,
        schema: {
          summary: 'Publish the draft: every page shows it on its next answer, on every instance (Admin)',
          description: `400 "${M.nothingToPublish}" when the draft is what the site already shows.`,
          tags,
          response: changed,
        },
      },
      (request) => settings.publish(request.currentUser!),
    );

    app.post(
      '/site-settings/reset',
      {
        preValidation,
        schema: {
          summary: "Reset the draft to the spec's default texts; publish applies it (Admin)",
          tags,
          response: changed,
        },
      },
      (request) => settings.reset(request.currentUser!),
    );

    app.post(
      '/site-settings/undo',
      {
        preValidation,
        schema: {
          summary: 'Undo the latest publish: the site goes back to the settings before it (Admin)',
          description: `400 "${M.nothingToUndo}" when no publish is left to undo.`,
          tags,
          response: changed,
        },
      },
      (request) => settings.undo(request.currentUser!),
    );

    app.get(
      '/site-settings/history',
      {
        preValidation,
        schema: {
          summary: 'The latest publishes and undos, newest first: who, when, which fields (Admin)',
          tags,
          response: answers({ 200: sitePublishHistorySchema }),
        },
      },
      async () => ({ publishes: await settings.history() }),
    );
  };
}
