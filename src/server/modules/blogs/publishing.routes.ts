import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blogWriteAnswerSchema, blogConflictAnswerSchema } from '../../../shared/schemas/blog';
import {
  blogAutosaveAnswerSchema,
  blogAutosaveInputSchema,
  blogAutosaveSavedSchema,
  blogPreviewAnswerSchema,
  blogPreviewCreatedSchema,
  blogPreviewListSchema,
  blogRestoreSchema,
  blogRevisionListSchema,
} from '../../../shared/schemas/blog-publishing';
import { successSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { PREVIEW_ROBOTS, type PublishingService } from './publishing.service';

const id = z.string().min(1).max(200);
const postParams = z.object({ id });
const revisionParams = z.object({ id, revisionId: id });
const linkParams = z.object({ id, linkId: id });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * docs/product/blog.md#publishing: a post's revisions, the editor's autosaved copy and draft preview links (staff with the SEO
 * Management module, their own workspace's posts), and the public read of a preview link.
 */
export function publishingRoutes(publishing: PublishingService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const write = guards.requireModule('seoManagement');
    const tags = ['blogs'];

    app.get(
      '/blogs/:id/revisions',
      {
        preValidation: write,
        schema: { params: postParams, tags, response: answers({ 200: blogRevisionListSchema }) },
      },
      async (request) => ({ revisions: await publishing.revisions(request.currentUser!, request.params.id) }),
    );

    app.post(
      '/blogs/:id/revisions/:revisionId/restore',
      {
        preValidation: write,
        schema: {
          params: revisionParams,
          body: blogRestoreSchema.optional(),
          tags,
          response: answers({ 200: blogWriteAnswerSchema, 409: blogConflictAnswerSchema }),
        },
      },
      async (request) => {
        const { id: blogId, revisionId } = request.params;
        const blog = await publishing.restore(
          request.currentUser!,
          blogId,
          revisionId,
          request.body?.version,
        );
        return { success: true as const, blog };
      },
    );

    app.get(
      '/blogs/:id/autosave',
      {
        preValidation: write,
        schema: { params: postParams, tags, response: answers({ 200: blogAutosaveAnswerSchema }) },
      },
      async (request) => ({ autosave: await publishing.autosave(request.currentUser!, request.params.id) }),
    );

    app.put(
      '/blogs/:id/autosave',
      {
        preValidation: write,
        schema: {
          params: postParams,
          body: blogAutosaveInputSchema,
          tags,
          response: answers({ 200: blogAutosaveSavedSchema }),
        },
        // A post's content may be 500,000 characters of up to 4 bytes (the app-wide limit is 1 MB).
        bodyLimit: 2_200_000,
      },
      async (request) => ({
        savedAt: await publishing.saveAutosave(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/blogs/:id/autosave',
      {
        preValidation: write,
        schema: { params: postParams, tags, response: answers({ 200: successSchema }) },
      },
      async (request) => {
        await publishing.discardAutosave(request.currentUser!, request.params.id);
        return { success: true as const };
      },
    );

    app.get(
      '/blogs/:id/previews',
      {
        preValidation: write,
        schema: { params: postParams, tags, response: answers({ 200: blogPreviewListSchema }) },
      },
      async (request) => ({
        previews: await publishing.previewLinks(request.currentUser!, request.params.id),
      }),
    );

    app.post(
      '/blogs/:id/previews',
      {
        preValidation: write,
        schema: { params: postParams, tags, response: answers({ 201: blogPreviewCreatedSchema }) },
      },
      async (request, reply) => {
        const preview = await publishing.createPreviewLink(request.currentUser!, request.params.id);
        return reply.code(201).send({ success: true, preview });
      },
    );

    app.delete(
      '/blogs/:id/previews/:linkId',
      {
        preValidation: write,
        schema: { params: linkParams, tags, response: answers({ 200: successSchema }) },
      },
      async (request) => {
        await publishing.revokePreviewLink(request.currentUser!, request.params.id, request.params.linkId);
        return { success: true as const };
      },
    );

    // Anyone holding the link: never cached (the API's no-store), never indexed.
    app.get(
      '/previews/:token',
      {
        config: PUBLIC_ROUTE,
        schema: { params: tokenParams, tags, response: answers({ 200: blogPreviewAnswerSchema }) },
      },
      async (request, reply) => {
        reply.header('X-Robots-Tag', PREVIEW_ROBOTS);
        return { blog: await publishing.readPreview(request.params.token) };
      },
    );
  };
}
