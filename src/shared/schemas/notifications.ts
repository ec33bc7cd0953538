import { z } from 'zod';

/** What the server tells a user's bell (docs/product/leads.md#owners-and-follow-ups): a lead assigned to them, a follow-up due today. */
export const USER_NOTIFICATION_KINDS = [
  'lead-assigned',
  'follow-up-due',
  'webhook-paused',
  'budget-warning',
  'estimate-answered',
  'payment-notice',
] as const;
export type UserNotificationKind = (typeof USER_NOTIFICATION_KINDS)[number];
/** The kinds that carry a workspace's leads: they wait only for someone who may still work them. */
export const LEAD_NOTIFICATION_KINDS = [
  'lead-assigned',
  'follow-up-due',
] as const satisfies readonly UserNotificationKind[];

export const userNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(USER_NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

/** POST /api/notifications/claim: the caller's notifications not yet taken by one of their browsers, oldest first. */
export const claimedNotificationsSchema = z.object({ notifications: z.array(userNotificationSchema) });
