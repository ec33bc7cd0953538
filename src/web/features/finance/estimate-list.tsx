import { Link } from 'react-router';
import { FolderKanban } from 'lucide-react';
import { ESTIMATE_STATES, ESTIMATE_STATE_LABELS } from '../../../shared/estimates';
import { ESTIMATE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { Banner } from '../../components/ui/banner';
import { cn } from '../../components/ui/cn';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import {
  EmptyState,
  EstimateStateBadge,
  rowLinkClasses,
  showDate,
} from '../../components/finance/finance-parts';
import { serverMessage } from '../../lib/api-client';
import { useClientOptions } from '../../lib/clients-api';
import { useEstimates } from '../../lib/estimates-api';
import { projectPath } from './estimate-draft';
import type { InvoicesAddress } from './finance-address';

const chip =
  'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Search, client and one state (All, Draft, Sent…), all kept in the address. */
function EstimateFilters({ address }: { address: InvoicesAddress }) {
  const { estimateFilters: filters, setEstimateFilters: setFilters } = address;
  const clients = useClientOptions();
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchBox
          label="Search estimates"
          placeholder="Search by number, client or line"
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
        />
        <OptionSelectField
          label="Client"
          hideLabel
          size="sm"
          value={filters.client}
          onChange={(e) => setFilters({ client: e.target.value })}
          options={[
            { value: '', label: 'All clients' },
            ...(clients.data ?? []).map((c) => ({ value: c._id, label: c.name })),
          ]}
        />
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by state">
        {(['', ...ESTIMATE_STATES] as const).map((state) => {
          const on = filters.state === state;
          return (
            <button
              key={state || 'all'}
              type="button"
              aria-pressed={on}
              onClick={() => setFilters({ state })}
              className={cn(
                chip,
                on
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-line bg-white text-muted hover:text-ink',
              )}
            >
              {state ? ESTIMATE_STATE_LABELS[state] : 'All'}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The estimates as a table, newest first, a page at a time (docs/product/finance.md#the-estimates-tab). */
export function EstimateList({
  address,
  canOpenProjects,
}: {
  address: InvoicesAddress;
  canOpenProjects: boolean;
}) {
  const { estimateFilters: filters, setEstimateFilters, openEstimate } = address;
  const estimates = useEstimates(filters);
  const filtered = Boolean(filters.search || filters.client || filters.state);
  return (
    <div className="space-y-4">
      <EstimateFilters address={address} />
      {estimates.isPending ? (
        <Spinner label="Loading estimates..." />
      ) : estimates.isError ? (
        <Banner message={serverMessage(estimates.error) ?? 'The estimates could not be loaded.'} />
      ) : estimates.data.estimates.length === 0 ? (
        <EmptyState>{filtered ? M.noMatch : M.empty}</EmptyState>
      ) : (
        <>
          <DataTable caption="Estimates" tableClassName="min-w-[48rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Number</th>
                <th className="px-4 py-3">Client</th>
                <th className="px-4 py-3">Issued</th>
                <th className="px-4 py-3">Valid until</th>
                <th className="px-4 py-3">State</th>
                <th className="px-4 py-3">Project</th>
                <th className="px-4 py-3 text-right">Total</th>
              </tr>
            </thead>
            <tbody className={estimates.isPlaceholderData ? 'opacity-60' : undefined}>
              {estimates.data.estimates.map((estimate) => (
                <tr key={estimate._id} className="border-b border-line last:border-0">
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className={cn(rowLinkClasses, 'whitespace-nowrap font-mono')}
                      onClick={() => openEstimate(estimate._id)}
                      aria-label={`Open ${estimate.number} for ${estimate.clientName}`}
                    >
                      {estimate.number}
                    </button>
                  </td>
                  <td className="px-4 py-3 text-ink">{estimate.clientName}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted">{showDate(estimate.issueDate)}</td>
                  <td
                    className={cn(
                      'whitespace-nowrap px-4 py-3',
                      estimate.state === 'expired' ? 'font-medium text-amber-800' : 'text-muted',
                    )}
                  >
                    {showDate(estimate.validUntil)}
                  </td>
                  <td className="px-4 py-3">
                    <EstimateStateBadge state={estimate.state} />
                  </td>
                  <td className="px-4 py-3">
                    {estimate.projectId &&
                      (canOpenProjects ? (
                        <Link
                          to={projectPath(estimate.projectId)}
                          className={cn(rowLinkClasses, 'inline-flex items-center gap-1.5 text-sm')}
                          aria-label={`Open the project of ${estimate.number}`}
                        >
                          <FolderKanban className="size-4 shrink-0" aria-hidden /> Project
                        </Link>
                      ) : (
                        <span className="text-sm text-muted">Made a project</span>
                      ))}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
                    {formatMoney(estimate.total, estimate.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Estimate pages"
            page={estimates.data.pageInfo.page}
            totalPages={estimates.data.pageInfo.totalPages}
            extra={` (${estimates.data.pageInfo.total} estimates)`}
            onPage={(page) => setEstimateFilters({ page })}
          />
        </>
      )}
    </div>
  );
}
