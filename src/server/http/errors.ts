import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '../../shared/messages';

export interface FieldError {
  field: string;
  message: string;
}

/** A refusal with a user-readable message; the error handler turns it into JSON `{message, errors?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More of the answer beside `message` (a 409's current version of what was edited). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message: string = SERVER_MESSAGES.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, undefined, undefined, extra);
/**
 * A multipart file past its limit, read to the end: the parser stops writing and marks the part without
 * failing its stream. Carries the plugin's own code, so a route that words it (the blog form's image
 * message) treats it as the plugin's error; elsewhere it is the generic 413.
 */
export const fileTooLarge = () =>
  Object.assign(new HttpError(413, SERVER_MESSAGES.payloadTooLarge), { code: 'FST_REQ_FILE_TOO_LARGE' });

const GENERIC_BY_STATUS: Record<number, string> = {
  400: SERVER_MESSAGES.badRequest,
  401: SERVER_MESSAGES.unauthorized,
  403: SERVER_MESSAGES.forbidden,
  404: SERVER_MESSAGES.notFound,
  413: SERVER_MESSAGES.payloadTooLarge,
  429: SERVER_MESSAGES.rateLimited,
};

export interface ErrorResponse {
  statusCode: number;
  body: { message: string; errors?: FieldError[]; [more: string]: unknown };
  headers?: Record<string, string>;
}

/**
 * The database could not be reached or is shutting down (PostgreSQL SQLSTATE class 08, 57P0x; the driver's
 * socket and pool errors; SQLite busy past its timeout): not the request's fault nor a bug, so a 503 the
 * client may retry, and the instance recovers by itself once the database answers.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'SQLITE_BUSY',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database .* is not currently accepting connections/i;
const DATABASE_RETRY_AFTER_SECONDS = '5';

export function isDatabaseUnreachable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  return (
    UNREACHABLE_CODES.has(code) ||
    code.startsWith('08') ||
    /^57P0[1-4]$/.test(code) ||
    (typeof e?.message === 'string' && UNREACHABLE_MESSAGES.test(e.message))
  );
}

/** JSON errors per docs/product/api.md#answers-and-errors: never a stack trace, never a 500 for bad input. */
export function toErrorResponse(error: FastifyError | HttpError, request: FastifyRequest): ErrorResponse {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: { ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // A missing or non-object body fails at the root, where zod's own wording is not ours.
      return { field, message: (field && issue.message) || SERVER_MESSAGES.badRequest };
    });
    return { statusCode: 400, body: { message: errors[0]?.message ?? SERVER_MESSAGES.badRequest, errors } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, too large): keep the status, plain words.
    const message =
      status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : undefined;
    return { statusCode: status, body: { message: message ?? GENERIC_BY_STATUS[status] ?? error.message } };
  }
  if (isDatabaseUnreachable(error)) {
    request.log.warn({ err: error }, 'database unreachable');
    return {
      statusCode: 503,
      body: { message: SERVER_MESSAGES.databaseUnavailable },
      headers: { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS },
    };
  }
  request.log.error({ err: error }, 'request failed');
  return { statusCode: 500, body: { message: SERVER_MESSAGES.internal } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const response = toErrorResponse(error, request);
    if (response.headers) reply.headers(response.headers);
    return reply.code(response.statusCode).send(response.body);
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: SERVER_MESSAGES.notFound }));
}
