import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreditNoteInput,
  FinanceSettings,
  FinanceSettingsInput,
  FinanceSummary,
  GstSummary,
  InvoiceInput,
  InvoiceState,
  InvoiceView,
  PaymentInput,
  PaymentView,
  Statement,
  invoiceListSchema,
  paymentListSchema,
} from '../../shared/schemas/finance';
import { api } from './api-client';
import { saveBlob } from './download';
import { PROJECTS } from './projects-api';

/** Every finance query starts with this, so a payment or a credit note refreshes every figure. */
export const FINANCE = ['finance'] as const;

/** GET /api/invoices' filters, as the address keeps them (docs/product/finance.md#invoices). */
export interface InvoiceListParams {
  kind: 'invoice' | 'credit_note';
  state: InvoiceState[];
  client: string;
  search: string;
  page: number;
  limit: number;
}

/** GET /api/payments' filters. */
export interface PaymentListParams {
  client: string;
  unallocated: boolean;
  page: number;
  limit: number;
}

const invoiceParams = (f: InvoiceListParams) => ({
  kind: f.kind,
  page: f.page,
  limit: f.limit,
  ...(f.state.length ? { state: f.state.join(',') } : {}),
  ...(f.client ? { client: f.client } : {}),
  ...(f.search ? { search: f.search } : {}),
});

const paymentParams = (f: PaymentListParams) => ({
  page: f.page,
  limit: f.limit,
  ...(f.client ? { client: f.client } : {}),
  ...(f.unallocated ? { unallocated: 'true' } : {}),
});

type InvoiceAnswer = { message: string; invoice: InvoiceView };
type PaymentAnswer = { message: string; payment: PaymentView };

/** Refreshes every finance query (and, after invoicing a project, the projects' figures). */
function useRefresh(projectsToo = false) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: FINANCE }),
      projectsToo ? queryClient.invalidateQueries({ queryKey: PROJECTS }) : null,
    ]);
}

export function useFinanceSettings() {
  return useQuery({
    queryKey: [...FINANCE, 'settings'],
    queryFn: async () => (await api.get<FinanceSettings>('finance/settings')).data,
    staleTime: 60_000,
  });
}

export function useSaveFinanceSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: FinanceSettingsInput) =>
      (await api.put<{ message: string; settings: FinanceSettings }>('finance/settings', input)).data,
    onSuccess: refresh,
  });
}

export function useInvoices(filters: InvoiceListParams, enabled = true) {
  return useQuery({
    queryKey: [...FINANCE, 'invoices', invoiceParams(filters)],
    queryFn: async () =>
      (await api.get<z.infer<typeof invoiceListSchema>>('invoices', { params: invoiceParams(filters) })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: [...FINANCE, 'invoice', id],
    queryFn: async () => (await api.get<InvoiceView>(`invoices/${id}`)).data,
  });
}

/** POST /api/invoices (a new draft), or PUT /api/invoices/:id (the whole draft). */
export function useSaveInvoice(id: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: InvoiceInput) =>
      (
        await (id
          ? api.put<InvoiceAnswer>(`invoices/${id}`, input)
          : api.post<InvoiceAnswer>('invoices', input))
      ).data,
    onSuccess: refresh,
  });
}

export function useDeleteInvoice() {
  const refresh = useRefresh(true);
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`invoices/${id}`)).data,
    onSuccess: refresh,
  });
}

export function useFinaliseInvoice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<InvoiceAnswer>(`invoices/${id}/finalise`)).data,
    onSuccess: refresh,
  });
}

export function useCreditInvoice(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: Partial<CreditNoteInput>) =>
      (await api.post<InvoiceAnswer>(`invoices/${id}/credit-notes`, input)).data,
    onSuccess: refresh,
  });
}

/** POST /api/invoices/:id/payment-notices/:noticeId/dismiss: a client's "I have paid" set aside. */
export function useDismissPaymentNotice(invoiceId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (noticeId: string) =>
      (await api.post<InvoiceAnswer>(`invoices/${invoiceId}/payment-notices/${noticeId}/dismiss`)).data,
    onSuccess: refresh,
  });
}

/** POST /api/invoices/:id/send: the final invoice e-mailed with its PDF. */
export function useSendInvoice(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { to: string; message: string }) =>
      (await api.post<InvoiceAnswer>(`invoices/${id}/send`, input)).data,
    onSuccess: refresh,
  });
}

/** POST /api/projects/:id/invoice: a draft of the project's approved, billable hours not yet invoiced. */
export function useInvoiceProject() {
  const refresh = useRefresh(true);
  return useMutation({
    mutationFn: async ({ projectId, groupBy }: { projectId: string; groupBy: 'task' | 'person' }) =>
      (await api.post<InvoiceAnswer>(`projects/${projectId}/invoice`, { groupBy })).data,
    onSuccess: refresh,
  });
}

export function usePayments(filters: PaymentListParams) {
  return useQuery({
    queryKey: [...FINANCE, 'payments', paymentParams(filters)],
    queryFn: async () =>
      (await api.get<z.infer<typeof paymentListSchema>>('payments', { params: paymentParams(filters) })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePayment(id: string) {
  return useQuery({
    queryKey: [...FINANCE, 'payment', id],
    queryFn: async () => (await api.get<PaymentView>(`payments/${id}`)).data,
  });
}

export function useRecordPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: PaymentInput) => (await api.post<PaymentAnswer>('payments', input)).data,
    onSuccess: refresh,
  });
}

export function useAllocatePayment(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (allocations: PaymentInput['allocations']) =>
      (await api.post<PaymentAnswer>(`payments/${id}/allocations`, { allocations })).data,
    onSuccess: refresh,
  });
}

export function useRefundPayment(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { date: string; amount: number; method: string; reference: string }) =>
      (await api.post<PaymentAnswer>(`payments/${id}/refunds`, input)).data,
    onSuccess: refresh,
  });
}

export function useDeletePayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => (await api.delete<{ message: string }>(`payments/${id}`)).data,
    onSuccess: refresh,
  });
}

/** GET /api/finance/summary: Billing & Payments' live figures. */
export function useFinanceSummary() {
  return useQuery({
    queryKey: [...FINANCE, 'summary'],
    queryFn: async () => (await api.get<FinanceSummary>('finance/summary')).data,
  });
}

/** GET /api/clients/:id/statement: the client's ledger with its running balance. */
export function useStatement(client: string, from: string, to: string) {
  return useQuery({
    queryKey: [...FINANCE, 'statement', client, from, to],
    queryFn: async () =>
      (
        await api.get<Statement>(`clients/${client}/statement`, {
          params: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
        })
      ).data,
    enabled: Boolean(client),
  });
}

/** GET /api/finance/gst-summary?month=YYYY-MM. */
export function useGstSummary(month: string) {
  return useQuery({
    queryKey: [...FINANCE, 'gst-summary', month],
    queryFn: async () => (await api.get<GstSummary>('finance/gst-summary', { params: { month } })).data,
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
}

/** GET /api/invoices/:id/pdf, saved under the server's file name. */
export async function downloadInvoicePdf(id: string, number: string | null): Promise<void> {
  const response = await api.get<Blob>(`invoices/${id}/pdf`, { responseType: 'blob' });
  saveBlob(response, `${(number ?? 'draft').replace(/\//g, '-')}.pdf`);
}

/** GET /api/invoices/:id/e-invoice: the Indian e-invoice JSON to upload to the IRP. */
export async function downloadEInvoice(id: string, number: string): Promise<void> {
  const response = await api.get<Blob>(`invoices/${id}/e-invoice`, { responseType: 'blob' });
  saveBlob(response, `${number.replace(/\//g, '-')}.e-invoice.json`);
}

/** GET /api/invoices/export.csv or /api/payments/export.csv, with the list's filters. */
export async function downloadFinanceCsv(
  what: 'invoices' | 'payments',
  filters: { client?: string; from?: string; to?: string } = {},
): Promise<void> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  const response = await api.get<Blob>(`${what}/export.csv`, { params, responseType: 'blob' });
  saveBlob(response, `${what}.csv`);
}
