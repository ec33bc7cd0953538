import { TASK_MESSAGES as M } from '../../../shared/messages';
import { Banner } from '../../components/ui/banner';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { PriorityBadge, TaskStatusBadge, showDate } from '../../components/projects/project-parts';
import { serverMessage } from '../../lib/api-client';
import { useMyTasks } from '../../lib/tasks-api';

const today = () => new Date().toISOString().slice(0, 10);

/** My tasks (docs/product/projects.md#tasks): one's open tasks across projects, soonest due first. */
export function MyTasks({ onOpenProject }: { onOpenProject(id: string): void }) {
  const tasks = useMyTasks();
  if (tasks.isPending) return <Spinner label="Loading your tasks..." />;
  if (tasks.isError)
    return <Banner message={serverMessage(tasks.error) ?? 'Your tasks could not be loaded.'} />;
  if (tasks.data.length === 0)
    return (
      <p
        className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center text-sm font-medium text-ink"
        role="status"
      >
        {M.noneMine}
      </p>
    );
  return (
    <DataTable caption="My open tasks" tableClassName="min-w-[40rem]">
      <thead className={tableHeadClasses}>
        <tr>
          <th className="px-4 py-3">Task</th>
          <th className="px-4 py-3">Project</th>
          <th className="px-4 py-3">Status</th>
          <th className="px-4 py-3">Priority</th>
          <th className="px-4 py-3">Due</th>
        </tr>
      </thead>
      <tbody>
        {tasks.data.map((task) => {
          const late = task.dueDate !== null && task.dueDate < today();
          return (
            <tr key={task._id} className="border-b border-line last:border-0">
              <td className="px-4 py-3">
                <button
                  type="button"
                  className="text-left font-medium text-ink hover:text-brand-700 hover:underline"
                  onClick={() => onOpenProject(task.project._id)}
                >
                  <span className="mr-1 font-mono text-xs text-muted">#{task.number}</span>
                  {task.title}
                </button>
              </td>
              <td className="px-4 py-3 text-muted">
                {task.project.code} {task.project.name}
              </td>
              <td className="px-4 py-3">
                <TaskStatusBadge status={task.status} />
              </td>
              <td className="px-4 py-3">
                <PriorityBadge priority={task.priority} />
              </td>
              <td className={late ? 'px-4 py-3 font-medium text-red-700' : 'px-4 py-3 text-muted'}>
                {showDate(task.dueDate)}
                {late && <span className="sr-only"> (overdue)</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
