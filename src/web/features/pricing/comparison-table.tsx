import { Check, Minus } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { FEATURE_GROUPS, type Cell } from './plans';

const COLUMNS = ['Solo HQ', 'Business HQ', 'Enterprise'];
/** The recommended plan's column is tinted, as its card is highlighted. */
const FEATURED = 'bg-brand-50/60';

function CellValue({ value }: { value: Cell }) {
  if (value === true)
    return (
      <>
        <Check className="mx-auto size-5 text-brand-600" aria-hidden />
        <span className="sr-only">Included</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Minus className="mx-auto size-5 text-slate-400" aria-hidden />
        <span className="sr-only">Not included</span>
      </>
    );
  return <span className="font-medium text-ink">{value}</span>;
}

/** docs/product/public-site.md#pricing: the feature comparison below the plans. */
export function ComparisonTable() {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-line bg-white shadow-sm"
      role="region"
      aria-labelledby="compare-caption"
      tabIndex={0}
    >
      <table className="w-full min-w-[21rem] border-collapse text-left text-xs sm:text-sm">
        <caption id="compare-caption" className="px-4 pb-2 pt-6 text-left sm:px-6">
          <span className="block text-xl font-bold text-ink">Compare plans</span>
          <span className="mt-1 block text-sm font-normal text-muted">
            Every feature of each plan, side by side.
          </span>
        </caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="w-2/5 px-3 py-4 font-semibold text-muted sm:px-6">
              Feature
            </th>
            {COLUMNS.map((name, i) => (
              <th
                scope="col"
                key={name}
                className={cn('px-1.5 py-4 text-center font-semibold text-ink sm:px-4', i === 1 && FEATURED)}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        {FEATURE_GROUPS.map((group) => (
          <tbody key={group.name}>
            <tr>
              <th
                scope="rowgroup"
                colSpan={4}
                className="bg-slate-50 px-3 py-2.5 text-xs font-bold uppercase tracking-wider text-muted sm:px-6"
              >
                {group.name}
              </th>
            </tr>
            {group.rows.map((row) => (
              <tr key={row.feature} className="border-t border-line">
                <th scope="row" className="px-3 py-3 font-medium text-ink sm:px-6">
                  {row.feature}
                </th>
                {row.cells.map((cell, i) => (
                  <td key={COLUMNS[i]} className={cn('px-1.5 py-3 text-center sm:px-4', i === 1 && FEATURED)}>
                    <CellValue value={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
