import { useId, useState, type FormEvent } from 'react';
import { Download, FileUp } from 'lucide-react';
import { toast } from 'sonner';
import type { LeadImportField, LeadImportMapping } from '../../../shared/lead-import-formats';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type { LeadImportPreview } from '../../../shared/schemas/lead-import-preview';
import type { LeadImportResult } from '../../../shared/schemas/leads';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { SidePanel } from '../../components/ui/side-panel';
import { Spinner } from '../../components/ui/spinner';
import { useImportLeads, usePreviewImport } from './lead-import-api';
import {
  ImportPreviewCounts,
  ImportPreviewTable,
  RefusedRows,
  type ColumnChoices,
} from './lead-import-preview';
import { downloadRefusedRows } from './lead-import-refused';
import { ImportDuplicateRows } from './lead-import-duplicates';
import { ImportProgress, ImportSummary } from './lead-import-result';

const FORM_ID = 'import-leads-form';

/** The field each named column feeds, as the server answered it. */
function choicesOf(preview: LeadImportPreview): ColumnChoices {
  const choices: ColumnChoices = {};
  for (const { header, field } of preview.columns) if (header.trim()) choices[header.trim()] = field;
  return choices;
}

/** The columns whose choice differs from the server's automatic match: the `mapping` field to send. */
function mappingOf(preview: LeadImportPreview, choices: ColumnChoices): LeadImportMapping {
  const mapping: LeadImportMapping = {};
  for (const { header, automatic } of preview.columns) {
    const name = header.trim();
    if (name && Object.hasOwn(choices, name) && choices[name] !== automatic) mapping[name] = choices[name]!;
  }
  return mapping;
}

/** The import's refused rows with their cells as the preview read them (the same parse of the same file). */
function refusedOfImport(result: LeadImportResult, preview: LeadImportPreview) {
  const cells = new Map(preview.refused.map((row) => [row.row, row.cells]));
  return result.errors.map((error) => ({ ...error, cells: cells.get(error.row) ?? [] }));
}

/**
 * Import a .csv (docs/product/leads.md#import): choose a file → a preview of its first rows, each column's field
 * (changeable, or "Don't import"), the counts and the refused rows, nothing written yet → Import sends the
 * file with the mapping, with the upload's progress → the summary, and the refused rows as a file.
 */
export function LeadImportPanel({ onClose }: { onClose(): void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [notCsv, setNotCsv] = useState(false);
  const [preview, setPreview] = useState<LeadImportPreview | null>(null);
  const [choices, setChoices] = useState<ColumnChoices>({});
  const [percent, setPercent] = useState(0);
  const previewImport = usePreviewImport();
  const importLeads = useImportLeads(setPercent);
  const result = importLeads.data;
  const busy = previewImport.isPending || importLeads.isPending;

  const runPreview = (chosen: File, mapping: LeadImportMapping) =>
    previewImport.mutate(
      { file: chosen, mapping },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setChoices(choicesOf(answer));
        },
      },
    );

  const choose = (chosen: File | null) => {
    importLeads.reset();
    previewImport.reset();
    setPercent(0);
    setPreview(null);
    setChoices({});
    setFile(chosen);
    const csv = Boolean(chosen && chosen.name.toLowerCase().endsWith('.csv'));
    setNotCsv(Boolean(chosen) && !csv);
    if (chosen && csv) runPreview(chosen, {});
  };

  const changeColumn = (header: string, field: LeadImportField | null) => {
    if (!file || !preview) return;
    const next = { ...choices, [header]: field };
    setChoices(next);
    runPreview(file, mappingOf(preview, next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !preview || busy) return;
    setPercent(0);
    importLeads.mutate(
      { file, mapping: mappingOf(preview, choices) },
      {
        onSuccess: (answer) => toast.success(LEAD_MESSAGES.imported(answer.imported)),
        onError: () => toast.error(LEAD_MESSAGES.importError),
      },
    );
  };

  const download = (refused: LeadImportPreview['refused']) => {
    if (!preview || !file) return;
    downloadRefusedRows({ columns: preview.columns, refused }, file.name).catch(() =>
      toast.error('The file of refused rows could not be made. Please try again.'),
    );
  };

  const canImport =
    Boolean(preview) && !previewImport.isError && !busy && (preview?.counts.toImport ?? 0) > 0;

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {result ? 'Done' : 'Cancel'}
      </Button>
      {!result && (
        <Button type="submit" form={FORM_ID} disabled={!canImport}>
          <FileUp className="size-4" aria-hidden />
          {importLeads.isPending ? 'Importing...' : 'Import'}
        </Button>
      )}
    </>
  );

  return (
    <SidePanel title="Import Leads" onClose={onClose} footer={footer} wide>
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-5">
        <div>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={importLeads.isPending}
            aria-describedby={`${inputId}-help`}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="block w-full rounded-lg border border-slate-300 bg-white text-sm text-ink file:mr-3 file:h-10 file:border-0 file:border-r file:border-slate-300 file:bg-canvas file:px-4 file:text-sm file:font-semibold file:text-ink hover:file:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          <p id={`${inputId}-help`} className="mt-1.5 text-xs text-muted">
            A .csv file with a header row, such as a contacts export from HubSpot, Salesforce, Pipedrive,
            Zoho, Twenty, LinkedIn, Google, Outlook, Mailchimp or Brevo: its columns are recognised as they
            are. Each row needs a name and an e-mail, phone or profile URL. You see a preview and can change
            what each column imports before anything is saved; e-mails already in your leads are skipped, and
            rows with the phone, or the name and company, of a lead are left out as possible duplicates.
          </p>
        </div>

        {notCsv && <Banner message={LEAD_MESSAGES.csvOnly} />}
        {previewImport.isPending && !preview && <Spinner label="Reading the file…" />}
        {previewImport.isError && (
          <Banner message={serverMessage(previewImport.error) ?? LEAD_MESSAGES.importError} />
        )}

        {preview && !result && (
          <>
            <div aria-live="polite" aria-busy={previewImport.isPending} className="space-y-1.5">
              <p className="text-sm text-muted">
                {previewImport.isPending ? 'Checking the rows again…' : 'What the import will do:'}
              </p>
              <div className={cn(previewImport.isPending && 'opacity-50')}>
                <ImportPreviewCounts counts={preview.counts} />
              </div>
            </div>
            {!previewImport.isPending && (
              <ImportDuplicateRows
                rows={preview.possibleDuplicates}
                count={preview.counts.possibleDuplicates}
              />
            )}
            <ImportPreviewTable preview={preview} choices={choices} disabled={busy} onChoose={changeColumn} />
            {!previewImport.isPending && (
              <RefusedRows
                refused={preview.refused}
                total={preview.counts.refused}
                onDownload={() => download(preview.refused)}
              />
            )}
          </>
        )}

        {importLeads.isPending && <ImportProgress percent={percent} />}
        {importLeads.isError && (
          <Banner message={serverMessage(importLeads.error) ?? LEAD_MESSAGES.importError} />
        )}
        {result && <ImportSummary result={result} />}
        {result && preview && result.errors.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => download(refusedOfImport(result, preview))}>
            <Download className="size-4" aria-hidden />
            Download refused rows
          </Button>
        )}
      </form>
    </SidePanel>
  );
}
