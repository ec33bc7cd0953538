import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types';
import type { AuthResult } from '../../../shared/schemas/public-user';
import { BLOCKED_STATUSES, type UserStatus } from '../../../shared/roles';
import { SERVER_MESSAGES, WORKSPACE_DELETION_MESSAGES } from '../../../shared/messages';
import { toPublicUser } from '../../db/rows';
import { forbidden } from '../../http/errors';
import type { TokenService } from '../../auth/tokens';
import { recordActivity } from '../activity/activity.service';
import { markActive, openSession } from '../sessions/sessions.service';
import { isWorkspaceDeleted } from '../workspace-deletion/workspace-deletion.service';

/**
 * Why an account whose password (and code) checked out still may not sign in: not active, or its
 * workspace deleted (docs/product/workspace.md#danger-zone: shut out until recovered). Checked at both sign-in steps.
 */
export async function refuseBlockedSignIn(db: Kysely<Database>, user: UserRow): Promise<void> {
  if (BLOCKED_STATUSES.includes(user.status as UserStatus)) throw forbidden(SERVER_MESSAGES.accountBlocked);
  if (await isWorkspaceDeleted(db, user.workspace_id))
    throw forbidden(WORKSPACE_DELETION_MESSAGES.workspaceDeleted);
}

/** The last step of every sign-in: the session token, "last active", and the audit line. */
export function createSessionStart(
  db: Kysely<Database>,
  tokens: TokenService,
  /** The app's clock: a session's sign-in is its first proof of the password (docs/security.md#lasting-credentials). */
  clock: () => Date = () => new Date(),
) {
  return async function startSession(user: UserRow, how = ''): Promise<AuthResult> {
    await markActive(db, user);
    await recordActivity(db, {
      workspaceId: user.workspace_id,
      userId: user.id,
      action: `${user.username} signed in${how}`,
      kind: 'sign-in',
    });
    return {
      token: await openSession(db, tokens, user, clock()),
      user: toPublicUser(user),
    };
  };
}

export type StartSession = ReturnType<typeof createSessionStart>;
