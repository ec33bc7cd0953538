import { finished } from 'node:stream/promises';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SITE_IMAGE_KINDS } from '../../../shared/site-settings';
import { SERVER_MESSAGES, SITE_SETTINGS_MESSAGES as M } from '../../../shared/messages';
import { BLOG_LIMITS } from '../../../shared/schemas/blog';
import {
  siteImageUploadAnswerSchema,
  siteSettingsChangeAnswerSchema,
  siteSettingsEditorSchema,
  siteSettingsSchema,
  sitePublishHistorySchema,
} from '../../../shared/schemas/site-settings';
import { answers } from '../../http/answers';
import { badRequest, forbidden, HttpError } from '../../http/errors';
import { spoolUpload, type SpooledUpload } from '../../http/spooled-upload';
import { siteImageTooLarge } from './site-images';
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

/** One image of at most 5 MB (as a post's featured image), and nothing else worth reading. */
const IMAGE_MULTIPART_LIMITS = { fileSize: BLOG_LIMITS.imageMaxBytes, files: 1, fields: 5, parts: 6 };
const IMAGE_FIELD = 'image';
const imageParams = z.object({ kind: z.enum(SITE_IMAGE_KINDS) });

/** The multipart body's `image` file, spooled to a temporary file; removed once `use` has settled. */
async function withImageUpload<T>(request: FastifyRequest, use: (upload: SpooledUpload) => Promise<T>) {
  if (!request.isMultipart()) throw badRequest(M.imageMissing);
  let upload: SpooledUpload | null = null;
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        // Every file part must be drained for the parser to go on; only the first `image` is kept.
        if (part.fieldname !== IMAGE_FIELD || upload) {
          await finished(part.file.resume());
          continue;
        }
        const spooled = await spoolUpload(part);
        if (spooled.size > 0) upload = spooled;
        else await spooled.remove();
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw siteImageTooLarge();
      if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
      throw badRequest(SERVER_MESSAGES.badRequest);
    }
    if (!upload) throw badRequest(M.imageMissing);
    return await use(upload);
  } finally {
    await (upload as SpooledUpload | null)?.remove();
  }
}

/**
 * Web Settings (docs/product/web-settings.md). The live settings are public (every page shows them) and served through the
 * render cache, so they are read once per content version; the draft, publishing, reset, undo and the
 * history are the Admin's alone (403 for every other role, 401 without a session).
 */
export function siteSettingsRoutes(
  settings: SiteSettingsService,
  guards: Guards,
  cache: PublicCache,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered in this plugin only, so multipart is parsed only where an image is expected.
    await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
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

    // The guard runs before the body is read: anyone but an Admin is refused without an upload being stored.
    app.post(
      '/site-settings/images/:kind',
      {
        preValidation,
        schema: {
          summary:
            'Upload the logo, the icon, the share image or a trusted-by logo; the draft takes its id, publish shows it (Admin)',
          description:
            'multipart/form-data with one file field `image` (at most 5 MB): PNG, JPEG, WebP, GIF, AVIF or SVG. ' +
            'An SVG is drawn as a PNG, and refused (400) if it holds a script, an on… attribute, a javascript: ' +
            'link, foreignObject or a reference outside the file. 413 past 5 MB, 415 for anything else.',
          params: imageParams,
          tags,
          response: answers({ 201: siteImageUploadAnswerSchema }),
        },
      },
      async (request, reply) => {
        const answer = await withImageUpload(request, (upload) =>
          settings.uploadImage(request.params.kind, upload),
        );
        return reply.code(201).send(answer);
      },
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
