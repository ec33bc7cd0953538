import type { FastifySchema, RouteOptions } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { answers } from '../../http/answers';
import { OPERATION_NOTES } from './operations';
import { PUBLIC_ROUTE, accessRuleOf } from '../../auth/guards';
import { scopeForRoute } from '../../auth/api-key-scopes';

export const BEARER_SCHEME = 'bearerAuth';
/** The client portal's session cookie (docs/product/portal.md#sessions): its routes take nothing else. */
export const PORTAL_SCHEME = 'portalCookie';
const API_PREFIX = '/api/';

type Input = Parameters<SwaggerTransform>[0];

/**
 * Whether a route needs a bearer token: routes say so themselves — a public one declares
 * `config: PUBLIC_ROUTE` (its hooks are then rate limits, not guards), every other one runs a guard.
 */
function needsBearer(route: RouteOptions): boolean {
  const config = route.config as { access?: string } | undefined;
  return config?.access !== PUBLIC_ROUTE.access;
}

/** Whether the route's guard is the client portal's (it reads the portal cookie, never a bearer token). */
function portalGuarded(route: RouteOptions): boolean {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
  return hooks.some((hook) => accessRuleOf(hook)?.kind === 'portal');
}

const methodOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method[0] : route.method);

/** A zod schema (or several, per media type) as the OpenAPI body the document shows. */
function extraBody(input: Input, content: Record<string, { schema: unknown }>): FastifySchema['body'] {
  const converted: Record<string, { schema: unknown }> = {};
  for (const [mediaType, { schema }] of Object.entries(content)) {
    const result = jsonSchemaTransform({ ...input, schema: { body: schema } } as Input);
    converted[mediaType] = { schema: result.schema.body };
  }
  return { content: converted };
}

/**
 * The zod → JSON Schema conversion of fastify-type-provider-zod, plus: only /api routes are documented
 * (pages, sitemap and assets are hidden), guarded routes carry the bearer scheme, and each operation gets
 * the summary and multipart body of OPERATION_NOTES when the route does not declare its own.
 */
export const openapiTransform: SwaggerTransform = (input) => {
  const { url, route } = input;
  if (!url.startsWith(API_PREFIX)) return { schema: { hide: true }, url };

  const { schema, url: documentedUrl } = jsonSchemaTransform(input);
  if (schema?.hide) return { schema, url: documentedUrl };
  const result: FastifySchema = { ...schema };
  const notes = OPERATION_NOTES[`${methodOf(route)} ${url}`];

  if (!result.summary && notes) result.summary = notes.summary;
  // What an API key needs here (docs/product/integrations.md#scopes); routes without a scope refuse keys.
  const scope = scopeForRoute(methodOf(route) ?? 'GET', url);
  if (scope)
    result.description = [result.description, `With an API key: the \`${scope}\` scope.`]
      .filter(Boolean)
      .join('\n\n');
  if (!result.tags?.length) result.tags = [notes?.tag ?? url.slice(API_PREFIX.length).split('/')[0] ?? 'api'];
  if (!result.body && notes?.body) result.body = extraBody(input, notes.body.content);
  if (notes?.file) {
    const { status, mediaType, description } = notes.file;
    const schema =
      mediaType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' };
    const file = { description, content: { [mediaType]: { schema } } };
    // Their refusals are the shared error answer, as on every other route.
    const refusal = jsonSchemaTransform({ ...input, schema: { response: answers({}) } } as Input).schema
      .response;
    result.response = { ...(refusal as object), ...(result.response as object), [status]: file };
  }
  if (!route.schema?.security) {
    if (portalGuarded(route)) result.security = [{ [PORTAL_SCHEME]: [] }];
    else if (notes?.auth === 'optional') result.security = [{}, { [BEARER_SCHEME]: [] }];
    else if (notes?.auth !== 'public' && needsBearer(route)) result.security = [{ [BEARER_SCHEME]: [] }];
  }
  return { schema: result, url: documentedUrl };
};
