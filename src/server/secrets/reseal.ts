import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { SecretBox } from './secret-box';

/**
 * SECRET_KEY rotation (README): with the old key in SECRET_KEY_PREVIOUS, every stored secret sealed with
 * it is opened and sealed again with the new key at start: SMTP passwords, the tokens of live preview
 * links (a revoked link is never opened again), two-factor secrets, webhooks' signing secrets, bounce mailboxes' passwords and bounce webhooks' secrets. Answers
 * how many were re-sealed.
 */
export async function resealStoredSecrets(db: Kysely<Database>, box: SecretBox): Promise<number> {
  let resealed = 0;
  const settings = await db.selectFrom('email_settings').select(['workspace_id', 'pass_sealed']).execute();
  for (const row of settings) {
    if (box.isCurrent(row.pass_sealed)) continue;
    await db
      .updateTable('email_settings')
      .set({ pass_sealed: box.seal(box.open(row.pass_sealed)) })
      .where('workspace_id', '=', row.workspace_id)
      .where('pass_sealed', '=', row.pass_sealed)
      .execute();
    resealed += 1;
  }
  const links = await db
    .selectFrom('blog_preview_links')
    .select(['id', 'token_sealed'])
    .where('revoked_at', 'is', null)
    .execute();
  for (const row of links) {
    if (box.isCurrent(row.token_sealed)) continue;
    await db
      .updateTable('blog_preview_links')
      .set({ token_sealed: box.seal(box.open(row.token_sealed)) })
      .where('id', '=', row.id)
      .where('token_sealed', '=', row.token_sealed)
      .execute();
    resealed += 1;
  }
  const factors = await db
    .selectFrom('user_two_factor')
    .select(['user_id', 'secret_sealed', 'pending_sealed'])
    .execute();
  for (const row of factors) {
    for (const column of ['secret_sealed', 'pending_sealed'] as const) {
      const sealed = row[column];
      if (!sealed || box.isCurrent(sealed)) continue;
      await db
        .updateTable('user_two_factor')
        .set({ [column]: box.seal(box.open(sealed)) })
        .where('user_id', '=', row.user_id)
        .where(column, '=', sealed)
        .execute();
      resealed += 1;
    }
  }
  const webhooks = await db.selectFrom('webhooks').select(['id', 'secret_sealed']).execute();
  for (const row of webhooks) {
    if (box.isCurrent(row.secret_sealed)) continue;
    await db
      .updateTable('webhooks')
      .set({ secret_sealed: box.seal(box.open(row.secret_sealed)) })
      .where('id', '=', row.id)
      .where('secret_sealed', '=', row.secret_sealed)
      .execute();
    resealed += 1;
  }
  // Bounce mailboxes' passwords and the bounce webhooks' signing secrets (docs/product/marketing.md#bounces-and-complaints).
  const mailboxes = await db.selectFrom('bounce_mailboxes').select(['workspace_id', 'pass_sealed']).execute();
  for (const row of mailboxes) {
    if (box.isCurrent(row.pass_sealed)) continue;
    await db
      .updateTable('bounce_mailboxes')
      .set({ pass_sealed: box.seal(box.open(row.pass_sealed)) })
      .where('workspace_id', '=', row.workspace_id)
      .where('pass_sealed', '=', row.pass_sealed)
      .execute();
    resealed += 1;
  }
  const bounceHooks = await db
    .selectFrom('bounce_webhook_keys')
    .select(['workspace_id', 'secret_sealed'])
    .execute();
  for (const row of bounceHooks) {
    if (box.isCurrent(row.secret_sealed)) continue;
    await db
      .updateTable('bounce_webhook_keys')
      .set({ secret_sealed: box.seal(box.open(row.secret_sealed)) })
      .where('workspace_id', '=', row.workspace_id)
      .where('secret_sealed', '=', row.secret_sealed)
      .execute();
    resealed += 1;
  }
  return resealed;
}
