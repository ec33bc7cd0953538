import { useState } from 'react';
import { Plus } from 'lucide-react';
import { canUseModule } from '../../../shared/access';
import { Button } from '../../components/ui/button';
import { Tabs } from '../../components/ui/tabs';
import { ProjectFormPanel } from '../../components/projects/project-form-panel';
import { ProjectFigures } from '../../components/projects/project-figures';
import type { SectionProps } from '../../lib/section-props';
import { Approvals } from './approvals';
import { CalendarFeedCard } from './calendar-feed-card';
import { ClientsTab } from './clients-tab';
import { MyTasks } from './my-tasks';
import { ProjectDetail } from './project-detail';
import { useProjectsAddress, type ProjectTab } from './project-filters';
import { ProjectBoard, ProjectList } from './project-list';
import { Timesheet } from './timesheet';

const TABS: readonly { key: ProjectTab; label: string }[] = [
  { key: 'projects', label: 'Projects' },
  { key: 'board', label: 'Board' },
  { key: 'tasks', label: 'My tasks' },
  { key: 'timesheet', label: 'Timesheet' },
  { key: 'approvals', label: 'Approvals' },
  { key: 'clients', label: 'Clients' },
];

/**
 * Client / Projects (docs/product/projects.md): the live projects as a list and a board, one project's
 * page, My tasks, the week's timesheet, approvals, and the clients; the view is kept in the address.
 */
export function ProjectsSection({ user }: SectionProps) {
  const address = useProjectsAddress();
  /** The new project's form: true, or the client it is for. */
  const [creating, setCreating] = useState<boolean | string>(false);
  if (!canUseModule(user, 'projects')) return null;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Client / Projects</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            Your clients’ projects: plan the work in tasks, log the hours against each budget, and deliver.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden /> New project
        </Button>
      </header>
      <ProjectFigures />
      {address.projectId ? (
        <ProjectDetail projectId={address.projectId} user={user} onBack={address.closeProject} />
      ) : (
        <Tabs<ProjectTab>
          label="Client / Projects views"
          tabs={TABS}
          active={address.tab}
          onChange={address.setTab}
        >
          {address.tab === 'projects' && <ProjectList address={address} />}
          {address.tab === 'board' && <ProjectBoard address={address} />}
          {address.tab === 'tasks' && (
            <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
              <MyTasks onOpenProject={address.openProject} />
              <CalendarFeedCard />
            </div>
          )}
          {address.tab === 'timesheet' && <Timesheet week={address.week} onWeek={address.setWeek} />}
          {address.tab === 'approvals' && <Approvals />}
          {address.tab === 'clients' && (
            <ClientsTab
              onOpenProjects={address.showClient}
              onOpenProject={address.openProject}
              onNewProject={(clientId) => setCreating(clientId)}
            />
          )}
        </Tabs>
      )}
      {creating && (
        <ProjectFormPanel
          project={null}
          clientId={typeof creating === 'string' ? creating : ''}
          onClose={() => setCreating(false)}
          onSaved={(p) => address.openProject(p._id)}
        />
      )}
    </div>
  );
}
