import type { FastifyRequest } from 'fastify';
import { PORTAL, PORTAL_COOKIE } from '../../shared/portal';
import { PORTAL_MESSAGES } from '../../shared/messages';
import { readCookie } from '../http/cookies';
import { unauthorized } from '../http/errors';
import { hashToken } from './one-time-token';
import { withRule, type Guard } from './guards';

/** Who a portal request is (docs/product/portal.md#sessions): set by requirePortal, read through portalScope. */
export interface PortalIdentity {
  sessionId: string;
  accessId: string;
  workspaceId: string;
  clientId: string;
  /** The contact's address (lower-cased) and name, as the access holds them. */
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePortal: the client's contact behind the portal cookie. Null on every other route. */
    portal: PortalIdentity | null;
  }
}

/** A live portal session as the guard reads it: the session with its access, client and workspace. */
export interface PortalSessionHolder {
  session_id: string;
  access_id: string;
  workspace_id: string;
  client_id: string;
  email: string;
  name: string;
  expires_at: string;
  last_seen_at: string;
  workspace_deleted_at: string | null;
}

/**
 * What the portal guard reads and writes. The portal module provides it (app.ts wires it in), so auth/
 * sits below the modules instead of importing them, as with SignedInStore.
 */
export interface PortalSessionStore {
  /** One indexed read: the session whose token hashes to this, joined with its access, client and workspace. */
  find(tokenHash: string): Promise<PortalSessionHolder | undefined>;
  touch(sessionId: string, now: Date): Promise<void>;
}

/** The portal session's token from the request's cookie: the only place a portal credential is read. */
export function portalSessionToken(request: FastifyRequest): string | null {
  const token = readCookie(request.headers.cookie, PORTAL_COOKIE);
  // 32 random bytes as base64url: 43 characters. Anything else costs no read.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * The guard of the portal's routes (rule `{ kind: 'portal' }`): the portal cookie names a live session of
 * an access that still exists, of a workspace not deleted; else 401. The Authorization header is never
 * read, so a staff token or an API key reaches no portal route, and a portal session no staff route (their
 * guards read only the bearer token). Removing access or the contact deletes the rows: the next request
 * answers 401.
 */
export function createRequirePortal(store: PortalSessionStore, clock: () => Date = () => new Date()): Guard {
  return withRule({ kind: 'portal' }, async (request: FastifyRequest) => {
    const token = portalSessionToken(request);
    if (!token) throw unauthorized(PORTAL_MESSAGES.sessionEnded);
    const session = await store.find(hashToken(token));
    const now = clock();
    if (!session || session.workspace_deleted_at !== null || session.expires_at <= now.toISOString())
      throw unauthorized(PORTAL_MESSAGES.sessionEnded);
    if (now.getTime() - Date.parse(session.last_seen_at) >= PORTAL.lastSeenResolutionMs)
      await store.touch(session.session_id, now);
    request.portal = {
      sessionId: session.session_id,
      accessId: session.access_id,
      workspaceId: session.workspace_id,
      clientId: session.client_id,
      email: session.email,
      name: session.name,
    };
  });
}

/**
 * What every portal query is scoped by: the workspace AND the client of the signed-in contact. Portal
 * routes (guarded by requirePortal) pass it to their service; a repository filters by both columns.
 */
export function portalScope(request: FastifyRequest): { workspaceId: string; clientId: string } {
  const portal = request.portal;
  // Only reachable from a route without requirePortal: a programming error, answered as no session.
  if (!portal) throw unauthorized(PORTAL_MESSAGES.sessionEnded);
  return { workspaceId: portal.workspaceId, clientId: portal.clientId };
}
