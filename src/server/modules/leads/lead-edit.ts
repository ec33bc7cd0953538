import type { Transaction } from 'kysely';
import { nameKey, phoneKey } from '../../../shared/lead-duplicates';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type { UpdateLeadInput } from '../../../shared/schemas/leads';
import { addStoredBytes } from '../../db/plan-usage';
import type { Database, LeadRow, SessionUser } from '../../db/types';
import { badRequest, notFound } from '../../http/errors';
import { assertWithinStorage } from '../../lib/plan-limits';
import { recordActivity } from '../activity/activity.service';
import { notifyUser } from '../notifications/notifications.service';
import { mayOwnLeads, memberForLeads } from '../users/users.service';
import { enqueueWebhookEvent, webhookLead } from '../webhooks/webhooks.service';
import { followUpNotification } from './follow-up-notification';
import { editedShare } from './lead-bytes';
import { recordLeadEvents } from './lead-events';
import { isoDay, searchText } from './lead-rows';
import { leadEditEvents } from './lead-timeline';
import { findLead } from './leads.repository';
import { lockLead, updateLead } from './lead-writes.repository';

/**
 * An edit of a lead in the caller's transaction (docs/product/leads.md#editing): any field, any of the five
 * statuses. A new owner must be a member of the workspace who can use Client Leads, and is told in their
 * bell unless they took the lead themselves; a cleared follow-up loses its note too
 * (docs/product/leads.md#owners-and-follow-ups). The storage share, the activity, the timeline, the
 * webhook of a conversion and a follow-up due today go with it. Answers the row as it now is.
 */
export async function applyLeadEdit(
  trx: Transaction<Database>,
  caller: SessionUser,
  id: string,
  input: UpdateLeadInput,
  at: Date,
  /** What a follow-up cleared by this edit was, for the timeline. */
  followUpEnd: 'done' | 'cleared' = 'cleared',
): Promise<LeadRow> {
  // Lock the row before reading it (a no-op update, portable where SELECT ... FOR UPDATE is not):
  // the derived search text needs every field, so two concurrent edits must not merge stale copies.
  const locked = await lockLead(trx, caller.workspace_id, id);
  const current = locked && (await findLead(trx, caller.workspace_id, id));
  if (!current) throw notFound(LEAD_MESSAGES.notFound);
  const { lastContact, ownerId, nextFollowUpAt, followUpNote, ...fields } = input;
  const reassigned = ownerId !== undefined && ownerId !== current.owner_id;
  if (reassigned) {
    const member = await memberForLeads(trx, ownerId);
    if (!member || member.workspace_id !== caller.workspace_id || !mayOwnLeads(member))
      throw badRequest(LEAD_MESSAGES.ownerInvalid);
  }
  const next = { ...current, ...fields };
  const followUp =
    nextFollowUpAt === null
      ? { next_follow_up_at: null, follow_up_note: '' }
      : {
          ...(nextFollowUpAt !== undefined ? { next_follow_up_at: nextFollowUpAt } : {}),
          ...(followUpNote !== undefined ? { follow_up_note: followUpNote } : {}),
        };
  const values = {
    ...fields,
    ...followUp,
    ...(reassigned ? { owner_id: ownerId } : {}),
    email_lower: next.email.toLowerCase(),
    search_text: searchText(next),
    // docs/product/leads.md#duplicates: the keys follow the phone, name and company.
    phone_key: phoneKey(next.phone),
    name_key: nameKey(next.name, next.company),
    // A date-time (UTC) keeps only its day: last contact is a calendar date.
    last_contact: lastContact ? lastContact.slice(0, 10) : current.last_contact,
    updated_at: at.toISOString(),
    // When it became Converted (docs/product/analytics.md#conversion-tracking); migration 023's trigger
    // keeps the same for every other writer.
    ...(input.status && input.status !== current.status
      ? { converted_at: input.status === 'Converted' ? at.toISOString() : null }
      : {}),
  };
  // More typed text counts against storage (413 past it, nothing changed); less gives some back.
  const share = editedShare(current, { ...next, ...followUp });
  await updateLead(trx, id, { ...values, import_bytes: share.importBytes });
  if (share.added !== 0) await addStoredBytes(trx, caller.workspace_id, share.added);
  await assertWithinStorage(trx, caller.workspace_id, share.added);
  if (reassigned && ownerId !== caller.id)
    await notifyUser(
      trx,
      {
        userId: ownerId,
        workspaceId: caller.workspace_id,
        kind: 'lead-assigned',
        title: LEAD_MESSAGES.assignedTitle,
        message: LEAD_MESSAGES.assigned(caller.username, next.name),
      },
      at,
    );
  await recordActivity(trx, {
    workspaceId: caller.workspace_id,
    userId: caller.id,
    action:
      input.status && input.status !== current.status
        ? `${caller.username} moved lead ${next.name} to ${input.status}`
        : reassigned
          ? `${caller.username} assigned lead ${next.name}`
          : `${caller.username} updated lead ${next.name}`,
  });
  const updated = { ...current, ...values };
  await recordLeadEvents(trx, await leadEditEvents(trx, caller, current, updated, followUpEnd), at);
  if (input.status === 'Converted' && current.status !== 'Converted')
    await enqueueWebhookEvent(
      trx,
      caller.workspace_id,
      'lead.converted',
      { lead: webhookLead(updated), previousStatus: current.status },
      at,
    );
  // A follow-up set for today (UTC) is today's news at once, under the key the day's sweep uses,
  // so the owner hears of it once either way.
  const day = isoDay(at);
  if (nextFollowUpAt === day && updated.owner_id !== null)
    await notifyUser(trx, followUpNotification(updated, updated.owner_id, day), at);
  return updated;
}
