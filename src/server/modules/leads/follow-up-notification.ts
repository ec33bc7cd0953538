import { LEAD_MESSAGES } from '../../../shared/messages';
import type { LeadRow } from '../../db/types';
import type { NewNotification } from '../notifications/notifications.service';

/**
 * The owner's 'Follow-up due today' for a lead's follow-up day (docs/product/leads.md#owners-and-follow-ups):
 * one per lead and day, whoever writes it first (the day's sweep, or the edit that set it for today).
 */
export function followUpNotification(
  lead: Pick<LeadRow, 'id' | 'workspace_id' | 'name' | 'follow_up_note'>,
  ownerId: string,
  day: string,
): NewNotification {
  return {
    userId: ownerId,
    workspaceId: lead.workspace_id,
    kind: 'follow-up-due',
    title: LEAD_MESSAGES.followUpDueTitle,
    message: LEAD_MESSAGES.followUpDue(lead.name, lead.follow_up_note),
    dedupeKey: `follow-up:${lead.id}:${day}`,
  };
}
