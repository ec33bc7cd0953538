import { z } from 'zod';
import { SEQUENCE_MESSAGES as M } from '../messages';
import {
  ENROLLMENT_STATUSES,
  LEFT_REASONS,
  SEQUENCES as S,
  SEQUENCE_STATUSES,
  SEQUENCE_TRIGGERS,
} from '../sequences';
import { pageInfoSchema } from './answers';

export * from '../sequences';

export const sequenceStepInputSchema = z.object({
  templateId: z.string({ error: M.templateMissing }).uuid(M.templateMissing),
  delayDays: z.coerce
    .number({ error: M.delayRange })
    .int(M.delayRange)
    .min(0, M.delayRange)
    .max(S.delayDaysMax, M.delayRange),
});

/** POST /api/sequences, PUT /api/sequences/:id: the steps are replaced as a whole, in their order. */
export const sequenceInputSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(S.nameMax),
  listId: z.string({ error: M.listMissing }).uuid(M.listMissing),
  trigger: z.enum(SEQUENCE_TRIGGERS).default('subscription'),
  steps: z
    .array(sequenceStepInputSchema, { error: M.stepsRequired })
    .min(1, M.stepsRequired)
    .max(S.stepsMax, M.stepsTooMany),
});
export type SequenceInput = z.infer<typeof sequenceInputSchema>;

export const enrollmentCountsSchema = z.object({
  active: z.number(),
  completed: z.number(),
  left: z.object({
    unsubscribed: z.number(),
    converted: z.number(),
    replied: z.number(),
    removed: z.number(),
  }),
});
export type EnrollmentCounts = z.infer<typeof enrollmentCountsSchema>;

export const sequenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  listId: z.string(),
  listName: z.string(),
  trigger: z.enum(SEQUENCE_TRIGGERS),
  status: z.enum(SEQUENCE_STATUSES),
  steps: z.array(
    z.object({
      position: z.number(),
      templateId: z.string().nullable(),
      templateName: z.string().nullable(),
      delayDays: z.number(),
    }),
  ),
  counts: enrollmentCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sequence = z.infer<typeof sequenceSchema>;

export const sequenceListSchema = z.object({ sequences: z.array(sequenceSchema) });
export const sequenceAnswerSchema = z.object({ sequence: sequenceSchema });
export const sequenceSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  sequence: sequenceSchema,
});

export const enrollmentSchema = z.object({
  id: z.string(),
  subscriberId: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  leftReason: z.enum(LEFT_REASONS).nullable(),
  /** The step due next (active only). */
  nextStep: z.number().nullable(),
  nextAt: z.string().nullable(),
  stepsSent: z.number(),
  enrolledAt: z.string(),
  lastSentAt: z.string().nullable(),
  leftAt: z.string().nullable(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const enrollmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: z.enum(ENROLLMENT_STATUSES).optional(),
});
export const enrollmentPageSchema = z.object({
  enrollments: z.array(enrollmentSchema),
  pageInfo: pageInfoSchema,
});

/** POST /api/sequences/:id/enrollments: chosen people of the list, or everyone subscribed to it. */
export const enrolSchema = z
  .object({
    subscriberIds: z.array(z.string().min(1).max(100)).max(S.enrolIdsMax).default([]),
    everyone: z.boolean().default(false),
  })
  .refine((value) => value.everyone || value.subscriberIds.length > 0, { message: M.enrolChoose });
export type EnrolInput = z.infer<typeof enrolSchema>;
export const enrolledSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  added: z.number(),
  skipped: z.number(),
});
export const enrollmentSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  enrollment: enrollmentSchema,
});

export const sequenceIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const enrollmentParamsSchema = sequenceIdParamsSchema.extend({
  enrollmentId: z.string().min(1).max(100),
});
