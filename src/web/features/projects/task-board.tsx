import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { Ban, CalendarClock, MoveRight, Plus, Repeat } from 'lucide-react';
import { toast } from 'sonner';
import { formatMinutes, type ProjectView } from '../../../shared/schemas/projects';
import {
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskStatus,
  type TaskView,
} from '../../../shared/schemas/tasks';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Menu, MenuItem, MenuSeparator } from '../../components/ui/menu';
import { PriorityBadge, showDate } from '../../components/projects/project-parts';
import { TaskPanel } from '../../components/projects/task-panel';
import { serverMessage } from '../../lib/api-client';
import { useMoveTask } from '../../lib/tasks-api';

const today = () => new Date().toISOString().slice(0, 10);
const HOW_TO = 'task-board-keys';

/** The column's tasks in their order. */
const columnOf = (tasks: TaskView[], status: TaskStatus) =>
  tasks.filter((t) => t.status === status).sort((a, b) => a.position - b.position || a.number - b.number);

/**
 * A project's tasks as a board (docs/product/projects.md#tasks): drag a card with the mouse, or with the
 * keyboard move the focused card with Alt and the arrow keys (or its Move menu); each move is announced.
 * The board shows the move at once and puts it right if the server refuses it.
 */
export function TaskBoard({ project, tasks }: { project: ProjectView; tasks: TaskView[] }) {
  const move = useMoveTask();
  const [optimistic, setOptimistic] = useState<TaskView[] | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<TaskStatus | null>(null);
  const [editing, setEditing] = useState<TaskView | { new: TaskStatus } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shown = optimistic ?? tasks;

  const moveTo = (task: TaskView, status: TaskStatus, index: number) => {
    const column = columnOf(shown, status).filter((t) => t._id !== task._id);
    const at = Math.max(0, Math.min(index, column.length));
    column.splice(at, 0, { ...task, status });
    const positions = new Map(column.map((t, i) => [t._id, i]));
    setOptimistic(
      shown.map((t) =>
        positions.has(t._id)
          ? { ...t, status: t._id === task._id ? status : t.status, position: positions.get(t._id)! }
          : t,
      ),
    );
    setAnnouncement(
      `Moved #${task.number} ${task.title} to ${TASK_STATUS_LABELS[status]}, position ${at + 1} of ${column.length}.`,
    );
    move.mutate(
      { id: task._id, status, index: at },
      {
        onError: (error) => toast.error(serverMessage(error) ?? 'The task could not be moved.'),
        onSettled: () => setOptimistic(null),
      },
    );
    // Keep the keyboard on the card it moved.
    window.requestAnimationFrame(() => document.getElementById(`task-${task._id}`)?.focus());
  };

  const onKey = (event: KeyboardEvent, task: TaskView) => {
    if (!event.altKey) return;
    const columnIndex = TASK_STATUSES.indexOf(task.status);
    const column = columnOf(shown, task.status);
    const index = column.findIndex((t) => t._id === task._id);
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step) {
      const next = TASK_STATUSES[columnIndex + step];
      if (next) moveTo(task, next, columnOf(shown, next).length);
    } else if (event.key === 'ArrowUp' && index > 0) moveTo(task, task.status, index - 1);
    else if (event.key === 'ArrowDown' && index < column.length - 1) moveTo(task, task.status, index + 1);
    else return;
    event.preventDefault();
  };

  /** Where in the column the pointer is: before the first card whose middle is below it. */
  const dropIndex = (event: DragEvent<HTMLElement>, status: TaskStatus) => {
    const cards = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-task-card]')].filter(
      (card) => card.dataset.taskCard !== dragging,
    );
    const found = cards.findIndex((card) => {
      const box = card.getBoundingClientRect();
      return event.clientY < box.top + box.height / 2;
    });
    return found === -1 ? columnOf(shown, status).filter((t) => t._id !== dragging).length : found;
  };

  const childCount = (task: TaskView) => shown.filter((t) => t.parentId === task._id).length;

  return (
    <div>
      <p id={HOW_TO} className="sr-only">
        Alt and the left or right arrow moves a task to the previous or next column; Alt and up or down moves
        it within its column.
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="grid gap-4 overflow-x-auto pb-2 md:grid-cols-2 xl:grid-cols-4">
        {TASK_STATUSES.map((status) => {
          const column = columnOf(shown, status);
          return (
            <section
              key={status}
              aria-labelledby={`column-${status}`}
              data-column={status}
              onDragOver={(event) => {
                event.preventDefault();
                setDropTarget(status);
              }}
              onDragLeave={() => setDropTarget(null)}
              onDrop={(event) => {
                event.preventDefault();
                const task = shown.find((t) => t._id === dragging);
                setDropTarget(null);
                setDragging(null);
                if (task) moveTo(task, status, dropIndex(event, status));
              }}
              className={cn(
                'flex min-h-48 min-w-60 flex-col rounded-2xl bg-slate-100/70 p-3 transition-colors',
                dropTarget === status && 'bg-brand-50 ring-2 ring-brand-300',
              )}
            >
              <div className="flex items-center justify-between px-1">
                <h3 id={`column-${status}`} className="text-sm font-semibold text-ink">
                  {TASK_STATUS_LABELS[status]}{' '}
                  <span className="font-normal text-muted">({column.length})</span>
                </h3>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Add a task to ${TASK_STATUS_LABELS[status]}`}
                  onClick={() => setEditing({ new: status })}
                >
                  <Plus className="size-4" aria-hidden />
                </Button>
              </div>
              <ul className="mt-2 flex-1 space-y-2">
                {column.map((task) => {
                  const late = task.dueDate && task.status !== 'done' && task.dueDate < today();
                  return (
                    <li
                      key={task._id}
                      id={`task-${task._id}`}
                      data-task-card={task._id}
                      tabIndex={0}
                      draggable
                      aria-describedby={HOW_TO}
                      aria-label={`#${task.number} ${task.title}, ${TASK_STATUS_LABELS[task.status]}`}
                      onKeyDown={(event) => onKey(event, task)}
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', task._id);
                        setDragging(task._id);
                      }}
                      onDragEnd={() => {
                        setDragging(null);
                        setDropTarget(null);
                      }}
                      className={cn(
                        'cursor-grab rounded-xl border border-line bg-white p-3 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                        dragging === task._id && 'opacity-50',
                      )}
                    >
                      <div className="flex items-start justify-between gap-2">
                        <button
                          type="button"
                          className="min-w-0 text-left text-sm font-medium text-ink hover:text-brand-700 hover:underline"
                          onClick={() => setEditing(task)}
                        >
                          <span className="mr-1 font-mono text-xs text-muted">#{task.number}</span>
                          {task.title}
                        </button>
                        <Menu
                          label={`Move #${task.number}`}
                          icon={<MoveRight className="size-4" aria-hidden />}
                          compact
                          align="end"
                          className="shrink-0"
                        >
                          {TASK_STATUSES.filter((s) => s !== task.status).map((s) => (
                            <MenuItem key={s} onSelect={() => moveTo(task, s, columnOf(shown, s).length)}>
                              To {TASK_STATUS_LABELS[s]}
                            </MenuItem>
                          ))}
                          <MenuSeparator />
                          <MenuItem onSelect={() => moveTo(task, task.status, 0)}>To the top</MenuItem>
                          <MenuItem onSelect={() => moveTo(task, task.status, column.length)}>
                            To the bottom
                          </MenuItem>
                        </Menu>
                      </div>
                      <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-muted">
                        <PriorityBadge priority={task.priority} />
                        {task.blocked || task.blockedBy.some((b) => b.status !== 'done') ? (
                          <span className="flex items-center gap-1 font-medium text-red-700">
                            <Ban className="size-3.5" aria-hidden /> Blocked
                          </span>
                        ) : null}
                        {task.recurrence !== 'none' && (
                          <Repeat className="size-3.5" aria-label={`Repeats ${task.recurrence}`} />
                        )}
                        {task.dueDate && (
                          <span className={cn('flex items-center gap-1', late && 'font-medium text-red-700')}>
                            <CalendarClock className="size-3.5" aria-hidden />
                            {showDate(task.dueDate)}
                            {late && <span className="sr-only"> (overdue)</span>}
                          </span>
                        )}
                        {childCount(task) > 0 && <span>{childCount(task)} sub-tasks</span>}
                        {task.loggedMinutes > 0 && (
                          <span>
                            {formatMinutes(task.loggedMinutes)}
                            {task.estimateMinutes ? ` of ${formatMinutes(task.estimateMinutes)}` : ''} logged
                          </span>
                        )}
                      </div>
                      {task.assignees.length > 0 && (
                        <p className="mt-2 truncate text-xs text-muted">
                          {task.assignees.map((a) => a.username).join(', ')}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
      {editing && (
        <TaskPanel
          project={project}
          task={'new' in editing ? null : editing}
          status={'new' in editing ? editing.new : undefined}
          tasks={tasks}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
