import type { BadgeColor } from '../../lib/badge-color';
import { formatMoney } from '../../../shared/money';
import {
  PROJECT_STATUS_LABELS,
  formatMinutes,
  type ProjectStatus,
  type ProjectView,
} from '../../../shared/schemas/projects';
import {
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskPriority,
  type TaskStatus,
} from '../../../shared/schemas/tasks';
import { Badge } from '../ui/badge';
import { ProgressBar } from '../ui/progress-bar';

const STATUS_COLORS: Record<ProjectStatus, BadgeColor> = {
  planned: 'grey',
  active: 'blue',
  on_hold: 'amber',
  delivered: 'green',
  cancelled: 'red',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge color={STATUS_COLORS[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>;
}

const TASK_COLORS: Record<TaskStatus, BadgeColor> = {
  todo: 'grey',
  in_progress: 'blue',
  in_review: 'purple',
  done: 'green',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge color={TASK_COLORS[status]}>{TASK_STATUS_LABELS[status]}</Badge>;
}

const PRIORITY_COLORS: Record<TaskPriority, BadgeColor> = {
  low: 'grey',
  medium: 'cyan',
  high: 'amber',
  urgent: 'red',
};

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return <Badge color={PRIORITY_COLORS[priority]}>{TASK_PRIORITY_LABELS[priority]}</Badge>;
}

/** A project's time used, approved and not, in minutes and money. */
export const usedMinutes = (p: ProjectView) => p.usage.approvedMinutes + p.usage.unapprovedMinutes;
export const usedAmount = (p: ProjectView) =>
  p.usage.approvedAmount + p.usage.unapprovedAmount + p.usage.expenseAmount;

/** Whether its time has passed either budget. */
export const isOverBudget = (p: ProjectView) =>
  (p.budgetMinutes !== null && usedMinutes(p) > p.budgetMinutes) ||
  (p.budgetAmount !== null && usedAmount(p) > p.budgetAmount);

/** The project's hours against its hours budget (or money against money), as a labelled bar. */
export function BudgetBar({ project, compact = false }: { project: ProjectView; compact?: boolean }) {
  const byHours = project.budgetMinutes !== null;
  if (!byHours && project.budgetAmount === null)
    return <span className="text-xs text-muted">{formatMinutes(usedMinutes(project))} · no budget</span>;
  const used = byHours ? usedMinutes(project) : usedAmount(project);
  const budget = byHours ? project.budgetMinutes! : project.budgetAmount!;
  const text = byHours
    ? `${formatMinutes(used)} of ${formatMinutes(budget)}`
    : `${formatMoney(used, project.currency)} of ${formatMoney(budget, project.currency)}`;
  return (
    <div className={compact ? 'w-36' : undefined}>
      <ProgressBar
        value={used}
        max={budget}
        valueText={`${text} used`}
        label={compact ? undefined : 'Budget used'}
      />
      <p className="mt-1 text-xs text-muted">{text}</p>
    </div>
  );
}

/** A day as people read it: 5 Dec 2026. */
export const showDate = (day: string | null) =>
  day
    ? new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '–';
