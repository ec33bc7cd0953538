import { AlertTriangle, SearchX } from 'lucide-react';
import { PROJECT_MESSAGES as M } from '../../../shared/messages';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectView } from '../../../shared/schemas/projects';
import { Banner } from '../../components/ui/banner';
import { cn } from '../../components/ui/cn';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Pagination } from '../../components/ui/pagination';
import { SearchBox } from '../../components/ui/search-box';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import {
  BudgetBar,
  ProjectStatusBadge,
  isOverBudget,
  showDate,
} from '../../components/projects/project-parts';
import { serverMessage } from '../../lib/api-client';
import { useClientOptions } from '../../lib/clients-api';
import { useProjectMembers, useProjects, type ProjectListParams } from '../../lib/projects-api';
import type { ProjectsAddress } from './project-filters';

const today = () => new Date().toISOString().slice(0, 10);

/** The list's filters: search, client, manager, statuses, due, over budget, order — all in the address. */
function ProjectFilters({ address, board }: { address: ProjectsAddress; board: boolean }) {
  const { filters, setFilters } = address;
  const clients = useClientOptions();
  const members = useProjectMembers();
  const toggle = (status: ProjectListParams['status'][number]) =>
    setFilters({
      status: filters.status.includes(status)
        ? filters.status.filter((s) => s !== status)
        : [...filters.status, status],
    });
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <SearchBox
          label="Search projects"
          placeholder="Search by name, code or client"
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
        <OptionSelectField
          label="Manager"
          hideLabel
          size="sm"
          value={filters.manager}
          onChange={(e) => setFilters({ manager: e.target.value })}
          options={[
            { value: '', label: 'Any manager' },
            { value: 'me', label: 'Managed by me' },
            ...(members.data ?? []).map((m) => ({ value: m._id, label: m.username })),
          ]}
        />
        <OptionSelectField
          label="Due"
          hideLabel
          size="sm"
          value={filters.due}
          onChange={(e) => setFilters({ due: e.target.value as ProjectListParams['due'] })}
          options={[
            { value: '', label: 'Any due date' },
            { value: 'overdue', label: 'Overdue' },
            { value: 'this-week', label: 'Due this week' },
            { value: 'this-month', label: 'Due this month' },
            { value: 'none', label: 'No due date' },
          ]}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter by status">
        {!board &&
          PROJECT_STATUSES.map((status) => {
            const on = filters.status.includes(status);
            return (
              <button
                key={status}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(status)}
                className={cn(
                  'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  on
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-line bg-white text-muted hover:text-ink',
                )}
              >
                {PROJECT_STATUS_LABELS[status]}
              </button>
            );
          })}
        <label className="ml-auto flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={filters.overBudget}
            onChange={(e) => setFilters({ overBudget: e.target.checked })}
          />
          Over budget only
        </label>
      </div>
    </div>
  );
}

function Empty({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
      <SearchX className="mx-auto size-8 text-slate-400" aria-hidden />
      <p className="mt-3 text-sm font-medium text-ink" role="status">
        {filtered ? M.noMatch : M.empty}
      </p>
    </div>
  );
}

function Due({ project }: { project: ProjectView }) {
  const late =
    project.dueDate && project.dueDate < today() && ['planned', 'active', 'on_hold'].includes(project.status);
  return (
    <span className={late ? 'font-medium text-red-700' : 'text-muted'}>
      {showDate(project.dueDate)}
      {late && <span className="sr-only"> (overdue)</span>}
    </span>
  );
}

/** The projects as a table, a page at a time. */
export function ProjectList({ address }: { address: ProjectsAddress }) {
  const { filters, setFilters, openProject } = address;
  const projects = useProjects(filters);
  const filtered = Boolean(
    filters.search ||
    filters.client ||
    filters.manager ||
    filters.status.length ||
    filters.due ||
    filters.overBudget,
  );
  return (
    <div className="space-y-4">
      <ProjectFilters address={address} board={false} />
      {projects.isPending ? (
        <Spinner label="Loading projects..." />
      ) : projects.isError ? (
        <Banner message={serverMessage(projects.error) ?? 'The projects could not be loaded.'} />
      ) : projects.data.projects.length === 0 ? (
        <Empty filtered={filtered} />
      ) : (
        <>
          <DataTable caption="Projects" tableClassName="min-w-[52rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Project</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Manager</th>
                <th className="px-4 py-3">Due</th>
                <th className="px-4 py-3">Budget</th>
              </tr>
            </thead>
            <tbody className={projects.isPlaceholderData ? 'opacity-60' : undefined}>
              {projects.data.projects.map((project) => (
                <tr key={project._id} className="border-b border-line last:border-0">
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className="rounded text-left font-medium text-ink hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      onClick={() => openProject(project._id)}
                    >
                      <span className="mr-2 font-mono text-xs text-muted">{project.code}</span>
                      {project.name}
                    </button>
                    <span className="block text-xs text-muted">{project.client.name}</span>
                  </td>
                  <td className="px-4 py-3">
                    <span className="flex items-center gap-1.5">
                      <ProjectStatusBadge status={project.status} />
                      {isOverBudget(project) && (
                        <AlertTriangle className="size-4 text-red-600" aria-label="Over budget" />
                      )}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-muted">{project.manager?.username ?? '–'}</td>
                  <td className="px-4 py-3">
                    <Due project={project} />
                  </td>
                  <td className="px-4 py-3">
                    <BudgetBar project={project} compact />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Project pages"
            page={projects.data.pagination.page}
            totalPages={projects.data.pagination.totalPages}
            extra={` (${projects.data.pagination.total} projects)`}
            onPage={(page) => setFilters({ page })}
          />
        </>
      )}
    </div>
  );
}

/** The projects by status, a column each (the first 100 matching). */
export function ProjectBoard({ address }: { address: ProjectsAddress }) {
  const { filters, openProject } = address;
  const projects = useProjects({ ...filters, status: [], page: 1, limit: 100 });
  return (
    <div className="space-y-4">
      <ProjectFilters address={address} board />
      {projects.isPending ? (
        <Spinner label="Loading projects..." />
      ) : projects.isError ? (
        <Banner message={serverMessage(projects.error) ?? 'The projects could not be loaded.'} />
      ) : (
        <div className="grid gap-4 overflow-x-auto pb-2 md:grid-cols-3 xl:grid-cols-5">
          {PROJECT_STATUSES.map((status) => {
            const column = projects.data.projects.filter((p) => p.status === status);
            return (
              <section
                key={status}
                aria-label={PROJECT_STATUS_LABELS[status]}
                className="min-w-56 rounded-2xl bg-slate-100/70 p-3"
              >
                <h3 className="flex items-center justify-between px-1 text-sm font-semibold text-ink">
                  {PROJECT_STATUS_LABELS[status]}
                  <span className="rounded-full bg-white px-2 text-xs text-muted">{column.length}</span>
                </h3>
                <ul className="mt-3 space-y-2">
                  {column.map((project) => (
                    <li key={project._id}>
                      <button
                        type="button"
                        onClick={() => openProject(project._id)}
                        className="w-full rounded-xl border border-line bg-white p-3 text-left shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      >
                        <span className="font-mono text-xs text-muted">{project.code}</span>
                        <span className="block font-medium text-ink">{project.name}</span>
                        <span className="block text-xs text-muted">{project.client.name}</span>
                        <span className="mt-2 block text-xs text-muted">Due {showDate(project.dueDate)}</span>
                      </button>
                    </li>
                  ))}
                  {column.length === 0 && <li className="px-1 text-xs text-muted">None</li>}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
