import { useState } from 'react';
import { Plus } from 'lucide-react';
import { canUseModule } from '../../../shared/access';
import { Button } from '../../components/ui/button';
import { PaymentPanel } from '../../components/finance/payment-panel';
import type { SectionProps } from '../../lib/section-props';
import { usePaymentsAddress } from './finance-address';
import { PaymentDetailPanel } from './payment-detail-panel';
import { PaymentList } from './payment-list';

/**
 * Payment Records (docs/product/finance.md#payments): every payment, refund and credit with what it
 * settled; record one split across a client's open invoices; allocate or refund a client's credit.
 */
export function PaymentRecordsSection({ user }: SectionProps) {
  const address = usePaymentsAddress();
  const [recording, setRecording] = useState(address.wantsRecord);
  if (!canUseModule(user, 'financeManagement')) return null;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Payment Records</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            Money your clients paid, what each payment settled, and the credit they have left.
          </p>
        </div>
        <Button onClick={() => setRecording(true)}>
          <Plus className="size-4" aria-hidden /> Record payment
        </Button>
      </header>
      <PaymentList address={address} />
      {recording && (
        <PaymentPanel
          onClose={() => {
            setRecording(false);
            if (address.wantsRecord) address.closePayment();
          }}
        />
      )}
      {address.paymentId && (
        <PaymentDetailPanel
          key={address.paymentId}
          paymentId={address.paymentId}
          onClose={address.closePayment}
        />
      )}
    </div>
  );
}
