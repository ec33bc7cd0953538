import { z } from 'zod';
import { isIsoDate } from '../projects';
import { TASK_LIMITS, TASK_PRIORITIES, TASK_RECURRENCES, TASK_STATUSES } from '../tasks';
import { PROJECT_MESSAGES, TASK_MESSAGES as M } from '../messages';
import { pageInfoSchema } from './answers';
import { CONTENT_VISIBILITIES, TASK_EVENT_KINDS } from '../portal-projects';

export * from '../tasks';

const id = z.string().trim().min(1).max(100);

const day = z
  .string()
  .trim()
  .refine((value) => value === '' || isIsoDate(value), PROJECT_MESSAGES.dateInvalid)
  .nullish()
  .transform((value) => value || null);

/** POST /api/projects/:id/tasks and PUT /api/tasks/:id: the whole task. */
export const taskInputSchema = z
  .object({
    title: z
      .string({ error: M.titleRequired })
      .trim()
      .min(1, M.titleRequired)
      .max(TASK_LIMITS.titleMax, M.titleTooLong),
    /** HTML, cleaned on the server as blog content is. */
    description: z.string().max(TASK_LIMITS.descriptionMax, M.descriptionTooLong).default(''),
    status: z.enum(TASK_STATUSES).default('todo'),
    blocked: z.boolean().default(false),
    priority: z.enum(TASK_PRIORITIES).default('medium'),
    dueDate: day,
    estimateMinutes: z
      .number({ error: M.estimateInvalid })
      .int(M.estimateInvalid)
      .min(0, M.estimateInvalid)
      .max(TASK_LIMITS.estimateHoursMax * 60, M.estimateInvalid)
      .nullish()
      .transform((value) => value ?? null),
    assigneeIds: z.array(id).max(TASK_LIMITS.assigneesMax, M.tooManyAssignees).default([]),
    parentId: id.nullish().transform((value) => value ?? null),
    blockedByIds: z.array(id).max(TASK_LIMITS.blockedByMax, M.blockerInvalid).default([]),
    recurrence: z.enum(TASK_RECURRENCES).default('none'),
    /** Listed as a milestone in the client portal (docs/product/portal.md#what-a-client-sees). */
    milestone: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.recurrence !== 'none' && !value.dueDate)
      context.addIssue({ code: 'custom', path: ['dueDate'], message: M.recurrenceNeedsDue });
  });
export type TaskInput = z.infer<typeof taskInputSchema>;

/** POST /api/tasks/:id/move: to a column of the board, at an index of it (0: the top). */
export const taskMoveSchema = z.object({
  status: z.enum(TASK_STATUSES),
  index: z.number().int().min(0).max(100_000),
});
export type TaskMoveInput = z.infer<typeof taskMoveSchema>;

export const taskListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** A member's id or `me`. */
  assignee: z.string().trim().max(100).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(TASK_LIMITS.pageMax).default(TASK_LIMITS.pageMax),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

const commentBody = z
  .string({ error: M.commentRequired })
  .trim()
  .min(1, M.commentRequired)
  .max(TASK_LIMITS.commentMax, M.commentTooLong);

/** POST /api/tasks/:id/comments: internal unless the author shows it to the client. */
export const taskCommentInputSchema = z.object({
  body: commentBody,
  visibility: z.enum(CONTENT_VISIBILITIES).default('internal'),
});

/** PUT /api/tasks/:id/comments/:commentId: its author's edit; a visibility left out stays as it is. */
export const taskCommentEditSchema = z.object({
  body: commentBody,
  visibility: z.enum(CONTENT_VISIBILITIES).optional(),
});

const person = z.object({ _id: z.string(), username: z.string() });

export const taskSchema = z.object({
  _id: z.string(),
  projectId: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  blocked: z.boolean(),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: z.string().nullable(),
  estimateMinutes: z.number().int().nullable(),
  loggedMinutes: z.number().int(),
  assignees: z.array(person),
  parentId: z.string().nullable(),
  blockedBy: z.array(
    z.object({ _id: z.string(), number: z.number().int(), title: z.string(), status: z.enum(TASK_STATUSES) }),
  ),
  recurrence: z.enum(TASK_RECURRENCES),
  milestone: z.boolean(),
  position: z.number().int(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskView = z.infer<typeof taskSchema>;

export const taskAnswerSchema = z.object({ success: z.literal(true), message: z.string(), task: taskSchema });
export const taskListSchema = z.object({ tasks: z.array(taskSchema), pagination: pageInfoSchema });

/** GET /api/tasks/mine: open tasks assigned to the caller across projects, with their project. */
export const myTasksSchema = z.object({
  tasks: z.array(
    taskSchema.extend({ project: z.object({ _id: z.string(), code: z.string(), name: z.string() }) }),
  ),
});

const authorKind = z.enum(['staff', 'client']);

export const taskCommentSchema = z.object({
  _id: z.string(),
  /** A client's comment: no member id, the contact's name. */
  author: z.object({ _id: z.string().nullable(), username: z.string() }),
  authorKind,
  body: z.string(),
  visibility: z.enum(CONTENT_VISIBILITIES),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export const taskCommentsSchema = z.object({ comments: z.array(taskCommentSchema) });
export const taskCommentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  comment: taskCommentSchema,
});

export const taskAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.object({ _id: z.string().nullable(), username: z.string() }),
  uploaderKind: authorKind,
  visibility: z.enum(CONTENT_VISIBILITIES),
  createdAt: z.string(),
});
export type TaskAttachmentView = z.infer<typeof taskAttachmentSchema>;
export const taskAttachmentsSchema = z.object({ attachments: z.array(taskAttachmentSchema) });
export const taskAttachmentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  attachment: taskAttachmentSchema,
});

/** POST /api/tasks/:id/attachments?visibility=…: internal unless shown to the client. */
export const taskAttachmentQuerySchema = z.object({
  visibility: z.enum(CONTENT_VISIBILITIES).default('internal'),
});

/** PUT /api/tasks/:id/attachments/:attachmentId/visibility */
export const taskAttachmentVisibilitySchema = z.object({ visibility: z.enum(CONTENT_VISIBILITIES) });

/** GET /api/tasks/:id/timeline: what the client did on the task, newest first. */
export const taskTimelineSchema = z.object({
  events: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(TASK_EVENT_KINDS),
      actorKind: authorKind,
      actorName: z.string(),
      detail: z.string(),
      at: z.string(),
    }),
  ),
});
export type TaskTimeline = z.infer<typeof taskTimelineSchema>;
