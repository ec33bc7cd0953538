import type { Kysely } from 'kysely';
import { leadSourceFor } from '../../../shared/botgit';
import type { Database, SessionUser } from '../../db/types';
import { recordActivity } from '../activity/activity.service';
import {
  insertLeads,
  isoDay,
  keyed,
  knownLeadsFor,
  leadOwnerFor,
  newLeadRow,
  sortWouldBeLeads,
} from '../leads/leads.service';
import { profilesForLeads } from './scraped-profiles.repository';
import { leadsCreated } from '../webhooks/webhooks.service';

/**
 * 'Add to leads' (docs/product/botgit.md#scraped-data): each selected profile with an e-mail becomes a New lead (source LinkedIn
 * for LinkedIn profiles, else Other), unless that e-mail is already a lead of the workspace, or the
 * profile is a possible duplicate of one (its phone or its name and company: docs/product/leads.md#duplicates),
 * or of another selected profile.
 */
export async function addProfilesToLeads(
  db: Kysely<Database>,
  caller: SessionUser,
  ids: string[],
  now: Date,
): Promise<{ added: number; skipped: number; possibleDuplicates: number }> {
  const profiles = await profilesForLeads(db, caller.workspace_id, ids);
  const at = now.toISOString();
  const wouldBe = profiles
    .filter((profile) => profile.email !== '')
    .map((profile) =>
      keyed({
        name: profile.name || profile.email.toLowerCase(),
        email: profile.email,
        phone: profile.phone,
        company: '',
        profile,
      }),
    );
  return db.transaction().execute(async (trx) => {
    const known = await knownLeadsFor(trx, caller.workspace_id, wouldBe);
    const sorted = sortWouldBeLeads(wouldBe, known, (index) => index + 1);
    // docs/product/leads.md#owners-and-follow-ups: whoever adds them owns them, if they can use Client Leads.
    const ownerId = await leadOwnerFor(trx, caller);
    const rows = sorted.fresh.map(({ fields: { profile, ...fields }, phone, name }) =>
      newLeadRow(
        caller.workspace_id,
        {
          ...fields,
          status: 'New',
          priority: 'Medium',
          source: leadSourceFor(profile.profile_url),
          notes: [profile.role, profile.location, profile.profile_url].filter(Boolean).join('\n'),
          createdAt: at,
          lastContact: isoDay(now),
          origin: 'botgit',
          createdBy: caller.id,
        },
        at,
        ownerId,
        { phone, name },
      ),
    );
    await insertLeads(trx, rows);
    await leadsCreated(trx, caller.workspace_id, rows, 'botgit', now);
    if (rows.length > 0)
      await recordActivity(trx, {
        workspaceId: caller.workspace_id,
        userId: caller.id,
        action: `${caller.username} added ${rows.length} Botgit profile${rows.length === 1 ? '' : 's'} to leads`,
        // Bulk-adding scraped people as leads is an import of personal data: the audit log lists it.
        kind: 'leads-imported',
      });
    return {
      added: rows.length,
      skipped: ids.length - rows.length,
      possibleDuplicates: sorted.possibleDuplicates,
    };
  });
}
