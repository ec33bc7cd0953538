import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { SignedInStore } from '../../auth/guards';
import { findSignedIn, markActive, touchSession } from './sessions.repository';

/**
 * The sessions module's public face (docs/product/auth.md#sessions-on-the-server: server-side sessions). Other modules open and end sessions
 * through these; the guards read a request's session through the store app.ts makes here.
 */
export { openSession } from './open-session';
export { prepareCredentialNotice, type AddedCredential } from './credential-notice';
export { revokeCredentialsMadeSince, type RevokedCredentials } from './credential-revocation';
export {
  endSessions,
  endWorkspaceSessions,
  markActive,
  removeWebhooksMadeBy,
  revokeKeysMadeBy,
} from './sessions.repository';

/** What the guards need of a signed-in request: its user and session, and the "last active" touches. */
export function createSignedInStore(db: Kysely<Database>): SignedInStore {
  return {
    find: (userId, sessionId) => findSignedIn(db, userId, sessionId),
    touchSession: (sessionId, now) => touchSession(db, sessionId, now),
    markActive: (user) => markActive(db, user),
  };
}
