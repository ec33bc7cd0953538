import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney, minorToDecimal, parseMoney } from '../../../shared/money';
import type { PaymentView } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import {
  AllocationList,
  fillOldestFirst,
  readAllocations,
  useOpenInvoices,
} from '../../components/finance/allocation-list';
import { todayIso } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useAllocatePayment, useRefundPayment } from '../../lib/finance-api';

const formClasses = 'space-y-4 rounded-xl border border-line bg-slate-50/60 p-4';

/** The payment's unallocated money (the client's credit) used on the client's open invoices. */
export function AllocateCreditForm({ payment, onDone }: { payment: PaymentView; onDone(): void }) {
  const allocate = useAllocatePayment(payment._id);
  const open = useOpenInvoices(payment.clientId);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const read = readAllocations(values, open.invoices, payment.currency);
  const sum = read.allocations.reduce((total, a) => total + a.amount, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { ...read.errors };
    if (sum > payment.unallocated) found.total = M.allocationTooLarge;
    if (read.allocations.length === 0) found.total = M.amountInvalid;
    setErrors(found);
    if (Object.keys(found).length) return;
    allocate.mutate(read.allocations, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className={formClasses} aria-label="Allocate credit">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-ink">
          Allocate {formatMoney(payment.unallocated, payment.currency)} of credit
        </h3>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setValues(fillOldestFirst(payment.unallocated, open.invoices))}
        >
          Fill oldest first
        </Button>
      </div>
      {allocate.isError && (
        <Banner message={serverMessage(allocate.error) ?? 'The credit could not be allocated.'} />
      )}
      <AllocationList
        invoices={open.invoices}
        loading={open.isPending}
        values={values}
        errors={errors}
        currency={payment.currency}
        onChange={setValues}
      />
      {errors.total && <p className="text-sm font-medium text-red-700">{errors.total}</p>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={allocate.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={allocate.isPending || open.invoices.length === 0}>
          Allocate
        </Button>
      </div>
    </form>
  );
}

/** Money given back from what the payment has not settled. */
export function RefundForm({ payment, onDone }: { payment: PaymentView; onDone(): void }) {
  const refund = useRefundPayment(payment._id);
  const [date, setDate] = useState(todayIso());
  const [amount, setAmount] = useState(minorToDecimal(payment.unallocated, payment.currency));
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoney(amount, payment.currency);
    if (minor === null || minor <= 0) return setError(M.amountInvalid);
    if (minor > payment.unallocated)
      return setError(M.refundTooLarge(formatMoney(payment.unallocated, payment.currency)));
    setError(undefined);
    refund.mutate(
      { date, amount: minor, method, reference },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={formClasses} aria-label="Refund">
      <h3 className="text-base font-semibold text-ink">Refund</h3>
      {refund.isError && (
        <Banner message={serverMessage(refund.error) ?? 'The refund could not be recorded.'} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`Amount (${payment.currency})`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
        />
        <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <OptionSelectField
          label="Method"
          value={method}
          onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        />
        <TextField label="Reference" value={reference} onChange={(e) => setReference(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={refund.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={refund.isPending}>
          Record refund
        </Button>
      </div>
    </form>
  );
}
