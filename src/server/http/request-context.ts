import type { FastifyInstance } from 'fastify';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The client's address as trustProxy allows it to be known (request.ip). */
    clientIp: string;
    /** The User-Agent header, for naming a new session's device (docs/decisions/0003-bearer-tokens-and-server-side-sessions.md). */
    userAgent: string | undefined;
  }
}

/**
 * Keeps each request's client address where the audit trail can read it (recordActivity), so the many
 * services that record events need not be handed the address through every call.
 */
export async function rememberClientAddress(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({ clientIp: request.ip, userAgent: request.headers['user-agent'] }),
  });
}

/** The address of the request being served, or null outside of one (start-up, timers begun before any). */
export function currentClientIp(): string | null {
  return requestContext.get('clientIp') ?? null;
}

/** The User-Agent of the request being served, if any. */
export function currentUserAgent(): string | undefined {
  return requestContext.get('userAgent') ?? undefined;
}
