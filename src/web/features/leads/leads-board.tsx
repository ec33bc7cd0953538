import { useState, type DragEvent } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../../shared/schemas/leads';
import { cn } from '../../components/ui/cn';
import { LeadPriorityBadge } from './lead-badges';
import { formatLeadDate } from './lead-format';
import { PossibleDuplicateBadge } from './lead-duplicates';

const DRAG_TYPE = 'application/x-lead-id';
const DOT: Record<LeadStatus, string> = {
  New: 'bg-blue-500',
  'In Progress': 'bg-amber-500',
  Qualified: 'bg-green-500',
  Converted: 'bg-purple-500',
  Lost: 'bg-red-500',
};

interface LeadsBoardProps {
  leads: Lead[];
  onMove(lead: Lead, status: LeadStatus): void;
  onOpen(lead: Lead): void;
}

/**
 * Five columns by status. A card is dragged to another column (HTML5 drag and drop) to change its status;
 * keyboard and touch users change it with the status select on the card.
 */
export function LeadsBoard({ leads, onMove, onOpen }: LeadsBoardProps) {
  const [over, setOver] = useState<LeadStatus | null>(null);

  const drop = (status: LeadStatus) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const lead = leads.find((l) => l._id === event.dataTransfer.getData(DRAG_TYPE));
    if (lead && lead.status !== status) onMove(lead, status);
  };

  return (
    <div className="grid auto-cols-[minmax(14.5rem,1fr)] grid-flow-col xl:auto-cols-[minmax(12rem,1fr)] gap-3 overflow-x-auto pb-2">
      {LEAD_STATUSES.map((status) => {
        const items = leads.filter((lead) => lead.status === status);
        const headingId = `lead-column-${status.replace(/\s/g, '-')}`;
        return (
          <section
            key={status}
            aria-labelledby={headingId}
            data-testid={`board-column-${status}`}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(status);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
            }}
            onDrop={drop(status)}
            className={cn(
              'flex min-h-64 flex-col rounded-2xl border bg-canvas p-2 transition-colors',
              over === status ? 'border-brand-500 bg-brand-50' : 'border-line',
            )}
          >
            <div className="flex items-center justify-between px-2 py-1.5">
              <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink">
                <span className={cn('size-2 rounded-full', DOT[status])} aria-hidden />
                {status}
              </h2>
              <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-muted ring-1 ring-line">
                {items.length}
              </span>
            </div>
            <ul className="mt-1 flex max-h-[40rem] flex-1 flex-col gap-2 overflow-y-auto p-0.5">
              {items.map((lead) => (
                <BoardCard key={lead._id} lead={lead} onMove={onMove} onOpen={onOpen} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function BoardCard({ lead, onMove, onOpen }: { lead: Lead } & Omit<LeadsBoardProps, 'leads'>) {
  const [dragging, setDragging] = useState(false);
  const selectId = `board-status-${lead._id}`;
  return (
    <li
      draggable
      data-testid="board-card"
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, lead._id);
        event.dataTransfer.effectAllowed = 'move';
        setDragging(true);
      }}
      onDragEnd={() => setDragging(false)}
      className={cn(
        'relative cursor-grab rounded-xl border border-line bg-white p-3 shadow-sm active:cursor-grabbing',
        dragging && 'opacity-50',
      )}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-ink">{lead.name}</p>
          <p className="truncate text-xs text-muted">{lead.company || lead.email}</p>
        </div>
        <button
          type="button"
          onClick={() => onOpen(lead)}
          aria-label={`Open details of ${lead.name}`}
          className="-mr-1 -mt-1 rounded-md p-1.5 text-muted hover:bg-slate-100 hover:text-ink"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <LeadPriorityBadge priority={lead.priority} />
        <span className="whitespace-nowrap text-xs text-muted">{formatLeadDate(lead.date)}</span>
      </div>
      {lead.possibleDuplicates > 0 && (
        <div className="mt-2">
          <PossibleDuplicateBadge lead={lead} />
        </div>
      )}
      <label htmlFor={selectId} className="sr-only">
        Status of {lead.name}
      </label>
      <select
        id={selectId}
        value={lead.status}
        onChange={(event) => onMove(lead, event.target.value as LeadStatus)}
        className="mt-2 h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-xs text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      >
        {LEAD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </li>
  );
}
