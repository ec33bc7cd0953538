import { Download } from 'lucide-react';
import {
  LEAD_IMPORT_FIELDS,
  LEAD_IMPORT_FIELD_LABELS,
  type LeadImportField,
} from '../../../shared/lead-import-formats';
import type { LeadImportPreview } from '../../../shared/schemas/lead-import-preview';
import { formatIndianNumber } from '../../../shared/text';
import { Button } from '../../components/ui/button';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { cn } from '../../components/ui/cn';

/** A column's choice as the select holds it: a field, or '' for "Don't import". */
export type ColumnChoices = Record<string, LeadImportField | null>;

const DONT_IMPORT = '';
const FIELD_OPTIONS = [
  { value: DONT_IMPORT, label: "Don't import" },
  ...LEAD_IMPORT_FIELDS.map((field) => ({ value: field, label: LEAD_IMPORT_FIELD_LABELS[field] })),
];
const SHOWN_REFUSED = 8;

/**
 * The first rows of the file under its header, each column with its lead field (preset from the server's
 * automatic match) or "Don't import". A column whose header is empty cannot be named in a mapping: it
 * shows its automatic choice, which is always "Don't import".
 */
export function ImportPreviewTable({
  preview,
  choices,
  disabled,
  onChoose,
}: {
  preview: LeadImportPreview;
  choices: ColumnChoices;
  disabled: boolean;
  onChoose(header: string, field: LeadImportField | null): void;
}) {
  const { columns, rows } = preview;
  return (
    <section aria-labelledby="lead-import-preview" className="space-y-2" data-testid="import-preview">
      <h3 id="lead-import-preview" className="text-sm font-semibold text-ink">
        Preview: the first {rows.length === 1 ? 'row' : `${rows.length} rows`} and what each column imports
      </h3>
      <DataTable caption="The file's first rows and each column's lead field" tableClassName="min-w-max">
        <thead className={tableHeadClasses}>
          <tr>
            <th scope="col" className="px-3 py-2 align-bottom">
              Row
            </th>
            {columns.map((column, index) => {
              const header = column.header.trim();
              const choice = header ? (choices[header] ?? null) : column.automatic;
              return (
                <th key={index} scope="col" className="w-44 px-3 py-2 align-bottom font-normal normal-case">
                  <OptionSelectField
                    label={header || `Column ${index + 1} (no name)`}
                    className="min-w-40 [&>label]:truncate [&>label]:text-xs [&>label]:font-semibold [&>label]:uppercase [&>label]:text-muted"
                    size="sm"
                    options={FIELD_OPTIONS}
                    value={choice ?? DONT_IMPORT}
                    disabled={disabled || !header}
                    data-testid={`mapping-${header}`}
                    onChange={(event) =>
                      onChoose(header, (event.currentTarget.value || null) as LeadImportField | null)
                    }
                  />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map(({ row, cells }) => (
            <tr key={row}>
              <td className="px-3 py-2 text-muted">{row}</td>
              {columns.map((column, index) => {
                const header = column.header.trim();
                const skipped = !(header ? choices[header] : column.automatic);
                return (
                  <td
                    key={index}
                    className={cn(
                      'max-w-56 truncate px-3 py-2',
                      skipped ? 'text-slate-500 line-through' : 'text-ink',
                    )}
                    title={cells[index]}
                  >
                    {cells[index] ?? ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

/** What the import would do with the file and the choices: the counts of the dry run. */
export function ImportPreviewCounts({ counts }: { counts: LeadImportPreview['counts'] }) {
  const items = [
    ['Rows in the file', counts.rows, 'text-ink'],
    ['To import', counts.toImport, 'text-green-800'],
    ['Repeated in the file', counts.duplicatesInFile, 'text-amber-800'],
    ['Already your leads', counts.alreadyLeads, 'text-amber-800'],
    ['Possible duplicates', counts.possibleDuplicates, 'text-amber-800'],
    ['Refused', counts.refused, counts.refused ? 'text-red-700' : 'text-ink'],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-3" data-testid="import-preview-counts">
      {items.map(([label, value, tone]) => (
        <div key={label} className="flex flex-col-reverse rounded-xl bg-canvas px-2 py-2.5">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className={cn('text-lg font-bold', tone)}>{formatIndianNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The first refused rows with their reasons, and the file of all of them (as many as the answer holds). */
export function RefusedRows({
  refused,
  total,
  onDownload,
}: {
  refused: LeadImportPreview['refused'];
  total: number;
  onDownload(): void;
}) {
  if (total === 0) return null;
  return (
    <section aria-labelledby="lead-import-refused" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="lead-import-refused" className="text-sm font-semibold text-ink">
          Rows that will not be imported
        </h3>
        <Button variant="secondary" size="sm" onClick={onDownload}>
          <Download className="size-4" aria-hidden />
          Download refused rows
        </Button>
      </div>
      <ul className="divide-y divide-line rounded-xl border border-line text-sm">
        {refused.slice(0, SHOWN_REFUSED).map((error) => (
          <li key={error.row} className="flex gap-3 px-3 py-2">
            <span className="shrink-0 font-semibold text-ink">Row {error.row}</span>
            <span className="min-w-0 break-words text-muted">{error.message}</span>
          </li>
        ))}
      </ul>
      {total > SHOWN_REFUSED && (
        <p className="text-xs text-muted">
          and {formatIndianNumber(total - SHOWN_REFUSED)} more
          {total > refused.length
            ? `; the file holds the first ${formatIndianNumber(refused.length)}.`
            : ' in the file.'}
        </p>
      )}
    </section>
  );
}
