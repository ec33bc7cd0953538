import { useState } from 'react';
import { Download, History } from 'lucide-react';
import { toast } from 'sonner';
import { AUDIT_MESSAGES } from '../../../../shared/messages';
import { canReadAuditLog } from '../../../../shared/audit';
import type { PublicUser } from '../../../../shared/schemas/public-user';
import { formatIndianNumber } from '../../../../shared/text';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-client';
import { downloadAuditExport, useAuditLog, type AuditFilters } from './audit-api';
import { AuditFiltersBar } from './audit-filters';
import { AuditTable } from './audit-table';

/** The page of entries with its states: loading, failed, nothing matching, or the table and its pages. */
function AuditEntries({
  filters,
  page,
  onPage,
}: {
  filters: AuditFilters;
  page: number;
  onPage(page: number): void;
}) {
  const log = useAuditLog(filters, page);
  if (log.isPending) return <Spinner label={AUDIT_MESSAGES.loading} />;
  if (log.isError)
    return <Banner message={serverMessage(log.error) ?? 'The audit log could not be loaded.'} />;
  const { entries, pagination } = log.data;
  if (entries.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center text-sm text-muted">
        {AUDIT_MESSAGES.empty}
      </p>
    );
  return (
    <div className="space-y-3" aria-busy={log.isPlaceholderData}>
      <AuditTable entries={entries} />
      <Pagination
        label="Audit log pages"
        page={pagination.page}
        totalPages={pagination.totalPages}
        extra={` · ${formatIndianNumber(pagination.total)} entries`}
        onPage={onPage}
      />
    </div>
  );
}

/** The filters, the export and the entries; reading starts only for those allowed to read. */
function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditExport(filters);
    } catch (error) {
      toast.error(serverMessage(error) ?? 'The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-4">
      <AuditFiltersBar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
        actions={
          <Button
            variant="secondary"
            onClick={() => void exportCsv()}
            disabled={exporting}
            className="w-full sm:w-auto"
          >
            <Download className="size-4" aria-hidden />
            {exporting ? 'Exporting...' : AUDIT_MESSAGES.exportCsv}
          </Button>
        }
      />
      <AuditEntries filters={filters} page={page} onPage={setPage} />
    </div>
  );
}

/**
 * The Security tab's audit log (docs/product/workspace.md#audit-log): who did what, when and from which address, for the workspace's
 * Admin or Business Admin. Everyone else is told who can read it; the server refuses them too.
 */
export function AuditLogCard({ user }: { user: PublicUser }) {
  return (
    <Card className="md:col-span-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-ink">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <History className="size-4" aria-hidden />
        </span>
        {AUDIT_MESSAGES.title}
      </h2>
      <div className="mt-3 text-sm text-muted">
        {canReadAuditLog(user.role) ? <AuditLog /> : <p>{AUDIT_MESSAGES.adminsOnly}</p>}
      </div>
    </Card>
  );
}
