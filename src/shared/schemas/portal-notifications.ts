import { z } from 'zod';
import { PORTAL_NOTICES, PORTAL_NOTICE_KINDS } from '../portal-notifications';

/** The client portal's e-mail notifications (docs/product/portal.md#notifications). */

/** Each kind on (true) or off: GET and PUT /api/portal/notification-settings. */
export const portalNotificationSettingsSchema = z.object({
  invoice: z.boolean(),
  estimate: z.boolean(),
  'task-approval': z.boolean(),
  comment: z.boolean(),
}) satisfies z.ZodType<Record<(typeof PORTAL_NOTICE_KINDS)[number], boolean>>;
export type PortalNotificationSettings = z.infer<typeof portalNotificationSettingsSchema>;

export const portalNotificationSettingsAnswerSchema = z.object({
  notifications: portalNotificationSettingsSchema,
});

export const portalNotificationSettingsSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  notifications: portalNotificationSettingsSchema,
});

const token = z.string().trim().min(1).max(PORTAL_NOTICES.tokenMax);

/** GET /api/portal/unsubscribe?token=… (reads only) and the one-click POST's query. */
export const portalUnsubscribeQuerySchema = z.object({ token: token.optional() });

/** POST /api/portal/unsubscribe {token}: the page's button. */
export const portalUnsubscribeSchema = z.object({ token });

/** What a valid link would turn off, and where. */
export const portalUnsubscribeInfoSchema = z.object({
  kind: z.enum(PORTAL_NOTICE_KINDS),
  workspace: z.string(),
});

export const portalUnsubscribedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  kind: z.enum(PORTAL_NOTICE_KINDS),
});
