import { z } from 'zod';
import { INDIAN_STATES } from '../clients';
import { ESTIMATE_LIMITS as L, ESTIMATE_STATES, STORED_ESTIMATE_STATUSES } from '../estimates';
import { FINANCE_LIMITS } from '../finance';
import { ESTIMATE_MESSAGES as M, FINANCE_MESSAGES } from '../messages';
import { pageInfoSchema } from './answers';
import { day, documentBodyShape, documentLinesSchema, optionalDay } from './finance';
import { conversionProjectSchema } from './projects';

export * from '../estimates';

const text = (max: number) => z.string().trim().max(max);
const STATE_CODES = new Set<string>(INDIAN_STATES.map(([code]) => code));

/** POST /api/estimates and PUT /api/estimates/:id (until the client answers). */
export const estimateInputSchema = z
  .object({
    clientId: z.string({ error: M.clientRequired }).trim().min(1, M.clientRequired).max(100),
    issueDate: day(),
    validUntil: day(),
    placeOfSupply: z
      .string()
      .trim()
      .refine((value) => value === '' || STATE_CODES.has(value), FINANCE_MESSAGES.placeOfSupplyInvalid)
      .default(''),
    lines: documentLinesSchema,
    notes: text(FINANCE_LIMITS.notesMax).default(''),
    terms: text(FINANCE_LIMITS.notesMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.validUntil < value.issueDate)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntilInvalid });
  });
export type EstimateInput = z.infer<typeof estimateInputSchema>;

/** POST /api/estimates/:id/accept: marked by staff for a client who said yes by phone, e-mail or letter. */
export const estimateAcceptSchema = z.object({
  acceptedBy: z
    .string({ error: M.acceptedByRequired })
    .trim()
    .min(1, M.acceptedByRequired)
    .max(L.acceptedByMax, M.acceptedByRequired),
  /** The day the client said yes; empty: today. */
  acceptedOn: optionalDay,
  note: text(L.reasonMax).default(''),
});
export type EstimateAcceptInput = z.infer<typeof estimateAcceptSchema>;

export const estimateDeclineSchema = z.object({ reason: text(L.reasonMax).default('') });

/** POST /api/estimates/:id/project: the project it becomes, and optionally a deposit invoice. */
export const estimateConversionSchema = z.object({
  project: conversionProjectSchema,
  /** The deposit's share of the estimate's total in basis points (2500 = 25 %); 0: no deposit invoice. */
  depositBp: z
    .number({ error: M.depositInvalid })
    .int(M.depositInvalid)
    .min(0, M.depositInvalid)
    .max(L.depositBpMax, M.depositInvalid)
    .default(0),
});
export type EstimateConversionInput = z.infer<typeof estimateConversionSchema>;

const ref = z.object({ _id: z.string(), label: z.string() });

export const estimateSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(STORED_ESTIMATE_STATUSES),
  state: z.enum(ESTIMATE_STATES),
  clientId: z.string(),
  clientName: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  currency: z.string(),
  ...documentBodyShape,
  notes: z.string(),
  terms: z.string(),
  sentAt: z.string().nullable(),
  /** Who said yes (as staff recorded it), when, and who recorded it. */
  acceptance: z
    .object({
      acceptedBy: z.string(),
      acceptedOn: z.string(),
      note: z.string(),
      recordedBy: z.string(),
      recordedAt: z.string(),
      /** 'portal': the client accepted in the client portal, typing `acceptedBy`, from `ip`. */
      via: z.enum(['staff', 'portal']),
      ip: z.string().nullable(),
      /** The SHA-256 of the PDF as sent, which the client accepted in the portal. */
      pdfSha256: z.string().nullable(),
    })
    .nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string(),
  /** 'portal': declined by `declinedName` in the client portal. */
  declinedVia: z.enum(['staff', 'portal']),
  declinedName: z.string(),
  project: ref.nullable(),
  depositInvoice: ref.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EstimateView = z.infer<typeof estimateSchema>;
export const estimateAnswerSchema = z.object({ message: z.string(), estimate: estimateSchema });

export const estimateListQuerySchema = z.object({
  state: z.enum(ESTIMATE_STATES).optional(),
  client: text(100).optional(),
  search: text(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(L.pageSizeMax).default(25),
});
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;

export const estimateListItemSchema = z.object({
  _id: z.string(),
  number: z.string(),
  state: z.enum(ESTIMATE_STATES),
  clientId: z.string(),
  clientName: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  currency: z.string(),
  total: z.number(),
  projectId: z.string().nullable(),
});
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;
export const estimateListSchema = z.object({
  estimates: z.array(estimateListItemSchema),
  pageInfo: pageInfoSchema,
});
