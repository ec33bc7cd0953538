import { useId, useMemo } from 'react';
import { INDIAN_STATES } from '../../../shared/clients';
import { gstStateLabel, placeOfSupply, schemeFor } from '../../../shared/finance';
import { invoiceTotals, type TaxScheme, type Totals } from '../../../shared/invoice-totals';
import type { FinanceSettings } from '../../../shared/schemas/finance';
import { OptionSelectField } from '../ui/option-select-field';
import { totalsLineOf, type LineDraft } from './invoice-draft';
import { LineEditor } from './line-editor';
import { TotalsBox } from './totals-box';

const SCHEME_NOTES = {
  'gst-intra': 'CGST + SGST: the place of supply is your own state.',
  'gst-inter': 'IGST: the place of supply is another state or outside India.',
  vat: 'One tax line per rate.',
} as const;

const EMPTY_TOTALS: Totals = { lineNets: [], subtotal: 0, groups: [], taxTotal: 0, total: 0 };

/** What the place-of-supply rule reads of a client (a client option of the clients list). */
export interface TaxClient {
  country: string;
  state: string;
  taxId: string;
}

/**
 * The tax scheme and the live totals of a document being edited (an invoice, an estimate), by the one
 * totals function the server uses (docs/product/finance.md#tax).
 */
export function useLiveTotals({
  lines,
  pricesIncludeTax,
  currency,
  settings,
  client,
  chosenPlace,
}: {
  lines: LineDraft[];
  pricesIncludeTax: boolean;
  currency: string;
  settings: FinanceSettings | undefined;
  client: TaxClient | undefined;
  chosenPlace: string;
}): { scheme: TaxScheme; derivedPlace: string; totals: Totals } {
  const profile = settings ?? { country: 'IN', stateCode: '' };
  const clientTax = client ?? { country: 'IN', state: '', taxId: '' };
  const scheme = schemeFor(profile, clientTax, chosenPlace);
  const derivedPlace = placeOfSupply(profile.country, clientTax, '');
  const totals = useMemo(() => {
    try {
      return invoiceTotals(
        lines.map((line) => totalsLineOf(line, currency, pricesIncludeTax)),
        scheme,
      );
    } catch {
      return EMPTY_TOTALS; // past the safe range: the server refuses it too
    }
  }, [lines, pricesIncludeTax, currency, scheme]);
  return { scheme, derivedPlace, totals };
}

/** India's place of supply: the client's state unless another is chosen; outside India, 96 - Other Country. */
export function PlaceOfSupplyField({
  client,
  value,
  derivedPlace,
  error,
  onChange,
}: {
  client: TaxClient | undefined;
  value: string;
  derivedPlace: string;
  error?: string;
  onChange(value: string): void;
}) {
  const abroad = Boolean(client && client.country !== 'IN');
  return (
    <OptionSelectField
      label="Place of supply"
      value={abroad || value === derivedPlace ? '' : value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      disabled={abroad}
      help={
        abroad
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
  );
}

/**
 * A document's lines with "Prices include tax", then its live totals and the scheme they follow: the
 * invoice editor's and the estimate editor's alike.
 */
export function DocumentLines({
  lines,
  pricesIncludeTax,
  totals,
  scheme,
  currency,
  settings,
  errors,
  onLines,
  onPricesIncludeTax,
}: {
  lines: LineDraft[];
  pricesIncludeTax: boolean;
  totals: Totals;
  scheme: TaxScheme;
  currency: string;
  settings: FinanceSettings | undefined;
  errors: Record<string, string>;
  onLines(lines: LineDraft[]): void;
  onPricesIncludeTax(value: boolean): void;
}) {
  const headingId = useId();
  return (
    <>
      <section aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-ink">
            Lines
          </h3>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={pricesIncludeTax}
              onChange={(e) => onPricesIncludeTax(e.target.checked)}
            />
            Prices include tax
          </label>
        </div>
        <LineEditor
          lines={lines}
          nets={totals.lineNets}
          currency={currency}
          settings={settings}
          errors={errors}
          onChange={onLines}
        />
      </section>
      <div className="space-y-2 sm:ml-auto sm:max-w-sm">
        <TotalsBox totals={totals} currency={currency} label="Live totals" />
        <p className="text-xs text-muted">{SCHEME_NOTES[scheme]}</p>
      </div>
    </>
  );
}
