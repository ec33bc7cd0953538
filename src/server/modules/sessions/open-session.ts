import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/types';
import type { TokenService } from '../../auth/tokens';
import { currentClientIp, currentUserAgent } from '../../http/request-context';
import { createSessionRow } from './sessions.repository';
import { deviceOf } from './device';

/**
 * Every way into a session ends here (docs/product/auth.md#sessions-on-the-server): a row naming the device and client address of the
 * request, and a token naming the row.
 */
export async function openSession(
  db: Kysely<Database> | Transaction<Database>,
  tokens: TokenService,
  user: Pick<UserRow, 'id' | 'session_version'>,
  now = new Date(),
): Promise<string> {
  const sessionId = await createSessionRow(
    db,
    user.id,
    { device: deviceOf(currentUserAgent()), ip: currentClientIp() },
    now,
  );
  return tokens.issue({ userId: user.id, sessionVersion: user.session_version, sessionId });
}
