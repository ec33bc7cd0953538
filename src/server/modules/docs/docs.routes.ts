import type { FastifyPluginAsync } from 'fastify';
import swagger from '@fastify/swagger';
import { APP_VERSION } from '../../../shared/constants';
import { BEARER_SCHEME, PORTAL_SCHEME, openapiTransform } from './openapi-transform';
import { PORTAL_COOKIE } from '../../../shared/portal';
import { PUBLIC_ROUTE } from '../../auth/guards';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The OpenAPI 3 document of every /api route, generated from the routes' zod schemas and served at
 * GET /api/openapi.json (the /documentation page renders it). @fastify/swagger collects routes with an
 * onRoute hook, so this must be registered before any route; the plugin skips encapsulation so that hook
 * sits on the root instance and sees routes of every later context.
 */
export function docsRoutes(siteName: string): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${siteName} API`,
          version: APP_VERSION,
          description:
            'JSON API of the website and dashboard. Send the token from POST /api/login as ' +
            '`Authorization: Bearer <token>`. Errors answer `{ message, errors? }`.',
        },
        components: {
          securitySchemes: {
            [BEARER_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The token answered by POST /api/login or POST /api/register.',
            },
            [PORTAL_SCHEME]: {
              type: 'apiKey',
              in: 'cookie',
              name: PORTAL_COOKIE,
              description:
                'The client portal session set by POST /api/portal/session (HttpOnly, SameSite=Strict); the portal routes take nothing else.',
            },
          },
        },
      },
      transform: openapiTransform,
    });

    app.get(OPENAPI_PATH, { config: PUBLIC_ROUTE, schema: { tags: ['docs'] } }, async (_request, reply) =>
      // Built once on first request (the swagger plugin caches it); short cache, routes change per deploy.
      reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
    );
  };
  // What fastify-plugin does: register into the caller's context instead of a child one.
  Object.assign(plugin, { [Symbol.for('skip-override')]: true });
  return plugin;
}
