import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { DataTable, RowDetailsButton, tableHeadClasses } from '../../components/ui/table';
import type { Lead } from '../../../shared/schemas/leads';
import type { LeadFilters, LeadSortField } from './lead-filters';
import { FollowUpDueBadge, LeadOwnerBadge, LeadPriorityBadge, LeadStatusBadge } from './lead-badges';
import { formatLeadDate } from './lead-format';
import { PossibleDuplicateBadge } from './lead-duplicates';

type Column = { label: string; sort?: LeadSortField; className?: string };
const COLUMNS: readonly Column[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Company', sort: 'company' },
  { label: 'Phone' },
  { label: 'Owner' },
  { label: 'Status', sort: 'status' },
  { label: 'Priority', sort: 'priority' },
  { label: 'Source' },
  { label: 'Date', sort: 'date' },
  { label: 'Last contact', sort: 'lastContact' },
];

interface LeadsTableProps {
  leads: Lead[];
  filters: LeadFilters;
  onSort(sort: LeadSortField): void;
  onOpen(lead: Lead): void;
}

/** Leads table with sortable headings (docs/product/leads.md#screen) (aria-sort) and a row action that opens the side panel. */
export function LeadsTable({ leads, filters, onSort, onOpen }: LeadsTableProps) {
  return (
    <DataTable caption="Client leads" tableClassName="min-w-[62rem]">
      <thead className={tableHeadClasses}>
        <tr>
          {COLUMNS.map((column) => {
            const current = column.sort !== undefined && filters.sort === column.sort;
            return (
              <th
                key={column.label}
                scope="col"
                className="px-2.5 py-2 align-bottom"
                aria-sort={
                  column.sort === undefined
                    ? undefined
                    : current
                      ? filters.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                }
              >
                {column.sort ? (
                  <button
                    type="button"
                    onClick={() => onSort(column.sort!)}
                    className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-left uppercase hover:bg-slate-200/60 hover:text-ink"
                  >
                    {column.label}
                    <SortIcon active={current} order={filters.order} />
                  </button>
                ) : (
                  <span className="inline-block py-1">{column.label}</span>
                )}
              </th>
            );
          })}
          <th scope="col" className="sticky right-0 bg-canvas px-1 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {leads.map((lead) => (
          <tr key={lead._id} data-testid="lead-row" className="group">
            <td className="max-w-40 px-2.5 py-3">
              <p className="truncate font-semibold text-ink" title={lead.name}>
                {lead.name}
              </p>
              <p className="truncate text-xs text-muted" title={lead.email}>
                {lead.email}
              </p>
            </td>
            <td className="max-w-32 truncate px-2.5 py-3" title={lead.company || undefined}>
              {lead.company || '-'}
            </td>
            <td className="whitespace-nowrap px-2.5 py-3">{lead.phone || '-'}</td>
            <td className="max-w-32 px-2.5 py-3">
              <LeadOwnerBadge owner={lead.owner} />
            </td>
            <td className="px-2.5 py-3">
              <div className="flex flex-col items-start gap-1">
                <LeadStatusBadge status={lead.status} />
                <FollowUpDueBadge lead={lead} />
                <PossibleDuplicateBadge lead={lead} />
              </div>
            </td>
            <td className="px-2.5 py-3">
              <LeadPriorityBadge priority={lead.priority} />
            </td>
            <td className="px-2.5 py-3">{lead.source || '-'}</td>
            <td className="whitespace-nowrap px-2.5 py-3">{formatLeadDate(lead.date)}</td>
            <td className="whitespace-nowrap px-2.5 py-3">{formatLeadDate(lead.lastContact)}</td>
            <td className="sticky right-0 bg-white px-1 py-3 text-right group-hover:bg-canvas">
              <RowDetailsButton label={`Open details of ${lead.name}`} onClick={() => onOpen(lead)} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function SortIcon({ active, order }: { active: boolean; order: 'asc' | 'desc' }) {
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return <Icon className={active ? 'size-3.5 text-brand-700' : 'size-3.5 opacity-50'} aria-hidden />;
}
