import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '../../../shared/finance';
import { PORTAL_FINANCE_TEXTS as T } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { InvoiceView, PaymentNoticeView } from '../../../shared/schemas/finance';
import { Button } from '../../components/ui/button';
import { showDate } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useDismissPaymentNotice } from '../../lib/finance-api';

/**
 * What the client said they paid in the portal (docs/product/finance.md#payment-notices), until a payment
 * is recorded on the invoice ("Record payment" opens the form filled with it) or the notice is dismissed.
 */
export function PaymentNotices({
  invoice,
  onRecord,
}: {
  invoice: InvoiceView;
  onRecord(notice: PaymentNoticeView): void;
}) {
  const dismiss = useDismissPaymentNotice(invoice._id);
  if (!invoice.paymentNotices.length) return null;
  return (
    <section
      aria-label={T.noticesTitle}
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
      data-testid="payment-notices"
    >
      {invoice.paymentNotices.map((notice) => (
        <div key={notice._id} className="flex flex-wrap items-start justify-between gap-3">
          <p className="flex min-w-0 items-start gap-2 text-ink">
            <BellRing className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
            <span>
              <strong>
                {T.noticeLine(
                  notice.amount === null ? null : formatMoney(notice.amount, invoice.currency),
                  showDate(notice.paidOn),
                  PAYMENT_METHOD_LABELS[notice.method],
                  notice.reference,
                )}
              </strong>
              <span className="block text-muted">
                {T.noticeBy(notice.contactName, showDate(notice.createdAt.slice(0, 10)))}
              </span>
              {notice.note && <span className="block whitespace-pre-line">{notice.note}</span>}
            </span>
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => onRecord(notice)}>
              {T.recordPayment}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={dismiss.isPending}
              onClick={() =>
                dismiss.mutate(notice._id, {
                  onSuccess: (answer) => toast.success(answer.message),
                  onError: (error) => toast.error(serverMessage(error) ?? 'It could not be dismissed.'),
                })
              }
            >
              {T.dismiss}
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
