/**
 * Estimates and invoices in the client portal (docs/product/portal.md#estimates,
 * docs/product/portal.md#invoices-and-paying): the limits the server and the web share.
 */
export const PORTAL_FINANCE = {
  /** The name typed to accept an estimate. */
  acceptNameMin: 2,
  acceptNameMax: 200,
  /** Why the client declines. */
  declineReasonMin: 3,
  declineReasonMax: 1000,
  /** "I have paid": the payment's reference and a note. */
  noticeReferenceMax: 100,
  noticeNoteMax: 1000,
  /** Payment notices one portal access may send per hour. */
  noticesPerAccessLimit: 10,
  noticesPerAccessWindowMs: 60 * 60 * 1000,
} as const;

/** Portal addresses of the finance pages (the web's routes under /portal). */
export const portalEstimatePath = (id: string) => `/portal/estimates/${encodeURIComponent(id)}`;
export const portalInvoicePath = (id: string) => `/portal/invoices/${encodeURIComponent(id)}`;
export const PORTAL_STATEMENT_PATH = '/portal/statement';
