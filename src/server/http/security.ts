import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
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

/**
 * Helmet's headers for our policy, worked out once: they depend on nothing in the request, and letting helmet
 * rebuild them (it re-parses the CSP) for every answer took a fifth of a cached page's CPU time.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy }, crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

/** Sends the security headers with every answer (hashed assets drop the document-only ones). */
export function sendSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Headers helmet sets that only mean something on a document (framing, CSP, COOP, HSTS — which the pages
 * themselves carry). Hashed scripts and styles leave them out: ~0.6 KB saved on each of a page's ~10
 * asset responses. `X-Content-Type-Options`, `Cross-Origin-Resource-Policy` and `Referrer-Policy` (which
 * a stylesheet's own requests use) stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

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
  // A callback, not an async hook: it runs on every request, and each promise costs (docs/benchmarks.md#signed-in-reads).
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params))
      done(badRequest(SERVER_MESSAGES.badRequest));
    else done();
  });
}
