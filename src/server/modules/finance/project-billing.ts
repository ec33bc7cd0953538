import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import type { InvoiceInput, InvoiceLineInput } from '../../../shared/schemas/finance';
import type { Database, SessionUser } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { findProject } from '../projects/projects.service';
import { claimBillableTime, insertInvoice, taskTitles, updateInvoice } from './invoices.repository';
import { claimBillableExpenses } from './expenses.repository';
import { NEW_DRAFT, num, writeLines, type InvoiceCore } from './invoice-core';

/** "Invoice project": billing a project's approved hours and expenses once (docs/product/finance.md#invoices). */
export function createProjectBilling(db: Kysely<Database>, core: InvoiceCore, clock: () => Date) {
  const { today, settingsOf, clientOf, draftColumns, view, mustFind } = core;
  return {
    /**
     * "Invoice project": a draft billing the project's approved, billable hours not yet invoiced, up to
     * `through` (today by default), one line per task or per person and rate.
     */
    async fromProject(
      caller: SessionUser,
      projectId: string,
      groupBy: 'task' | 'person',
      through: string | null,
    ) {
      return db.transaction().execute(async (trx) => {
        const project = await findProject(trx, caller.workspace_id, projectId);
        if (!project) throw notFound(M.projectNotFound);
        const client = await clientOf(trx, caller, project.client_id);
        const settings = await settingsOf(trx, caller.workspace_id);
        const id = randomUUID();
        const now = clock().toISOString();
        // The row first, with no lines: the time entries point at it as they are claimed.
        await insertInvoice(trx, {
          id,
          workspace_id: caller.workspace_id,
          kind: 'invoice',
          status: 'draft',
          ...NEW_DRAFT,
          client_id: client.id,
          project_id: project.id,
          issue_date: today(),
          due_date: null,
          currency: client.currency,
          scheme: 'vat',
          place_of_supply: '',
          seller: '{}',
          buyer: '{}',
          subtotal: 0,
          tax_total: 0,
          total: 0,
          notes: '',
          terms: '',
          search_text: '',
          created_by: caller.id,
          created_at: now,
          updated_at: now,
        });
        const entries = await claimBillableTime(trx, project.id, id, through ?? today(), now);
        const spent = await claimBillableExpenses(trx, project.id, client.currency, id, through ?? today());
        if (!entries.length && !spent.length) throw conflict(M.nothingToBill);
        const titles = new Map(
          (
            await taskTitles(trx, [...new Set(entries.map((e) => e.task_id).filter((t): t is string => !!t))])
          ).map((task) => [task.id, `#${task.number} ${task.title}`]),
        );
        const groups = new Map<string, { label: string; minutes: number; rate: number }>();
        for (const entry of entries) {
          const rate = num(entry.hourly_rate ?? 0);
          const label =
            groupBy === 'task'
              ? (entry.task_id && titles.get(entry.task_id)) || 'General work'
              : entry.user_name;
          const key = `${label}|${rate}`;
          const group = groups.get(key) ?? { label, minutes: 0, rate };
          group.minutes += entry.minutes;
          groups.set(key, group);
        }
        const lines: InvoiceLineInput[] = [...groups.values()].map((group) => ({
          description: `${project.code} ${project.name}: ${group.label}`,
          sac: settings.country === 'IN' ? settings.defaultSac : '',
          // Hours to the thousandth (3.6 seconds): the line is quantity × rate like any other.
          quantityMilli: Math.round((group.minutes * 1000) / 60),
          unit: 'hrs',
          unitPrice: group.rate,
          discount: 0,
          category: 'standard',
          rateBp: settings.defaultRateBp,
          exemptReason: '',
          inclusive: false,
        }));
        // Re-billed expenses at their cost before the tax paid on them, with the workspace's tax on top.
        for (const expense of spent)
          lines.push({
            description: `Expense: ${expense.vendor}${expense.description ? `, ${expense.description}` : ''} (${expense.date})`,
            sac: settings.country === 'IN' ? settings.defaultSac : '',
            quantityMilli: 1000,
            unit: 'item',
            unitPrice: Number(expense.amount) - Number(expense.tax_amount),
            discount: 0,
            category: 'standard',
            rateBp: settings.defaultRateBp,
            exemptReason: '',
            inclusive: false,
          });
        const input: InvoiceInput = {
          clientId: client.id,
          projectId: project.id,
          issueDate: today(),
          dueDate: null,
          placeOfSupply: '',
          lines,
          notes: '',
          terms: '',
        };
        const { columns, totals } = await draftColumns(trx, caller, input);
        await updateInvoice(trx, id, columns);
        await writeLines(trx, caller.workspace_id, id, lines, totals);
        return { message: M.created, invoice: await view(trx, await mustFind(trx, caller, id)) };
      });
    },
  };
}
