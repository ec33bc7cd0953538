import { useCallback, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/finance';
import { PORTAL_FINANCE_MESSAGES as M, PORTAL_FINANCE_TEXTS as T } from '../../../shared/messages';
import { formatMoney, parseMoney } from '../../../shared/money';
import { PORTAL_FINANCE, type PortalInvoice } from '../../../shared/schemas/portal-finance';
import { InvoiceStateBadge, showDate, todayIso } from '../../components/finance/finance-parts';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { invoicePdfUrl, portalInvoice, sendPaymentNotice } from './portal-finance-api';
import { BackHome, DocumentLines, Fact, NotesAndTerms, PdfLink } from './portal-document';
import { PortalDocumentPage } from './portal-shell';

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** Bank details and the UPI QR for the balance, as the invoice's PDF prints them. */
function HowToPay({ invoice }: { invoice: PortalInvoice }) {
  const { bankDetails, upiId, upiQr } = invoice.howToPay;
  const money = formatMoney(invoice.balance, invoice.currency);
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold text-ink">{T.howToPay}</h2>
      <div className="grid gap-6 sm:grid-cols-2">
        {bankDetails.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-ink">{T.bankTransfer}</h3>
            <p className="mt-1 text-sm text-ink">
              {bankDetails.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
          </div>
        )}
        {upiId && (
          <div>
            <h3 className="text-sm font-semibold text-ink">{T.upi}</h3>
            {upiQr && (
              <img
                src={upiQr}
                alt={T.upiQrAlt(money, invoice.number)}
                className="mt-2 size-44 rounded-lg border border-line bg-white p-1"
              />
            )}
            <p className="mt-2 text-sm text-muted">
              {T.upiScan} <strong className="inline-block break-words text-ink">{upiId}</strong>
            </p>
          </div>
        )}
      </div>
      {!bankDetails.length && !upiId && <p className="text-sm text-muted">{T.noPaymentDetails}</p>}
    </Card>
  );
}

/** "I have paid": the day, how, a reference; the amount and a note if they like. */
function PaidForm({
  invoice,
  onSent,
}: {
  invoice: PortalInvoice;
  onSent(next: PortalInvoice, message: string): void;
}) {
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(todayIso());
  const [method, setMethod] = useState<PaymentMethod>(invoice.howToPay.upiId ? 'upi' : 'bank_transfer');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const minor = amount.trim() ? parseMoney(amount, invoice.currency) : null;
    if (amount.trim() && minor === null) return setError(M.amountInvalid);
    setBusy(true);
    setError('');
    try {
      const answer = await sendPaymentNotice(invoice._id, { amount: minor, paidOn, method, reference, note });
      // Sent: the form starts empty again, so a second press cannot send the same note twice by accident.
      setAmount('');
      setReference('');
      setNote('');
      onSent(answer.invoice, answer.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">{T.paidTitle}</h2>
      <p className="mt-1 text-sm text-muted">{T.paidIntro}</p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={T.paidTitle}>
        {error && <Banner message={error} className="sm:col-span-2" />}
        <TextField
          label={T.paidAmount}
          inputMode="decimal"
          placeholder={formatMoney(invoice.balance, invoice.currency)}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label={T.paidOn}
          type="date"
          required
          max={todayIso()}
          value={paidOn}
          onChange={(event) => setPaidOn(event.target.value)}
        />
        <OptionSelectField
          label={T.paidMethod}
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
        />
        <TextField
          label={T.paidReference}
          maxLength={PORTAL_FINANCE.noticeReferenceMax}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
        <TextAreaField
          label={T.paidNote}
          className="sm:col-span-2"
          rows={3}
          maxLength={PORTAL_FINANCE.noticeNoteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy || !paidOn}>
            {busy ? T.paidSending : T.paidSend}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function InvoiceView({ invoice, replace }: { invoice: PortalInvoice; replace(next: PortalInvoice): void }) {
  const [notice, setNotice] = useState('');
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <div className="space-y-5">
      <BackHome />
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{T.invoice(invoice.number)}</h1>
          <InvoiceStateBadge state={invoice.state} />
        </div>
        <p className="text-sm text-muted">{invoice.seller.name}</p>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label={T.issued}>{showDate(invoice.issueDate)}</Fact>
          <Fact label={T.due}>
            {showDate(invoice.dueDate)}
            {invoice.pastDue && <span className="ml-1 font-semibold text-red-700">({T.pastDue})</span>}
          </Fact>
          <Fact label={T.balance}>
            <span className="text-lg font-bold tabular-nums">{money(invoice.balance)}</span>
          </Fact>
        </dl>
        <PdfLink href={invoicePdfUrl(invoice._id)} />
      </Card>
      <DocumentLines document={invoice}>
        {invoice.paidAmount > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted">{T.paid}</dt>
            <dd className="tabular-nums">− {money(invoice.paidAmount)}</dd>
          </div>
        )}
        {invoice.creditedAmount > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted">{T.credited}</dt>
            <dd className="tabular-nums">− {money(invoice.creditedAmount)}</dd>
          </div>
        )}
        <div className="flex justify-between font-bold text-ink">
          <dt>{T.balance}</dt>
          <dd className="tabular-nums">{money(invoice.balance)}</dd>
        </div>
      </DocumentLines>
      {invoice.payments.length > 0 && (
        <Card>
          <h2 className="text-sm font-semibold text-ink">{T.paymentsReceived}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {invoice.payments.map((payment, index) => (
              <li key={`${payment.date}-${index}`} className="flex justify-between gap-4">
                <span>
                  {showDate(payment.date)} · {methodLabel(payment.method)}
                </span>
                <span className="tabular-nums">{money(payment.amount)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <NotesAndTerms notes={invoice.notes} terms={invoice.terms} />
      {notice && <Banner message={notice} tone="success" />}
      {invoice.paymentNotices.map((n) => (
        <Banner
          key={n._id}
          tone="info"
          message={n.handled ? T.noticeHandled(showDate(n.paidOn)) : T.noticeWaiting(showDate(n.paidOn))}
        />
      ))}
      {invoice.balance > 0 && (
        <>
          <HowToPay invoice={invoice} />
          <PaidForm
            invoice={invoice}
            onSent={(next, message) => {
              setNotice(message);
              replace(next);
            }}
          />
        </>
      )}
    </div>
  );
}

/** /portal/invoices/:id (docs/product/portal.md#invoices-and-paying): the invoice, how to pay, "I have paid". */
export function PortalInvoicePage() {
  const { id = '' } = useParams();
  const load = useCallback(() => portalInvoice(id), [id]);
  return (
    <PortalDocumentPage title="Invoice" load={load}>
      {(invoice, replace) => <InvoiceView invoice={invoice} replace={replace} />}
    </PortalDocumentPage>
  );
}
