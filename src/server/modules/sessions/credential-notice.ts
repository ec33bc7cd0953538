import type { Transaction } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { currentClientIp, currentUserAgent } from '../../http/request-context';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { credentialAddedMail } from '../../mail/templates';
import { deviceOf } from './device';

export type AddedCredential =
  { kind: 'api-key'; name: string; scopes: string } | { kind: 'webhook'; host: string };

/**
 * Every key and webhook added in an account's name is mailed to that account (docs/security.md#lasting-credentials),
 * with the device and address of the request, so a session used by someone else shows itself. Platform
 * mail: it never counts against the workspace's e-mails a day, and it goes out whatever the workspace's own
 * set-up. `prepare` reads what must be read before the caller's transaction (on SQLite a read outside it
 * would wait for it to end); the answer queues the mail inside it.
 */
export async function prepareCredentialNotice(
  mailer: Mailer,
  user: Pick<SessionUser, 'workspace_id' | 'email' | 'username'>,
  added: AddedCredential,
): Promise<(trx: Transaction<Database>) => Promise<void>> {
  const siteName = await mailer.siteName();
  const link = mailer.link(
    added.kind === 'api-key' ? '/dashboard/credentials' : '/dashboard/manage-integrations',
    {},
  );
  const body = credentialAddedMail(siteName, {
    username: user.username,
    added,
    device: deviceOf(currentUserAgent()),
    ip: currentClientIp() ?? null,
    link,
  });
  return async (trx) => {
    await enqueueMail(
      trx,
      { workspaceId: user.workspace_id, kind: 'credential-added', via: 'platform', to: user.email, ...body },
      mailer.now(),
    );
  };
}
