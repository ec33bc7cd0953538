import { useMemo, useState } from 'react';
import { ChevronLeft, ChevronRight, Plus, Send } from 'lucide-react';
import { toast } from 'sonner';
import { TIME_MESSAGES } from '../../../shared/messages';
import { formatMinutes, hoursText, parseHours } from '../../../shared/schemas/projects';
import { addDays, weekDays, weekStartOf, type TimeEntryView } from '../../../shared/schemas/time';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useProjects } from '../../lib/projects-api';
import { useTasks } from '../../lib/tasks-api';
import { useDeleteTime, useSaveTime, useSubmitWeek, useTimeEntries } from '../../lib/time-api';

interface Row {
  projectId: string;
  projectLabel: string;
  taskId: string | null;
  taskLabel: string;
}
const rowKey = (r: { projectId: string; taskId: string | null }) => `${r.projectId}|${r.taskId ?? ''}`;
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** One cell: the hours of one row on one day; saved when it loses focus. Locked once submitted. */
function Cell({
  row,
  day,
  entries,
  label,
}: {
  row: Row;
  day: string;
  entries: TimeEntryView[];
  label: string;
}) {
  const save = useSaveTime();
  const remove = useDeleteTime();
  const minutes = entries.reduce((sum, e) => sum + e.minutes, 0);
  const locked = entries.some((e) => e.status !== 'open' || e.startedAt) || entries.length > 1;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (minutes ? hoursText(minutes) : '');
  const commit = () => {
    if (text === null) return;
    const next = text.trim() === '' ? 0 : parseHours(text);
    if (next === null) {
      toast.error('Enter hours as 1.5, 1:30 or 90m');
      return;
    }
    const done = () => setText(null);
    const fail = (error: unknown) => toast.error(serverMessage(error) ?? 'The time could not be saved.');
    const entry = entries[0];
    if (next === minutes) return done();
    if (next === 0 && entry) return remove.mutate(entry._id, { onSuccess: done, onError: fail });
    const input = {
      projectId: row.projectId,
      taskId: row.taskId,
      date: day,
      minutes: next,
      note: entry?.note ?? '',
      billable: entry?.billable ?? true,
    };
    save.mutate({ id: entry?._id ?? null, input }, { onSuccess: done, onError: fail });
  };
  return (
    <input
      aria-label={label}
      inputMode="decimal"
      value={shown}
      readOnly={locked}
      title={
        locked
          ? entries.length > 1
            ? 'Several entries: edit them on the project'
            : 'Submitted or approved: locked'
          : undefined
      }
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      className={cn(
        'h-10 w-full min-w-14 rounded-lg border border-line px-2 text-right tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        locked ? 'bg-slate-50 text-muted' : 'bg-white text-ink',
        entries.some((e) => e.status === 'approved') && 'bg-green-50 text-green-900',
      )}
    />
  );
}

function AddRow({ onAdd }: { onAdd(row: Row): void }) {
  const projects = useProjects({
    search: '',
    client: '',
    manager: '',
    status: ['planned', 'active', 'on_hold'],
    due: '',
    overBudget: false,
    sort: 'name',
    page: 1,
    limit: 100,
  });
  const [projectId, setProjectId] = useState('');
  const tasks = useTasks(projectId || 'none');
  const [taskId, setTaskId] = useState('');
  const project = projects.data?.projects.find((p) => p._id === projectId);
  return (
    <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <OptionSelectField
        label="Project"
        value={projectId}
        onChange={(e) => {
          setProjectId(e.target.value);
          setTaskId('');
        }}
        options={[
          { value: '', label: 'Choose a project' },
          ...(projects.data?.projects ?? []).map((p) => ({ value: p._id, label: `${p.code} ${p.name}` })),
        ]}
      />
      <OptionSelectField
        label="Task"
        value={taskId}
        disabled={!projectId}
        onChange={(e) => setTaskId(e.target.value)}
        options={[
          { value: '', label: 'No task' },
          ...(projectId ? (tasks.data ?? []) : []).map((t) => ({
            value: t._id,
            label: `#${t.number} ${t.title}`,
          })),
        ]}
      />
      <Button
        variant="secondary"
        disabled={!project}
        onClick={() => {
          if (!project) return;
          const task = tasks.data?.find((t) => t._id === taskId);
          onAdd({
            projectId: project._id,
            projectLabel: `${project.code} ${project.name}`,
            taskId: task?._id ?? null,
            taskLabel: task ? `#${task.number} ${task.title}` : '',
          });
        }}
      >
        <Plus className="size-4" aria-hidden /> Add row
      </Button>
    </div>
  );
}

/**
 * The week grid (docs/product/projects.md#time): one's own time, a row per project and task, a column per day
 * (Monday to Sunday); a cell saves when it loses focus; Submit week sends it for approval.
 */
export function Timesheet({ week, onWeek }: { week: string | null; onWeek(week: string): void }) {
  const monday = weekStartOf(week ?? new Date().toISOString().slice(0, 10));
  const days = weekDays(monday);
  const entries = useTimeEntries({ from: monday, to: days[6]! });
  const submit = useSubmitWeek();
  const [added, setAdded] = useState<Row[]>([]);

  const rows = useMemo(() => {
    const found = new Map<string, Row>();
    for (const e of entries.data ?? [])
      found.set(rowKey({ projectId: e.project._id, taskId: e.task?._id ?? null }), {
        projectId: e.project._id,
        projectLabel: `${e.project.code} ${e.project.name}`,
        taskId: e.task?._id ?? null,
        taskLabel: e.task ? `#${e.task.number} ${e.task.title}` : '',
      });
    for (const row of added) if (!found.has(rowKey(row))) found.set(rowKey(row), row);
    return [...found.values()];
  }, [entries.data, added]);

  const cell = (row: Row, day: string) =>
    (entries.data ?? []).filter(
      (e) =>
        e.date === day && rowKey({ projectId: e.project._id, taskId: e.task?._id ?? null }) === rowKey(row),
    );
  const dayTotal = (day: string) =>
    (entries.data ?? []).filter((e) => e.date === day).reduce((s, e) => s + e.minutes, 0);
  const total = (entries.data ?? []).reduce((s, e) => s + e.minutes, 0);
  const open = (entries.data ?? []).filter((e) => e.status === 'open' && !e.startedAt).length;
  const statuses = new Set((entries.data ?? []).map((e) => e.status));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label="Previous week"
            onClick={() => onWeek(addDays(monday, -7))}
          >
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <h3 className="text-base font-semibold text-ink" aria-live="polite">
            Week of{' '}
            {new Date(`${monday}T00:00:00Z`).toLocaleDateString('en-IN', {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
            })}
          </h3>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Next week"
            onClick={() => onWeek(addDays(monday, 7))}
          >
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
        <div className="flex items-center gap-3 text-sm text-muted">
          <span>
            {statuses.has('approved') ? 'Approved time is locked. ' : ''}
            {statuses.has('submitted') ? 'Submitted time waits for approval. ' : ''}
          </span>
          <Button
            disabled={submit.isPending || open === 0}
            onClick={() =>
              submit.mutate(monday, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => toast.error(serverMessage(error) ?? TIME_MESSAGES.nothingToSubmit),
              })
            }
          >
            <Send className="size-4" aria-hidden /> Submit week
          </Button>
        </div>
      </div>
      {entries.isError && (
        <Banner message={serverMessage(entries.error) ?? 'The week could not be loaded.'} />
      )}
      {entries.isPending ? (
        <Spinner label="Loading the week..." />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-white">
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">Hours by project, task and day</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-muted">
              <tr>
                <th className="px-3 py-2">Project / task</th>
                {days.map((day) => (
                  <th key={day} className="px-2 py-2 text-right">
                    {dayLabel(day)}
                  </th>
                ))}
                <th className="px-3 py-2 text-right">Total</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-line">
                  <th scope="row" className="max-w-64 px-3 py-2 text-left font-medium text-ink">
                    <span className="block truncate">{row.projectLabel}</span>
                    {row.taskLabel && (
                      <span className="block truncate text-xs font-normal text-muted">{row.taskLabel}</span>
                    )}
                  </th>
                  {days.map((day) => (
                    <td key={day} className="px-1 py-1.5">
                      <Cell
                        row={row}
                        day={day}
                        entries={cell(row, day)}
                        label={`${row.projectLabel}${row.taskLabel ? ` ${row.taskLabel}` : ''}, ${dayLabel(day)}`}
                      />
                    </td>
                  ))}
                  <td className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums">
                    {formatMinutes(
                      days.reduce((s, day) => s + cell(row, day).reduce((t, e) => t + e.minutes, 0), 0),
                    )}
                  </td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={9} className="px-3 py-8 text-center text-muted">
                    No time this week yet. Add a row for a project you work on.
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot className="border-t border-line bg-slate-50 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  Total
                </th>
                {days.map((day) => (
                  <td key={day} className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                    {formatMinutes(dayTotal(day))}
                  </td>
                ))}
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {formatMinutes(total)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <AddRow onAdd={(row) => setAdded((list) => [...list, row])} />
    </div>
  );
}
