import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/messages';
import type { OverloadLimits } from '../config';
import { HttpError } from './errors';

const RETRY_AFTER_SECONDS = 5;
/** Probes answer for themselves: liveness stays 200, readiness says 503 so the balancer drains us. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Load shedding (docs/decisions/0007-bounded-work.md): past the configured event-loop delay, heap or RSS, API calls answer 503 with
 * Retry-After at once instead of queueing behind the overload. Public pages keep being served — they come
 * from the render cache and cost next to nothing — so visitors still see the site while the instance
 * recovers; `/api/ready` reports the overload so a load balancer sends traffic elsewhere meanwhile.
 */
export async function shedLoadWhenOverloaded(app: FastifyInstance, limits: OverloadLimits): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.eventLoopDelayMs,
    maxHeapUsedBytes: limits.heapBytes,
    maxRssBytes: limits.rssBytes,
    // Resolving lets the request through; rejecting hands the error to our error handler (JSON message).
    pressureHandler: async (request) => {
      const path = request.url.split('?')[0]!;
      if (!path.startsWith('/api/') || PROBES.has(path)) return;
      throw new HttpError(503, SERVER_MESSAGES.busy, undefined, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    },
  });
}

/** False when no threshold is configured (the plugin then decorates nothing). */
export function isOverloaded(app: FastifyInstance): boolean {
  return typeof app.isUnderPressure === 'function' && app.isUnderPressure();
}
