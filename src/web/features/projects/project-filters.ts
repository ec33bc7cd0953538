import { useSearchParams } from 'react-router';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../shared/schemas/projects';
import type { ProjectListParams } from '../../lib/projects-api';

export const PROJECT_TABS = ['projects', 'board', 'tasks', 'timesheet', 'approvals', 'clients'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

const DUE = ['overdue', 'this-week', 'this-month', 'none'] as const;
const SORTS = ['created', 'name', 'due', 'delivered', 'code'] as const;

/**
 * Client / Projects' state in the address (docs/product/projects.md#projects): the tab, an open project, and
 * the list's filters, so a reload or a shared link shows the same view.
 */
export function useProjectsAddress() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as ProjectTab | null;
  const tab: ProjectTab = tabParam && PROJECT_TABS.includes(tabParam) ? tabParam : 'projects';
  const due = params.get('due') as ProjectListParams['due'] | null;
  const sort = params.get('sort') as ProjectListParams['sort'] | null;
  const filters: ProjectListParams = {
    search: params.get('q') ?? '',
    client: params.get('client') ?? '',
    manager: params.get('manager') ?? '',
    status: (params.get('status') ?? '')
      .split(',')
      .filter((s): s is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(s)),
    due: due && (DUE as readonly string[]).includes(due) ? due : '',
    overBudget: params.get('over') === '1',
    sort: sort && (SORTS as readonly string[]).includes(sort) ? sort : 'created',
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: 25,
  };

  const write = (next: { tab: ProjectTab; project?: string; week?: string } & Partial<ProjectListParams>) => {
    const query = new URLSearchParams();
    if (next.tab !== 'projects') query.set('tab', next.tab);
    if (next.project) query.set('project', next.project);
    if (next.week) query.set('week', next.week);
    if (next.search) query.set('q', next.search);
    if (next.client) query.set('client', next.client);
    if (next.manager) query.set('manager', next.manager);
    if (next.status?.length) query.set('status', next.status.join(','));
    if (next.due) query.set('due', next.due);
    if (next.overBudget) query.set('over', '1');
    if (next.sort && next.sort !== 'created') query.set('sort', next.sort);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query, { replace: !next.project });
  };

  return {
    tab,
    projectId: params.get('project'),
    week: params.get('week'),
    filters,
    /** New filters for the list (back to its first page). */
    setFilters: (next: Partial<ProjectListParams>) => write({ tab, ...filters, page: 1, ...next }),
    setTab: (next: ProjectTab) =>
      write({ tab: next, ...(next === 'projects' || next === 'board' ? filters : {}), page: 1 }),
    openProject: (id: string) => write({ tab, project: id }),
    closeProject: () => write({ tab, ...filters }),
    setWeek: (week: string) => write({ tab: 'timesheet', week }),
    /** The projects of one client, from its row in the Clients tab. */
    showClient: (client: string) => write({ tab: 'projects', client }),
  };
}
export type ProjectsAddress = ReturnType<typeof useProjectsAddress>;
