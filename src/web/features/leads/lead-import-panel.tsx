import { useId, useState, type FormEvent } from 'react';
import { FileUp } from 'lucide-react';
import { toast } from 'sonner';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/side-panel';
import { ImportProgress, ImportSummary } from './lead-import-result';
import { useImportLeads } from './leads-api';

const FORM_ID = 'import-leads-form';

/** Import a .csv: upload progress, then an indeterminate bar while the server imports, then a summary. */
export function LeadImportPanel({ onClose }: { onClose(): void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [notCsv, setNotCsv] = useState(false);
  const importLeads = useImportLeads(setPercent);
  const result = importLeads.data;

  const choose = (chosen: File | null) => {
    importLeads.reset();
    setPercent(0);
    setFile(chosen);
    setNotCsv(Boolean(chosen && !chosen.name.toLowerCase().endsWith('.csv')));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || notCsv) return;
    setPercent(0);
    importLeads.mutate(file, {
      onSuccess: (answer) => toast.success(LEAD_MESSAGES.imported(answer.imported)),
      onError: () => toast.error(LEAD_MESSAGES.importError),
    });
  };

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {result ? 'Done' : 'Cancel'}
      </Button>
      {!result && (
        <Button type="submit" form={FORM_ID} disabled={!file || notCsv || importLeads.isPending}>
          <FileUp className="size-4" aria-hidden />
          {importLeads.isPending ? 'Importing...' : 'Import'}
        </Button>
      )}
    </>
  );

  return (
    <SidePanel title="Import Leads" onClose={onClose} footer={footer}>
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
            className="block w-full rounded-lg border border-slate-300 bg-white text-sm text-ink file:mr-3 file:h-10 file:border-0 file:border-r file:border-slate-300 file:bg-canvas file:px-4 file:text-sm file:font-semibold file:text-ink hover:file:bg-slate-100"
          />
          <p id={`${inputId}-help`} className="mt-1.5 text-xs text-muted">
            A .csv file whose first row names the columns: Name and Email are needed; Phone, Company, Status,
            Source, Priority and Notes are optional. Rows without a name or e-mail are reported; e-mails
            already in your leads are skipped.
          </p>
        </div>

        {notCsv && <Banner message={LEAD_MESSAGES.csvOnly} />}
        {importLeads.isPending && <ImportProgress percent={percent} />}
        {importLeads.isError && (
          <Banner message={serverMessage(importLeads.error) ?? LEAD_MESSAGES.importError} />
        )}
        {result && <ImportSummary result={result} />}
      </form>
    </SidePanel>
  );
}
