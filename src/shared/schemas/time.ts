import { z } from 'zod';
import { isIsoDate } from '../projects';
import { TIME_ENTRY_STATUSES, TIME_LIMITS, TIME_REPORT_GROUPS } from '../time';
import { TIME_MESSAGES as M, PROJECT_MESSAGES } from '../messages';

export * from '../time';

const id = z.string().trim().min(1).max(100);
const day = z.string().trim().refine(isIsoDate, PROJECT_MESSAGES.dateInvalid);
const monday = z
  .string()
  .trim()
  .refine((value) => isIsoDate(value) && new Date(`${value}T00:00:00Z`).getUTCDay() === 1, M.weekInvalid);

/**
 * POST /api/time-entries and PUT /api/time-entries/:id: always the caller's own time. Strict: an entry
 * naming someone else (`userId`) is refused, never quietly made the caller's.
 */
export const timeEntryInputSchema = z
  .object({
    projectId: z.string({ error: M.projectRequired }).trim().min(1, M.projectRequired).max(100),
    taskId: id.nullish().transform((value) => value ?? null),
    date: day,
    minutes: z
      .number({ error: M.minutesInvalid })
      .int(M.minutesInvalid)
      .min(1, M.minutesInvalid)
      .max(TIME_LIMITS.minutesMax, M.minutesInvalid),
    note: z.string().trim().max(TIME_LIMITS.noteMax, M.noteTooLong).default(''),
    billable: z.boolean().default(true),
  })
  .strict();
export type TimeEntryInput = z.infer<typeof timeEntryInputSchema>;

/** POST /api/timer/start. */
export const timerStartSchema = z
  .object({
    projectId: z.string({ error: M.projectRequired }).trim().min(1, M.projectRequired).max(100),
    taskId: id.nullish().transform((value) => value ?? null),
    note: z.string().trim().max(TIME_LIMITS.noteMax, M.noteTooLong).default(''),
    billable: z.boolean().default(true),
  })
  .strict();
export type TimerStartInput = z.infer<typeof timerStartSchema>;

/** GET /api/time-entries: a range of days, the caller's by default. */
export const timeEntryQuerySchema = z.object({
  from: day,
  to: day,
  /** A member's id, `me` (the default), or `all` (the projects the caller manages, all for admins). */
  user: z.string().trim().max(100).default('me'),
  project: id.optional(),
  status: z.enum(TIME_ENTRY_STATUSES).optional(),
});
export type TimeEntryQuery = z.infer<typeof timeEntryQuerySchema>;

export const weekSchema = z.object({ weekStart: monday });

/** POST /api/time-approvals: one person's submitted time on one project in one week. */
export const timeApprovalSchema = z.object({
  userId: id,
  projectId: id,
  weekStart: monday,
  action: z.enum(['approve', 'return']),
});
export type TimeApprovalInput = z.infer<typeof timeApprovalSchema>;

export const timeReportQuerySchema = z.object({
  from: day,
  to: day,
  groupBy: z.enum(TIME_REPORT_GROUPS).default('project'),
  project: id.optional(),
  client: id.optional(),
  user: id.optional(),
});
export type TimeReportQuery = z.infer<typeof timeReportQuerySchema>;

export const timeEntrySchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string().nullable(), username: z.string() }),
  project: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  task: z.object({ _id: z.string(), number: z.number().int(), title: z.string() }).nullable(),
  date: z.string(),
  minutes: z.number().int(),
  note: z.string(),
  billable: z.boolean(),
  /** The hourly rate in force when it was logged, and what the minutes are worth, in minor units. */
  hourlyRate: z.number().int().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(TIME_ENTRY_STATUSES),
  /** Set while it is a running timer. */
  startedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TimeEntryView = z.infer<typeof timeEntrySchema>;

export const timeEntryAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: timeEntrySchema,
});
export const timeEntryListSchema = z.object({ entries: z.array(timeEntrySchema) });
export const timerSchema = z.object({ timer: timeEntrySchema.nullable() });
export const countAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  count: z.number().int(),
});

/** One submitted week of one person on one project, waiting for approval. */
export const pendingApprovalSchema = z.object({
  user: z.object({ _id: z.string(), username: z.string() }),
  project: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  weekStart: z.string(),
  minutes: z.number().int(),
  entries: z.number().int(),
});
export const pendingApprovalsSchema = z.object({ pending: z.array(pendingApprovalSchema) });

export const timeReportSchema = z.object({
  groupBy: z.enum(TIME_REPORT_GROUPS),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      minutes: z.number().int(),
      billableMinutes: z.number().int(),
      approvedMinutes: z.number().int(),
      /** Money per currency: a client's projects may bill in different ones. */
      amounts: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
    }),
  ),
  totals: z.object({
    minutes: z.number().int(),
    billableMinutes: z.number().int(),
    approvedMinutes: z.number().int(),
    amounts: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  }),
});
export type TimeReport = z.infer<typeof timeReportSchema>;
