import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { Banner } from '../../components/ui/banner';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, RowDetailsButton, tableHeadClasses } from '../../components/ui/table';
import { EmptyState, PaymentKindBadge, showDate } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useClientOptions } from '../../lib/clients-api';
import { usePayments } from '../../lib/finance-api';
import type { PaymentsAddress } from './finance-address';

export const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

function PaymentFilters({ address }: { address: PaymentsAddress }) {
  const { filters, setFilters } = address;
  const clients = useClientOptions();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <OptionSelectField
        label="Client"
        hideLabel
        size="sm"
        className="w-full sm:w-72"
        value={filters.client}
        onChange={(e) => setFilters({ client: e.target.value })}
        options={[
          { value: '', label: 'All clients' },
          ...(clients.data ?? []).map((c) => ({ value: c._id, label: c.name })),
        ]}
      />
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={filters.unallocated}
          onChange={(e) => setFilters({ unallocated: e.target.checked })}
        />
        Unallocated credit only
      </label>
    </div>
  );
}

/** Payments and refunds, newest first, with what each settled and what is left as credit. */
export function PaymentList({ address }: { address: PaymentsAddress }) {
  const { filters, setFilters, openPayment } = address;
  const payments = usePayments(filters);
  const filtered = Boolean(filters.client || filters.unallocated);
  return (
    <div className="space-y-4">
      <PaymentFilters address={address} />
      {payments.isPending ? (
        <Spinner label="Loading payments..." />
      ) : payments.isError ? (
        <Banner message={serverMessage(payments.error) ?? 'The payments could not be loaded.'} />
      ) : payments.data.payments.length === 0 ? (
        <EmptyState>{filtered ? 'No payments match these filters.' : M.noPayments}</EmptyState>
      ) : (
        <>
          <DataTable caption="Payments" tableClassName="min-w-[56rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Date</th>
                <th className="px-4 py-3">Client</th>
                <th className="px-4 py-3">Method</th>
                <th className="px-4 py-3">Reference</th>
                <th className="px-4 py-3 text-right">Amount</th>
                <th className="px-4 py-3">Settles</th>
                <th className="px-4 py-3 text-right">Credit left</th>
                <th className="px-2 py-3">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className={payments.isPlaceholderData ? 'opacity-60' : undefined}>
              {payments.data.payments.map((payment) => (
                <tr key={payment._id} className="border-b border-line last:border-0">
                  <td className="whitespace-nowrap px-4 py-3 text-ink">{showDate(payment.date)}</td>
                  <td className="px-4 py-3 text-ink">{payment.clientName}</td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap items-center gap-2 text-muted">
                      {methodLabel(payment.method)}
                      {payment.kind !== 'receipt' && <PaymentKindBadge kind={payment.kind} />}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted">{payment.reference || '–'}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
                    {formatMoney(
                      payment.kind === 'refund' ? -payment.amount : payment.amount,
                      payment.currency,
                    )}
                  </td>
                  <td className="px-4 py-3 font-mono text-xs text-muted">
                    {payment.allocations.length
                      ? payment.allocations.map((a, i) => (
                          <span key={a.invoiceId} className="whitespace-nowrap">
                            {i > 0 && ', '}
                            {a.number ?? 'Draft'}
                          </span>
                        ))
                      : '–'}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                    {payment.unallocated > 0 ? (
                      <span className="font-medium text-purple-800">
                        {formatMoney(payment.unallocated, payment.currency)}
                      </span>
                    ) : (
                      <span className="text-muted">–</span>
                    )}
                  </td>
                  <td className="px-2 py-1 text-right">
                    <RowDetailsButton
                      label={`Open the payment of ${formatMoney(payment.amount, payment.currency)} from ${payment.clientName} on ${showDate(payment.date)}`}
                      onClick={() => openPayment(payment._id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Payment pages"
            page={payments.data.pageInfo.page}
            totalPages={payments.data.pageInfo.totalPages}
            extra={` (${payments.data.pageInfo.total} payments)`}
            onPage={(page) => setFilters({ page })}
          />
        </>
      )}
    </div>
  );
}
