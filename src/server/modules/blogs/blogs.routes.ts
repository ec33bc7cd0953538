import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogConflictAnswerSchema,
  blogListAnswerSchema,
  blogListQuerySchema,
  blogRedirectAnswerSchema,
  blogStatusSchema,
  blogViewSchema,
  blogWriteAnswerSchema,
} from '../../../shared/schemas/blog';
import { successSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';

import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { MULTIPART_LIMITS, validationError, withBlogForm } from './blog-form';
import type { BlogsService } from './blogs.service';
import { answerJsonFromCache, type PublicCache } from '../../public-cache/public-cache';

const idParams = z.object({ id: z.string().min(1).max(200) });
const idOrSlugParams = z.object({ idOrSlug: z.string().min(1).max(200) });
/**
 * `scope=public`: the public website's read (the agency's published posts, counted as a public view),
 * whoever asks. A signed-in user of another workspace browsing /blog must still see the agency's posts.
 */
const publicScope = z.object({ scope: z.enum(['public']).optional() });
const listQuery = blogListQuerySchema.extend(publicScope.shape);

/**
 * Blog calls (docs/product/api.md#calls). Reads are public (the agency's published posts) and richer when signed in; writes
 * need the SEO Management module. POST/PUT take the editor's multipart form; PUT with JSON is the
 * status-only change (Publish / Archive / Republish).
 */
export function blogsRoutes(blogs: BlogsService, guards: Guards, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here, not app-wide, so multipart is parsed only where an upload is expected.
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    const write = guards.requireModule('seoManagement');

    const caller = (request: FastifyRequest, scope: 'public' | undefined) =>
      scope === 'public' ? Promise.resolve(null) : guards.optionalUser(request);

    app.get(
      '/blogs',
      {
        config: PUBLIC_ROUTE,
        schema: { querystring: listQuery, tags: ['blogs'], response: answers({ 200: blogListAnswerSchema }) },
      },
      async (request, reply) => {
        // The public read is the same for everyone: served from the render cache like the pages.
        if (request.query.scope === 'public' || !request.headers.authorization)
          return answerJsonFromCache(request, reply, cache, () => blogs.list(null, request.query));
        return blogs.list(await guards.optionalUser(request), request.query);
      },
    );

    app.get(
      '/blogs/:idOrSlug',
      {
        config: PUBLIC_ROUTE,
        schema: {
          params: idOrSlugParams,
          querystring: publicScope,
          tags: ['blogs'],
          response: answers({ 200: blogViewSchema, 301: blogRedirectAnswerSchema }),
        },
      },
      async (request, reply) => {
        const { scope } = request.query;
        const found = await blogs.get(await caller(request, scope), request.params.idOrSlug);
        if ('redirect' in found) {
          // A renamed post's old slug (docs/product/blog.md#slugs): browsers follow Location, the SPA reads `redirect`.
          const query = scope === 'public' ? '?scope=public' : '';
          return reply
            .code(301)
            .header('Location', `/api/blogs/${encodeURIComponent(found.redirect)}${query}`)
            .send({ redirect: found.redirect });
        }
        return found.blog;
      },
    );

    // Auth runs before validation and before the upload is read: anonymous writes get 401, never a 400.
    app.post(
      '/blogs',
      {
        preValidation: write,
        schema: { tags: ['blogs'], response: answers({ 201: blogWriteAnswerSchema }) },
      },
      async (request, reply) => {
        const blog = await withBlogForm(request, (form) => blogs.create(request.currentUser!, form));
        return reply.code(201).send({ success: true, blog });
      },
    );

    app.put(
      '/blogs/:id',
      {
        preValidation: write,
        schema: {
          params: idParams,
          tags: ['blogs'],
          response: answers({ 200: blogWriteAnswerSchema, 409: blogConflictAnswerSchema }),
        },
      },
      async (request) => {
        const caller = request.currentUser!;
        if (request.isMultipart())
          return {
            success: true as const,
            blog: await withBlogForm(request, (form) => blogs.update(caller, request.params.id, form)),
          };
        const parsed = blogStatusSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw validationError(parsed.error);
        return {
          success: true as const,
          blog: await blogs.setStatus(caller, request.params.id, parsed.data.status),
        };
      },
    );

    app.delete(
      '/blogs/:id',
      {
        preValidation: write,
        schema: { params: idParams, tags: ['blogs'], response: answers({ 200: successSchema }) },
      },
      async (request) => {
        await blogs.remove(request.currentUser!, request.params.id);
        return { success: true as const };
      },
    );
  };
}
