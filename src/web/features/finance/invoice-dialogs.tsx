import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '../../../shared/money';
import type { InvoiceView } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { quantityText } from '../../components/finance/invoice-draft';
import { serverMessage } from '../../lib/api-client';
import { useCreditInvoice, useSendInvoice } from '../../lib/finance-api';

/** E-mail the final invoice with its PDF: to the client's first contact unless another address is given. */
export function SendInvoiceDialog({ invoice, onClose }: { invoice: InvoiceView; onClose(): void }) {
  const send = useSendInvoice(invoice._id);
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const field = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      title={`E-mail ${invoice.number}`}
      description={`The PDF goes to ${invoice.buyer.email || 'the client’s first contact'} unless you give another address.`}
      onClose={onClose}
      initialFocus={field}
      busy={send.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            disabled={send.isPending}
            onClick={() =>
              send.mutate(
                { to: to.trim(), message },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.message || 'Invoice sent');
                    onClose();
                  },
                },
              )
            }
          >
            {send.isPending ? 'Sending...' : 'Send invoice'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {send.isError && <Banner message={serverMessage(send.error) ?? 'The invoice could not be sent.'} />}
        <TextField
          ref={field}
          label="To"
          type="email"
          placeholder={invoice.buyer.email || 'client@example.com'}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <TextAreaField label="Message" value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
    </Dialog>
  );
}

/**
 * Issue a credit note against a final invoice (docs/product/finance.md#credit-notes): the whole of it, or
 * the chosen lines, with a reason.
 */
export function CreditNoteDialog({
  invoice,
  onClose,
  onIssued,
}: {
  invoice: InvoiceView;
  onClose(): void;
  onIssued?(note: InvoiceView): void;
}) {
  const credit = useCreditInvoice(invoice._id);
  const [whole, setWhole] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const lines = invoice.lines.filter((line) => chosen.includes(line._id));

  const issue = () =>
    credit.mutate(
      {
        reason,
        lines: whole ? null : lines.map(({ _id: _, net: __, ...line }) => line),
      },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onIssued?.(answer.invoice);
          onClose();
        },
      },
    );

  return (
    <Dialog
      title={`Credit note for ${invoice.number}`}
      description="A credit note is final at once, numbered from its own series, and lowers what is left to pay on this invoice."
      onClose={onClose}
      initialFocus={field}
      busy={credit.isPending}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={credit.isPending}>
            Cancel
          </Button>
          <Button disabled={credit.isPending || (!whole && lines.length === 0)} onClick={issue}>
            {credit.isPending ? 'Issuing...' : 'Issue credit note'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {credit.isError && (
          <Banner message={serverMessage(credit.error) ?? 'The credit note could not be issued.'} />
        )}
        <TextAreaField
          ref={field}
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why the invoice is corrected"
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">What it takes off</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="credit-scope"
              className="size-4 accent-brand-600"
              checked={whole}
              onChange={() => setWhole(true)}
            />
            The whole invoice ({money(invoice.totals.total - invoice.creditedAmount)} left to credit)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="credit-scope"
              className="size-4 accent-brand-600"
              checked={!whole}
              onChange={() => setWhole(false)}
            />
            Chosen lines
          </label>
        </fieldset>
        {!whole && (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {invoice.lines.map((line) => (
              <li key={line._id} className="px-3 py-2">
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-brand-600"
                    checked={chosen.includes(line._id)}
                    onChange={(e) =>
                      setChosen((c) =>
                        e.target.checked ? [...c, line._id] : c.filter((id) => id !== line._id),
                      )
                    }
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block text-ink">{line.description}</span>
                    <span className="text-xs text-muted">
                      {quantityText(line.quantityMilli)} {line.unit} × {money(line.unitPrice)} ={' '}
                      {money(line.net)} before tax
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
