import type { Statement } from '../../../shared/schemas/finance';
import type {
  PaymentNoticeInput,
  PortalEstimate,
  PortalEstimateList,
  PortalInvoice,
  PortalInvoiceList,
} from '../../../shared/schemas/portal-finance';
import { call } from './portal-api';

/** The portal's estimates and invoices (docs/product/portal.md#estimates): plain fetch, the portal cookie. */
export const portalEstimates = () => call<PortalEstimateList>('GET', 'estimates');
export const portalEstimate = (id: string) =>
  call<PortalEstimate>('GET', `estimates/${encodeURIComponent(id)}`);
export const acceptEstimate = (id: string, name: string) =>
  call<{ message: string; estimate: PortalEstimate }>('POST', `estimates/${encodeURIComponent(id)}/accept`, {
    name,
    agreed: true,
  });
export const declineEstimate = (id: string, reason: string) =>
  call<{ message: string; estimate: PortalEstimate }>('POST', `estimates/${encodeURIComponent(id)}/decline`, {
    reason,
  });
export const portalInvoices = () => call<PortalInvoiceList>('GET', 'invoices');
export const portalInvoice = (id: string) => call<PortalInvoice>('GET', `invoices/${encodeURIComponent(id)}`);
export const sendPaymentNotice = (
  id: string,
  input: Omit<PaymentNoticeInput, 'amount'> & { amount: number | null },
) =>
  call<{ message: string; invoice: PortalInvoice }>(
    'POST',
    `invoices/${encodeURIComponent(id)}/payment-notice`,
    input,
  );
export const portalStatement = (from: string, to: string) =>
  call<Statement>('GET', `statement?${new URLSearchParams({ from, to }).toString()}`);

/** The PDFs are downloaded by the browser itself (same origin, the cookie goes along). */
export const estimatePdfUrl = (id: string) => `/api/portal/estimates/${encodeURIComponent(id)}/pdf`;
export const invoicePdfUrl = (id: string) => `/api/portal/invoices/${encodeURIComponent(id)}/pdf`;
