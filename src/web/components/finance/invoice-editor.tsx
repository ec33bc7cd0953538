import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
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
import { useProjects } from '../../lib/projects-api';
import { DocumentLines, PlaceOfSupplyField, useLiveTotals } from './document-lines';
import { draftOf, readDraft, type InvoiceDraft } from './invoice-draft';

const FORM_ID = 'invoice-form';

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
  const india = (settings.data?.country ?? 'IN') === 'IN';
  const set = <K extends keyof InvoiceDraft>(key: K, value: InvoiceDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const { scheme, derivedPlace, totals } = useLiveTotals({
    lines: draft.lines,
    pricesIncludeTax: draft.pricesIncludeTax,
    currency,
    settings: settings.data,
    client,
    chosenPlace: draft.placeOfSupply,
  });

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
          <PlaceOfSupplyField
            client={client}
            value={draft.placeOfSupply}
            derivedPlace={derivedPlace}
            error={errors.placeOfSupply}
            onChange={(value) => set('placeOfSupply', value)}
          />
        )}
        <DocumentLines
          lines={draft.lines}
          pricesIncludeTax={draft.pricesIncludeTax}
          totals={totals}
          scheme={scheme}
          currency={currency}
          settings={settings.data}
          errors={errors}
          onLines={(lines) => set('lines', lines)}
          onPricesIncludeTax={(value) => set('pricesIncludeTax', value)}
        />
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
