import { useMemo, useRef, useState } from 'react';
import { ArrowLeft, CheckCircle2, Pencil, Play, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { PROJECT_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import {
  BILLING_TYPE_LABELS,
  formatMinutes,
  mayManageProject,
  parseHours,
  type ProjectView,
} from '../../../shared/schemas/projects';
import { TIME_ENTRY_STATUS_LABELS, addDays } from '../../../shared/schemas/time';
import { Banner } from '../../components/ui/banner';
import { ProjectPortalSummary } from '../../components/projects/project-portal-fieldset';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Spinner } from '../../components/ui/spinner';
import { StatCard } from '../../components/ui/stat-card';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { Tabs } from '../../components/ui/tabs';
import { TextAreaField } from '../../components/ui/textarea-field';
import { ProjectFormPanel } from '../../components/projects/project-form-panel';
import {
  BudgetBar,
  PriorityBadge,
  ProjectStatusBadge,
  TaskStatusBadge,
  showDate,
  usedAmount,
  usedMinutes,
} from '../../components/projects/project-parts';
import { TaskPanel } from '../../components/projects/task-panel';
import { serverMessage } from '../../lib/api-client';
import { useDeleteProject, useDeliverProject, useProject, useProjectTimeline } from '../../lib/projects-api';
import { useTasks } from '../../lib/tasks-api';
import { useSaveTime, useStartTimer, useTimeEntries } from '../../lib/time-api';
import { timeAgo } from '../../lib/time-ago';
import { BudgetChart } from './budget-chart';
import { TaskBoard } from './task-board';
import type { TaskView } from '../../../shared/schemas/tasks';

type DetailTab = 'board' | 'list' | 'time' | 'timeline';
const TABS: readonly { key: DetailTab; label: string }[] = [
  { key: 'board', label: 'Board' },
  { key: 'list', label: 'List' },
  { key: 'time', label: 'Time' },
  { key: 'timeline', label: 'Timeline' },
];
const today = () => new Date().toISOString().slice(0, 10);

function DeliverDialog({ project, onClose }: { project: ProjectView; onClose(): void }) {
  const deliver = useDeliverProject(project._id);
  const [day, setDay] = useState(today());
  const [note, setNote] = useState('');
  const field = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      title={`Deliver ${project.code} ${project.name}`}
      description="It moves to Project Delivered with this day and note; the team can no longer log time on it."
      onClose={onClose}
      initialFocus={field}
      busy={deliver.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deliver.isPending}>
            Cancel
          </Button>
          <Button
            disabled={deliver.isPending}
            onClick={() =>
              deliver.mutate(
                { deliveredOn: day, note },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.message);
                    onClose();
                  },
                },
              )
            }
          >
            Mark delivered
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {deliver.isError && (
          <Banner message={serverMessage(deliver.error) ?? 'The project could not be delivered.'} />
        )}
        <TextField
          ref={field}
          label="Delivered on"
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
        <TextAreaField
          label="Delivery note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="What was handed over"
        />
      </div>
    </Dialog>
  );
}

/** Log time on this project by hand: a day, hours, a task, a note. */
function LogTime({ project, tasks }: { project: ProjectView; tasks: TaskView[] }) {
  const save = useSaveTime();
  const [day, setDay] = useState(today());
  const [hours, setHours] = useState('');
  const [taskId, setTaskId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  return (
    <form
      className="grid items-end gap-3 sm:grid-cols-[9rem_7rem_1fr_1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        const minutes = parseHours(hours);
        if (!minutes) return setError('Enter the time as hours, for example 1.5 or 1:30');
        setError(undefined);
        save.mutate(
          {
            id: null,
            input: {
              projectId: project._id,
              taskId: taskId || null,
              date: day,
              minutes,
              note,
              billable: true,
            },
          },
          {
            onSuccess: () => {
              toast.success('Time logged');
              setHours('');
              setNote('');
            },
            onError: (e) => setError(serverMessage(e) ?? 'The time could not be logged.'),
          },
        );
      }}
    >
      <TextField label="Day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
      <TextField
        label="Hours"
        inputMode="decimal"
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        error={error}
      />
      <OptionSelectField
        label="Task"
        value={taskId}
        onChange={(e) => setTaskId(e.target.value)}
        options={[
          { value: '', label: 'No task' },
          ...tasks.map((t) => ({ value: t._id, label: `#${t.number} ${t.title}` })),
        ]}
      />
      <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <Button type="submit" disabled={save.isPending}>
        Log time
      </Button>
    </form>
  );
}

/**
 * One project (docs/product/projects.md#projects): its figures and budget burn, its tasks as a board and a
 * list, its time, its timeline; edit, deliver, start a timer, delete.
 */
export function ProjectDetail({
  projectId,
  user,
  onBack,
}: {
  projectId: string;
  /** Who looks: its manager and the workspace's admins edit, deliver and delete it (as the server allows). */
  user: { _id: string; role: string };
  onBack(): void;
}) {
  const project = useProject(projectId);
  const tasks = useTasks(projectId);
  const timeline = useProjectTimeline(projectId);
  const remove = useDeleteProject();
  const startTimer = useStartTimer();
  const [tab, setTab] = useState<DetailTab>('board');
  const [editing, setEditing] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const [openTask, setOpenTask] = useState<TaskView | null>(null);
  // The last year of its time (the most one read may span): time may be logged on days before the project
  // was made or started.
  const from = useMemo(() => addDays(today(), -365), []);
  const entries = useTimeEntries({ from, to: today(), user: 'all', project: projectId });

  if (project.isPending) return <Spinner label="Loading the project..." />;
  if (project.isError)
    return (
      <div className="space-y-4">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden /> All projects
        </Button>
        <Banner message={serverMessage(project.error) ?? 'The project could not be loaded.'} />
      </div>
    );
  const p = project.data;
  const open = ['planned', 'active', 'on_hold'].includes(p.status);
  const manages = mayManageProject(p.manager?._id ?? null, { id: user._id, role: user.role });
  const taskList = tasks.data ?? [];

  return (
    <div className="space-y-6">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden /> All projects
      </Button>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-mono text-sm text-muted" data-testid="project-code">
            {p.code}
          </p>
          <h2 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-ink">
            {p.name} <ProjectStatusBadge status={p.status} />
          </h2>
          <p className="mt-1 text-sm text-muted">
            {p.client.name} · {BILLING_TYPE_LABELS[p.billingType]}
            {p.billingType === 'retainer' &&
              p.retainerMinutes !== null &&
              ` · ${formatMinutes(p.retainerMinutes)} a month${p.retainerRollover ? ', unused hours roll over' : ''}`}
            {p.manager && ` · managed by ${p.manager.username}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {open && (
            <Button
              variant="secondary"
              disabled={startTimer.isPending}
              onClick={() =>
                startTimer.mutate(
                  { projectId: p._id, taskId: null, note: '', billable: true },
                  {
                    onSuccess: (answer) => toast.success(answer.message),
                    onError: (error) =>
                      toast.error(serverMessage(error) ?? 'The timer could not be started.'),
                  },
                )
              }
            >
              <Play className="size-4" aria-hidden /> Start timer
            </Button>
          )}
          {manages && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Button>
          )}
          {manages && p.status !== 'delivered' && (
            <Button onClick={() => setDelivering(true)}>
              <CheckCircle2 className="size-4" aria-hidden /> Deliver
            </Button>
          )}
          {manages && (
            <Button
              variant="ghost"
              aria-label={`Delete ${p.code} ${p.name}`}
              disabled={remove.isPending}
              onClick={() => {
                if (
                  !window.confirm(
                    `Delete ${p.code} ${p.name} with its tasks, time and timeline? This cannot be undone.`,
                  )
                )
                  return;
                remove.mutate(p._id, {
                  onSuccess: () => {
                    toast.success(M.deleted);
                    onBack();
                  },
                  onError: (error) =>
                    toast.error(serverMessage(error) ?? 'The project could not be deleted.'),
                });
              }}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          )}
        </div>
      </header>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Hours logged"
          value={formatMinutes(usedMinutes(p))}
          hint={`${formatMinutes(p.usage.approvedMinutes)} approved${p.budgetMinutes !== null ? ` · budget ${formatMinutes(p.budgetMinutes)}` : ''}`}
        />
        <StatCard
          label="Value of time"
          value={formatMoney(usedAmount(p), p.currency)}
          hint={`${formatMoney(p.usage.approvedAmount, p.currency)} approved${p.budgetAmount !== null ? ` · budget ${formatMoney(p.budgetAmount, p.currency)}` : ''}`}
        />
        <StatCard
          label={p.deliveredOn ? 'Delivered' : 'Due'}
          value={showDate(p.deliveredOn ?? p.dueDate)}
          hint={
            p.deliveredOn
              ? p.onTime === null
                ? 'No due date'
                : p.onTime
                  ? 'On time'
                  : `Late (due ${showDate(p.dueDate)})`
              : p.startDate
                ? `Started ${showDate(p.startDate)}`
                : undefined
          }
        />
        <StatCard
          label="Tasks"
          value={`${taskList.filter((t) => t.status === 'done').length} / ${taskList.length} done`}
          hint={p.team.map((m) => m.username).join(', ') || 'No team yet'}
        />
      </div>

      <Card className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <BudgetChart project={p} entries={entries.data ?? []} />
        <div className="space-y-4">
          <BudgetBar project={p} />
          {p.retainer && (
            <div className="rounded-xl border border-line p-3 text-sm" data-testid="retainer-month">
              <p className="font-semibold text-ink">Retainer, {p.retainer.month}</p>
              <ProgressBar
                className="mt-2"
                value={p.retainer.usedMinutes}
                max={p.retainer.includedMinutes + p.retainer.rolledOverMinutes}
                valueText={`${formatMinutes(p.retainer.usedMinutes)} of ${formatMinutes(p.retainer.includedMinutes + p.retainer.rolledOverMinutes)} used`}
              />
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-muted">
                <dt>This month</dt>
                <dd className="text-right text-ink">{formatMinutes(p.retainer.includedMinutes)}</dd>
                <dt>Rolled over</dt>
                <dd className="text-right text-ink">{formatMinutes(p.retainer.rolledOverMinutes)}</dd>
                <dt>Used</dt>
                <dd className="text-right text-ink">{formatMinutes(p.retainer.usedMinutes)}</dd>
                <dt>{p.retainer.overageMinutes ? 'Overage (billed apart)' : 'Left'}</dt>
                <dd
                  className={
                    p.retainer.overageMinutes
                      ? 'text-right font-semibold text-red-700'
                      : 'text-right text-ink'
                  }
                >
                  {formatMinutes(p.retainer.overageMinutes || p.retainer.remainingMinutes)}
                </dd>
              </dl>
            </div>
          )}
          {p.deliveryNote && (
            <p className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
              <span className="font-semibold">Delivery note:</span> {p.deliveryNote}
            </p>
          )}
          {p.description && <p className="whitespace-pre-wrap text-sm text-muted">{p.description}</p>}
          <ProjectPortalSummary parts={p.portalVisibility} />
        </div>
      </Card>

      <Tabs<DetailTab> label="Project views" tabs={TABS} active={tab} onChange={setTab}>
        {tab === 'board' &&
          (tasks.isPending ? (
            <Spinner label="Loading tasks..." />
          ) : (
            <TaskBoard project={p} tasks={taskList} />
          ))}
        {tab === 'list' && (
          <DataTable caption="Tasks" tableClassName="min-w-[40rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Task</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Priority</th>
                <th className="px-4 py-3">Due</th>
                <th className="px-4 py-3">Logged</th>
              </tr>
            </thead>
            <tbody>
              {[...taskList]
                .sort((a, b) => a.number - b.number)
                .map((task) => (
                  <tr key={task._id} className="border-b border-line last:border-0">
                    <td className="px-4 py-3">
                      <button
                        type="button"
                        className="text-left font-medium text-ink hover:underline"
                        onClick={() => setOpenTask(task)}
                      >
                        <span className="mr-1 font-mono text-xs text-muted">#{task.number}</span>
                        {task.parentId ? '↳ ' : ''}
                        {task.title}
                      </button>
                    </td>
                    <td className="px-4 py-3">
                      <TaskStatusBadge status={task.status} />
                    </td>
                    <td className="px-4 py-3">
                      <PriorityBadge priority={task.priority} />
                    </td>
                    <td className="px-4 py-3 text-muted">{showDate(task.dueDate)}</td>
                    <td className="px-4 py-3 text-muted">
                      {formatMinutes(task.loggedMinutes)}
                      {task.estimateMinutes !== null ? ` / ${formatMinutes(task.estimateMinutes)}` : ''}
                    </td>
                  </tr>
                ))}
              {taskList.length === 0 && (
                <tr>
                  <td colSpan={5} className="px-4 py-8 text-center text-muted">
                    No tasks yet. Add the first one on the board.
                  </td>
                </tr>
              )}
            </tbody>
          </DataTable>
        )}
        {tab === 'time' && (
          <div className="space-y-5">
            {open && <LogTime project={p} tasks={taskList} />}
            <DataTable caption="Time entries" tableClassName="min-w-[40rem]">
              <thead className={tableHeadClasses}>
                <tr>
                  <th className="px-4 py-3">Day</th>
                  <th className="px-4 py-3">Who</th>
                  <th className="px-4 py-3">Task</th>
                  <th className="px-4 py-3">Time</th>
                  <th className="px-4 py-3">Value</th>
                  <th className="px-4 py-3">Status</th>
                </tr>
              </thead>
              <tbody>
                {[...(entries.data ?? [])].reverse().map((entry) => (
                  <tr key={entry._id} className="border-b border-line last:border-0">
                    <td className="px-4 py-3 text-muted">{showDate(entry.date)}</td>
                    <td className="px-4 py-3">{entry.user.username}</td>
                    <td className="px-4 py-3 text-muted">
                      {entry.task ? `#${entry.task.number} ${entry.task.title}` : entry.note || '–'}
                    </td>
                    <td className="px-4 py-3">
                      {entry.startedAt ? 'Running' : formatMinutes(entry.minutes)}
                    </td>
                    <td className="px-4 py-3 text-muted">
                      {entry.billable ? formatMoney(entry.amount, entry.currency) : 'Not billable'}
                    </td>
                    <td className="px-4 py-3 text-muted">{TIME_ENTRY_STATUS_LABELS[entry.status]}</td>
                  </tr>
                ))}
                {entries.data?.length === 0 && (
                  <tr>
                    <td colSpan={6} className="px-4 py-8 text-center text-muted">
                      No time logged yet.
                    </td>
                  </tr>
                )}
              </tbody>
            </DataTable>
          </div>
        )}
        {tab === 'timeline' && (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
            {timeline.data?.events.map((event) => (
              <li key={event._id} className="flex justify-between gap-4 px-4 py-3 text-sm">
                <span>
                  <span className="font-medium text-ink">{event.actor}</span>{' '}
                  {event.kind === 'created'
                    ? 'created the project'
                    : event.kind === 'delivered'
                      ? `delivered it${event.data.note ? `: ${String(event.data.note)}` : ''}`
                      : event.kind === 'status'
                        ? `changed its status to ${String(event.data.to).replace('_', ' ')}`
                        : `edited ${((event.data.fields as string[] | undefined) ?? []).join(', ').replace(/_/g, ' ')}`}
                </span>
                <time dateTime={event.at} className="shrink-0 text-xs text-muted">
                  {timeAgo(event.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Tabs>

      {editing && <ProjectFormPanel project={p} onClose={() => setEditing(false)} />}
      {delivering && <DeliverDialog project={p} onClose={() => setDelivering(false)} />}
      {openTask && (
        <TaskPanel project={p} task={openTask} tasks={taskList} onClose={() => setOpenTask(null)} />
      )}
    </div>
  );
}
