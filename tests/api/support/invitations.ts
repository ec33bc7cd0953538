import type { TestApp } from './test-app';

/**
 * The one-time token of the newest invitation mailed to `to`. The inviter's answer never carries it
 * (docs/security.md#invitations): like the invitee, a test reads it from the mail.
 */
export async function invitationTokenMailedTo(t: TestApp, to: string): Promise<string> {
  const mail = await t.database.handle.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'id'])
    .where('to_address', '=', to.toLowerCase())
    .where('kind', '=', 'invitation')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const token = mail?.text_body.match(/[?&]invite=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}
