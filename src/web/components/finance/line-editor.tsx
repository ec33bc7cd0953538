import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import {
  FINANCE_LIMITS,
  GST_RATES_BP,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  rateText,
  type TaxCategory,
} from '../../../shared/finance';
import { formatMoney } from '../../../shared/money';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { OptionSelectField } from '../ui/option-select-field';
import { newLine, type LineDraft } from './invoice-draft';
import type { FinanceSettings } from '../../../shared/schemas/finance';

const iconButton =
  'rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The rates offered: India's GST rates, the profile's default and any the line already has. */
function rateOptions(extra: number[]) {
  const rates = [...new Set([...GST_RATES_BP, ...extra])].sort((a, b) => a - b);
  return rates.map((bp) => ({ value: String(bp), label: rateText(bp) }));
}

/**
 * The invoice's lines (docs/product/finance.md#invoices): description, SAC, quantity, unit, price, discount,
 * tax category and rate, an exempt line's reason; added, removed and moved. Each line is a fieldset named
 * "Line n", stacked on phones.
 */
export function LineEditor({
  lines,
  nets,
  currency,
  settings,
  errors,
  onChange,
}: {
  lines: LineDraft[];
  /** Each line's net from the live totals. */
  nets: number[];
  currency: string;
  settings: FinanceSettings | undefined;
  errors: Record<string, string>;
  onChange(lines: LineDraft[]): void;
}) {
  const india = (settings?.country ?? 'IN') === 'IN';
  const set = (index: number, changes: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...changes } : line)));
  const move = (index: number, by: number) => {
    const copy = [...lines];
    const [line] = copy.splice(index, 1);
    copy.splice(index + by, 0, line!);
    onChange(copy);
  };
  const rates = rateOptions([settings?.defaultRateBp ?? 1800, ...lines.map((l) => l.rateBp)]);

  return (
    <div className="space-y-3">
      {errors.lines && <p className="text-sm font-medium text-red-700">{errors.lines}</p>}
      <ol className="space-y-3">
        {lines.map((line, i) => {
          const error = (field: string) => errors[`lines.${i}.${field}`];
          return (
            <li key={line.key}>
              <fieldset className="rounded-xl border border-line bg-slate-50/60 p-3 sm:p-4">
                <legend className="float-left pt-2 text-sm font-semibold text-ink">Line {i + 1}</legend>
                <div className="float-right -mr-1 -mt-1 mb-2 flex items-center">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move line ${i + 1} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Move line ${i + 1} down`}
                    disabled={i === lines.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Remove line ${i + 1}`}
                    disabled={lines.length === 1}
                    onClick={() => onChange(lines.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
                <div className="clear-both grid gap-3 sm:grid-cols-[1fr_8rem]">
                  <TextField
                    label="Description"
                    value={line.description}
                    onChange={(e) => set(i, { description: e.target.value })}
                    error={error('description')}
                    maxLength={FINANCE_LIMITS.descriptionMax}
                  />
                  {india && (
                    <TextField
                      label="SAC"
                      inputMode="numeric"
                      value={line.sac}
                      onChange={(e) => set(i, { sac: e.target.value })}
                      error={error('sac')}
                    />
                  )}
                </div>
                <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
                  <TextField
                    label="Quantity"
                    inputMode="decimal"
                    value={line.quantity}
                    onChange={(e) => set(i, { quantity: e.target.value })}
                    error={error('quantityMilli')}
                  />
                  <TextField
                    label="Unit"
                    placeholder="hours"
                    value={line.unit}
                    onChange={(e) => set(i, { unit: e.target.value })}
                    error={error('unit')}
                    maxLength={FINANCE_LIMITS.unitMax}
                  />
                  <TextField
                    label={`Unit price (${currency})`}
                    inputMode="decimal"
                    value={line.unitPrice}
                    onChange={(e) => set(i, { unitPrice: e.target.value })}
                    error={error('unitPrice')}
                  />
                  <TextField
                    label="Discount"
                    inputMode="decimal"
                    placeholder="0"
                    value={line.discount}
                    onChange={(e) => set(i, { discount: e.target.value })}
                    error={error('discount')}
                  />
                </div>
                <div className="mt-3 grid grid-cols-2 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
                  <OptionSelectField
                    label="Tax"
                    value={line.category}
                    onChange={(e) => set(i, { category: e.target.value as TaxCategory })}
                    options={TAX_CATEGORIES.map((c) => ({ value: c, label: TAX_CATEGORY_LABELS[c] }))}
                  />
                  {line.category === 'standard' && (
                    <OptionSelectField
                      label="Rate"
                      value={String(line.rateBp)}
                      onChange={(e) => set(i, { rateBp: Number(e.target.value) })}
                      options={rates}
                      error={error('rateBp')}
                    />
                  )}
                  {line.category === 'exempt' && (
                    <TextField
                      label="Exempt because"
                      value={line.exemptReason}
                      onChange={(e) => set(i, { exemptReason: e.target.value })}
                      error={error('exemptReason')}
                      maxLength={FINANCE_LIMITS.reasonMax}
                    />
                  )}
                  <p className="col-span-2 text-right text-sm sm:col-span-1 sm:col-start-3 sm:pt-8">
                    <span className="text-muted">Amount </span>
                    <span className="font-semibold tabular-nums text-ink" data-testid="line-net">
                      {formatMoney(nets[i] ?? 0, currency)}
                    </span>
                  </p>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={lines.length >= FINANCE_LIMITS.linesMax}
        onClick={() => onChange([...lines, newLine(settings)])}
      >
        <Plus className="size-4" aria-hidden /> Add line
      </Button>
    </div>
  );
}
