import type { FastifyRequest } from 'fastify';
import { IDENTITY_CONFIRMATION } from '../../shared/constants';
import { IDENTITY_MESSAGES } from '../../shared/messages';
import { forbidden } from '../http/errors';

/**
 * What mints a lasting credential or moves where mail and events go (docs/security.md#lasting-credentials)
 * needs a session that proved the password within the last 15 minutes: by signing in, or by
 * POST /api/session/confirm. A stolen token alone gets 403 with the message the dashboard answers with a
 * password prompt. Keys never reach these routes (src/server/auth/api-key-scopes.ts).
 */
export function assertRecentProof(request: FastifyRequest, now: Date = new Date()): void {
  const provedAt = request.sessionProvedAt ? Date.parse(request.sessionProvedAt) : Number.NaN;
  if (!(now.getTime() - provedAt <= IDENTITY_CONFIRMATION.windowMs))
    throw forbidden(IDENTITY_MESSAGES.required);
}
