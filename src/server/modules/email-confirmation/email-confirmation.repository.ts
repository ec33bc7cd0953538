import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { EMAIL_CONFIRMATION } from '../../../shared/email-confirmation';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';

type Db = Kysely<Database> | Transaction<Database>;

/** A new single-use link for the account; earlier unused links are spent (only the newest mail works). */
export async function newConfirmationToken(trx: Db, userId: string, now: Date): Promise<string> {
  const { token, hash } = newOneTimeToken();
  await trx
    .updateTable('email_confirmations')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('email_confirmations')
    .values({
      token_hash: hash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EMAIL_CONFIRMATION.tokenTtlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a link: the account it proves, or null when the link is unknown, spent or expired. The one
 * conditional UPDATE decides between two requests racing with the same link.
 */
export async function useConfirmationToken(
  trx: Transaction<Database>,
  token: string,
  now: Date,
): Promise<string | null> {
  const used = await trx
    .updateTable('email_confirmations')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id ?? null;
}
