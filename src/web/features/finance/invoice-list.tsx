import { INVOICE_STATES, INVOICE_STATE_LABELS, type InvoiceState } from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { Banner } from '../../components/ui/banner';
import { cn } from '../../components/ui/cn';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import {
  EmptyState,
  InvoiceStateBadge,
  rowLinkClasses,
  showDate,
} from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useClientOptions } from '../../lib/clients-api';
import { useInvoices } from '../../lib/finance-api';
import type { InvoicesAddress } from './finance-address';

const chip =
  'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Search, client and the state chips, all kept in the address. */
function InvoiceFilters({ address }: { address: InvoicesAddress }) {
  const { filters, setFilters } = address;
  const clients = useClientOptions();
  const toggle = (state: InvoiceState) =>
    setFilters({
      state: filters.state.includes(state)
        ? filters.state.filter((s) => s !== state)
        : [...filters.state, state],
    });
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchBox
          label="Search invoices"
          placeholder="Search by number, client or line"
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <OptionSelectField
          label="Client"
          hideLabel
          size="sm"
          value={filters.client}
          onChange={(e) => setFilters({ client: e.target.value })}
          options={[
            { value: '', label: 'All clients' },
            ...(clients.data ?? []).map((c) => ({ value: c._id, label: c.name })),
          ]}
        />
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by state">
        {INVOICE_STATES.map((state) => {
          const on = filters.state.includes(state);
          return (
            <button
              key={state}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(state)}
              className={cn(
                chip,
                on
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-line bg-white text-muted hover:text-ink',
              )}
            >
              {INVOICE_STATE_LABELS[state]}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The invoices (or credit notes) as a table, a page at a time. */
export function InvoiceList({ address }: { address: InvoicesAddress }) {
  const { filters, setFilters, openInvoice } = address;
  const invoices = useInvoices(filters);
  const filtered = Boolean(filters.search || filters.client || filters.state.length);
  return (
    <div className="space-y-4">
      <InvoiceFilters address={address} />
      {invoices.isPending ? (
        <Spinner label="Loading invoices..." />
      ) : invoices.isError ? (
        <Banner message={serverMessage(invoices.error) ?? 'The invoices could not be loaded.'} />
      ) : invoices.data.invoices.length === 0 ? (
        <EmptyState>{filtered ? M.noMatch : M.empty}</EmptyState>
      ) : (
        <>
          <DataTable caption="Invoices" tableClassName="min-w-[48rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Number</th>
                <th className="px-4 py-3">Client</th>
                <th className="px-4 py-3">Issued</th>
                <th className="px-4 py-3">Due</th>
                <th className="px-4 py-3">State</th>
                <th className="px-4 py-3 text-right">Total</th>
                <th className="px-4 py-3 text-right">Balance</th>
              </tr>
            </thead>
            <tbody className={invoices.isPlaceholderData ? 'opacity-60' : undefined}>
              {invoices.data.invoices.map((invoice) => (
                <tr key={invoice._id} className="border-b border-line last:border-0">
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className={cn(rowLinkClasses, 'whitespace-nowrap font-mono')}
                      onClick={() => openInvoice(invoice._id)}
                      aria-label={`Open ${invoice.number ?? 'draft'} for ${invoice.clientName}`}
                    >
                      {invoice.number ?? 'Draft'}
                    </button>
                  </td>
                  <td className="px-4 py-3 text-ink">{invoice.clientName}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted">{showDate(invoice.issueDate)}</td>
                  <td
                    className={cn(
                      'whitespace-nowrap px-4 py-3',
                      invoice.state === 'overdue' ? 'font-medium text-red-700' : 'text-muted',
                    )}
                  >
                    {showDate(invoice.dueDate)}
                  </td>
                  <td className="px-4 py-3">
                    <InvoiceStateBadge state={invoice.state} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-ink">
                    {formatMoney(invoice.total, invoice.currency)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
                    {formatMoney(invoice.balance, invoice.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Invoice pages"
            page={invoices.data.pageInfo.page}
            totalPages={invoices.data.pageInfo.totalPages}
            extra={` (${invoices.data.pageInfo.total} invoices)`}
            onPage={(page) => setFilters({ page })}
          />
        </>
      )}
    </div>
  );
}
