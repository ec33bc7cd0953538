import { useCallback, useEffect, useState } from 'react';
import { Download, Plus, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type { Lead, LeadStatus } from '../../../shared/schemas/leads';
import type { SectionProps } from '../../lib/section-props';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { BOARD_LIMIT, PAGE_SIZE, useLeadFilters, type LeadSortField } from './lead-filters';
import { LeadAddPanel } from './lead-add-panel';
import { LeadImportPanel } from './lead-import-panel';
import { BoardLimitNote, LeadsEmpty } from './lead-list-states';
import { LeadPagination } from './lead-pagination';
import { LeadPanel } from './lead-panel';
import { LeadStats } from './lead-stats';
import { LeadToolbar } from './lead-toolbar';
import { downloadLeadsExport, useLeads, useUpdateLead } from './leads-api';
import { LeadsBoard } from './leads-board';
import { LeadsCards } from './leads-cards';
import { LeadsTable } from './leads-table';

type Dialog = { kind: 'add' } | { kind: 'import' } | { kind: 'lead'; lead: Lead } | null;
const TEXT_SORTS: readonly LeadSortField[] = ['name', 'company', 'status', 'priority'];

/** Client Leads (docs/product/leads.md#screen): stats, search, filters, Export, Import, Add Lead, table or board, side panel. */
export function LeadsSection({ section }: SectionProps) {
  const { filters, layout, update, active } = useLeadFilters();
  const board = layout === 'board';
  const list = useLeads(board ? { ...filters, page: 1 } : filters, board ? BOARD_LIMIT : PAGE_SIZE);
  const move = useUpdateLead();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const close = useCallback(() => setDialog(null), []);
  const open = useCallback((lead: Lead) => setDialog({ kind: 'lead', lead }), []);

  const answer = list.data;
  const leads = answer?.leads ?? [];
  // A page emptied by deletes (or an old link) moves back to the last page that has leads.
  const lastPage = Math.max(1, answer?.pagination.totalPages ?? 1);
  const pageGone = !board && !list.isPlaceholderData && leads.length === 0 && filters.page > lastPage;
  useEffect(() => {
    if (pageGone) update({ page: lastPage });
  }, [pageGone, lastPage, update]);

  const sort = (field: LeadSortField) =>
    update({
      sort: field,
      order:
        filters.sort === field
          ? filters.order === 'asc'
            ? 'desc'
            : 'asc'
          : TEXT_SORTS.includes(field)
            ? 'asc'
            : 'desc',
    });

  const changeStatus = (lead: Lead, status: LeadStatus) =>
    move.mutate(
      { id: lead._id, changes: { status } },
      {
        onSuccess: () => toast.success(LEAD_MESSAGES.statusUpdated),
        onError: (error) => toast.error(serverMessage(error) ?? 'The status could not be changed.'),
      },
    );

  const exportLeads = async () => {
    setExporting(true);
    try {
      await downloadLeadsExport(filters);
      toast.success(LEAD_MESSAGES.exported);
    } catch (error) {
      toast.error(serverMessage(error) ?? 'The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{section.title ?? section.label}</h1>
          <p className="mt-1 text-sm text-muted">
            Every enquiry of your workspace, from first contact to client.
          </p>
        </div>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <Button variant="secondary" onClick={() => void exportLeads()} disabled={exporting}>
            <Download className="size-4" aria-hidden />
            {exporting ? 'Exporting...' : 'Export'}
          </Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
            <Upload className="size-4" aria-hidden />
            Import
          </Button>
          <Button onClick={() => setDialog({ kind: 'add' })} className="col-span-2">
            <Plus className="size-4" aria-hidden />
            Add Lead
          </Button>
        </div>
      </div>

      <LeadStats stats={answer?.stats} />
      <LeadToolbar filters={filters} layout={layout} active={active} onChange={update} />

      {list.isError && <Banner message={serverMessage(list.error) ?? 'Leads could not be loaded.'} />}
      {list.isPending ? (
        <Spinner label="Loading leads..." />
      ) : board ? (
        <div className="space-y-3" aria-busy={list.isFetching}>
          <BoardLimitNote shown={leads.length} total={answer?.pagination.total ?? 0} />
          <LeadsBoard leads={leads} onMove={changeStatus} onOpen={open} />
        </div>
      ) : leads.length === 0 ? (
        !list.isError && <LeadsEmpty />
      ) : (
        <div className="space-y-4" aria-busy={list.isFetching}>
          <div className="hidden md:block">
            <LeadsTable leads={leads} filters={filters} onSort={sort} onOpen={open} />
          </div>
          <div className="md:hidden">
            <LeadsCards leads={leads} onOpen={open} />
          </div>
          {answer && <LeadPagination pagination={answer.pagination} onPage={(page) => update({ page })} />}
        </div>
      )}

      {dialog?.kind === 'add' && <LeadAddPanel onClose={close} />}
      {dialog?.kind === 'import' && <LeadImportPanel onClose={close} />}
      {dialog?.kind === 'lead' && <LeadPanel key={dialog.lead._id} lead={dialog.lead} onClose={close} />}
    </div>
  );
}
