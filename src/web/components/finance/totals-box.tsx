import { TAX_CATEGORY_LABELS, rateText } from '../../../shared/finance';
import type { Totals } from '../../../shared/invoice-totals';
import { formatMoney } from '../../../shared/money';
import { cn } from '../ui/cn';

/**
 * An invoice's totals as invoiceTotals gives them (the editor's live figures and the document's alike): the
 * subtotal, each tax component with its rate and the taxable value it is charged on, and the total.
 */
export function TotalsBox({
  totals,
  currency,
  className,
  label = 'Totals',
}: {
  totals: Totals;
  currency: string;
  className?: string;
  label?: string;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <section
      aria-label={label}
      className={cn('rounded-xl border border-line bg-white p-4 text-sm', className)}
      data-testid="invoice-totals"
    >
      <dl className="space-y-1.5">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Subtotal</dt>
          <dd className="tabular-nums text-ink">{money(totals.subtotal)}</dd>
        </div>
        {totals.groups.map((group) =>
          group.components.length ? (
            group.components.map((part) => (
              <div
                key={`${group.category}-${group.rateBp}-${part.name}`}
                className="flex justify-between gap-4"
              >
                <dt className="text-muted">
                  {part.name} {rateText(part.rateBp)}
                  <span className="block text-xs sm:inline"> on {money(group.base)}</span>
                </dt>
                <dd className="tabular-nums text-ink">{money(part.amount)}</dd>
              </div>
            ))
          ) : group.category !== 'standard' ? (
            <div key={`${group.category}-${group.rateBp}`} className="flex justify-between gap-4">
              <dt className="text-muted">
                {TAX_CATEGORY_LABELS[group.category]}
                <span className="block text-xs sm:inline"> on {money(group.base)}</span>
              </dt>
              <dd className="tabular-nums text-muted">{money(0)}</dd>
            </div>
          ) : null,
        )}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
          <dt className="text-ink">Total</dt>
          <dd className="tabular-nums text-ink" data-testid="invoice-total">
            {money(totals.total)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
