import type { Kysely } from 'kysely';
import { leadSourceFor } from '../../../shared/botgit';
import type { Database, SessionUser } from '../../db/types';
import { recordActivity } from '../activity/activity.service';
import { existingEmails, insertLeads, isoDay, leadOwnerFor, newLeadRow } from '../leads/leads.service';
import { profilesForLeads } from './scraped-profiles.repository';
import { leadsCreated } from '../webhooks/webhooks.service';

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
  const profiles = await profilesForLeads(db, caller.workspace_id, ids);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const emails = profiles.map((p) => p.email.toLowerCase()).filter(Boolean);
    const known = await existingEmails(trx, caller.workspace_id, emails);
    // docs/product/leads.md#owners-and-follow-ups: whoever adds them owns them, if they can use Client Leads.
    const ownerId = await leadOwnerFor(trx, caller);
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
            origin: 'botgit',
            createdBy: caller.id,
          },
          at,
          ownerId,
        ),
      );
    }
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
    return { added: rows.length, skipped: ids.length - rows.length };
  });
}
