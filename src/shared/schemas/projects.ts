import { z } from 'zod';
import {
  BILLING_TYPES,
  PROJECT_CODE_PATTERN,
  PROJECT_LIMITS,
  PROJECT_STATUSES,
  RETAINER_INVOICING,
  isIsoDate,
} from '../projects';
import { PROJECT_MESSAGES as M } from '../messages';
import { PORTAL_PROJECT_PARTS } from '../portal-projects';
import { pageInfoSchema, recordTimelineSchema } from './answers';

export * from '../projects';

const text = (max: number, message?: string) => z.string().trim().max(max, message);

/** A YYYY-MM-DD day, or '' / null for none (answered as null). */
const day = z
  .string()
  .trim()
  .refine((value) => value === '' || isIsoDate(value), M.dateInvalid)
  .nullish()
  .transform((value) => value || null);

const MINUTES_MAX = PROJECT_LIMITS.budgetHoursMax * 60;
const minutes = z
  .number({ error: M.hoursInvalid })
  .int(M.hoursInvalid)
  .min(0, M.hoursInvalid)
  .max(MINUTES_MAX, M.hoursInvalid)
  .nullish()
  .transform((value) => value ?? null);

/** An amount in the project currency's minor units (paise, cents): a whole number, never a float. */
const amount = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(PROJECT_LIMITS.amountMax, message)
    .nullish()
    .transform((value) => value ?? null);

export const projectMemberInputSchema = z.object({
  userId: z.string().trim().min(1).max(100),
  /** This member's hourly rate on the project, in minor units; null: the project's. */
  hourlyRate: amount(M.rateInvalid),
});

const projectFields = {
  clientId: z.string({ error: M.clientRequired }).trim().min(1, M.clientRequired).max(100),
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(PROJECT_LIMITS.nameMax, M.nameTooLong),
  /** Empty: the workspace's next number as P-001. */
  code: z
    .string()
    .trim()
    .toUpperCase()
    .max(PROJECT_LIMITS.codeMax, M.codeInvalid)
    .refine((value) => value === '' || PROJECT_CODE_PATTERN.test(value), M.codeInvalid)
    .default(''),
  description: text(PROJECT_LIMITS.descriptionMax).default(''),
  status: z.enum(PROJECT_STATUSES).default('planned'),
  billingType: z.enum(BILLING_TYPES).default('hourly'),
  budgetMinutes: minutes,
  budgetAmount: amount(M.amountInvalid),
  hourlyRate: amount(M.rateInvalid),
  /** A retainer's hours a month, and whether unused hours roll over to the next month. */
  retainerMinutes: minutes,
  retainerRollover: z.boolean().default(false),
  /** A retainer's fee a month (minor units), and whether each month's end drafts or sends its invoice. */
  retainerFee: amount(M.amountInvalid),
  retainerInvoicing: z.enum(RETAINER_INVOICING).default('off'),
  startDate: day,
  dueDate: day,
  /** A member who may use Projects; empty: the one who creates the project. */
  managerId: text(100).default(''),
  team: z.array(projectMemberInputSchema).max(PROJECT_LIMITS.teamMax, M.tooManyMembers).default([]),
  /** What the client's portal shows of the project (docs/product/portal.md#what-a-client-sees); none: nothing. */
  portalVisibility: z
    .array(z.enum(PORTAL_PROJECT_PARTS))
    .max(PORTAL_PROJECT_PARTS.length * 2)
    .default([])
    .transform((parts) => PORTAL_PROJECT_PARTS.filter((part) => parts.includes(part))),
};

function checkProject(
  value: {
    startDate: string | null;
    dueDate: string | null;
    billingType: string;
    retainerMinutes: number | null;
    retainerFee?: number | null;
    retainerInvoicing?: string;
  },
  context: z.RefinementCtx,
): void {
  if (value.startDate && value.dueDate && value.dueDate < value.startDate)
    context.addIssue({ code: 'custom', path: ['dueDate'], message: M.dueBeforeStart });
  if (value.billingType === 'retainer' && !value.retainerMinutes)
    context.addIssue({ code: 'custom', path: ['retainerMinutes'], message: M.retainerHoursRequired });
  if (value.billingType === 'retainer' && value.retainerInvoicing !== 'off' && !value.retainerFee)
    context.addIssue({ code: 'custom', path: ['retainerFee'], message: M.retainerFeeRequired });
}

export const projectFieldsSchema = z.object(projectFields);

/** POST /api/projects and PUT /api/projects/:id: the whole project, its team replaced by the one sent. */
export const projectInputSchema = projectFieldsSchema.superRefine(checkProject);
export type ProjectInput = z.infer<typeof projectInputSchema>;

/** A first project made with a lead's conversion: its client is the conversion's. */
export const conversionProjectSchema = projectFieldsSchema.omit({ clientId: true }).superRefine(checkProject);
export type ConversionProjectInput = z.infer<typeof conversionProjectSchema>;

/** POST /api/projects/:id/deliver. */
export const projectDeliverySchema = z.object({
  /** The day it was delivered; empty: today. */
  deliveredOn: day,
  note: text(PROJECT_LIMITS.deliveryNoteMax, M.deliveryNoteTooLong).default(''),
});
export type ProjectDeliveryInput = z.infer<typeof projectDeliverySchema>;

export const PROJECT_SORT_FIELDS = ['name', 'created', 'due', 'delivered', 'code'] as const;
export const PROJECT_DUE_FILTERS = ['overdue', 'this-week', 'this-month', 'none'] as const;

const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .max(200)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(values)))
    .optional();

/** GET /api/projects. */
export const projectListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  client: text(100).optional(),
  /** A member's id or `me`. */
  manager: text(100).optional(),
  status: commaList(PROJECT_STATUSES),
  due: z.enum(PROJECT_DUE_FILTERS).optional(),
  overBudget: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(PROJECT_SORT_FIELDS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PROJECT_LIMITS.pageMax).default(25),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

const person = z.object({ _id: z.string(), username: z.string() });

/** Time logged on the project, approved and not yet approved apart, in minutes and in minor units. */
export const projectUsageSchema = z.object({
  approvedMinutes: z.number().int(),
  unapprovedMinutes: z.number().int(),
  approvedAmount: z.number().int(),
  unapprovedAmount: z.number().int(),
  /** Approved expenses in the project's currency, counted against the money budget beside the time. */
  expenseAmount: z.number().int(),
});
export type ProjectUsage = z.infer<typeof projectUsageSchema>;

/** A project as the API shows it: amounts in minor units of `currency`. */
export const projectSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  client: z.object({ _id: z.string(), name: z.string() }),
  status: z.enum(PROJECT_STATUSES),
  billingType: z.enum(BILLING_TYPES),
  currency: z.string(),
  budgetMinutes: z.number().int().nullable(),
  budgetAmount: z.number().int().nullable(),
  hourlyRate: z.number().int().nullable(),
  retainerMinutes: z.number().int().nullable(),
  retainerRollover: z.boolean(),
  retainerFee: z.number().int().nullable(),
  retainerInvoicing: z.enum(RETAINER_INVOICING),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  manager: person.nullable(),
  team: z.array(person.extend({ hourlyRate: z.number().int().nullable() })),
  deliveredOn: z.string().nullable(),
  deliveryNote: z.string(),
  /** Delivered on or before its due date (null: not delivered, or no due date). */
  onTime: z.boolean().nullable(),
  usage: projectUsageSchema,
  /** The parts of the project the client's portal shows. */
  portalVisibility: z.array(z.enum(PORTAL_PROJECT_PARTS)),
  /** A retainer's standing this month (UTC); only in a project's own answer, null in lists and for others. */
  retainer: z
    .object({
      month: z.string(),
      includedMinutes: z.number().int(),
      rolledOverMinutes: z.number().int(),
      usedMinutes: z.number().int(),
      overageMinutes: z.number().int(),
      remainingMinutes: z.number().int(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectView = z.infer<typeof projectSchema>;

export const projectAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  project: projectSchema,
});
export const projectListSchema = z.object({ projects: z.array(projectSchema), pagination: pageInfoSchema });

export const PROJECT_EVENT_KINDS = ['created', 'updated', 'status', 'delivered', 'budget'] as const;

export const projectTimelineSchema = recordTimelineSchema;

/** GET /api/projects/summary: the Overview's and the Projects section's live figures. */
export const projectSummarySchema = z.object({
  activeProjects: z.number().int(),
  openProjects: z.number().int(),
  /** The plan's limit of open projects, and its name (null: unlimited). */
  openProjectLimit: z.number().int().nullable(),
  planName: z.string(),
  dueThisWeek: z.number().int(),
  overdueTasks: z.number().int(),
  /** Minutes logged this ISO week: the workspace's for its admins, one's own for others. */
  minutesThisWeek: z.number().int(),
  teamTime: z.boolean(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectMembersSchema = z.object({
  members: z.array(z.object({ _id: z.string(), username: z.string(), role: z.string() })),
});
