import { DateRangePicker, type RangeKeyDict } from 'react-date-range';
import 'react-date-range/dist/styles.css';
import 'react-date-range/dist/theme/default.css';
import './date-range-filter.css';

export interface DayRange {
  startDate: Date;
  endDate: Date;
}

/**
 * Date-range picker (docs/product/botgit.md#scraped-data). react-date-range's defaults are the spec's: static ranges Today, Yesterday,
 * This Week, Last Week, This Month, Last Month; 'MMM d, yyyy'; 100 years back to 20 ahead; day-count
 * inputs limited to 0–99999. Days are the browser's own calendar days.
 */
export function DateRangeFilter({
  range,
  onChange,
}: {
  range: DayRange | null;
  onChange(range: DayRange): void;
}) {
  const today = new Date();
  return (
    <div className="botgit-range w-full max-w-full overflow-x-auto rounded-2xl border border-line bg-white shadow-sm sm:w-fit">
      <DateRangePicker
        ranges={[
          { startDate: range?.startDate ?? today, endDate: range?.endDate ?? today, key: 'selection' },
        ]}
        onChange={(ranges: RangeKeyDict) => {
          const { startDate, endDate } = ranges.selection ?? {};
          if (startDate && endDate) onChange({ startDate, endDate });
        }}
        months={1}
        direction="horizontal"
        rangeColors={['#4f46e5']}
        ariaLabels={{
          dateInput: { selection: { startDate: 'Start date', endDate: 'End date' } },
          monthPicker: 'Month',
          yearPicker: 'Year',
          prevButton: 'Previous month',
          nextButton: 'Next month',
        }}
      />
    </div>
  );
}

/** YYYY-MM-DD of a local calendar day (not UTC: the server is told the browser's offset). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
