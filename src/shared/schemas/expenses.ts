import { z } from 'zod';
import { isCurrency } from '../clients';
import { EXPENSE_CATEGORIES, EXPENSE_LIMITS as L, EXPENSE_STATUSES } from '../expenses';
import { FINANCE_LIMITS } from '../finance';
import { EXPENSE_MESSAGES as M } from '../messages';
import { isIsoDate } from '../projects';
import { pageInfoSchema } from './answers';

export * from '../expenses';

const optionalDay = z
  .string()
  .trim()
  .refine((value) => value === '' || isIsoDate(value), M.dateInvalid)
  .nullish()
  .transform((value) => value || null);

const minor = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(FINANCE_LIMITS.amountMax, message);

/** POST /api/expenses and PUT /api/expenses/:id (while waiting for approval). */
export const expenseInputSchema = z
  .object({
    vendor: z.string({ error: M.vendorRequired }).trim().min(1, M.vendorRequired).max(L.vendorMax),
    date: z.string({ error: M.dateInvalid }).trim().refine(isIsoDate, M.dateInvalid),
    /** What was paid in all, tax included, in minor units. */
    amount: minor(M.amountInvalid, 1),
    /** The tax inside it (input GST or VAT), 0 when none. */
    taxAmount: minor(M.taxInvalid, 0).default(0),
    currency: z
      .string({ error: M.currencyInvalid })
      .trim()
      .toUpperCase()
      .refine(isCurrency, M.currencyInvalid),
    category: z.enum(EXPENSE_CATEGORIES, { error: M.categoryInvalid }),
    description: z.string().trim().max(L.descriptionMax).default(''),
    projectId: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    /** Billed on to the project's client with its next "Invoice project". */
    billable: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.taxAmount > value.amount)
      ctx.addIssue({ code: 'custom', path: ['taxAmount'], message: M.taxInvalid });
    if (value.billable && !value.projectId)
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: M.billableNeedsProject });
  });
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

export const expenseDecisionSchema = z.object({
  action: z.enum(['approve', 'reject']),
  note: z.string().trim().max(L.noteMax).default(''),
});

export const expenseSchema = z.object({
  _id: z.string(),
  vendor: z.string(),
  date: z.string(),
  amount: z.number(),
  taxAmount: z.number(),
  currency: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.string(),
  project: z.object({ _id: z.string(), code: z.string(), name: z.string() }).nullable(),
  billable: z.boolean(),
  status: z.enum(EXPENSE_STATUSES),
  decisionNote: z.string(),
  submittedBy: z.object({ _id: z.string().nullable(), username: z.string() }),
  decidedAt: z.string().nullable(),
  invoiceId: z.string().nullable(),
  receipt: z.object({ name: z.string(), contentType: z.string(), size: z.number() }).nullable(),
  createdAt: z.string(),
});
export type ExpenseView = z.infer<typeof expenseSchema>;
export const expenseAnswerSchema = z.object({ message: z.string(), expense: expenseSchema });

export const expenseListQuerySchema = z.object({
  status: z.enum(EXPENSE_STATUSES).optional(),
  project: z.string().trim().max(100).optional(),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  /** Only the caller's own claims. */
  mine: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  from: optionalDay,
  to: optionalDay,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(L.pageSizeMax).default(25),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;
export const expenseListSchema = z.object({
  expenses: z.array(expenseSchema),
  /** Approved this month and waiting for approval, in the workspace's currency. */
  totals: z.object({
    currency: z.string(),
    approvedThisMonth: z.number(),
    pending: z.number(),
    pendingCount: z.number(),
  }),
  pageInfo: pageInfoSchema,
});
