import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/finance';
import { formatMoney } from '../../../shared/money';
import type { InvoiceView } from '../../../shared/schemas/finance';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { rowLinkClasses, showDate } from '../../components/finance/finance-parts';

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/**
 * What happened to an invoice after it was finalised: the payments allocated to it and the credit notes
 * against it, with its balance; a credit note names the invoice it corrects.
 */
export function InvoiceRecords({
  invoice,
  onOpenInvoice,
}: {
  invoice: InvoiceView;
  onOpenInvoice(id: string): void;
}) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  if (invoice.kind === 'credit_note')
    return invoice.corrects ? (
      <Card className="text-sm">
        Corrects{' '}
        <button
          type="button"
          className={cn(rowLinkClasses, 'font-mono text-brand-700 underline')}
          onClick={() => onOpenInvoice(invoice.corrects!._id)}
        >
          {invoice.corrects.number}
        </button>{' '}
        of {showDate(invoice.corrects.issueDate)} ({money(invoice.corrects.total)}).
      </Card>
    ) : null;
  if (invoice.state === 'draft') return null;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="space-y-3 p-5">
        <h3 className="text-base font-semibold text-ink">Payments</h3>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-muted">No payment recorded yet.</p>
        ) : (
          <ul className="divide-y divide-line text-sm" aria-label="Payments">
            {invoice.payments.map((payment) => (
              <li key={payment.paymentId} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="text-ink">{showDate(payment.date)}</span>
                  <span className="text-muted">
                    {' '}
                    · {methodLabel(payment.method)}
                    {payment.reference && ` · ${payment.reference}`}
                  </span>
                </span>
                <span className="font-medium tabular-nums text-ink">{money(payment.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 border-t border-line pt-3 text-sm">
          <dt className="text-muted">Paid</dt>
          <dd className="text-right tabular-nums">{money(invoice.paidAmount)}</dd>
          <dt className="text-muted">Credited</dt>
          <dd className="text-right tabular-nums">{money(invoice.creditedAmount)}</dd>
          <dt className="font-semibold text-ink">Balance</dt>
          <dd className="text-right font-semibold tabular-nums">{money(invoice.balance)}</dd>
        </dl>
      </Card>
      <Card className="space-y-3 p-5">
        <h3 className="text-base font-semibold text-ink">Credit notes</h3>
        {invoice.creditNotes.length === 0 ? (
          <p className="text-sm text-muted">None issued.</p>
        ) : (
          <ul className="divide-y divide-line text-sm" aria-label="Credit notes">
            {invoice.creditNotes.map((note) => (
              <li key={note._id} className="flex flex-wrap justify-between gap-2 py-2">
                <button
                  type="button"
                  className={cn(rowLinkClasses, 'font-mono')}
                  onClick={() => onOpenInvoice(note._id)}
                >
                  {note.number}
                </button>
                <span className="text-muted">{showDate(note.issueDate)}</span>
                <span className="font-medium tabular-nums text-ink">{money(note.total)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
