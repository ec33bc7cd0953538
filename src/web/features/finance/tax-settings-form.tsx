import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { INDIAN_STATES, countryName } from '../../../shared/clients';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { financeSettingsInputSchema, type FinanceSettings } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Spinner } from '../../components/ui/spinner';
import { TextAreaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/field-errors';
import { useFinanceSettings, useSaveFinanceSettings } from '../../lib/finance-api';

type Draft = Record<Exclude<keyof FinanceSettings, 'configured' | 'updatedAt'>, string>;
const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: new Date(Date.UTC(2026, i, 1)).toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' }),
}));

/** "18" or "12.5" (percent) as basis points, in integer arithmetic; NaN when it is not a rate. */
function percentToBp(text: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}
const bpToPercent = (bp: number) => (bp % 100 ? (bp / 100).toFixed(2).replace(/0$/, '') : String(bp / 100));

const draftOf = (s: FinanceSettings): Draft => ({
  ...s,
  defaultRateBp: bpToPercent(s.defaultRateBp),
  fyStartMonth: String(s.fyStartMonth),
  paymentTermsDays: String(s.paymentTermsDays),
});

/** The tax profile form (PUT /api/finance/settings): what invoices print, the series and the defaults. */
function SettingsForm({ settings }: { settings: FinanceSettings }) {
  const save = useSaveFinanceSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const india = draft.country.trim().toUpperCase() === 'IN';
  const field = (key: keyof Draft, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      error={errors[key]}
      {...extra}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = financeSettingsInputSchema.safeParse({
      ...draft,
      stateCode: india ? draft.stateCode : '',
      defaultRateBp: percentToBp(draft.defaultRateBp),
      fyStartMonth: Number(draft.fyStartMonth),
      paymentTermsDays: /^\d+$/.test(draft.paymentTermsDays.trim()) ? Number(draft.paymentTermsDays) : -1,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => toast.success(answer.message || M.settingsSaved),
      onError: (error) =>
        setErrors(Object.fromEntries(serverFieldErrors(error).map((e) => [e.field, e.message]))),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Tax profile">
      {save.isError && serverFieldErrors(save.error).length === 0 && (
        <Banner message={serverMessage(save.error) ?? 'The settings could not be saved.'} />
      )}
      <Card className="space-y-4">
        <h3 className="text-base font-semibold text-ink">What your invoices print</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('legalName', 'Legal name')}
          {field('email', 'Billing e-mail', { type: 'email' })}
          {field('addressLine1', 'Address')}
          {field('addressLine2', 'Address line 2')}
          {field('city', 'City')}
          {field('postalCode', 'Postcode')}
          {field('country', 'Country', {
            maxLength: 2,
            help: draft.country.length === 2 ? countryName(draft.country.toUpperCase()) : 'Two letters: IN',
          })}
          {india && (
            <OptionSelectField
              label="GST state"
              value={draft.stateCode}
              onChange={(e) => setDraft((d) => ({ ...d, stateCode: e.target.value }))}
              error={errors.stateCode}
              options={[
                { value: '', label: 'Choose the state of your registration' },
                ...INDIAN_STATES.map(([code, name]) => ({ value: code, label: `${code} - ${name}` })),
              ]}
            />
          )}
          {field('taxId', india ? 'GSTIN' : 'VAT number', { autoCapitalize: 'characters' })}
        </div>
      </Card>
      <Card className="space-y-4">
        <h3 className="text-base font-semibold text-ink">Numbers and defaults</h3>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('currency', 'Currency', { maxLength: 3, help: 'Three letters: INR' })}
          {field('defaultRateBp', 'Default tax rate (%)', { inputMode: 'decimal' })}
          {field('defaultSac', 'Default SAC', { inputMode: 'numeric', help: '998361: advertising services' })}
          {field('invoicePrefix', 'Invoice prefix', { help: 'INV/ gives INV/26-27/0001' })}
          {field('creditNotePrefix', 'Credit note prefix')}
          <OptionSelectField
            label="Financial year starts"
            value={draft.fyStartMonth}
            onChange={(e) => setDraft((d) => ({ ...d, fyStartMonth: e.target.value }))}
            error={errors.fyStartMonth}
            options={MONTHS}
          />
          {field('paymentTermsDays', 'Payment terms (days)', { inputMode: 'numeric' })}
          {field('upiId', 'UPI id', { placeholder: 'name@bank' })}
        </div>
        <TextAreaField
          label="Bank details"
          value={draft.bankDetails}
          onChange={(e) => setDraft((d) => ({ ...d, bankDetails: e.target.value }))}
          error={errors.bankDetails}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            label="Default notes"
            value={draft.notes}
            onChange={(e) => setDraft((d) => ({ ...d, notes: e.target.value }))}
            error={errors.notes}
          />
          <TextAreaField
            label="Default terms"
            value={draft.terms}
            onChange={(e) => setDraft((d) => ({ ...d, terms: e.target.value }))}
            error={errors.terms}
          />
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save tax profile'}
        </Button>
      </div>
    </form>
  );
}

/** The Tax settings tab. */
export function TaxSettings() {
  const settings = useFinanceSettings();
  if (settings.isPending) return <Spinner label="Loading the tax profile..." />;
  if (settings.isError)
    return <Banner message={serverMessage(settings.error) ?? 'The tax profile could not be loaded.'} />;
  return <SettingsForm settings={settings.data} />;
}
