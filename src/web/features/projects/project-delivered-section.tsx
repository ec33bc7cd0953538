import { CheckCircle2, Clock, Timer, Trophy } from 'lucide-react';
import { PROJECT_MESSAGES as M } from '../../../shared/messages';
import { formatMinutes } from '../../../shared/schemas/projects';
import { Banner } from '../../components/ui/banner';
import { ButtonLink } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { StatCard } from '../../components/ui/stat-card';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { Badge } from '../../components/ui/badge';
import { BudgetBar, showDate, usedMinutes } from '../../components/projects/project-parts';
import { serverMessage } from '../../lib/api-client';
import type { SectionProps } from '../../lib/section-props';
import { useProjects } from '../../lib/projects-api';
import { useSearchParams } from 'react-router';

/**
 * Project Delivered (docs/product/projects.md#projects): the delivered projects, newest delivery first, with
 * their day and note, on time or late, and their hours against budget.
 */
export function ProjectDeliveredSection(_props: SectionProps) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const projects = useProjects({
    search: '',
    client: '',
    manager: '',
    status: ['delivered'],
    due: '',
    overBudget: false,
    sort: 'delivered',
    page,
    limit: 25,
  });
  const rows = projects.data?.projects ?? [];
  const dated = rows.filter((p) => p.onTime !== null);
  const onTime = dated.filter((p) => p.onTime).length;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Project Delivered</h1>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          What you handed over: when, with what note, on time or late, and the hours it took against its
          budget.
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Delivered" value={projects.data?.pagination.total ?? '–'} icon={Trophy} />
        <StatCard
          label="On time (this page)"
          value={dated.length ? `${onTime} of ${dated.length}` : '–'}
          icon={Clock}
          hint="Delivered on or before the due date"
        />
        <StatCard
          label="Hours (this page)"
          value={formatMinutes(rows.reduce((s, p) => s + usedMinutes(p), 0))}
          icon={Timer}
        />
      </div>
      {projects.isPending ? (
        <Spinner label="Loading delivered projects..." />
      ) : projects.isError ? (
        <Banner message={serverMessage(projects.error) ?? 'The delivered projects could not be loaded.'} />
      ) : rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
          <CheckCircle2 className="mx-auto size-8 text-slate-400" aria-hidden />
          <p className="mt-3 text-sm font-medium text-ink" role="status">
            {M.noneDelivered}
          </p>
        </div>
      ) : (
        <>
          <DataTable caption="Delivered projects" tableClassName="min-w-[52rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Project</th>
                <th className="px-4 py-3">Delivered</th>
                <th className="px-4 py-3">Timing</th>
                <th className="px-4 py-3">Hours against budget</th>
                <th className="px-4 py-3">Note</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((project) => (
                <tr key={project._id} className="border-b border-line align-top last:border-0">
                  <td className="px-4 py-3">
                    <ButtonLink
                      variant="ghost"
                      size="sm"
                      className="-ml-3 font-medium text-ink"
                      to={`/dashboard/our-projects?project=${project._id}`}
                    >
                      <span className="font-mono text-xs text-muted">{project.code}</span> {project.name}
                    </ButtonLink>
                    <span className="block text-xs text-muted">{project.client.name}</span>
                  </td>
                  <td className="px-4 py-3 text-muted">{showDate(project.deliveredOn)}</td>
                  <td className="px-4 py-3">
                    {project.onTime === null ? (
                      <span className="text-xs text-muted">No due date</span>
                    ) : project.onTime ? (
                      <Badge color="green">On time</Badge>
                    ) : (
                      <Badge color="red">Late · due {showDate(project.dueDate)}</Badge>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <BudgetBar project={project} compact />
                  </td>
                  <td className="max-w-64 px-4 py-3 text-muted">{project.deliveryNote || '–'}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination
            label="Delivered project pages"
            page={projects.data.pagination.page}
            totalPages={projects.data.pagination.totalPages}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true })}
          />
        </>
      )}
    </div>
  );
}
