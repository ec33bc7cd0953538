import { formatMoney } from '../../../shared/money';
import type { InvoiceListItem } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { cn } from '../../components/ui/cn';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { EmptyState, rowLinkClasses, showDate } from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useInvoices } from '../../lib/finance-api';
import type { InvoicesAddress } from './finance-address';

/** The invoice a credit note corrects, as a link to it. */
function Corrects({ note, onOpen }: { note: InvoiceListItem; onOpen(id: string): void }) {
  const corrects = note.corrects;
  if (!corrects) return <span className="text-muted">–</span>;
  return (
    <button type="button" className={cn(rowLinkClasses, 'font-mono')} onClick={() => onOpen(corrects._id)}>
      {corrects.number ?? 'Draft'}
    </button>
  );
}

/** Credit notes, newest first, each linking to the invoice it corrects. */
export function CreditNoteList({ address }: { address: InvoicesAddress }) {
  const { filters, setFilters, openInvoice } = address;
  const notes = useInvoices({ ...filters, state: [], kind: 'credit_note' });
  if (notes.isPending) return <Spinner label="Loading credit notes..." />;
  if (notes.isError)
    return <Banner message={serverMessage(notes.error) ?? 'The credit notes could not be loaded.'} />;
  if (notes.data.invoices.length === 0)
    return <EmptyState>No credit notes yet. Issue one from a final invoice’s page to correct it.</EmptyState>;
  return (
    <div className="space-y-4">
      <DataTable caption="Credit notes" tableClassName="min-w-[40rem]">
        <thead className={tableHeadClasses}>
          <tr>
            <th className="px-4 py-3">Number</th>
            <th className="px-4 py-3">Corrects</th>
            <th className="px-4 py-3">Client</th>
            <th className="px-4 py-3">Issued</th>
            <th className="px-4 py-3 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {notes.data.invoices.map((note) => (
            <tr key={note._id} className="border-b border-line last:border-0">
              <td className="px-4 py-3">
                <button
                  type="button"
                  className={cn(rowLinkClasses, 'font-mono')}
                  onClick={() => openInvoice(note._id)}
                >
                  {note.number}
                </button>
              </td>
              <td className="px-4 py-3">
                <Corrects note={note} onOpen={openInvoice} />
              </td>
              <td className="px-4 py-3 text-ink">{note.clientName}</td>
              <td className="px-4 py-3 text-muted">{showDate(note.issueDate)}</td>
              <td className="px-4 py-3 text-right tabular-nums text-ink">
                {formatMoney(note.total, note.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination
        label="Credit note pages"
        page={notes.data.pageInfo.page}
        totalPages={notes.data.pageInfo.totalPages}
        onPage={(page) => setFilters({ page })}
      />
    </div>
  );
}
