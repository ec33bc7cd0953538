import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney, minorToDecimal, parseMoney } from '../../../shared/money';
import { paymentInputSchema, type PaymentView } from '../../../shared/schemas/finance';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { OptionSelectField } from '../ui/option-select-field';
import { SidePanel } from '../ui/side-panel';
import { TextAreaField } from '../ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { useClientOptions } from '../../lib/clients-api';
import { serverFieldErrors } from '../../lib/field-errors';
import { useRecordPayment } from '../../lib/finance-api';
import { AllocationList, fillOldestFirst, readAllocations, useOpenInvoices } from './allocation-list';
import { todayIso } from './finance-parts';

const FORM_ID = 'payment-form';

/** The invoice a payment is recorded from: its client and what is left to pay on it. */
export interface PaymentFor {
  invoiceId: string;
  clientId: string;
  balance: number;
  currency: string;
  /** What the client said they paid in the portal (its amount, when given, in place of the balance). */
  prefill?: { amount: number | null; date: string; method: PaymentMethod; reference: string };
}

/**
 * Record a payment (docs/product/finance.md#payments): client, date, amount, method, reference and note,
 * split across the client's open invoices; what is not allocated is kept as the client's credit. From an
 * invoice's page it opens with that invoice and its balance filled in.
 */
export function PaymentPanel({
  invoice,
  onClose,
  onSaved,
}: {
  invoice?: PaymentFor;
  onClose(): void;
  onSaved?(payment: PaymentView): void;
}) {
  const clients = useClientOptions();
  const record = useRecordPayment();
  const [clientId, setClientId] = useState(invoice?.clientId ?? '');
  const prefill = invoice?.prefill;
  const firstAmount = invoice ? (prefill?.amount ?? invoice.balance) : 0;
  const [date, setDate] = useState(prefill?.date ?? todayIso());
  const [amount, setAmount] = useState(invoice ? minorToDecimal(firstAmount, invoice.currency) : '');
  const [method, setMethod] = useState<PaymentMethod>(prefill?.method ?? 'bank_transfer');
  const [reference, setReference] = useState(prefill?.reference ?? '');
  const [note, setNote] = useState('');
  const [values, setValues] = useState<Record<string, string>>(
    invoice
      ? { [invoice.invoiceId]: minorToDecimal(Math.min(firstAmount, invoice.balance), invoice.currency) }
      : {},
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  const client = clients.data?.find((c) => c._id === clientId);
  const currency = client?.currency ?? invoice?.currency ?? 'INR';
  const open = useOpenInvoices(clientId);
  const amountMinor = parseMoney(amount, currency);
  const read = readAllocations(values, open.invoices, currency);
  const allocated = read.allocations.reduce((sum, a) => sum + a.amount, 0);
  const left = (amountMinor ?? 0) - allocated;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = { ...read.errors };
    if (amountMinor === null || amountMinor <= 0) found.amount = M.amountInvalid;
    else if (left < 0) found.allocations = M.allocationTooLarge;
    const parsed = paymentInputSchema.safeParse({
      clientId,
      date,
      amount: amountMinor ?? 0,
      method,
      reference,
      note,
      allocations: read.allocations,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    record.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onSaved?.(answer.payment);
        onClose();
      },
      onError: (error) =>
        setErrors(Object.fromEntries(serverFieldErrors(error).map((e) => [e.field, e.message]))),
    });
  };

  return (
    <SidePanel
      title="Record payment"
      onClose={onClose}
      wide
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={record.isPending}>
            {record.isPending ? 'Saving...' : 'Record payment'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-5">
        {record.isError && serverFieldErrors(record.error).length === 0 && (
          <Banner message={serverMessage(record.error) ?? 'The payment could not be recorded.'} />
        )}
        <OptionSelectField
          ref={invoice ? undefined : first}
          label="Client"
          value={clientId}
          disabled={Boolean(invoice)}
          onChange={(e) => {
            setClientId(e.target.value);
            setValues({});
          }}
          error={errors.clientId}
          options={[
            { value: '', label: clients.isPending ? 'Loading clients...' : 'Choose a client' },
            ...(clients.data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${c.currency})` })),
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            ref={invoice ? first : undefined}
            label={`Amount (${currency})`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
          />
          <TextField
            label="Date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            error={errors.date}
          />
          <OptionSelectField
            label="Method"
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            error={errors.method}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          />
        </div>
        <TextField
          label="Reference"
          placeholder="UTR, cheque number, transaction id"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={errors.reference}
        />
        <TextAreaField
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
        />
        {clientId && (
          <section aria-labelledby="allocations-heading" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="allocations-heading" className="text-base font-semibold text-ink">
                Settles these invoices
              </h3>
              <Button
                variant="secondary"
                size="sm"
                disabled={!amountMinor || open.invoices.length === 0}
                onClick={() => setValues(fillOldestFirst(amountMinor ?? 0, open.invoices))}
              >
                Fill oldest first
              </Button>
            </div>
            <AllocationList
              invoices={open.invoices}
              loading={open.isPending}
              values={values}
              errors={errors}
              currency={currency}
              onChange={setValues}
            />
            <p
              className={left < 0 ? 'text-sm font-medium text-red-700' : 'text-sm text-muted'}
              aria-live="polite"
              data-testid="payment-remainder"
            >
              {left < 0
                ? (errors.allocations ?? M.allocationTooLarge)
                : left > 0
                  ? `${formatMoney(left, currency)} not allocated: kept as the client’s credit.`
                  : `Allocated in full: ${formatMoney(allocated, currency)}.`}
            </p>
          </section>
        )}
      </form>
    </SidePanel>
  );
}
