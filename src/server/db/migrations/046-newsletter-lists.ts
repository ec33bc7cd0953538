import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

/**
 * The public pages' footer shows the Web Settings' newsletter sign-up with its list's form key and consent
 * text (docs/product/web-settings.md#newsletter). Changing or deleting one of the agency workspace's lists
 * raises the public content version, so no page keeps a form of a list that changed or is gone.
 */
const AGENCY = '00000000-0000-4000-8000-000000000001';

export async function up(db: Kysely<unknown>): Promise<void> {
  const condition = `old.workspace_id = '${AGENCY}'`;
  if (engineOf(db) === 'postgres')
    await sql
      .raw(
        `create constraint trigger public_content_agency_lists after update or delete on mailing_lists
          deferrable initially deferred for each row when (${condition})
          execute function bump_public_content_version()`,
      )
      .execute(db);
  else
    for (const [name, on] of [
      ['public_content_agency_lists_update', 'update on mailing_lists'],
      ['public_content_agency_lists_delete', 'delete on mailing_lists'],
    ])
      await sql
        .raw(
          `create trigger ${name} after ${on} when ${condition}
            begin update public_content_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
}
