import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatMoney } from '../../../shared/money';
import type { PaymentView } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import { Spinner } from '../../components/ui/spinner';
import { ConfirmDialog } from '../../components/finance/confirm-dialog';
import { PaymentKindBadge, showDate } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useDeletePayment, usePayment } from '../../lib/finance-api';
import { AllocateCreditForm, RefundForm } from './payment-credit-forms';
import { methodLabel } from './payment-list';

function Facts({ payment }: { payment: PaymentView }) {
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const rows: [string, string][] = [
    ['Client', payment.clientName],
    ['Date', showDate(payment.date)],
    ['Amount', money(payment.amount)],
    ['Method', methodLabel(payment.method)],
    ['Reference', payment.reference || '–'],
    ['Allocated', money(payment.allocatedAmount)],
    ['Refunded', money(payment.refundedAmount)],
    ['Unallocated credit', money(payment.unallocated)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right tabular-nums text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One payment (docs/product/finance.md#payments): what it settled and what is left; its credit allocated
 * to a later invoice or refunded, or the payment deleted (its invoices are owed again).
 */
export function PaymentDetailPanel({ paymentId, onClose }: { paymentId: string; onClose(): void }) {
  const payment = usePayment(paymentId);
  const remove = useDeletePayment();
  const [mode, setMode] = useState<null | 'allocate' | 'refund' | 'delete'>(null);
  const p = payment.data;
  const hasCredit = Boolean(p && p.kind !== 'refund' && p.unallocated > 0);

  return (
    <SidePanel title="Payment" onClose={onClose} wide>
      {payment.isPending ? (
        <Spinner label="Loading the payment..." />
      ) : payment.isError ? (
        <Banner message={serverMessage(payment.error) ?? 'The payment could not be loaded.'} />
      ) : (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center gap-2">
            <PaymentKindBadge kind={payment.data.kind} />
            {payment.data.note && <p className="text-sm text-muted">{payment.data.note}</p>}
          </div>
          <Facts payment={payment.data} />
          <section aria-labelledby="payment-allocations" className="space-y-2">
            <h3 id="payment-allocations" className="text-base font-semibold text-ink">
              Settles
            </h3>
            {payment.data.allocations.length === 0 ? (
              <p className="text-sm text-muted">No invoice yet.</p>
            ) : (
              <ul className="divide-y divide-line rounded-xl border border-line text-sm">
                {payment.data.allocations.map((a) => (
                  <li key={a.invoiceId} className="flex justify-between gap-3 px-3 py-2">
                    <span className="font-mono text-ink">{a.number ?? 'Draft'}</span>
                    <span className="tabular-nums">{formatMoney(a.amount, payment.data.currency)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="flex flex-wrap gap-2 border-t border-line pt-4">
            {hasCredit && (
              <>
                <Button variant="secondary" onClick={() => setMode('allocate')}>
                  Allocate credit
                </Button>
                <Button variant="secondary" onClick={() => setMode('refund')}>
                  Refund
                </Button>
              </>
            )}
            <Button variant="ghost" className="text-red-700" onClick={() => setMode('delete')}>
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          </div>
          {mode === 'allocate' && <AllocateCreditForm payment={payment.data} onDone={() => setMode(null)} />}
          {mode === 'refund' && <RefundForm payment={payment.data} onDone={() => setMode(null)} />}
          {mode === 'delete' && (
            <ConfirmDialog
              title="Delete this payment?"
              description="Its invoices are owed again. Use it for a payment recorded by mistake."
              confirm="Delete payment"
              tone="danger"
              busy={remove.isPending}
              error={remove.isError ? (serverMessage(remove.error) ?? 'It could not be deleted.') : undefined}
              onClose={() => setMode(null)}
              onConfirm={() =>
                remove.mutate(paymentId, {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    onClose();
                  },
                })
              }
            />
          )}
        </div>
      )}
    </SidePanel>
  );
}
