import type { FastifyRequest } from 'fastify';
import { PORTAL_MESSAGES } from '../../shared/messages';
import { HttpError } from './errors';

/**
 * Portal writes are JSON only (docs/security.md#client-portal): a form another site posts (urlencoded,
 * multipart or text/plain) is refused before anything is read, besides the cookie being SameSite=Strict.
 */
export async function jsonOnly(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, PORTAL_MESSAGES.jsonOnly);
}
