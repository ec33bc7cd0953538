import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/messages';
import { badRequest } from './errors';

/** The CSP the app itself passes: everything from our origin; inline styles only (toasts inject them). */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Served over plain HTTP on loopback; TLS termination in front of it may add the upgrade.
  upgradeInsecureRequests: null,
};

/** True when any string in a parsed body, query or params holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((item) => holdsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot store a NUL character in text (SQLite can): refuse such input with 400 on both
 * engines, before validation, so the same request gets the same answer everywhere and never a 500.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params))
      throw badRequest(SERVER_MESSAGES.badRequest);
  });
}
