import type { Kysely } from 'kysely';
import { leadSourceFor } from '../../../shared/botgit';
import type { Database, SessionUser } from '../../db/types';
import { recordActivity } from '../activity/activity.service';
import { isoDay, newLeadRow } from '../leads/lead-rows';

/**
 * 'Add to leads' (docs/product/botgit.md#scraped-data): each selected profile with an e-mail becomes a New lead (source LinkedIn
 * for LinkedIn profiles, else Other), unless that e-mail is already a lead of the workspace.
 */
export async function addProfilesToLeads(
  db: Kysely<Database>,
  caller: SessionUser,
  ids: string[],
  now: Date,
): Promise<{ added: number; skipped: number }> {
  const profiles = await db
    .selectFrom('scraped_profiles')
    .select(['name', 'email', 'phone', 'role', 'location', 'profile_url'])
    .where('workspace_id', '=', caller.workspace_id)
    .where('id', 'in', ids)
    .execute();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const emails = profiles.map((p) => p.email.toLowerCase()).filter(Boolean);
    const known = new Set(
      emails.length === 0
        ? []
        : (
            await trx
              .selectFrom('leads')
              .select('email_lower')
              .where('workspace_id', '=', caller.workspace_id)
              .where('email_lower', 'in', emails)
              .execute()
          ).map((row) => row.email_lower),
    );
    const rows = [];
    for (const profile of profiles) {
      const email = profile.email.toLowerCase();
      if (!email || known.has(email)) continue;
      known.add(email); // two selected profiles with one address make one lead
      rows.push(
        newLeadRow(
          caller.workspace_id,
          {
            name: profile.name || email,
            email: profile.email,
            phone: profile.phone,
            company: '',
            status: 'New',
            priority: 'Medium',
            source: leadSourceFor(profile.profile_url),
            notes: [profile.role, profile.location, profile.profile_url].filter(Boolean).join('\n'),
            createdAt: at,
            lastContact: isoDay(now),
          },
          at,
        ),
      );
    }
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('leads')
        .values(rows.slice(i, i + 200))
        .execute();
    if (rows.length > 0)
      await recordActivity(trx, {
        workspaceId: caller.workspace_id,
        userId: caller.id,
        action: `${caller.username} added ${rows.length} Botgit profile${rows.length === 1 ? '' : 's'} to leads`,
        // Bulk-adding scraped people as leads is an import of personal data: the audit log lists it.
        kind: 'leads-imported',
      });
    return { added: rows.length, skipped: ids.length - rows.length };
  });
}
