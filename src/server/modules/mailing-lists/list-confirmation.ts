import type { MailingListRow } from '../../db/types';
import { newOneTimeToken } from '../../auth/one-time-token';
import { enqueueMail } from '../../mail/outbox';
import type { Mailer } from '../../mail/mailer';
import { listConfirmationMail } from '../../mail/list-confirmation-mail';
import { setMemberToken, type Db } from './mailing-lists.repository';

/**
 * Mails a double opt-in's confirmation link (docs/product/marketing.md#the-subscribe-form) as the
 * workspace's mail, in the caller's transaction: a new token each time, only its SHA-256 kept on the member,
 * so the link mailed before stops working.
 */
export async function mailConfirmation(
  trx: Db,
  mailer: Mailer,
  mail: {
    list: MailingListRow;
    subscriberId: string;
    email: string;
    workspaceName: string;
    siteName: string;
  },
  now: Date,
): Promise<void> {
  const { token, hash } = newOneTimeToken();
  await setMemberToken(trx, mail.list.id, mail.subscriberId, hash, now.toISOString());
  await enqueueMail(
    trx,
    {
      workspaceId: mail.list.workspace_id,
      kind: 'list-confirmation',
      via: 'workspace',
      to: mail.email,
      ...listConfirmationMail(mail.siteName, {
        list: mail.list.name,
        workspace: mail.workspaceName,
        consentText: mail.list.consent_text,
        link: mailer.link('/subscribe/confirm', { token }),
      }),
    },
    now,
  );
}
