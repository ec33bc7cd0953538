import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Play, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { PORTAL_PROJECT_MESSAGES as PM, TASK_MESSAGES as M } from '../../../shared/messages';
import { hoursText, parseHours, type ProjectView } from '../../../shared/schemas/projects';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskInputSchema,
  type TaskInput,
  type TaskView,
} from '../../../shared/schemas/tasks';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { OptionSelectField } from '../ui/option-select-field';
import { SidePanel } from '../ui/side-panel';
import { Switch } from '../ui/switch';
import { TextAreaField } from '../ui/textarea-field';
import { serverMessage } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/field-errors';
import { useDeleteTask, useSaveTask } from '../../lib/tasks-api';
import { useStartTimer } from '../../lib/time-api';
import { TaskClientTimeline, TaskComments, TaskFiles } from './task-collaboration';

const FORM_ID = 'task-form';
const RECURRENCE_LABELS = { none: 'Does not repeat', weekly: 'Every week', monthly: 'Every month' } as const;

/** Plain text as the paragraphs the server keeps (escaped), and back. */
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const htmlOfText = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
export function textOfHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(
    html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '</p>\n\n'),
    'text/html',
  );
  return (doc.body.textContent ?? '').trim();
}

interface Draft {
  title: string;
  description: string;
  status: TaskInput['status'];
  priority: TaskInput['priority'];
  dueDate: string;
  estimate: string;
  assigneeIds: string[];
  blocked: boolean;
  blockedByIds: string[];
  parentId: string;
  recurrence: TaskInput['recurrence'];
  milestone: boolean;
}

const draftOf = (task: TaskView | null, status: TaskInput['status']): Draft => ({
  title: task?.title ?? '',
  description: textOfHtml(task?.description ?? ''),
  status: task?.status ?? status,
  priority: task?.priority ?? 'medium',
  dueDate: task?.dueDate ?? '',
  estimate: hoursText(task?.estimateMinutes ?? null),
  assigneeIds: task?.assignees.map((a) => a._id) ?? [],
  blocked: task?.blocked ?? false,
  blockedByIds: task?.blockedBy.map((b) => b._id) ?? [],
  parentId: task?.parentId ?? '',
  recurrence: task?.recurrence ?? 'none',
  milestone: task?.milestone ?? false,
});

/**
 * Add or edit a task of a project (docs/product/projects.md#tasks), with its comments, a timer on it, and
 * its delete; the rules are the server's, from the same schema.
 */
export function TaskPanel({
  project,
  task,
  tasks,
  status = 'todo',
  onClose,
}: {
  project: ProjectView;
  task: TaskView | null;
  /** The project's other tasks: a parent or a blocker is one of them. */
  tasks: TaskView[];
  status?: TaskInput['status'];
  onClose(): void;
}) {
  const [draft, setDraft] = useState(() => draftOf(task, status));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTask(project._id, task?._id ?? null);
  const remove = useDeleteTask();
  const startTimer = useStartTimer();
  const titleField = useRef<HTMLInputElement>(null);
  useEffect(() => titleField.current?.focus(), []);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const people = [
    ...(project.manager && !project.team.some((m) => m._id === project.manager!._id)
      ? [project.manager]
      : []),
    ...project.team,
  ];
  const others = tasks.filter((t) => t._id !== task?._id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const estimate = draft.estimate.trim() ? parseHours(draft.estimate) : null;
    const parsed = taskInputSchema.safeParse({
      ...draft,
      description: htmlOfText(draft.description),
      estimateMinutes: estimate ?? (draft.estimate.trim() ? -1 : null),
      parentId: draft.parentId || null,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      onError: (error) =>
        setErrors(Object.fromEntries(serverFieldErrors(error).map((e) => [e.field, e.message]))),
    });
  };

  const footer = (
    <>
      {task && (
        <Button
          variant="ghost"
          className="mr-auto text-red-700"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(`Delete #${task.number} ${task.title} with its sub-tasks and comments?`))
              return;
            remove.mutate(task._id, {
              onSuccess: () => {
                toast.success(M.deleted);
                onClose();
              },
              onError: (error) => toast.error(serverMessage(error) ?? 'The task could not be deleted.'),
            });
          }}
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
      )}
      <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : task ? 'Save task' : 'Add task'}
      </Button>
    </>
  );

  return (
    <SidePanel
      title={task ? `#${task.number} ${task.title}` : `New task in ${project.code}`}
      onClose={onClose}
      footer={footer}
      wide
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-5">
        {save.isError && serverFieldErrors(save.error).length === 0 && (
          <Banner message={serverMessage(save.error) ?? 'The task could not be saved.'} />
        )}
        <TextField
          ref={titleField}
          label="Title"
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
          required
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <OptionSelectField
            label="Status"
            value={draft.status}
            onChange={(e) => set('status', e.target.value as Draft['status'])}
            options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
          />
          <OptionSelectField
            label="Priority"
            value={draft.priority}
            onChange={(e) => set('priority', e.target.value as Draft['priority'])}
            options={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
          />
          <TextField
            label="Due date"
            type="date"
            value={draft.dueDate}
            onChange={(e) => set('dueDate', e.target.value)}
            error={errors.dueDate}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Estimate (hours)"
            inputMode="decimal"
            placeholder="e.g. 4 or 1:30"
            value={draft.estimate}
            onChange={(e) => set('estimate', e.target.value)}
            error={errors.estimateMinutes}
          />
          <OptionSelectField
            label="Repeats"
            value={draft.recurrence}
            onChange={(e) => set('recurrence', e.target.value as Draft['recurrence'])}
            options={TASK_RECURRENCES.map((r) => ({ value: r, label: RECURRENCE_LABELS[r] }))}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-ink">Assignees</legend>
          {errors.assigneeIds && <p className="text-sm text-red-700">{errors.assigneeIds}</p>}
          {people.length === 0 ? (
            <p className="mt-1 text-sm text-muted">Add people to the project’s team to assign its tasks.</p>
          ) : (
            <div className="mt-2 flex flex-wrap gap-3">
              {people.map((person) => (
                <label key={person._id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={draft.assigneeIds.includes(person._id)}
                    onChange={(e) =>
                      set(
                        'assigneeIds',
                        e.target.checked
                          ? [...draft.assigneeIds, person._id]
                          : draft.assigneeIds.filter((id) => id !== person._id),
                      )
                    }
                  />
                  {person.username}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <OptionSelectField
            label="Sub-task of"
            value={draft.parentId}
            onChange={(e) => set('parentId', e.target.value)}
            error={errors.parentId}
            options={[
              { value: '', label: 'None (a top-level task)' },
              ...others
                .filter((t) => !t.parentId)
                .map((t) => ({ value: t._id, label: `#${t.number} ${t.title}` })),
            ]}
          />
          <OptionSelectField
            label="Blocked by"
            value=""
            onChange={(e) =>
              e.target.value && set('blockedByIds', [...new Set([...draft.blockedByIds, e.target.value])])
            }
            error={errors.blockedByIds}
            options={[
              { value: '', label: 'Add a task it waits for…' },
              ...others
                .filter((t) => !draft.blockedByIds.includes(t._id))
                .map((t) => ({ value: t._id, label: `#${t.number} ${t.title}` })),
            ]}
          />
        </div>
        {draft.blockedByIds.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Blocked by">
            {draft.blockedByIds.map((id) => {
              const blocker = others.find((t) => t._id === id);
              return (
                <li
                  key={id}
                  className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1 text-sm"
                >
                  #{blocker?.number} {blocker?.title}
                  <button
                    type="button"
                    className="rounded-full p-1 text-muted hover:bg-slate-200"
                    aria-label={`No longer blocked by #${blocker?.number}`}
                    onClick={() =>
                      set(
                        'blockedByIds',
                        draft.blockedByIds.filter((b) => b !== id),
                      )
                    }
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <Switch
          label="Blocked"
          description="Waiting on something outside the project"
          checked={draft.blocked}
          onChange={(v) => set('blocked', v)}
        />
        <Switch
          label={PM.milestoneLabel}
          description={PM.milestoneHint}
          checked={draft.milestone}
          onChange={(v) => set('milestone', v)}
        />
        <TextAreaField
          label="Description"
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
        />
      </form>
      {task && (
        <div className="mt-6 space-y-5">
          <Button
            variant="secondary"
            size="sm"
            disabled={startTimer.isPending}
            onClick={() =>
              startTimer.mutate(
                { projectId: project._id, taskId: task._id, note: task.title, billable: true },
                {
                  onSuccess: (answer) => toast.success(answer.message),
                  onError: (error) => toast.error(serverMessage(error) ?? 'The timer could not be started.'),
                },
              )
            }
          >
            <Play className="size-4" aria-hidden /> Start timer on this task
          </Button>
          <TaskFiles taskId={task._id} project={project} />
          <TaskComments taskId={task._id} />
          <TaskClientTimeline taskId={task._id} />
        </div>
      )}
    </SidePanel>
  );
}
