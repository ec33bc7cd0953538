import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CalendarDays, Flag } from 'lucide-react';
import { PORTAL_PROJECT_MESSAGES as M } from '../../../shared/messages';
import { PROJECT_STATUS_LABELS, formatMinutes, type ProjectStatus } from '../../../shared/projects';
import { TASK_STATUS_LABELS, type TaskStatus } from '../../../shared/tasks';
import type { PortalProject, PortalProjectSummary } from '../../../shared/schemas/portal-projects';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Spinner } from '../../components/ui/spinner';
import { portalProject, portalProjects } from './portal-api';
import { dayText, momentText, usePortalData, type Loaded } from './portal-data';

export const portalLinkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

const PROJECT_COLORS: Record<ProjectStatus, 'blue' | 'green' | 'amber' | 'grey' | 'purple'> = {
  planned: 'grey',
  active: 'blue',
  on_hold: 'amber',
  delivered: 'green',
  cancelled: 'grey',
};
const TASK_COLORS: Record<TaskStatus, 'grey' | 'blue' | 'purple' | 'green'> = {
  todo: 'grey',
  in_progress: 'blue',
  in_review: 'purple',
  done: 'green',
};

export const ProjectStatusBadge = ({ status }: { status: ProjectStatus }) => (
  <Badge color={PROJECT_COLORS[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>
);
export const TaskStatusBadge = ({ status }: { status: TaskStatus }) => (
  <Badge color={TASK_COLORS[status]}>{TASK_STATUS_LABELS[status]}</Badge>
);

/** Loading, a refusal, or the page: the three states every portal read has. */
export function Loading<T>({ state, children }: { state: Loaded<T>; children(data: T): ReactNode }) {
  if (state.kind === 'loading') return <Spinner label="Loading..." />;
  if (state.kind === 'error') return <Banner message={state.message} />;
  return <>{children(state.data)}</>;
}

function Dates({ project }: { project: PortalProjectSummary }) {
  const parts = [
    project.startDate && `Started ${dayText(project.startDate)}`,
    project.deliveredOn
      ? `Delivered ${dayText(project.deliveredOn)}`
      : project.dueDate && `Due ${dayText(project.dueDate)}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted">
      <CalendarDays className="size-4" aria-hidden /> {parts.join(' · ')}
    </p>
  );
}

function Progress({ project }: { project: PortalProjectSummary }) {
  return (
    <div className="space-y-3">
      {project.progress && project.progress.tasksTotal > 0 && (
        <ProgressBar
          label={M.tasksProgress(project.progress.tasksDone, project.progress.tasksTotal)}
          value={project.progress.tasksDone}
          max={project.progress.tasksTotal}
          valueText={M.tasksProgress(project.progress.tasksDone, project.progress.tasksTotal)}
        />
      )}
      {project.time && <TimeFigure time={project.time} />}
    </div>
  );
}

function TimeFigure({ time }: { time: NonNullable<PortalProjectSummary['time']> }) {
  const text = M.hoursUsed(
    formatMinutes(time.usedMinutes),
    time.budgetMinutes === null ? null : formatMinutes(time.budgetMinutes),
  );
  if (time.budgetMinutes === null) return <p className="text-sm text-muted">{text}</p>;
  return (
    <ProgressBar
      label={`${text} (${time.percent}%)`}
      value={time.usedMinutes}
      max={time.budgetMinutes}
      valueText={`${time.percent}% of the hours budget used`}
    />
  );
}

/** The portal's home: the client's projects as cards. */
export function PortalProjectList() {
  const { state } = usePortalData('projects', portalProjects);
  return (
    <section aria-labelledby="portal-projects" className="space-y-4">
      <h2 id="portal-projects" className="text-lg font-bold text-ink">
        {M.projectsTitle}
      </h2>
      <Loading state={state}>
        {(projects) =>
          projects.length === 0 ? (
            <Card>
              <p className="text-sm text-muted">{M.projectsEmpty}</p>
            </Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {projects.map((project) => (
                <li key={project._id}>
                  <Card className="h-full space-y-3">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="text-xs font-semibold text-muted">{project.code}</p>
                        <h3 className="text-base font-semibold text-ink">
                          <Link to={`/portal/projects/${project._id}`} className="hover:underline">
                            {project.name}
                          </Link>
                        </h3>
                      </div>
                      <ProjectStatusBadge status={project.status} />
                    </div>
                    <Dates project={project} />
                    <Progress project={project} />
                    <Link
                      to={`/portal/projects/${project._id}`}
                      className={portalLinkClass}
                      aria-label={`${M.openProject}: ${project.name}`}
                    >
                      {M.openProject}
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </Loading>
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="space-y-3">
      <h2 id={id} className="text-base font-bold text-ink">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function ProjectParts({ project }: { project: PortalProject }) {
  return (
    <>
      {project.time && (
        <Section id="portal-time" title={M.timeTitle}>
          <TimeFigure time={project.time} />
        </Section>
      )}
      {project.milestones && (
        <Section id="portal-milestones" title={M.milestonesTitle}>
          {project.milestones.length === 0 ? (
            <p className="text-sm text-muted">{M.milestonesEmpty}</p>
          ) : (
            <ul className="divide-y divide-line">
              {project.milestones.map((m) => (
                <li key={m.number} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="flex items-center gap-2 font-medium text-ink">
                    <Flag className="size-4 text-brand-700" aria-hidden /> {m.title}
                  </span>
                  <span className="flex items-center gap-2 text-muted">
                    {m.dueDate ? M.due(dayText(m.dueDate)) : M.noDue}
                    <TaskStatusBadge status={m.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
      {project.tasks && (
        <Section id="portal-tasks" title={M.tasksTitle}>
          {project.progress && project.progress.tasksTotal > 0 && (
            <Progress project={{ ...project, time: null }} />
          )}
          {project.tasks.length === 0 ? (
            <p className="text-sm text-muted">{M.tasksEmpty}</p>
          ) : (
            <ul className="divide-y divide-line">
              {project.tasks.map((task) => (
                <li
                  key={task._id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm"
                >
                  <div className="min-w-0">
                    <Link to={`/portal/tasks/${task._id}`} className="font-medium text-ink hover:underline">
                      <span className="text-muted">#{task.number}</span> {task.title}
                    </Link>
                    <p className="text-xs text-muted">
                      {task.dueDate ? M.due(dayText(task.dueDate)) : M.noDue}
                      {task.assignees && task.assignees.length > 0 && ` · ${task.assignees.join(', ')}`}
                    </p>
                  </div>
                  <TaskStatusBadge status={task.status} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
      {project.team && (
        <Section id="portal-team" title={M.teamTitle}>
          <ul className="grid gap-2 sm:grid-cols-2">
            {[
              ...(project.team.manager ? [{ ...project.team.manager, jobTitle: `${M.manager}` }] : []),
              ...project.team.members,
            ].map((person, i) => (
              <li key={`${person.name}-${i}`} className="text-sm">
                <span className="font-medium text-ink">{person.name}</span>
                <span className="block text-xs text-muted">{person.jobTitle}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {project.activity && (
        <Section id="portal-activity" title={M.activityTitle}>
          {project.activity.length === 0 ? (
            <p className="text-sm text-muted">{M.activityEmpty}</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {project.activity.map((event) => (
                <li key={event._id}>
                  <span className="font-medium text-ink">{M.activityKinds[event.kind] ?? event.kind}</span>
                  {event.kind === 'status' && event.to && `: ${PROJECT_STATUS_LABELS[event.to]}`}{' '}
                  <time className="text-xs text-muted" dateTime={event.at}>
                    {momentText(event.at)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </Section>
      )}
    </>
  );
}

/** /portal/projects/:id: a project, each part it shares in a section of its own. */
export function PortalProjectPage({ id }: { id: string }) {
  const { state } = usePortalData(`project:${id}`, () => portalProject(id));
  return (
    <div className="space-y-4">
      <Link to="/portal" className={`inline-flex items-center gap-1 text-sm ${portalLinkClass}`}>
        <ArrowLeft className="size-4" aria-hidden /> {M.backToProjects}
      </Link>
      <Loading state={state}>
        {(project) => (
          <>
            <Card className="space-y-2">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="text-xs font-semibold text-muted">{project.code}</p>
                  <h1 className="text-2xl font-bold tracking-tight text-ink">{project.name}</h1>
                </div>
                <ProjectStatusBadge status={project.status} />
              </div>
              <Dates project={project} />
              {project.parts.length === 0 && <p className="text-sm text-muted">{M.projectNothingShared}</p>}
            </Card>
            <ProjectParts project={project} />
          </>
        )}
      </Loading>
    </div>
  );
}
