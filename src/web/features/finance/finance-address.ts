import { useSearchParams } from 'react-router';
import { ESTIMATE_STATES, type EstimateState } from '../../../shared/estimates';
import { INVOICE_STATES, type InvoiceState } from '../../../shared/finance';
import type { EstimateListParams } from '../../lib/estimates-api';
import type { InvoiceListParams, PaymentListParams } from '../../lib/finance-api';

export const INVOICE_TABS = ['invoices', 'estimates', 'credit-notes', 'settings'] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

const page = (value: string | null) => Math.max(1, Number(value) || 1);
const isEstimateState = (value: string): value is EstimateState =>
  (ESTIMATE_STATES as readonly string[]).includes(value);

/** What the address holds: the tab, an open invoice or estimate, and the list's filters. */
interface Written {
  tab: InvoiceTab;
  invoice?: string;
  estimate?: string;
  search?: string;
  client?: string;
  state?: readonly string[];
  page?: number;
}

/**
 * Invoice Generation's state in the address (docs/product/finance.md#invoices): the tab, an open invoice
 * (?invoice=<id>) or estimate (?tab=estimates&estimate=<id>) and the list's filters, so a reload or a
 * shared link shows the same view; ?new=1 opens the editor of the tab (Billing & Payments' quick link).
 */
export function useInvoicesAddress() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as InvoiceTab | null;
  const tab: InvoiceTab = tabParam && INVOICE_TABS.includes(tabParam) ? tabParam : 'invoices';
  const states = (params.get('state') ?? '').split(',');
  const search = params.get('q') ?? '';
  const client = params.get('client') ?? '';
  const current = page(params.get('page'));
  const filters: InvoiceListParams = {
    kind: tab === 'credit-notes' ? 'credit_note' : 'invoice',
    state: states.filter((s): s is InvoiceState => (INVOICE_STATES as readonly string[]).includes(s)),
    client,
    search,
    page: current,
    limit: 25,
  };
  const estimateFilters: EstimateListParams = {
    state: states.find(isEstimateState) ?? '',
    client,
    search,
    page: current,
    limit: 25,
  };

  const write = (next: Written) => {
    const query = new URLSearchParams();
    if (next.tab !== 'invoices') query.set('tab', next.tab);
    if (next.invoice) query.set('invoice', next.invoice);
    if (next.estimate) query.set('estimate', next.estimate);
    if (next.search) query.set('q', next.search);
    if (next.client) query.set('client', next.client);
    if (next.state?.length) query.set('state', next.state.join(','));
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query, { replace: !next.invoice && !next.estimate });
  };
  const listFilters = {
    search,
    client,
    state: tab === 'estimates' ? (estimateFilters.state ? [estimateFilters.state] : []) : filters.state,
  };

  return {
    tab,
    invoiceId: params.get('invoice'),
    estimateId: tab === 'estimates' ? params.get('estimate') : null,
    /** The editor was asked for by a link (?new=1). */
    wantsNew: params.get('new') === '1',
    filters,
    estimateFilters,
    setFilters: (next: Partial<InvoiceListParams>) => write({ tab, ...listFilters, page: 1, ...next }),
    setEstimateFilters: ({ state, ...next }: Partial<EstimateListParams>) =>
      write({
        tab: 'estimates',
        ...listFilters,
        page: 1,
        ...next,
        ...(state === undefined ? {} : { state: state ? [state] : [] }),
      }),
    setTab: (next: InvoiceTab) => write({ tab: next, ...(next === tab ? listFilters : {}) }),
    /** An invoice opens in its own tab: from Estimates or Tax settings, in Invoices. */
    openInvoice: (id: string) =>
      write({ tab: tab === 'settings' || tab === 'estimates' ? 'invoices' : tab, invoice: id }),
    closeInvoice: () => write({ tab, ...listFilters, page: filters.page }),
    openEstimate: (id: string) => write({ tab: 'estimates', estimate: id }),
    closeEstimate: () => write({ tab: 'estimates', ...listFilters, page: current }),
    clearNew: () => write({ tab, ...listFilters, page: filters.page }),
  };
}
export type InvoicesAddress = ReturnType<typeof useInvoicesAddress>;

/** Payment Records' state in the address: the filters, the page, an open payment, ?record=1. */
export function usePaymentsAddress() {
  const [params, setParams] = useSearchParams();
  const filters: PaymentListParams = {
    client: params.get('client') ?? '',
    unallocated: params.get('unallocated') === '1',
    page: page(params.get('page')),
    limit: 25,
  };
  const write = (next: PaymentListParams & { payment?: string }) => {
    const query = new URLSearchParams();
    if (next.client) query.set('client', next.client);
    if (next.unallocated) query.set('unallocated', '1');
    if (next.page > 1) query.set('page', String(next.page));
    if (next.payment) query.set('payment', next.payment);
    setParams(query, { replace: true });
  };
  return {
    filters,
    paymentId: params.get('payment'),
    wantsRecord: params.get('record') === '1',
    setFilters: (next: Partial<PaymentListParams>) => write({ ...filters, page: 1, ...next }),
    openPayment: (id: string) => write({ ...filters, payment: id }),
    closePayment: () => write(filters),
  };
}
export type PaymentsAddress = ReturnType<typeof usePaymentsAddress>;
