import type { Transaction } from 'kysely';
import { TIME_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { BUDGET_WARNING_PERCENTS, budgetPercent, formatMinutes } from '../../../shared/projects';
import type { Database, ProjectRow } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { budgetWarningMail } from '../../mail/templates';
import { notifyUser } from '../notifications/notifications.service';
import { findProject } from '../projects/projects.service';
import { findUserById } from '../users/users.service';
import { setBudgetAlerted } from './time.repository';

type Trx = Transaction<Database>;

/**
 * A project's budget watched after what counts against it changed: logged or approved time, an approved
 * expense (docs/product/projects.md#budgets). Passing 80 % or 100 % for the first time tells the manager
 * once, in the bell and by e-mail (queued in the caller's transaction; `kick` sends it after commit).
 */
export function createBudgetWatch(mailer: Mailer) {
  /**
   * After the roll-ups changed: the budget's highest share reached (hours or money). Passing 80 % or 100 %
   * for the first time tells the manager once, in the bell and by e-mail; falling back below lets it warn
   * again later.
   */
  async function watchBudget(trx: Trx, workspaceId: string, projectId: string, siteName: string, at: Date) {
    const project = await findProject(trx, workspaceId, projectId);
    if (!project) return;
    const minutesShare = budgetPercent(
      Number(project.approved_minutes) + Number(project.unapproved_minutes),
      project.budget_minutes,
    );
    const moneyShare = budgetPercent(
      Number(project.approved_amount) + Number(project.unapproved_amount) + Number(project.expense_amount),
      project.budget_amount === null ? null : Number(project.budget_amount),
    );
    const percent = Math.max(minutesShare ?? 0, moneyShare ?? 0);
    const reached = [...BUDGET_WARNING_PERCENTS].reverse().find((mark) => percent >= mark) ?? 0;
    if (reached === project.budget_alerted) return;
    await setBudgetAlerted(trx, project.id, reached);
    if (reached < project.budget_alerted || !project.manager_id) return;
    await warnManager(trx, project, reached, (moneyShare ?? 0) > (minutesShare ?? 0), siteName, at);
  }

  async function warnManager(
    trx: Trx,
    project: ProjectRow,
    percent: number,
    byMoney: boolean,
    siteName: string,
    at: Date,
  ) {
    const manager = await findUserById(trx, project.manager_id!);
    if (!manager || manager.workspace_id !== project.workspace_id) return;
    const name = `${project.code} ${project.name}`;
    await notifyUser(
      trx,
      {
        userId: manager.id,
        workspaceId: project.workspace_id,
        kind: 'budget-warning',
        title: M.budgetTitle(percent),
        message: M.budgetNotice(project.code, project.name, percent),
        dedupeKey: `budget:${project.id}:${percent}:${at.toISOString()}`,
      },
      at,
    );
    const used = byMoney
      ? formatMoney(
          Number(project.approved_amount) +
            Number(project.unapproved_amount) +
            Number(project.expense_amount),
          project.currency,
        )
      : formatMinutes(Number(project.approved_minutes) + Number(project.unapproved_minutes));
    const budget = byMoney
      ? formatMoney(Number(project.budget_amount), project.currency)
      : formatMinutes(project.budget_minutes ?? 0);
    await enqueueMail(
      trx,
      {
        workspaceId: project.workspace_id,
        kind: 'budget-warning',
        via: 'workspace',
        to: manager.email,
        ...budgetWarningMail(siteName, {
          username: manager.username,
          project: name,
          percent,
          used,
          budget,
          link: mailer.link('/dashboard/our-projects', { project: project.id }),
        }),
      },
      at,
    );
  }

  return {
    watch: watchBudget,
    siteName: () => mailer.siteName(),
    kick: () => mailer.worker.kick(),
  };
}

export type BudgetWatch = ReturnType<typeof createBudgetWatch>;
