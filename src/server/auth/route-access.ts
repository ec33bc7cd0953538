import type { RouteOptions } from 'fastify';
import { accessRuleOf, type AccessRule } from './guards';

/** A route as the authorization matrix sees it. */
export interface RouteAccess {
  method: string;
  url: string;
  /** Undefined when the route declares nothing: the matrix test refuses such a route. */
  rule: AccessRule | undefined;
}

/** The rule a route's guard enforces (guards run before validation), or its declared `access: 'public'`. */
export function routeAccess(method: string, route: RouteOptions): RouteAccess {
  return {
    method,
    url: route.url,
    // Read when asked: a plugin's own onRoute hook (static files) may declare it after this one saw the route.
    get rule() {
      const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
      const guarded = hooks.map(accessRuleOf).find((rule) => rule !== undefined);
      return guarded ?? (route.config?.access === 'public' ? { kind: 'public' } : undefined);
    },
  };
}
