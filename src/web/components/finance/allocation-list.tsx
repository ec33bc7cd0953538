import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney, minorToDecimal, parseMoney } from '../../../shared/money';
import type { InvoiceListItem } from '../../../shared/schemas/finance';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/field';
import { useInvoices } from '../../lib/finance-api';
import { InvoiceStateBadge, showDate } from './finance-parts';

/** A client's final invoices with something left to pay, oldest due first (the first 100). */
export function useOpenInvoices(clientId: string) {
  const list = useInvoices(
    {
      kind: 'invoice',
      state: ['sent', 'partly_paid', 'overdue'],
      client: clientId,
      search: '',
      page: 1,
      limit: 100,
    },
    Boolean(clientId),
  );
  const invoices = [...(list.data?.invoices ?? [])]
    .filter((invoice) => invoice.clientId === clientId && invoice.balance > 0)
    .sort(
      (a, b) =>
        (a.dueDate ?? a.issueDate).localeCompare(b.dueDate ?? b.issueDate) ||
        (a.number ?? '').localeCompare(b.number ?? ''),
    );
  return { ...list, invoices };
}

/** `amount` spread over the invoices in order, each given at most its balance. */
export function fillOldestFirst(amount: number, invoices: InvoiceListItem[]): Record<string, string> {
  let left = Math.max(0, amount);
  const values: Record<string, string> = {};
  for (const invoice of invoices) {
    const part = Math.min(left, invoice.balance);
    values[invoice._id] = part > 0 ? minorToDecimal(part, invoice.currency) : '';
    left -= part;
  }
  return values;
}

/**
 * The allocations as typed, read into minor units: each at most its invoice's balance; an error per field
 * that cannot be read or is too much.
 */
export function readAllocations(
  values: Record<string, string>,
  invoices: InvoiceListItem[],
  currency: string,
): { allocations: { invoiceId: string; amount: number }[]; errors: Record<string, string> } {
  const allocations: { invoiceId: string; amount: number }[] = [];
  const errors: Record<string, string> = {};
  for (const invoice of invoices) {
    const text = values[invoice._id]?.trim();
    if (!text) continue;
    const amount = parseMoney(text, currency);
    if (amount === null || amount < 0) errors[invoice._id] = M.amountInvalid;
    else if (amount > invoice.balance) errors[invoice._id] = M.allocationOverBalance(invoice.number ?? '');
    else if (amount > 0) allocations.push({ invoiceId: invoice._id, amount });
  }
  return { allocations, errors };
}

/** Each open invoice with the amount of this payment it gets. */
export function AllocationList({
  invoices,
  loading,
  values,
  errors,
  currency,
  onChange,
}: {
  invoices: InvoiceListItem[];
  loading: boolean;
  values: Record<string, string>;
  errors: Record<string, string>;
  currency: string;
  onChange(values: Record<string, string>): void;
}) {
  if (loading) return <Spinner label="Loading open invoices..." />;
  if (invoices.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line p-4 text-center text-sm text-muted">
        This client has no invoices left to pay: the whole amount is kept as its credit.
      </p>
    );
  return (
    <ul className="divide-y divide-line rounded-xl border border-line">
      {invoices.map((invoice) => (
        <li key={invoice._id} className="grid items-center gap-3 px-3 py-3 sm:grid-cols-[1fr_10rem]">
          <div className="min-w-0 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
              <span className="font-mono">{invoice.number}</span>
              <InvoiceStateBadge state={invoice.state} />
            </p>
            <p className="text-xs text-muted">
              Due {showDate(invoice.dueDate)} · {formatMoney(invoice.balance, invoice.currency)} left of{' '}
              {formatMoney(invoice.total, invoice.currency)}
            </p>
          </div>
          <TextField
            label={`Allocate (${currency})`}
            aria-label={`Allocate to ${invoice.number ?? 'invoice'}`}
            inputMode="decimal"
            placeholder="0"
            value={values[invoice._id] ?? ''}
            onChange={(e) => onChange({ ...values, [invoice._id]: e.target.value })}
            error={errors[invoice._id]}
          />
        </li>
      ))}
    </ul>
  );
}
