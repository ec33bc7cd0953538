import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { quietClientAborts } from './client-aborts';
import { API_KEY_PATTERN } from '../../shared/api-keys';

/** What replaces a secret in the log. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets: one-time link tokens (reset, confirmation, recovery,
 * `invite`), codes, passwords, keys, anything named like a token or a secret.
 */
const SECRET_PARAM = /token|invite|code|pass|secret|key|auth|session|signature|sig$|otp|recovery|challenge/i;

/**
 * Paths whose segment is itself a secret (grep the route declarations: `:token`): invitation links
 * (GET /api/invitations/:token, POST …/:token/accept) and draft preview links (GET /api/previews/:token
 * and the page /blog/preview/:token). Other one-time links carry their token in the query.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/api\/invitations\/)([^/?#]+)/,
  /^(\/api\/previews\/)([^/?#]+)/,
  /^(\/blog\/preview\/)([^/?#]+)/,
];

/** API keys (`ahq_…`, docs/decisions/0017-api-keys.md) wherever they stand: a path, a query, a message. */
const withoutApiKeys = (text: string): string => text.replace(API_KEY_PATTERN, REDACTED);

/** A request URL (path and query) with its secrets replaced by [redacted]. */
export function redactUrl(address: string): string {
  const url = withoutApiKeys(address);
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  for (const pattern of SECRET_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    if (equals === -1) return part;
    let name = part.slice(0, equals);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judged as written.
    }
    return SECRET_PARAM.test(name) ? `${part.slice(0, equals)}=${REDACTED}` : part;
  });
  return `${path}?${parts.join('&')}`;
}

/** Any URL or path inside free text (a message, an error's message), with its secrets redacted. */
export function redactText(text: string): string {
  return withoutApiKeys(text).replace(/(?:https?:\/\/[^\s/"'<>]+)?\/[^\s"'<>]*/g, (match) => {
    const origin = /^https?:\/\/[^/]+/.exec(match)?.[0] ?? '';
    return origin + redactUrl(match.slice(origin.length));
  });
}

/** Header and body fields never written to the log, wherever a log call puts them. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'body.password',
  'body.newPassword',
  'body.currentPassword',
  'body.confirmPassword',
  'body.token',
  'body.challengeToken',
  'body.code',
  'body.verifier',
  'body.key',
  'body.auth.pass',
  'req.body.password',
  'req.body.token',
  'req.body.challengeToken',
  'req.body.code',
  'req.body.verifier',
  'req.body.auth.pass',
  '*.password',
  '*.pass',
  '*.token',
  '*.challengeToken',
  '*.secret',
  '*.verifier',
  '*.key',
  '*.link',
  '*.smtpUrl',
  'password',
  'pass',
  'token',
  'link',
];

type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

function scrubbed(arg: unknown): unknown {
  if (typeof arg === 'string') return redactText(arg);
  if (arg instanceof Error) return scrubError(arg);
  if (typeof arg === 'object' && arg !== null && 'err' in arg && arg.err instanceof Error)
    return { ...arg, err: scrubError(arg.err) };
  return arg;
}

/** An error whose message or stack quotes a URL keeps its type and code, with the URL's secrets redacted. */
function scrubError(error: Error): Error {
  const message = redactText(error.message);
  const stack = error.stack === undefined ? undefined : redactText(error.stack);
  if (message === error.message && stack === error.stack) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  Object.assign(copy, error, { message, stack });
  Object.defineProperty(copy, 'name', { value: error.name, enumerable: false });
  return copy;
}

const quietLogMethod = quietClientAborts as LogMethodHook;

/** Pino hook: messages and errors are redacted, then client aborts are quietened (client-aborts.ts). */
const redactMessages: LogMethodHook = function (args, method, level) {
  const clean = args.map(scrubbed) as typeof args;
  quietLogMethod.call(this, clean, method, level);
};

/** The request as logged: Fastify's fields, with the URL's secrets redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/**
 * The server's logger options (docs/architecture.md#trust-model, docs/security.md#nothing-secret-in-logs-nothing-left-in-the-browser): request URLs with their secrets redacted, headers
 * and body fields that carry secrets removed, the same at every level.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    hooks: { logMethod: redactMessages },
    serializers: { req: requestForLog },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}
