import { z } from 'zod';
import { CAMPAIGN_MESSAGES as M } from '../messages';
import { CAMPAIGNS as C, CAMPAIGN_STATUSES } from '../campaigns';
import { fromLeadsSchema } from './mailing-lists';
import { pageInfoSchema } from './answers';

export * from '../campaigns';

/** The lead filters that narrow a campaign's list to the people whose lead they match. */
export const campaignSegmentSchema = fromLeadsSchema.omit({ consentBasis: true });
export type CampaignSegment = z.infer<typeof campaignSegmentSchema>;

const utm = z
  .string()
  .trim()
  .max(C.utmMax)
  .regex(/^[\w.-]*$/, 'Use letters, digits, ".", "-" and "_".');

/** POST /api/campaigns, PUT /api/campaigns/:id. */
export const campaignInputSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(C.nameMax),
  templateId: z.string({ error: M.templateMissing }).uuid(M.templateMissing),
  listId: z.string({ error: M.listMissing }).uuid(M.listMissing),
  segment: campaignSegmentSchema.nullable().default(null),
  utmSource: utm.default('newsletter'),
  utmMedium: utm.default('email'),
  /** Empty: made from the name. */
  utmCampaign: utm.default(''),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

export const campaignScheduleSchema = z.object({ at: z.iso.datetime({ offset: true }) });

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  listId: z.string().nullable(),
  listName: z.string().nullable(),
  segment: campaignSegmentSchema.nullable(),
  utmSource: z.string(),
  utmMedium: z.string(),
  utmCampaign: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why a sending campaign is not moving; null when it is. */
  waitReason: z.string().nullable(),
  progress: z.object({
    total: z.number(),
    pending: z.number(),
    queued: z.number(),
    sent: z.number(),
    failed: z.number(),
    cancelled: z.number(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

export const campaignPageSchema = z.object({ campaigns: z.array(campaignSchema), pageInfo: pageInfoSchema });
export const campaignAnswerSchema = z.object({ campaign: campaignSchema });
export const campaignSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  campaign: campaignSchema,
});

/** GET/PUT /api/campaigns/settings: the workspace's sending speed. */
export const throttleSchema = z.object({
  perSecond: z.coerce
    .number({ error: M.perSecondRange })
    .int(M.perSecondRange)
    .min(1, M.perSecondRange)
    .max(C.perSecondMax, M.perSecondRange),
  perHour: z.coerce
    .number({ error: M.perHourRange })
    .int(M.perHourRange)
    .min(1, M.perHourRange)
    .max(C.perHourMax, M.perHourRange),
});
export type Throttle = z.infer<typeof throttleSchema>;
export const throttleAnswerSchema = z.object({ throttle: throttleSchema });

/** The unsubscribe link of marketing mail. */
export const listUnsubscribeQuerySchema = z.object({ token: z.string().max(400).optional() });
export const listUnsubscribeSchema = z.object({
  token: z.string().min(1).max(400),
  /** Also suppress the address for every marketing mail of the workspace. */
  everything: z.boolean().default(false),
});
export const listUnsubscribeInfoSchema = z.object({
  listName: z.string(),
  workspaceName: z.string(),
  /** The address, partly hidden (a link forwarded to someone else shows little). */
  email: z.string(),
  unsubscribed: z.boolean(),
});
export const listUnsubscribedSchema = z.object({ success: z.literal(true), message: z.string() });

export const campaignIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
