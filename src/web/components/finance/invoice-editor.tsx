import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { INDIAN_STATES } from '../../../shared/clients';
import { gstStateLabel } from '../../../shared/finance';
import { invoiceTotals, type Totals } from '../../../shared/invoice-totals';
import type { InvoiceView } from '../../../shared/schemas/finance';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { OptionSelectField } from '../ui/option-select-field';
import { SidePanel } from '../ui/side-panel';
import { TextAreaField } from '../ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { useClientOptions } from '../../lib/clients-api';
import { serverFieldErrors } from '../../lib/field-errors';
import { useFinanceSettings, useSaveInvoice } from '../../lib/finance-api';
import { placeOfSupply, schemeFor } from '../../../shared/finance';
import { useProjects } from '../../lib/projects-api';
import { draftOf, readDraft, totalsLineOf, type InvoiceDraft } from './invoice-draft';
import { LineEditor } from './line-editor';
import { TotalsBox } from './totals-box';

const FORM_ID = 'invoice-form';
const SCHEME_NOTES = {
  'gst-intra': 'CGST + SGST: the place of supply is your own state.',
  'gst-inter': 'IGST: the place of supply is another state or outside India.',
  vat: 'One tax line per rate.',
} as const;

const EMPTY_TOTALS: Totals = { lineNets: [], subtotal: 0, groups: [], taxTotal: 0, total: 0 };

/**
 * A draft invoice's editor (docs/product/finance.md#invoices): client and project, dates, place of supply,
 * the lines, notes and terms, with totals computed live by the one totals function, as the server will.
 */
export function InvoiceEditor({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: InvoiceView | null;
  onClose(): void;
  onSaved?(invoice: InvoiceView): void;
}) {
  const settings = useFinanceSettings();
  const [draft, setDraft] = useState<InvoiceDraft>(() => draftOf(invoice, settings.data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clients = useClientOptions();
  const projects = useProjects({
    search: '',
    client: draft.clientId,
    manager: '',
    status: [],
    due: '',
    overBudget: false,
    sort: 'name',
    page: 1,
    limit: 100,
  });
  const save = useSaveInvoice(invoice?._id ?? null);
  const clientField = useRef<HTMLSelectElement>(null);
  useEffect(() => clientField.current?.focus(), []);

  const client = clients.data?.find((c) => c._id === draft.clientId);
  const currency = client?.currency ?? invoice?.currency ?? settings.data?.currency ?? 'INR';
  const profile = settings.data ?? { country: 'IN', stateCode: '' };
  const india = profile.country === 'IN';
  const set = <K extends keyof InvoiceDraft>(key: K, value: InvoiceDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const clientTax = client ?? { country: 'IN', state: '', taxId: '' };
  const scheme = schemeFor(profile, clientTax, draft.placeOfSupply);
  const derivedPlace = placeOfSupply(profile.country, clientTax, '');
  const totals = useMemo(() => {
    try {
      return invoiceTotals(
        draft.lines.map((line) => totalsLineOf(line, currency, draft.pricesIncludeTax)),
        scheme,
      );
    } catch {
      return EMPTY_TOTALS; // past the safe range: the server refuses it too
    }
  }, [draft.lines, draft.pricesIncludeTax, currency, scheme]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = readDraft(draft, currency);
    setErrors(found);
    if (!input) return;
    save.mutate(input, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onSaved?.(answer.invoice);
        onClose();
      },
      onError: (error) =>
        setErrors(Object.fromEntries(serverFieldErrors(error).map((e) => [e.field, e.message]))),
    });
  };

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : invoice ? 'Save draft' : 'Create draft'}
      </Button>
    </>
  );

  return (
    <SidePanel title={invoice ? 'Edit draft invoice' : 'New invoice'} onClose={onClose} footer={footer} wide>
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-5">
        {save.isError && serverFieldErrors(save.error).length === 0 && (
          <Banner message={serverMessage(save.error) ?? 'The invoice could not be saved.'} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <OptionSelectField
            ref={clientField}
            label="Client"
            value={draft.clientId}
            onChange={(e) => setDraft((d) => ({ ...d, clientId: e.target.value, projectId: '' }))}
            error={errors.clientId}
            options={[
              { value: '', label: clients.isPending ? 'Loading clients...' : 'Choose a client' },
              ...(clients.data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${c.currency})` })),
            ]}
          />
          <OptionSelectField
            label="Project (optional)"
            value={draft.projectId}
            onChange={(e) => set('projectId', e.target.value)}
            error={errors.projectId}
            disabled={!draft.clientId}
            options={[
              { value: '', label: 'No project' },
              ...(draft.clientId ? (projects.data?.projects ?? []) : []).map((p) => ({
                value: p._id,
                label: `${p.code} ${p.name}`,
              })),
            ]}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Invoice date"
            type="date"
            value={draft.issueDate}
            onChange={(e) => set('issueDate', e.target.value)}
            error={errors.issueDate}
            help="Finalising dates it today."
          />
          <TextField
            label="Due date"
            type="date"
            value={draft.dueDate}
            onChange={(e) => set('dueDate', e.target.value)}
            error={errors.dueDate}
            help={
              client
                ? `Empty: ${client.paymentTermsDays} days after the invoice date (the client’s terms).`
                : 'Empty: the client’s payment terms.'
            }
          />
        </div>
        {india && (
          <OptionSelectField
            label="Place of supply"
            value={
              (client && client.country !== 'IN') || draft.placeOfSupply === derivedPlace
                ? ''
                : draft.placeOfSupply
            }
            onChange={(e) => set('placeOfSupply', e.target.value)}
            error={errors.placeOfSupply}
            disabled={Boolean(client && client.country !== 'IN')}
            help={
              client && client.country !== 'IN'
                ? 'The client is outside India: 96 - Other Country (IGST, usually zero-rated under a LUT).'
                : undefined
            }
            options={[
              {
                value: '',
                label: `The client’s state${derivedPlace ? ` (${gstStateLabel(derivedPlace)})` : ''}`,
              },
              ...INDIAN_STATES.map(([code, name]) => ({ value: code, label: `${code} - ${name}` })),
            ]}
          />
        )}
        <section aria-labelledby="invoice-lines-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="invoice-lines-heading" className="text-base font-semibold text-ink">
              Lines
            </h3>
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={draft.pricesIncludeTax}
                onChange={(e) => set('pricesIncludeTax', e.target.checked)}
              />
              Prices include tax
            </label>
          </div>
          <LineEditor
            lines={draft.lines}
            nets={totals.lineNets}
            currency={currency}
            settings={settings.data}
            errors={errors}
            onChange={(lines) => set('lines', lines)}
          />
        </section>
        <div className="space-y-2 sm:ml-auto sm:max-w-sm">
          <TotalsBox totals={totals} currency={currency} label="Live totals" />
          <p className="text-xs text-muted">{SCHEME_NOTES[scheme]}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            label="Notes"
            value={draft.notes}
            onChange={(e) => set('notes', e.target.value)}
            error={errors.notes}
            placeholder={settings.data?.notes || 'Empty: the notes of your tax settings'}
          />
          <TextAreaField
            label="Terms"
            value={draft.terms}
            onChange={(e) => set('terms', e.target.value)}
            error={errors.terms}
            placeholder={settings.data?.terms || 'Empty: the terms of your tax settings'}
          />
        </div>
      </form>
    </SidePanel>
  );
}
