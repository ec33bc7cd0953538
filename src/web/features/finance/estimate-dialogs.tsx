import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ESTIMATE_LIMITS } from '../../../shared/estimates';
import { ESTIMATE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import {
  BILLING_TYPES,
  BILLING_TYPE_LABELS,
  PROJECT_STATUSES,
  PROJECT_STATUS_LABELS,
  type BillingType,
  type ProjectStatus,
} from '../../../shared/projects';
import type { EstimateView } from '../../../shared/schemas/estimates';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { todayIso } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import {
  useAcceptEstimate,
  useConvertEstimate,
  useDeclineEstimate,
  useSendEstimate,
} from '../../lib/estimates-api';
import { serverFieldErrors } from '../../lib/field-errors';
import {
  conversionDraftOf,
  depositBeforeTax,
  percentToBp,
  readConversion,
  type ConversionDraft,
} from './estimate-draft';

const fieldErrorsOf = (error: unknown) =>
  Object.fromEntries(
    serverFieldErrors(error).map((e) => [e.field.replace(/^project\./, ''), e.message] as const),
  );

/**
 * E-mail the estimate with its PDF and a link that opens it without signing in: to the client's first
 * contact unless another address is given. Sending again makes a new link; the earlier one stops working.
 */
export function SendEstimateDialog({ estimate, onClose }: { estimate: EstimateView; onClose(): void }) {
  const send = useSendEstimate(estimate._id);
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const again = estimate.sentAt !== null;
  return (
    <Dialog
      title={`E-mail ${estimate.number}`}
      description={
        <>
          The PDF and a link to it go to {estimate.buyer.email || 'the client’s first contact'} unless you
          give another address.
          {again && ' The link of the earlier e-mail stops working.'}
        </>
      }
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
                    toast.success(answer.message);
                    onClose();
                  },
                },
              )
            }
          >
            {send.isPending ? 'Sending...' : again ? 'Send again' : 'Send estimate'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {send.isError && <Banner message={serverMessage(send.error) ?? 'The estimate could not be sent.'} />}
        <TextField
          ref={field}
          label="To"
          type="email"
          placeholder={estimate.buyer.email || 'client@example.com'}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <TextAreaField label="Message" value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
    </Dialog>
  );
}

/** The client said yes (by phone, e-mail or letter): who, on which day, and a note. It is then locked. */
export function AcceptEstimateDialog({ estimate, onClose }: { estimate: EstimateView; onClose(): void }) {
  const accept = useAcceptEstimate(estimate._id);
  const [acceptedBy, setAcceptedBy] = useState('');
  const [acceptedOn, setAcceptedOn] = useState(todayIso);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = useRef<HTMLInputElement>(null);
  const formId = 'estimate-accept-form';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!acceptedBy.trim()) {
      setErrors({ acceptedBy: M.acceptedByRequired });
      field.current?.focus();
      return;
    }
    setErrors({});
    accept.mutate(
      { acceptedBy: acceptedBy.trim(), acceptedOn, note },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  return (
    <Dialog
      title={`Mark ${estimate.number} accepted`}
      description="Record the client’s yes. An accepted estimate can no longer be changed, sent or deleted; it can become a project."
      onClose={onClose}
      initialFocus={field}
      busy={accept.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={accept.isPending}>
            {accept.isPending ? 'Saving...' : 'Mark accepted'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {accept.isError && serverFieldErrors(accept.error).length === 0 && (
          <Banner message={serverMessage(accept.error) ?? 'The acceptance could not be recorded.'} />
        )}
        <TextField
          ref={field}
          label="Accepted by"
          placeholder="e.g. Asha Rao (CEO)"
          value={acceptedBy}
          onChange={(e) => setAcceptedBy(e.target.value)}
          error={errors.acceptedBy}
          maxLength={ESTIMATE_LIMITS.acceptedByMax}
          required
        />
        <TextField
          label="Accepted on"
          type="date"
          max={todayIso()}
          value={acceptedOn}
          onChange={(e) => setAcceptedOn(e.target.value)}
          error={errors.acceptedOn}
        />
        <TextAreaField
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          maxLength={ESTIMATE_LIMITS.reasonMax}
          placeholder="How they said yes: a call, an e-mail, a signed copy"
        />
      </form>
    </Dialog>
  );
}

/** The client said no: the reason, kept with the estimate. It is then locked. */
export function DeclineEstimateDialog({ estimate, onClose }: { estimate: EstimateView; onClose(): void }) {
  const decline = useDeclineEstimate(estimate._id);
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <Dialog
      title={`Mark ${estimate.number} declined`}
      description="Record the client’s no. A declined estimate can no longer be changed, sent or deleted."
      onClose={onClose}
      initialFocus={field}
      busy={decline.isPending}
      tone="danger"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={decline.isPending}
            onClick={() =>
              decline.mutate(
                { reason },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    onClose();
                  },
                },
              )
            }
          >
            {decline.isPending ? 'Saving...' : 'Mark declined'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {decline.isError && (
          <Banner message={serverMessage(decline.error) ?? 'The answer could not be recorded.'} />
        )}
        <TextAreaField
          ref={field}
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={ESTIMATE_LIMITS.reasonMax}
          placeholder="e.g. Went with an in-house team"
        />
      </div>
    </Dialog>
  );
}

/**
 * "Make project" (docs/product/finance.md#estimates): a project for the client with its budget prefilled
 * from the estimate (the subtotal and the lines in hours), and optionally a draft deposit invoice for a
 * share of it, taxed as the work.
 */
export function MakeProjectDialog({ estimate, onClose }: { estimate: EstimateView; onClose(): void }) {
  const convert = useConvertEstimate(estimate._id);
  const [draft, setDraft] = useState<ConversionDraft>(() => conversionDraftOf(estimate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = useRef<HTMLInputElement>(null);
  const formId = 'estimate-project-form';
  const currency = estimate.currency;
  const set = <K extends keyof ConversionDraft>(key: K, value: ConversionDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const bp = percentToBp(draft.deposit);
  const deposit = bp ? depositBeforeTax(estimate.totals, bp) : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = readConversion(draft, currency);
    setErrors(found);
    if (!input) return;
    convert.mutate(input, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <Dialog
      title={`Make ${estimate.number} a project`}
      description={`A project for ${estimate.clientName}, its budget the estimate’s unless you change it. Once only.`}
      onClose={onClose}
      initialFocus={field}
      busy={convert.isPending}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={convert.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={convert.isPending}>
            {convert.isPending ? 'Creating...' : 'Create project'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {convert.isError && serverFieldErrors(convert.error).length === 0 && (
          <Banner message={serverMessage(convert.error) ?? 'The project could not be created.'} />
        )}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField
            ref={field}
            label="Project name"
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
            required
          />
          <TextField
            label="Code"
            help="Empty: the next number, as P-001"
            value={draft.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            error={errors.code}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <OptionSelectField
            label="Status"
            value={draft.status}
            onChange={(e) => set('status', e.target.value as ProjectStatus)}
            options={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
          />
          <OptionSelectField
            label="Billing"
            value={draft.billingType}
            onChange={(e) => set('billingType', e.target.value as BillingType)}
            options={BILLING_TYPES.map((b) => ({ value: b, label: BILLING_TYPE_LABELS[b] }))}
          />
        </div>
        {draft.billingType === 'retainer' && (
          <TextField
            label="Hours a month"
            inputMode="decimal"
            value={draft.retainerHours}
            onChange={(e) => set('retainerHours', e.target.value)}
            error={errors.retainerMinutes}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`Budget (${currency})`}
            inputMode="decimal"
            value={draft.budgetAmount}
            onChange={(e) => set('budgetAmount', e.target.value)}
            error={errors.budgetAmount}
            help="The estimate’s subtotal, before tax."
          />
          <TextField
            label="Budget (hours)"
            inputMode="decimal"
            placeholder="e.g. 40 or 7:30"
            value={draft.budgetHours}
            onChange={(e) => set('budgetHours', e.target.value)}
            error={errors.budgetMinutes}
            help="The estimate’s lines in hours."
          />
        </div>
        <TextField
          label="Deposit (%)"
          inputMode="decimal"
          placeholder="0"
          value={draft.deposit}
          onChange={(e) => set('deposit', e.target.value)}
          error={errors.depositBp}
          help={
            deposit > 0
              ? `A draft deposit invoice of ${formatMoney(deposit, currency)} plus tax, on the project.`
              : 'Empty or 0: no deposit invoice.'
          }
          className="sm:max-w-xs"
        />
      </form>
    </Dialog>
  );
}
