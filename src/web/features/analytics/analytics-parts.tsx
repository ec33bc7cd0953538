import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { ANALYTICS_LIMITS } from '../../../shared/analytics';
import { ANALYTICS_MESSAGES, DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { AnalyticsReport } from '../../../shared/schemas/analytics';
import { formatIndianNumber } from '../../../shared/text';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/spinner';
import { tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import {
  downloadAnalyticsCsv,
  isOtherWorkspace,
  isRefused,
  useAnalyticsReport,
  type DayRange,
} from './analytics-api';
import { PeriodPicker, usePeriod } from './analytics-range';

export const count = (value: number) => formatIndianNumber(value);
export const percent = (value: number | null) => (value === null ? '–' : `${value}%`);
export const rupees = (value: number | null) =>
  value === null ? '–' : `₹${formatIndianNumber(Math.round(value * 100) / 100)}`;
/** A visit's length: 1m 05s, 42s. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}
/** A campaign's name as shown: its utm_campaign, else its source. */
export const campaignName = (c: { source: string; medium: string; campaign: string }) =>
  c.campaign || c.source || '(none)';
export const campaignOrigin = (c: { source: string; medium: string }) =>
  [c.source, c.medium].filter(Boolean).join(' / ') || '–';

type Campaign = { source: string; medium: string; campaign: string };

/** A campaign's row key: its three utm values. */
export const campaignKey = (c: Campaign) => `${c.source}|${c.medium}|${c.campaign}`;

/** The first column of every campaign table: the campaign's name over its source and medium. */
export function campaignColumn<Row extends Campaign>(): Column<Row> {
  return {
    label: 'Campaign',
    cell: (c) => (
      <>
        <span className="block">{campaignName(c)}</span>
        <span className="block text-xs font-normal text-muted">{campaignOrigin(c)}</span>
      </>
    ),
  };
}

/**
 * A section of the analytics (docs/product/analytics.md#dashboard-sections): its heading, the period picker,
 * then its body once the figures are in; loading, refused and failed states in place of the body.
 */
export function AnalyticsFrame({
  title,
  description,
  testId,
  exportable,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  exportable?: boolean;
  children(report: AnalyticsReport, range: DayRange): ReactNode;
}) {
  const [period, setPeriod] = usePeriod();
  // Which page of the lists (pages, sources, campaigns…): back to the first with every new period.
  const [page, setPage] = useState(1);
  const report = useAnalyticsReport(period.range, page);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportPart, setExportPart] = useState(1);
  const exportParts = report.data?.exportPageCount ?? 1;
  const choosePeriod = (next: typeof period) => {
    setPeriod(next);
    setPage(1);
    setExportPart(1);
  };
  return (
    <div className="mx-auto max-w-6xl space-y-6" data-testid={testId}>
      <header className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
            <p className="mt-1 max-w-3xl text-sm text-muted">{description}</p>
          </div>
          {exportable && report.data && (
            <div className="flex flex-wrap items-center gap-2">
              {exportParts > 1 && (
                <ExportPartSelect
                  value={Math.min(exportPart, exportParts)}
                  parts={exportParts}
                  onChange={setExportPart}
                />
              )}
              <Button
                variant="secondary"
                disabled={exporting}
                onClick={() => {
                  setExporting(true);
                  setExportError(null);
                  downloadAnalyticsCsv(period.range, Math.min(exportPart, exportParts), exportParts)
                    .catch(() => setExportError(ANALYTICS_MESSAGES.exportFailed))
                    .finally(() => setExporting(false));
                }}
              >
                <Download className="size-4" aria-hidden />
                Export CSV
              </Button>
            </div>
          )}
        </div>
        <PeriodPicker value={period} onChange={choosePeriod} />
        {exportError && <Banner message={exportError} />}
      </header>
      {report.isPending ? (
        <Spinner label={DASHBOARD_MESSAGES.loading} />
      ) : report.isError && isOtherWorkspace(report.error) ? (
        // Not a failure: the public site, and so its figures, are the agency's own.
        <Banner tone="info" message={ANALYTICS_MESSAGES.agencyOnly} />
      ) : report.isError ? (
        <Banner
          message={
            isRefused(report.error)
              ? ANALYTICS_MESSAGES.noModule
              : (serverMessage(report.error) ?? ANALYTICS_MESSAGES.loadFailed)
          }
        />
      ) : (
        <div
          className={report.isPlaceholderData ? 'space-y-6 opacity-60' : 'space-y-6'}
          aria-busy={report.isFetching}
        >
          {children(report.data, period.range)}
          <Pagination
            label="Pages of the lists"
            page={report.data.page}
            totalPages={report.data.pageCount}
            extra={` · ${ANALYTICS_LIMITS.listMax} rows of each list a page`}
            onPage={setPage}
          />
          {report.data.updatedAt && (
            <p className="text-xs text-muted">
              Counted up to {new Date(report.data.updatedAt).toLocaleString()}; new page views are taken in
              every minute.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** Which file of a long export to download: each holds ANALYTICS_LIMITS.exportRowsMax rows of every list. */
function ExportPartSelect({
  value,
  parts,
  onChange,
}: {
  value: number;
  parts: number;
  onChange(part: number): void;
}) {
  return (
    <OptionSelectField
      label="CSV file"
      hideLabel
      size="sm"
      value={String(value)}
      options={Array.from({ length: parts }, (_, i) => ({
        value: String(i + 1),
        label: `Part ${i + 1} of ${parts}`,
      }))}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}

/** A card with a heading around a list or table of figures. */
export function Panel({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-2xl border border-line bg-surface p-5 shadow-sm ${className ?? ''}`}
    >
      <h2 id={id} className="text-base font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-line bg-white px-4 py-6 text-center text-sm text-muted">
      {children}
    </p>
  );
}

export interface Column<Row> {
  label: string;
  cell(row: Row): ReactNode;
  /** Figures are right-aligned. */
  numeric?: boolean;
}

/**
 * A table of figures. Up to three columns it stays a table at every width; wider ones become one card per row
 * under 640 px (each figure beside its column's name), so nothing hides off-screen at 390 px.
 */
export function FigureTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  minWidth = '',
}: {
  caption: string;
  // The rows decide Row: a shared column or key (the campaign's) must not narrow it.
  columns: Column<NoInfer<Row>>[];
  rows: Row[];
  rowKey(row: NoInfer<Row>): string;
  empty: string;
  minWidth?: string;
}) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  const stack = columns.length > 3;
  const m = (classes: string) => (stack ? classes : '');
  return (
    <div className={stack ? 'sm:-mx-1 sm:overflow-x-auto sm:px-1' : ''}>
      <table className={cn('w-full text-left text-sm', m('max-sm:block'), minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn(tableHeadClasses, m('max-sm:hidden'))}>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cn('px-2 py-2 sm:px-3', c.numeric && 'text-right')}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-line', m('max-sm:block'))}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={m('max-sm:block max-sm:py-2')}>
              {columns.map((c, i) => (
                <td
                  key={c.label}
                  data-label={c.label}
                  className={cn(
                    'px-2 py-2 sm:px-3',
                    c.numeric
                      ? 'whitespace-nowrap text-right tabular-nums text-ink'
                      : 'max-w-[16rem] break-words',
                    !c.numeric && (i === 0 ? 'font-medium text-ink' : 'text-muted'),
                    stack &&
                      (i === 0
                        ? 'max-sm:block max-sm:max-w-none max-sm:px-0 max-sm:pb-1'
                        : 'max-sm:flex max-sm:max-w-none max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-0.5 max-sm:before:font-normal max-sm:before:text-muted max-sm:before:content-[attr(data-label)]'),
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
