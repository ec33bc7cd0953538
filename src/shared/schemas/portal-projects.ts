import { z } from 'zod';
import { PORTAL_PROJECT_MESSAGES as M, TASK_MESSAGES } from '../messages';
import { PORTAL_PROJECT_LIMITS, PORTAL_PROJECT_PARTS, TASK_EVENT_KINDS } from '../portal-projects';
import { PROJECT_STATUSES } from '../projects';
import { TASK_LIMITS, TASK_STATUSES } from '../tasks';

export * from '../portal-projects';

/**
 * A client's projects in the portal (docs/product/portal.md#what-a-client-sees): only what the project's
 * switches allow, and never a rate, a cost, an amount, an e-mail address or anything marked internal.
 */

const part = z.enum(PORTAL_PROJECT_PARTS);

/** Hours logged against the hours budget; never money. */
const timeSchema = z.object({
  usedMinutes: z.number().int(),
  budgetMinutes: z.number().int().nullable(),
  /** Whole percent of the hours budget used (null: no hours budget). */
  percent: z.number().int().nullable(),
});

export const portalProjectSummarySchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  /** What this project shares. */
  parts: z.array(part),
  /** Tasks done of all (when it shares its tasks). */
  progress: z.object({ tasksDone: z.number().int(), tasksTotal: z.number().int() }).nullable(),
  time: timeSchema.nullable(),
});
export type PortalProjectSummary = z.infer<typeof portalProjectSummarySchema>;

export const portalProjectListSchema = z.object({ projects: z.array(portalProjectSummarySchema) });

const personSchema = z.object({ name: z.string(), jobTitle: z.string() });

export const portalTaskItemSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  dueDate: z.string().nullable(),
  milestone: z.boolean(),
  /** The assignees' names when the project shares its team, else null. */
  assignees: z.array(z.string()).nullable(),
});
export type PortalTaskItem = z.infer<typeof portalTaskItemSchema>;

export const portalProjectSchema = portalProjectSummarySchema.extend({
  tasks: z.array(portalTaskItemSchema).nullable(),
  milestones: z
    .array(
      z.object({
        number: z.number().int(),
        title: z.string(),
        dueDate: z.string().nullable(),
        status: z.enum(TASK_STATUSES),
      }),
    )
    .nullable(),
  team: z.object({ manager: personSchema.nullable(), members: z.array(personSchema) }).nullable(),
  /** Status changes and delivery only: never edits of rates, budgets or the team. */
  activity: z
    .array(
      z.object({
        _id: z.string(),
        kind: z.string(),
        at: z.string(),
        from: z.enum(PROJECT_STATUSES).nullable(),
        to: z.enum(PROJECT_STATUSES).nullable(),
        deliveredOn: z.string().nullable(),
      }),
    )
    .nullable(),
});
export type PortalProject = z.infer<typeof portalProjectSchema>;

export const portalCommentSchema = z.object({
  _id: z.string(),
  author: z.object({ name: z.string(), kind: z.enum(['staff', 'client']) }),
  body: z.string(),
  createdAt: z.string(),
});

export const portalAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});

export const portalTaskEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(TASK_EVENT_KINDS),
  actorName: z.string(),
  actorKind: z.enum(['staff', 'client']),
  detail: z.string(),
  at: z.string(),
});

export const portalTaskSchema = portalTaskItemSchema.extend({
  /** Sanitised HTML. */
  description: z.string(),
  project: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  comments: z.array(portalCommentSchema).nullable(),
  attachments: z.array(portalAttachmentSchema).nullable(),
  timeline: z.array(portalTaskEventSchema),
  /** In review: the client may approve it or ask for changes. */
  canReview: z.boolean(),
});
export type PortalTask = z.infer<typeof portalTaskSchema>;

/** POST /api/portal/tasks/:id/comments */
export const portalCommentInputSchema = z.object({
  body: z
    .string({ error: TASK_MESSAGES.commentRequired })
    .trim()
    .min(1, TASK_MESSAGES.commentRequired)
    .max(TASK_LIMITS.commentMax, TASK_MESSAGES.commentTooLong),
});

/** POST /api/portal/tasks/:id/request-changes */
export const portalChangeRequestSchema = z.object({
  note: z
    .string({ error: M.noteRequired })
    .trim()
    .min(1, M.noteRequired)
    .max(PORTAL_PROJECT_LIMITS.noteMax, M.noteTooLong),
});

export const portalCommentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  comment: portalCommentSchema,
});
export const portalAttachmentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  attachment: portalAttachmentSchema,
});
export const portalTaskAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  task: portalTaskSchema,
});
