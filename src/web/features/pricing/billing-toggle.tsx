import { cn } from '../../components/ui/cn';
import { ANNUAL_DISCOUNT_TAG, type Billing } from './plans';

const OPTIONS: { value: Billing; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

/** Billing toggle (docs/product/public-site.md#pricing): a native radio pair (arrow keys, one tab stop) drawn as a segmented switch. */
export function BillingToggle({ value, onChange }: { value: Billing; onChange(next: Billing): void }) {
  return (
    <fieldset className="inline-flex rounded-full border border-line bg-white p-1 shadow-sm">
      <legend className="sr-only">Billing period</legend>
      {OPTIONS.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              checked ? 'bg-brand-600 text-white shadow-sm' : 'text-muted hover:text-ink',
            )}
          >
            <input
              type="radio"
              name="billing"
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
            {option.value === 'annual' && (
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-bold',
                  checked ? 'bg-white text-brand-700' : 'bg-green-100 text-green-800',
                )}
              >
                {ANNUAL_DISCOUNT_TAG}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
