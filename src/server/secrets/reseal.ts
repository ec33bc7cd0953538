import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { SecretBox } from './secret-box';

/**
 * SECRET_KEY rotation (README): with the old key in SECRET_KEY_PREVIOUS, every stored secret sealed with
 * it is opened and sealed again with the new key at start. Answers how many were re-sealed.
 */
export async function resealStoredSecrets(db: Kysely<Database>, box: SecretBox): Promise<number> {
  const rows = await db.selectFrom('email_settings').select(['workspace_id', 'pass_sealed']).execute();
  let resealed = 0;
  for (const row of rows) {
    if (box.isCurrent(row.pass_sealed)) continue;
    const pass_sealed = box.seal(box.open(row.pass_sealed));
    await db
      .updateTable('email_settings')
      .set({ pass_sealed })
      .where('workspace_id', '=', row.workspace_id)
      .where('pass_sealed', '=', row.pass_sealed)
      .execute();
    resealed += 1;
  }
  return resealed;
}
