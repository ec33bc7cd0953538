import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import type { Limiter } from './limiter';
import { addressKey } from './address-key';

/** A 429 with Retry-After, in the wording of the route that refuses. */
export function tooMany(waitSeconds: number, message: (waitSeconds: number) => string): HttpError {
  return new HttpError(429, message(waitSeconds), undefined, { 'Retry-After': String(waitSeconds) });
}

/**
 * Route hooks for a limit per client address (`request.ip`: the real client behind TRUST_PROXY, never a
 * header an untrusted client sets; an IPv6 client counts by its /64, see addressKey). A blocked address is refused before its body is even read
 * (preValidation); a valid request then takes its slot (preHandler), so typos refused by validation do
 * not count. `release` gives a slot back when the request ends up not doing what it counts.
 */
export function perAddressLimit(limiter: Limiter, message: (waitSeconds: number) => string) {
  const refuseAfter = (waitSeconds: number) => {
    if (waitSeconds > 0) throw tooMany(waitSeconds, message);
  };
  const keyOf = (request: FastifyRequest) => addressKey(request.ip);
  return {
    preValidation: async (request: FastifyRequest) =>
      refuseAfter(await limiter.retryAfterSeconds(keyOf(request))),
    preHandler: async (request: FastifyRequest) => refuseAfter(await limiter.take(keyOf(request))),
    release: (request: FastifyRequest) => limiter.release(keyOf(request)),
  };
}
