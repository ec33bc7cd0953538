import type { PortalIdentityView } from '../../../shared/schemas/portal';

/**
 * The client portal's calls (docs/product/portal.md): plain fetch, never the dashboard's client, so no
 * staff token is ever sent and a 401 never sends anyone to the staff sign-in. The portal's cookie goes
 * along by itself (same origin, path /api/portal); every write is JSON (the server refuses anything else).
 */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/portal/${path}`, {
      method,
      credentials: 'same-origin',
      headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
    });
  } catch {
    throw new PortalError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new PortalError(response.status, data.message ?? 'Something went wrong.');
  return data as T;
}

/** POST /api/portal/sign-in → the one answer for every address. */
export const requestPortalLink = async (email: string) =>
  (await call<{ message: string }>('POST', 'sign-in', { email })).message;

/** POST /api/portal/session → the identity; the session's cookie is set by the answer. */
export const redeemPortalLink = (token: string) => call<PortalIdentityView>('POST', 'session', { token });

/** GET /api/portal/me → the identity, or a PortalError 401 when signed out. */
export const portalIdentity = () => call<PortalIdentityView>('GET', 'me');

export const portalSignOut = async () => (await call<{ message: string }>('POST', 'sign-out', {})).message;
