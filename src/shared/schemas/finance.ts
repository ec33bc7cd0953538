import { z } from 'zod';
import { isCountry, isCurrency, isGstin, normaliseTaxId, INDIAN_STATES } from '../clients';
import {
  DOCUMENT_KINDS,
  FINANCE_LIMITS as L,
  INVOICE_STATES,
  PAYMENT_METHODS,
  SERIES_CHARACTERS,
  STORED_INVOICE_STATUSES,
  TAX_CATEGORIES,
  UPI_ID_PATTERN,
} from '../finance';
import { FINANCE_MESSAGES as M } from '../messages';
import { isIsoDate } from '../projects';
import { pageInfoSchema } from './answers';

export * from '../finance';

const text = (max: number) => z.string().trim().max(max);
const id = z.string().trim().min(1).max(100);
const STATE_CODES = new Set<string>(INDIAN_STATES.map(([code]) => code));

export const day = (message: string = M.dateInvalid) =>
  z.string({ error: message }).trim().refine(isIsoDate, message);
export const optionalDay = z
  .string()
  .trim()
  .refine((value) => value === '' || isIsoDate(value), M.dateInvalid)
  .nullish()
  .transform((value) => value || null);

/** Minor units: a whole number, never a float (docs/decisions/0020-clients-and-money.md). */
const minor = (message: string, min = 0) =>
  z.number({ error: message }).int(message).min(min, message).max(L.amountMax, message);

const prefix = z
  .string()
  .trim()
  .max(L.prefixMax, M.prefixInvalid)
  .refine((value) => SERIES_CHARACTERS.test(value), M.prefixInvalid);

const sac = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{4,8}$/.test(value), M.sacInvalid)
  .default('');

/** PUT /api/finance/settings: the workspace's tax profile and series. */
export const financeSettingsInputSchema = z
  .object({
    legalName: text(200).default(''),
    addressLine1: text(200).default(''),
    addressLine2: text(200).default(''),
    city: text(100).default(''),
    postalCode: text(20).default(''),
    country: z.string({ error: M.countryInvalid }).trim().toUpperCase().refine(isCountry, M.countryInvalid),
    /** India: the GST state code of the registration ("29"); elsewhere ''. */
    stateCode: z.string().trim().default(''),
    taxId: z.string().trim().max(30).transform(normaliseTaxId).default(''),
    email: z.union([z.literal(''), z.string().trim().email().max(254)]).default(''),
    currency: z
      .string({ error: M.currencyInvalid })
      .trim()
      .toUpperCase()
      .refine(isCurrency, M.currencyInvalid),
    defaultRateBp: z
      .number({ error: M.rateInvalid })
      .int(M.rateInvalid)
      .min(0, M.rateInvalid)
      .max(L.rateBpMax, M.rateInvalid),
    defaultSac: sac,
    invoicePrefix: prefix.default('INV/'),
    creditNotePrefix: prefix.default('CN/'),
    fyStartMonth: z
      .number({ error: M.monthInvalid })
      .int(M.monthInvalid)
      .min(1, M.monthInvalid)
      .max(12, M.monthInvalid),
    paymentTermsDays: z
      .number({ error: M.termsInvalid })
      .int(M.termsInvalid)
      .min(0, M.termsInvalid)
      .max(365, M.termsInvalid),
    upiId: z
      .string()
      .trim()
      .refine((value) => value === '' || UPI_ID_PATTERN.test(value), M.upiInvalid)
      .default(''),
    bankDetails: text(500).default(''),
    notes: text(L.notesMax).default(''),
    terms: text(L.notesMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.country !== 'IN') return;
    if (!STATE_CODES.has(value.stateCode))
      ctx.addIssue({ code: 'custom', path: ['stateCode'], message: M.stateRequired });
    if (value.taxId && (!isGstin(value.taxId) || value.taxId.slice(0, 2) !== value.stateCode))
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: M.gstinInvalid });
  });
export type FinanceSettingsInput = z.infer<typeof financeSettingsInputSchema>;

export const financeSettingsSchema = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  stateCode: z.string(),
  taxId: z.string(),
  email: z.string(),
  currency: z.string(),
  defaultRateBp: z.number(),
  defaultSac: z.string(),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  fyStartMonth: z.number(),
  paymentTermsDays: z.number(),
  upiId: z.string(),
  bankDetails: z.string(),
  notes: z.string(),
  terms: z.string(),
  /** False until the profile was saved once: finalising needs it. */
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type FinanceSettings = z.infer<typeof financeSettingsSchema>;

export const invoiceLineInputSchema = z
  .object({
    description: z
      .string({ error: M.descriptionRequired })
      .trim()
      .min(1, M.descriptionRequired)
      .max(L.descriptionMax, M.descriptionRequired),
    sac,
    /** Thousandths of a unit: 1.5 hours = 1500. */
    quantityMilli: z
      .number({ error: M.quantityInvalid })
      .int(M.quantityInvalid)
      .min(1, M.quantityInvalid)
      .max(L.quantityMilliMax, M.quantityInvalid),
    unit: text(L.unitMax).default(''),
    unitPrice: minor(M.priceInvalid, -L.amountMax),
    discount: minor(M.discountInvalid).default(0),
    category: z.enum(TAX_CATEGORIES).default('standard'),
    rateBp: z
      .number({ error: M.rateInvalid })
      .int(M.rateInvalid)
      .min(0, M.rateInvalid)
      .max(L.rateBpMax, M.rateInvalid),
    exemptReason: text(L.reasonMax).default(''),
    /** The price includes the tax: the line's net is taken back out of it. */
    inclusive: z.boolean().default(false),
  })
  .superRefine((line, ctx) => {
    if (line.category === 'exempt' && !line.exemptReason)
      ctx.addIssue({ code: 'custom', path: ['exemptReason'], message: M.exemptReasonRequired });
  });
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

/** A document's lines: an invoice's, a credit note's, an estimate's. */
export const documentLinesSchema = z
  .array(invoiceLineInputSchema, { error: M.linesRequired })
  .min(1, M.linesRequired)
  .max(L.linesMax, M.tooManyLines);

/** POST /api/invoices and PUT /api/invoices/:id (a draft). */
export const invoiceInputSchema = z
  .object({
    clientId: z.string({ error: M.clientRequired }).trim().min(1, M.clientRequired).max(100),
    projectId: text(100)
      .nullish()
      .transform((value) => value || null),
    issueDate: day(),
    dueDate: optionalDay,
    /** India: the GST state code of the place of supply; '' takes the client's state. */
    placeOfSupply: z
      .string()
      .trim()
      .refine((value) => value === '' || STATE_CODES.has(value), M.placeOfSupplyInvalid)
      .default(''),
    lines: documentLinesSchema,
    notes: text(L.notesMax).default(''),
    terms: text(L.notesMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.dueDate && value.dueDate < value.issueDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: M.dueBeforeIssue });
  });
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;

/** POST /api/invoices/:id/credit-notes: by default the whole invoice, or the lines given. */
export const creditNoteInputSchema = z.object({
  issueDate: optionalDay,
  reason: text(L.notesMax).default(''),
  lines: documentLinesSchema.nullish().transform((value) => value ?? null),
});
export type CreditNoteInput = z.infer<typeof creditNoteInputSchema>;

export const partySchema = z.object({
  name: z.string(),
  addressLines: z.array(z.string()),
  country: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  taxId: z.string(),
  email: z.string(),
  address: z
    .object({ line1: z.string(), line2: z.string(), city: z.string(), postalCode: z.string() })
    .optional(),
});
export type InvoicePartyView = z.infer<typeof partySchema>;

export const totalsSchema = z.object({
  lineNets: z.array(z.number()),
  subtotal: z.number(),
  groups: z.array(
    z.object({
      category: z.enum(TAX_CATEGORIES),
      rateBp: z.number(),
      inclusive: z.boolean(),
      base: z.number(),
      components: z.array(
        z.object({ name: z.enum(['CGST', 'SGST', 'IGST', 'VAT']), rateBp: z.number(), amount: z.number() }),
      ),
      tax: z.number(),
    }),
  ),
  taxTotal: z.number(),
  total: z.number(),
});

export const invoiceLineSchema = z.object({
  _id: z.string(),
  description: z.string(),
  sac: z.string(),
  quantityMilli: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  discount: z.number(),
  category: z.enum(TAX_CATEGORIES),
  rateBp: z.number(),
  exemptReason: z.string(),
  inclusive: z.boolean(),
  net: z.number(),
});

const documentRef = z.object({
  _id: z.string(),
  number: z.string().nullable(),
  issueDate: z.string(),
  total: z.number(),
});

/** What every document (invoice, credit note, estimate) answers of itself, to staff and in the portal alike. */
export const documentBodyShape = {
  scheme: z.enum(['gst-intra', 'gst-inter', 'vat']),
  placeOfSupply: z.string(),
  seller: partySchema,
  buyer: partySchema,
  lines: z.array(invoiceLineSchema),
  totals: totalsSchema,
  amountInWords: z.string(),
};
/** A client's "I have paid" from the portal, waiting for the agency to record the payment. */
export const paymentNoticeSchema = z.object({
  _id: z.string(),
  contactName: z.string(),
  amount: z.number().nullable(),
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type PaymentNoticeView = z.infer<typeof paymentNoticeSchema>;

export const invoiceSchema = z.object({
  _id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string().nullable(),
  status: z.enum(STORED_INVOICE_STATUSES),
  state: z.enum(INVOICE_STATES),
  clientId: z.string(),
  clientName: z.string(),
  projectId: z.string().nullable(),
  corrects: documentRef.nullable(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  ...documentBodyShape,
  paidAmount: z.number(),
  creditedAmount: z.number(),
  balance: z.number(),
  notes: z.string(),
  terms: z.string(),
  remindersPaused: z.boolean(),
  creditNotes: z.array(documentRef),
  payments: z.array(
    z.object({
      paymentId: z.string(),
      date: z.string(),
      amount: z.number(),
      method: z.string(),
      reference: z.string(),
    }),
  ),
  /** The client's payment notices from the portal not yet handled (docs/product/portal.md#invoices-and-paying). */
  paymentNotices: z.array(paymentNoticeSchema),
  finalisedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const invoiceAnswerSchema = z.object({ message: z.string(), invoice: invoiceSchema });

export const invoiceListItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  clientId: z.string(),
  clientName: z.string(),
  projectId: z.string().nullable(),
  /** A credit note's invoice. */
  corrects: z.object({ _id: z.string(), number: z.string().nullable() }).nullable(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  total: z.number(),
  balance: z.number(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(200)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(values)))
    .optional();

/** GET /api/invoices. */
export const invoiceListQuerySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS).default('invoice'),
  state: commaList(INVOICE_STATES),
  client: text(100).optional(),
  project: text(100).optional(),
  search: text(100).optional(),
  from: optionalDay,
  to: optionalDay,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(L.pageSizeMax).default(25),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceListSchema = z.object({
  invoices: z.array(invoiceListItemSchema),
  pageInfo: pageInfoSchema,
});

const allocations = z
  .array(z.object({ invoiceId: id, amount: minor(M.amountInvalid, 1) }))
  .max(L.allocationsMax)
  .default([]);

/** POST /api/payments. */
export const paymentInputSchema = z.object({
  clientId: z.string({ error: M.clientRequired }).trim().min(1, M.clientRequired).max(100),
  date: day(),
  amount: minor(M.amountInvalid, 1),
  method: z.enum(PAYMENT_METHODS, { error: M.methodInvalid }),
  reference: text(L.referenceMax).default(''),
  note: text(L.notesMax).default(''),
  allocations,
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** POST /api/payments/:id/allocations: more of a payment's unallocated money (the client's credit) used. */
export const allocationInputSchema = z.object({ allocations: allocations.pipe(z.array(z.any()).min(1)) });

/** POST /api/payments/:id/refunds. */
export const refundInputSchema = z.object({
  date: day(),
  amount: minor(M.amountInvalid, 1),
  method: z.enum(PAYMENT_METHODS, { error: M.methodInvalid }),
  reference: text(L.referenceMax).default(''),
});

export const paymentSchema = z.object({
  _id: z.string(),
  kind: z.enum(['receipt', 'refund']),
  clientId: z.string(),
  clientName: z.string(),
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.string(),
  reference: z.string(),
  note: z.string(),
  allocatedAmount: z.number(),
  refundedAmount: z.number(),
  unallocated: z.number(),
  allocations: z.array(
    z.object({ invoiceId: z.string(), number: z.string().nullable(), amount: z.number() }),
  ),
  refundOf: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentSchema>;
export const paymentAnswerSchema = z.object({ message: z.string(), payment: paymentSchema });

export const paymentListQuerySchema = z.object({
  client: text(100).optional(),
  from: optionalDay,
  to: optionalDay,
  /** Only payments with money not yet allocated (the client's credit). */
  unallocated: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(L.pageSizeMax).default(25),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentSchema), pageInfo: pageInfoSchema });

/** Days past due an open invoice's balance falls in (docs/product/finance.md#the-books). */
export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** GET /api/finance/summary: Billing & Payments' live figures, in the workspace's currency. */
export const financeSummarySchema = z.object({
  currency: z.string(),
  /** Left to pay on final invoices. */
  outstanding: z.number(),
  openCount: z.number(),
  overdue: z.number(),
  overdueCount: z.number(),
  receivedThisMonth: z.number(),
  draftCount: z.number(),
  /** Outstanding by days past due. */
  ageing: z.array(z.object({ bucket: z.enum(AGEING_BUCKETS), amount: z.number(), count: z.number() })),
  /** The last 12 months, oldest first: invoiced (final invoices less credit notes) and received. */
  months: z.array(z.object({ month: z.string(), invoiced: z.number(), received: z.number() })),
  /** Outstanding in the workspace's other currencies. */
  otherCurrencies: z.array(z.object({ currency: z.string(), outstanding: z.number() })),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

/** GET /api/clients/:id/statement: the client's ledger with a running balance (what it owes). */
export const statementQuerySchema = z.object({ from: optionalDay, to: optionalDay });
export const statementSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  currency: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** What the client owed before `from`. */
  opening: z.number(),
  entries: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['invoice', 'credit_note', 'payment', 'refund']),
      id: z.string(),
      /** The document's number or the payment's reference. */
      reference: z.string(),
      /** Raises what the client owes (invoices, refunds). */
      debit: z.number(),
      /** Lowers it (credit notes, payments). */
      credit: z.number(),
      balance: z.number(),
    }),
  ),
  closing: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;

/** GET /api/finance/gst-summary?month=YYYY-MM: final invoices less credit notes by rate, for the return. */
export const gstSummaryQuerySchema = z.object({
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose the month as YYYY-MM'),
});
export const gstSummarySchema = z.object({
  month: z.string(),
  currency: z.string(),
  rows: z.array(
    z.object({
      category: z.enum(TAX_CATEGORIES),
      rateBp: z.number(),
      taxable: z.number(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
      vat: z.number(),
      documents: z.number(),
    }),
  ),
  totals: z.object({
    taxable: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    vat: z.number(),
  }),
});
export type GstSummary = z.infer<typeof gstSummarySchema>;

/** POST /api/invoices/:id/send: the final invoice e-mailed with its PDF through the outbox. */
export const sendInvoiceSchema = z
  .object({
    /** Another address than the client's first contact's. */
    to: z.union([z.literal(''), z.string().trim().email().max(254)]).default(''),
    message: text(L.notesMax).default(''),
  })
  .nullish()
  .transform((value) => value ?? { to: '', message: '' });
