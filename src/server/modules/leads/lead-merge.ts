import type { Kysely } from 'kysely';
import { joinMergedNotes, nameKey, phoneKey } from '../../../shared/lead-duplicates';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { LEAD_NOTES_MAX } from '../../../shared/leads';
import type { LeadMergeInput } from '../../../shared/schemas/lead-duplicates';
import type { Database, LeadRow, SessionUser } from '../../db/types';
import { badRequest, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { mayOwnLeads, memberForLeads } from '../users/users.service';
import { recordLeadEvents } from './lead-events';
import { moveLeadEvents } from './lead-events.repository';
import { mergedShare } from './lead-bytes';
import { searchText } from './lead-rows';
import { findLead } from './leads.repository';
import { deleteLead, lockLead, lockLeadCounters, updateLead } from './lead-writes.repository';

/**
 * Merges the workspace's lead `otherId` into lead `id` (docs/product/leads.md#duplicates), in one
 * transaction: each field keeps the value `keep` chose, the notes are joined, the other's timeline becomes
 * this one's with a 'merged' entry, and the other lead is deleted. Answers the kept lead's row.
 *
 * Both leads are locked first, in id order, so two merges of one pair (either way round) take turns: the
 * second finds the other lead gone and answers 404. The status counters are locked after the leads, as
 * every single-lead write takes them (its row, then the counters its trigger touches); taken before, a
 * merge waiting on a lead another write holds would hold the counters that write waits for (a deadlock
 * on PostgreSQL). Holding them all, a merge's several writes cannot interleave with an import's.
 */
export async function mergeLeads(
  db: Kysely<Database>,
  caller: SessionUser,
  id: string,
  { otherId, keep }: LeadMergeInput,
  at: Date,
): Promise<LeadRow> {
  if (otherId === id) throw badRequest(LEAD_MESSAGES.mergeSelf);
  const workspaceId = caller.workspace_id;
  return db.transaction().execute(async (trx) => {
    for (const leadId of [id, otherId].sort())
      if (!(await lockLead(trx, workspaceId, leadId))) throw notFound(LEAD_MESSAGES.notFound);
    const [kept, other] = [await findLead(trx, workspaceId, id), await findLead(trx, workspaceId, otherId)];
    if (!kept || !other) throw notFound(LEAD_MESSAGES.notFound);
    await lockLeadCounters(trx, workspaceId);

    const pick = <T>(field: keyof typeof keep, mine: T, theirs: T): T =>
      keep[field] === 'other' ? theirs : mine;
    const ownerId = pick('owner', kept.owner_id, other.owner_id);
    // The other's owner must still be one (docs/product/leads.md#owners-and-follow-ups), as in an edit.
    if (ownerId !== kept.owner_id && ownerId !== null) {
      const member = await memberForLeads(trx, ownerId);
      if (!member || member.workspace_id !== workspaceId || !mayOwnLeads(member))
        throw badRequest(LEAD_MESSAGES.ownerInvalid);
    }
    // Joined, the notes keep to the field's bound: a lead past it could not be saved from its own form again,
    // and merges one after another would grow it without end.
    const notes = joinMergedNotes(kept.notes, other);
    if (notes.length > LEAD_NOTES_MAX) throw badRequest(LEAD_MESSAGES.mergedNotesTooLong(LEAD_NOTES_MAX));
    const followUp = pick('followUp', kept, other);
    const fields = {
      name: pick('name', kept.name, other.name),
      email: pick('email', kept.email, other.email),
      phone: pick('phone', kept.phone, other.phone),
      company: pick('company', kept.company, other.company),
    };
    const values = {
      ...fields,
      status: pick('status', kept.status, other.status),
      priority: pick('priority', kept.priority, other.priority),
      source: pick('source', kept.source, other.source),
      owner_id: ownerId,
      last_contact: pick('lastContact', kept.last_contact, other.last_contact),
      next_follow_up_at: followUp.next_follow_up_at,
      follow_up_note: followUp.follow_up_note,
      notes,
      email_lower: fields.email.toLowerCase(),
      search_text: searchText(fields),
      phone_key: phoneKey(fields.phone),
      name_key: nameKey(fields.name, fields.company),
      updated_at: at.toISOString(),
    };
    // The kept lead now holds text of both: it takes as much of the other's storage share as its own text
    // needs, and only the rest goes back when the other is deleted (docs/product/workspace.md#plan-limits).
    const share = mergedShare(kept, other, { ...kept, ...values });
    await updateLead(trx, id, { ...values, import_bytes: share.kept });
    await updateLead(trx, otherId, { import_bytes: share.other });
    await moveLeadEvents(trx, otherId, id);
    await recordLeadEvents(
      trx,
      [
        {
          workspaceId,
          leadId: id,
          kind: 'merged',
          actor: caller,
          data: { name: other.name, email: other.email, origin: other.origin, createdAt: other.created_at },
        },
      ],
      at,
    );
    if ((await deleteLead(trx, workspaceId, otherId)) === undefined) throw notFound(LEAD_MESSAGES.notFound);
    await recordActivity(trx, {
      workspaceId,
      userId: caller.id,
      action: `${caller.username} merged lead ${other.name} into ${fields.name}`,
    });
    return { ...kept, ...values, import_bytes: share.kept };
  });
}
