import { useState } from 'react';
import {
  ArrowLeft,
  CheckCircle2,
  Download,
  FileJson,
  FileMinus,
  Mail,
  Pencil,
  Trash2,
  Wallet,
} from 'lucide-react';
import { toast } from 'sonner';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { InvoiceView } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ConfirmDialog } from '../../components/finance/confirm-dialog';
import { InvoiceStateBadge, showDate } from '../../components/finance/finance-parts';
import { InvoiceEditor } from '../../components/finance/invoice-editor';
import { PaymentPanel, type PaymentFor } from '../../components/finance/payment-panel';
import { serverMessage } from '../../lib/api-client';
import { downloadError } from '../../components/finance/finance-errors';
import {
  downloadEInvoice,
  downloadInvoicePdf,
  useDeleteInvoice,
  useFinaliseInvoice,
  useInvoice,
} from '../../lib/finance-api';
import { InvoiceDocument } from './invoice-document';
import { CreditNoteDialog, SendInvoiceDialog } from './invoice-dialogs';
import { InvoiceRecords } from './invoice-records';
import { PaymentNotices } from './payment-notices';

type Open = null | 'edit' | 'finalise' | 'delete' | 'send' | 'pay' | 'credit';

/** Draft: Edit, Finalise, Delete. Final: PDF, e-mail, record a payment, issue a credit note. */
function Actions({ invoice, onOpen }: { invoice: InvoiceView; onOpen(what: Open): void }) {
  const [downloading, setDownloading] = useState<null | 'pdf' | 'e-invoice'>(null);
  if (invoice.state === 'draft')
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onOpen('edit')}>
          <Pencil className="size-4" aria-hidden /> Edit
        </Button>
        <Button onClick={() => onOpen('finalise')}>
          <CheckCircle2 className="size-4" aria-hidden /> Finalise
        </Button>
        <Button variant="ghost" aria-label="Delete draft" onClick={() => onOpen('delete')}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
    );
  const payable = invoice.kind === 'invoice' && invoice.balance > 0;
  const creditable = invoice.kind === 'invoice' && invoice.state !== 'credited';
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        disabled={downloading !== null}
        onClick={async () => {
          setDownloading('pdf');
          try {
            await downloadInvoicePdf(invoice._id, invoice.number);
          } catch (error) {
            toast.error(await downloadError(error, 'The PDF'));
          } finally {
            setDownloading(null);
          }
        }}
      >
        <Download className="size-4" aria-hidden /> {downloading === 'pdf' ? 'Preparing...' : 'Download PDF'}
      </Button>
      {invoice.scheme !== 'vat' && (
        <Button
          variant="secondary"
          disabled={downloading !== null}
          title="The Indian e-invoice JSON, to upload to the Invoice Registration Portal"
          onClick={async () => {
            setDownloading('e-invoice');
            try {
              await downloadEInvoice(invoice._id, invoice.number ?? '');
            } catch (error) {
              toast.error(await downloadError(error, 'The e-invoice'));
            } finally {
              setDownloading(null);
            }
          }}
        >
          <FileJson className="size-4" aria-hidden />{' '}
          {downloading === 'e-invoice' ? 'Preparing...' : 'E-invoice JSON'}
        </Button>
      )}
      <Button variant="secondary" onClick={() => onOpen('send')}>
        <Mail className="size-4" aria-hidden /> E-mail invoice
      </Button>
      {creditable && (
        <Button variant="secondary" onClick={() => onOpen('credit')}>
          <FileMinus className="size-4" aria-hidden /> Issue credit note
        </Button>
      )}
      {payable && (
        <Button onClick={() => onOpen('pay')}>
          <Wallet className="size-4" aria-hidden /> Record payment
        </Button>
      )}
    </div>
  );
}

/**
 * One invoice or credit note (?invoice=<id>): its header and state, the actions its state allows, the
 * document, and its payments and credit notes.
 */
export function InvoicePage({
  invoiceId,
  onBack,
  onOpenInvoice,
}: {
  invoiceId: string;
  onBack(): void;
  onOpenInvoice(id: string): void;
}) {
  const invoice = useInvoice(invoiceId);
  const finalise = useFinaliseInvoice();
  const remove = useDeleteInvoice();
  const [open, setOpen] = useState<Open>(null);
  const [prefill, setPrefill] = useState<PaymentFor['prefill']>(undefined);
  const close = () => {
    setOpen(null);
    setPrefill(undefined);
  };
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden /> All invoices
    </Button>
  );

  if (invoice.isPending) return <Spinner label="Loading the invoice..." />;
  if (invoice.isError)
    return (
      <div className="space-y-4">
        {back}
        <Banner message={serverMessage(invoice.error) ?? M.invoiceNotFound} />
      </div>
    );
  const inv = invoice.data;
  const name = inv.number ?? 'Draft';

  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-ink">
            <span className="font-mono" data-testid="invoice-number">
              {name}
            </span>
            <InvoiceStateBadge state={inv.state} />
          </h2>
          <p className="mt-1 text-sm text-muted">
            {inv.kind === 'credit_note' ? 'Credit note for ' : ''}
            {inv.clientName} · issued {showDate(inv.issueDate)}
            {inv.kind === 'invoice' && ` · due ${showDate(inv.dueDate)}`}
            {inv.sentAt && ` · e-mailed ${showDate(inv.sentAt.slice(0, 10))}`}
            {inv.kind === 'invoice' && inv.balance > 0 && inv.state !== 'draft' && (
              <>
                {' · '}
                <span className="font-medium text-ink" data-testid="invoice-balance">
                  {formatMoney(inv.balance, inv.currency)} left to pay
                </span>
              </>
            )}
          </p>
        </div>
        <Actions invoice={inv} onOpen={setOpen} />
      </header>
      <PaymentNotices
        invoice={inv}
        onRecord={(notice) => {
          setPrefill({
            amount: notice.amount,
            date: notice.paidOn,
            method: notice.method,
            reference: notice.reference,
          });
          setOpen('pay');
        }}
      />
      <InvoiceDocument invoice={inv} />
      <InvoiceRecords invoice={inv} onOpenInvoice={onOpenInvoice} />

      {open === 'edit' && <InvoiceEditor invoice={inv} onClose={close} />}
      {open === 'finalise' && (
        <ConfirmDialog
          title="Finalise this invoice?"
          description="It gets the next number of your series and today’s date, and can no longer be changed or deleted: only a credit note corrects it afterwards."
          confirm="Finalise"
          busy={finalise.isPending}
          error={
            finalise.isError ? (serverMessage(finalise.error) ?? 'It could not be finalised.') : undefined
          }
          onClose={close}
          onConfirm={() =>
            finalise.mutate(inv._id, {
              onSuccess: (answer) => {
                toast.success(answer.message);
                close();
              },
            })
          }
        />
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title="Delete this draft?"
          description="It never had a number, so no gap is left; hours it billed are free to invoice again."
          confirm="Delete draft"
          tone="danger"
          busy={remove.isPending}
          error={remove.isError ? (serverMessage(remove.error) ?? 'It could not be deleted.') : undefined}
          onClose={close}
          onConfirm={() =>
            remove.mutate(inv._id, {
              onSuccess: (answer) => {
                toast.success(answer.message || M.deleted);
                onBack();
              },
            })
          }
        />
      )}
      {open === 'send' && <SendInvoiceDialog invoice={inv} onClose={close} />}
      {open === 'credit' && <CreditNoteDialog invoice={inv} onClose={close} />}
      {open === 'pay' && (
        <PaymentPanel
          invoice={{
            invoiceId: inv._id,
            clientId: inv.clientId,
            balance: inv.balance,
            currency: inv.currency,
            prefill,
          }}
          onClose={close}
        />
      )}
    </div>
  );
}
