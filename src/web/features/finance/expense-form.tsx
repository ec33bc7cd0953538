import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_LIMITS,
  type ExpenseView,
} from '../../../shared/schemas/expenses';
import { EXPENSE_MESSAGES as M } from '../../../shared/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Checkbox, TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { SidePanel } from '../../components/ui/side-panel';
import { TextAreaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { useSaveExpense, useUploadReceipt } from '../../lib/expenses-api';
import { serverFieldErrors } from '../../lib/field-errors';
import { useFinanceSettings } from '../../lib/finance-api';
import { draftOf, inputOf, type Draft } from './expense-draft';
import { useProjectOptions } from './expense-projects';
import { sizeText } from './expense-parts';

const FORM_ID = 'expense-form';

/** The receipt to send with the expense: an image or a PDF, checked by the server from its bytes. */
function ReceiptField({
  current,
  file,
  error,
  onChoose,
}: {
  current: ExpenseView['receipt'];
  file: File | null;
  error?: string;
  onChoose(file: File | null): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        Receipt
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/heic,application/pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white text-sm text-ink file:mr-3 file:h-10 file:border-0 file:border-r file:border-slate-300 file:bg-canvas file:px-4 file:text-sm file:font-semibold file:text-ink hover:file:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <p id={`${id}-help`} className="mt-1.5 text-xs text-muted">
        {file
          ? `${file.name}, ${sizeText(file.size)}${current ? `: replaces ${current.name}` : ''}.`
          : current
            ? `Attached: ${current.name} (${sizeText(current.size)}). Choose a file to replace it.`
            : `An image (PNG, JPEG, WebP, HEIC) or a PDF, up to ${EXPENSE_LIMITS.receiptMaxBytes / 1024 / 1024} MB.`}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Submit an expense, or change one while it waits for approval (docs/product/finance.md#expenses): vendor,
 * date, the amount paid and the tax inside it in the currency's minor units, category, description, the
 * project and whether it is billed on, and its receipt. The expense is saved first and the receipt sent
 * after it; a receipt the server refuses leaves the form open on the saved expense with the server's reason.
 */
export function ExpenseForm({
  expense,
  projectsAllowed,
  onClose,
  onSaved,
}: {
  expense: ExpenseView | null;
  /** The user has the Projects module, so the projects can be listed. */
  projectsAllowed: boolean;
  onClose(): void;
  onSaved?(expense: ExpenseView): void;
}) {
  const settings = useFinanceSettings();
  const projects = useProjectOptions(projectsAllowed);
  /** The expense being changed: the one given, or the one just submitted when its receipt was refused. */
  const [saved, setSaved] = useState<ExpenseView | null>(expense);
  const save = useSaveExpense(saved?._id ?? null);
  const upload = useUploadReceipt();
  const [draft, setDraft] = useState(() => draftOf(expense, settings.data?.currency ?? 'INR'));
  const [touchedCurrency, setTouchedCurrency] = useState(Boolean(expense));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  // The workspace's currency, once known, for a new expense whose currency was not typed yet.
  const workspaceCurrency = settings.data?.currency;
  useEffect(() => {
    if (workspaceCurrency && !touchedCurrency) setDraft((d) => ({ ...d, currency: workspaceCurrency }));
  }, [workspaceCurrency, touchedCurrency]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const busy = save.isPending || upload.isPending;
  const currency = draft.currency.trim().toUpperCase() || 'INR';
  const projectOptions = [
    ...(saved?.project && !projects.options.some((p) => p.value === saved.project!._id)
      ? [{ value: saved.project._id, label: `${saved.project.code} ${saved.project.name}` }]
      : []),
    ...projects.options,
  ];

  const sendReceipt = async (answer: { message: string; expense: ExpenseView }) => {
    setSaved(answer.expense);
    if (file)
      try {
        const attached = await upload.mutateAsync({ id: answer.expense._id, file });
        answer = { message: answer.message, expense: attached.expense };
      } catch (error) {
        // The expense is saved: the form stays open on it, with why the receipt was refused.
        if (!saved) toast.success(answer.message);
        setErrors({ receipt: serverMessage(error) ?? 'The receipt could not be attached.' });
        return;
      }
    toast.success(answer.message);
    onSaved?.(answer.expense);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = inputOf(draft);
    if (file && file.size > EXPENSE_LIMITS.receiptMaxBytes) found.receipt = M.receiptTooLarge;
    setErrors(found);
    if (!input || Object.keys(found).length) return;
    save.mutate(input, {
      onSuccess: (answer) => void sendReceipt(answer),
      onError: (error) =>
        setErrors(Object.fromEntries(serverFieldErrors(error).map((e) => [e.field, e.message]))),
    });
  };

  return (
    <SidePanel
      title={saved ? 'Edit expense' : 'New expense'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={busy}>
            {upload.isPending
              ? 'Attaching the receipt...'
              : save.isPending
                ? 'Saving...'
                : saved
                  ? 'Save expense'
                  : 'Submit expense'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-5" aria-label="Expense">
        {save.isError && serverFieldErrors(save.error).length === 0 && (
          <Banner message={serverMessage(save.error) ?? 'The expense could not be saved.'} />
        )}
        <TextField
          ref={first}
          label="Vendor"
          help="Who was paid."
          maxLength={EXPENSE_LIMITS.vendorMax}
          value={draft.vendor}
          onChange={(e) => set('vendor', e.target.value)}
          error={errors.vendor}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Date"
            type="date"
            value={draft.date}
            onChange={(e) => set('date', e.target.value)}
            error={errors.date}
          />
          <OptionSelectField
            label="Category"
            value={draft.category}
            onChange={(e) => set('category', e.target.value as Draft['category'])}
            error={errors.category}
            options={[
              { value: '', label: 'Choose a category' },
              ...EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] })),
            ]}
          />
        </div>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <TextField
            label={`Amount (${currency})`}
            help="Paid in all, tax included."
            inputMode="decimal"
            value={draft.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={errors.amount}
          />
          <TextField
            label={`Tax (${currency})`}
            help="GST or VAT inside it."
            inputMode="decimal"
            placeholder="0"
            value={draft.taxAmount}
            onChange={(e) => set('taxAmount', e.target.value)}
            error={errors.taxAmount}
          />
          <TextField
            label="Currency"
            className="col-span-2 sm:col-span-1"
            help="ISO code: INR, USD…"
            maxLength={3}
            autoCapitalize="characters"
            value={draft.currency}
            onChange={(e) => {
              setTouchedCurrency(true);
              set('currency', e.target.value.toUpperCase());
            }}
            error={errors.currency}
          />
        </div>
        <TextAreaField
          label="Description"
          maxLength={EXPENSE_LIMITS.descriptionMax}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
        />
        <OptionSelectField
          label="Project"
          value={draft.projectId}
          help={
            projects.isError
              ? 'The projects could not be loaded.'
              : 'An approved expense counts against the project’s budget in its currency.'
          }
          onChange={(e) => {
            set('projectId', e.target.value);
            if (!e.target.value) set('billable', false);
          }}
          error={errors.projectId}
          options={[
            { value: '', label: projects.isLoading ? 'Loading projects...' : 'No project' },
            ...projectOptions,
          ]}
        />
        <div>
          <Checkbox
            label="Billable"
            checked={draft.billable}
            disabled={!draft.projectId}
            onChange={(e) => set('billable', e.target.checked)}
          />
          <p className="mt-1 pl-6 text-xs text-muted">
            {draft.projectId
              ? 'Billed on to the project’s client: once approved, the next “Invoice project” adds it at its cost before tax.'
              : 'Choose a project to bill it on to its client.'}
          </p>
        </div>
        <ReceiptField
          current={saved?.receipt ?? null}
          file={file}
          error={errors.receipt}
          onChoose={(chosen) => {
            setFile(chosen);
            setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => key !== 'receipt')));
          }}
        />
      </form>
    </SidePanel>
  );
}
