import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categorySchema, categoryViewSchema, categoryWriteAnswerSchema } from '../../../shared/schemas/blog';
import { successSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import type { CategoriesService } from './categories.service';
import { answerJsonFromCache, type PublicCache } from '../../public-cache/public-cache';

const categoryParams = z.object({ id: z.string().min(1).max(100) });
/** `scope=public`: the agency's categories (the public blog's filter bar), whoever asks. */
const listQuery = z.object({ scope: z.enum(['public']).optional() });

/**
 * GET/POST /api/categories (docs/product/api.md#calls), plus PUT and DELETE /api/categories/:id (docs/product/api.md#beyond-the-first-calls). Reading is public
 * for the agency's categories (the public blog's filter bar); writes need the SEO Management module.
 */
export function categoriesRoutes(
  categories: CategoriesService,
  guards: Guards,
  cache: PublicCache,
): FastifyPluginAsyncZod {
  return async (app) => {
    const write = guards.requireModule('seoManagement');

    // docs/product/api.md#calls: "list of categories", a bare array.
    app.get(
      '/categories',
      {
        config: PUBLIC_ROUTE,
        schema: {
          querystring: listQuery,
          tags: ['categories'],
          response: answers({ 200: z.array(categoryViewSchema) }),
        },
      },
      async (request, reply) => {
        if (request.query.scope === 'public' || !request.headers.authorization)
          return answerJsonFromCache(request, reply, cache, () => categories.list(null));
        return categories.list(await guards.optionalUser(request));
      },
    );

    app.post(
      '/categories',
      {
        preValidation: write,
        schema: {
          body: categorySchema,
          tags: ['categories'],
          response: answers({ 201: categoryWriteAnswerSchema }),
        },
      },
      async (request, reply) => {
        const category = await categories.create(request.currentUser!, request.body);
        return reply.code(201).send({ success: true, category });
      },
    );

    app.put(
      '/categories/:id',
      {
        preValidation: write,
        schema: {
          params: categoryParams,
          body: categorySchema,
          tags: ['categories'],
          response: answers({ 200: categoryWriteAnswerSchema }),
        },
      },
      async (request) => ({
        success: true as const,
        category: await categories.update(request.currentUser!, request.params.id, request.body),
      }),
    );

    app.delete(
      '/categories/:id',
      {
        preValidation: write,
        schema: { params: categoryParams, tags: ['categories'], response: answers({ 200: successSchema }) },
      },
      async (request) => {
        await categories.remove(request.currentUser!, request.params.id);
        return { success: true as const };
      },
    );
  };
}
