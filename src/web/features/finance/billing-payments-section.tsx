import { useState } from 'react';
import { Download, Plus, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { canUseModule, isSectionVisible } from '../../../shared/access';
import { Button, ButtonLink } from '../../components/ui/button';
import { PaymentPanel } from '../../components/finance/payment-panel';
import { downloadError } from '../../components/finance/finance-errors';
import { downloadFinanceCsv } from '../../lib/finance-api';
import type { SectionProps } from '../../lib/section-props';
import { BillingOverview } from './billing-overview';
import { GstSummary } from './gst-summary';
import { StatementViewer } from './statement-viewer';

/** A CSV of every invoice or payment (the lists' filters are the server's defaults here). */
function ExportButton({ what }: { what: 'invoices' | 'payments' }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFinanceCsv(what);
        } catch (error) {
          toast.error(await downloadError(error, `The ${what} CSV`));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download className="size-4" aria-hidden /> {what === 'invoices' ? 'Invoices CSV' : 'Payments CSV'}
    </Button>
  );
}

/**
 * Billing & Payments (docs/product/finance.md): the live figures, ageing and the 12 months' chart, quick
 * links, a client's statement, the CSV exports and the month's GST summary. SOLOHQ, without Payment Records,
 * records a payment from here.
 */
export function BillingPaymentsSection({ user }: SectionProps) {
  const [recording, setRecording] = useState(false);
  if (!canUseModule(user, 'financeManagement')) return null;
  const paymentsPage = isSectionVisible(user, 'payment-records');

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Billing &amp; Payments</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            What your clients owe, what came in, and what is overdue, as it stands now.
          </p>
        </div>
        <nav aria-label="Quick links" className="flex flex-wrap gap-2">
          <ButtonLink to="/dashboard/invoice-generation?new=1">
            <Plus className="size-4" aria-hidden /> New invoice
          </ButtonLink>
          {paymentsPage ? (
            <ButtonLink variant="secondary" to="/dashboard/payment-records?record=1">
              <Wallet className="size-4" aria-hidden /> Record payment
            </ButtonLink>
          ) : (
            <Button variant="secondary" onClick={() => setRecording(true)}>
              <Wallet className="size-4" aria-hidden /> Record payment
            </Button>
          )}
        </nav>
      </header>
      <BillingOverview />
      <StatementViewer />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <GstSummary />
        <section
          aria-labelledby="exports-heading"
          className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
        >
          <h3 id="exports-heading" className="text-base font-semibold text-ink">
            Exports
          </h3>
          <p className="mt-1 text-sm text-muted">Every invoice or payment as a CSV for your accountant.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <ExportButton what="invoices" />
            <ExportButton what="payments" />
          </div>
        </section>
      </div>
      {recording && <PaymentPanel onClose={() => setRecording(false)} />}
    </div>
  );
}
