import { z } from 'zod';
import { ESTIMATE_STATES } from '../estimates';
import { FINANCE_LIMITS, INVOICE_STATES, PAYMENT_METHODS } from '../finance';
import { PORTAL_FINANCE as L } from '../portal-finance';
import { PORTAL_FINANCE_MESSAGES as M } from '../messages';
import { day, documentBodyShape } from './finance';

/**
 * Estimates and invoices in the client portal (docs/product/portal.md#estimates,
 * docs/product/portal.md#invoices-and-paying): what a client's contact sends and is answered. Only what the
 * client may see: no staff notes, no members, no projects, nothing of another client.
 */

export * from '../portal-finance';

/** POST /api/portal/estimates/:id/accept: the last step, after reading the estimate and its terms. */
export const portalAcceptSchema = z.object({
  name: z
    .string({ error: M.acceptNameRequired })
    .trim()
    .min(L.acceptNameMin, M.acceptNameRequired)
    .max(L.acceptNameMax, M.acceptNameRequired),
  agreed: z.literal(true, { error: M.agreeRequired }),
});
export type PortalAcceptInput = z.infer<typeof portalAcceptSchema>;

/** POST /api/portal/estimates/:id/decline */
export const portalDeclineSchema = z.object({
  reason: z
    .string({ error: M.declineReasonRequired })
    .trim()
    .min(L.declineReasonMin, M.declineReasonRequired)
    .max(L.declineReasonMax, M.declineReasonRequired),
});

/** POST /api/portal/invoices/:id/payment-notice: "I have paid". */
export const paymentNoticeInputSchema = z.object({
  amount: z
    .number({ error: M.amountInvalid })
    .int(M.amountInvalid)
    .min(1, M.amountInvalid)
    .max(FINANCE_LIMITS.amountMax, M.amountInvalid)
    .nullish()
    .transform((value) => value ?? null),
  paidOn: day(M.paidOnInvalid),
  method: z.enum(PAYMENT_METHODS, { error: M.methodInvalid }),
  reference: z.string().trim().max(L.noticeReferenceMax, M.referenceTooLong).default(''),
  note: z.string().trim().max(L.noticeNoteMax, M.noteTooLong).default(''),
});
export type PaymentNoticeInput = z.infer<typeof paymentNoticeInputSchema>;

export const portalEstimateListSchema = z.object({
  estimates: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      state: z.enum(ESTIMATE_STATES),
      issueDate: z.string(),
      validUntil: z.string(),
      currency: z.string(),
      total: z.number(),
    }),
  ),
});
export type PortalEstimateList = z.infer<typeof portalEstimateListSchema>;

export const portalEstimateSchema = z.object({
  _id: z.string(),
  number: z.string(),
  state: z.enum(ESTIMATE_STATES),
  issueDate: z.string(),
  validUntil: z.string(),
  currency: z.string(),
  ...documentBodyShape,
  notes: z.string(),
  terms: z.string(),
  /** Whether the client may answer it now: sent and still valid. */
  canAnswer: z.boolean(),
  acceptance: z
    .object({
      name: z.string(),
      at: z.string(),
      inPortal: z.boolean(),
      /** The SHA-256 of the PDF as sent, which was accepted (portal acceptances). */
      pdfSha256: z.string().nullable(),
    })
    .nullable(),
  decline: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type PortalEstimate = z.infer<typeof portalEstimateSchema>;
export const portalEstimateAnswerSchema = z.object({ message: z.string(), estimate: portalEstimateSchema });

const portalInvoiceItem = z.object({
  _id: z.string(),
  number: z.string(),
  state: z.enum(INVOICE_STATES),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  total: z.number(),
  balance: z.number(),
  /** Something is left to pay after the due date. */
  pastDue: z.boolean(),
});

/** Open and past-due first (oldest due first), then the settled ones, newest first. */
export const portalInvoiceListSchema = z.object({
  invoices: z.array(portalInvoiceItem),
});
export type PortalInvoiceList = z.infer<typeof portalInvoiceListSchema>;

export const portalInvoiceSchema = portalInvoiceItem.extend({
  ...documentBodyShape,
  paidAmount: z.number(),
  creditedAmount: z.number(),
  notes: z.string(),
  terms: z.string(),
  payments: z.array(z.object({ date: z.string(), amount: z.number(), method: z.string() })),
  /** How to pay: the workspace's bank details and UPI, the QR for the balance when UPI is set up. */
  howToPay: z.object({
    bankDetails: z.array(z.string()),
    upiId: z.string().nullable(),
    /** `upi://pay?…` for the balance (INR only). */
    upiLink: z.string().nullable(),
    /** The QR code of `upiLink`, an SVG data URL. */
    upiQr: z.string().nullable(),
  }),
  /** What the client said they paid, until the agency records it. */
  paymentNotices: z.array(
    z.object({
      _id: z.string(),
      paidOn: z.string(),
      amount: z.number().nullable(),
      method: z.string(),
      reference: z.string(),
      createdAt: z.string(),
      handled: z.boolean(),
    }),
  ),
});
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;
export const portalNoticeAnswerSchema = z.object({ message: z.string(), invoice: portalInvoiceSchema });
