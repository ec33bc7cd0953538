import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { EstimateView } from '../../../shared/schemas/estimates';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { SidePanel } from '../../components/ui/side-panel';
import { TextAreaField } from '../../components/ui/textarea-field';
import { DocumentLines, PlaceOfSupplyField, useLiveTotals } from '../../components/finance/document-lines';
import { serverMessage } from '../../lib/api-client';
import { useClientOptions } from '../../lib/clients-api';
import { useSaveEstimate } from '../../lib/estimates-api';
import { serverFieldErrors } from '../../lib/field-errors';
import { useFinanceSettings } from '../../lib/finance-api';
import {
  VALIDITY_DAYS,
  estimateDraftOf,
  readEstimateDraft,
  withIssueDate,
  type EstimateDraft,
} from './estimate-draft';

const FORM_ID = 'estimate-form';

/**
 * A new estimate, or one to change until the client answers (docs/product/finance.md#estimates): client,
 * date and validity date, place of supply, the invoice editor's lines and live totals, notes and terms.
 */
export function EstimateEditor({
  estimate,
  onClose,
  onSaved,
}: {
  estimate: EstimateView | null;
  onClose(): void;
  onSaved?(estimate: EstimateView): void;
}) {
  const settings = useFinanceSettings();
  const [draft, setDraft] = useState<EstimateDraft>(() => estimateDraftOf(estimate, settings.data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clients = useClientOptions();
  const save = useSaveEstimate(estimate?._id ?? null);
  const clientField = useRef<HTMLSelectElement>(null);
  useEffect(() => clientField.current?.focus(), []);

  const client = clients.data?.find((c) => c._id === draft.clientId);
  const currency = client?.currency ?? estimate?.currency ?? settings.data?.currency ?? 'INR';
  const india = (settings.data?.country ?? 'IN') === 'IN';
  const set = <K extends keyof EstimateDraft>(key: K, value: EstimateDraft[K]) =>
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
    const { input, errors: found } = readEstimateDraft(draft, currency);
    setErrors(found);
    if (!input) return;
    save.mutate(input, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onSaved?.(answer.estimate);
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
        {save.isPending ? 'Saving...' : estimate ? 'Save estimate' : 'Create estimate'}
      </Button>
    </>
  );

  return (
    <SidePanel
      title={estimate ? `Edit estimate ${estimate.number}` : 'New estimate'}
      onClose={onClose}
      footer={footer}
      wide
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-5">
        {save.isError && serverFieldErrors(save.error).length === 0 && (
          <Banner message={serverMessage(save.error) ?? 'The estimate could not be saved.'} />
        )}
        <OptionSelectField
          ref={clientField}
          label="Client"
          value={draft.clientId}
          onChange={(e) => set('clientId', e.target.value)}
          error={errors.clientId}
          options={[
            { value: '', label: clients.isPending ? 'Loading clients...' : 'Choose a client' },
            ...(clients.data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${c.currency})` })),
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Estimate date"
            type="date"
            value={draft.issueDate}
            onChange={(e) => setDraft((d) => withIssueDate(d, e.target.value))}
            error={errors.issueDate}
          />
          <TextField
            label="Valid until"
            type="date"
            min={draft.issueDate || undefined}
            value={draft.validUntil}
            onChange={(e) => set('validUntil', e.target.value)}
            error={errors.validUntil}
            help={`${VALIDITY_DAYS} days after the estimate date unless you choose another day.`}
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
