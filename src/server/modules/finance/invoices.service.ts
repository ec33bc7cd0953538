import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { invoiceState } from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import type { InvoiceInput, InvoiceListQuery, InvoiceView } from '../../../shared/schemas/finance';
import type { Database, SessionUser } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { recordActivity } from '../activity/activity.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
import {
  deleteDraft,
  findInvoice,
  insertInvoice,
  listInvoices,
  releaseTime,
  updateInvoice,
} from './invoices.repository';
import { releaseExpenses } from './expenses.repository';
import { createCreditNotes } from './credit-notes';
import {
  NEW_DRAFT,
  balanceOf,
  createInvoiceCore,
  type Trx,
  num,
  settledStatus,
  webhookInvoice,
  writeLines,
} from './invoice-core';
import { createProjectBilling } from './project-billing';

/**
 * Invoices and credit notes (docs/product/finance.md#invoices). Every caller passed the Finance guard;
 * another workspace's ids answer 404. A draft is edited and deleted freely; finalising numbers it from its
 * series and freezes it; after that only a credit note corrects it.
 */
export function createInvoicesService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const core = createInvoiceCore(db, clock);
  const { today, view, mustFind, mustFindDraft, issue, settingsOf, draftColumns } = core;

  /** A draft invoice made in the caller's transaction (an estimate's deposit invoice is made in its own). */
  async function createDraftIn(trx: Trx, caller: SessionUser, input: InvoiceInput): Promise<string> {
    const id = randomUUID();
    const { columns, totals } = await draftColumns(trx, caller, input);
    await insertInvoice(trx, {
      id,
      workspace_id: caller.workspace_id,
      kind: 'invoice',
      status: 'draft',
      ...NEW_DRAFT,
      ...columns,
      created_by: caller.id,
      created_at: clock().toISOString(),
    });
    await writeLines(trx, caller.workspace_id, id, input.lines, totals);
    return id;
  }

  return {
    ...createCreditNotes(db, core, clock),
    ...createProjectBilling(db, core, clock),
    async list(caller: SessionUser, query: InvoiceListQuery) {
      const { rows, total } = await listInvoices(db, caller.workspace_id, { query, today: today() });
      return {
        invoices: rows.map((row) => ({
          _id: row.id,
          kind: row.kind,
          number: row.number,
          state: invoiceState(
            { status: row.status, dueDate: row.due_date, paidAmount: num(row.paid_amount) },
            today(),
          ),
          clientId: row.client_id,
          clientName: row.client_name,
          projectId: row.project_id,
          corrects: row.corrects_id ? { _id: row.corrects_id, number: row.corrects_number } : null,
          issueDate: row.issue_date,
          dueDate: row.due_date,
          currency: row.currency,
          total: num(row.total),
          balance: balanceOf(row),
        })),
        pageInfo: pageInfo(query.page, query.limit, total),
      };
    },

    async get(caller: SessionUser, id: string): Promise<InvoiceView> {
      return view(db, await mustFind(db, caller, id));
    },

    /** Stops or resumes an invoice's payment reminders: a setting of its own, not a change to the invoice. */
    async setReminders(caller: SessionUser, id: string, paused: boolean) {
      const row = await mustFind(db, caller, id);
      if (row.kind !== 'invoice') throw notFound(M.invoiceNotFound);
      await updateInvoice(db, id, { reminders_paused: paused ? 1 : 0 });
      return {
        message: paused ? M.remindersPaused : M.remindersResumed,
        invoice: await view(db, { ...row, reminders_paused: paused ? 1 : 0 }),
      };
    },

    /** The same view for background work (reminders), which acts for a workspace and not for a person. */
    async getInWorkspace(workspaceId: string, id: string): Promise<InvoiceView> {
      const row = await findInvoice(db, workspaceId, id);
      if (!row) throw notFound(M.invoiceNotFound);
      return view(db, row);
    },

    async create(caller: SessionUser, input: InvoiceInput) {
      return db.transaction().execute(async (trx) => {
        const id = await createDraftIn(trx, caller, input);
        return { message: M.created, invoice: await view(trx, await mustFind(trx, caller, id)) };
      });
    },

    createDraftIn,

    async update(caller: SessionUser, id: string, input: InvoiceInput) {
      return db.transaction().execute(async (trx) => {
        const row = await mustFindDraft(trx, caller, id);
        const { columns, totals } = await draftColumns(trx, caller, input);
        // Time billed by the draft stays with it only while the draft stays with that project.
        if (row.project_id && row.project_id !== columns.project_id) {
          await releaseTime(trx, id);
          await releaseExpenses(trx, id);
        }
        await updateInvoice(trx, id, columns);
        await writeLines(trx, caller.workspace_id, id, input.lines, totals);
        return { message: M.updated, invoice: await view(trx, await mustFind(trx, caller, id)) };
      });
    },

    async remove(caller: SessionUser, id: string) {
      await db.transaction().execute(async (trx) => {
        await mustFindDraft(trx, caller, id);
        await releaseExpenses(trx, id);
        await deleteDraft(trx, id);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'invoice-deleted',
          action: `${caller.username} deleted a draft invoice`,
        });
      });
      return { success: true as const, message: M.deleted };
    },

    async finalise(caller: SessionUser, id: string) {
      return db.transaction().execute(async (trx) => {
        const draft = await mustFindDraft(trx, caller, id);
        const settings = await settingsOf(trx, caller.workspace_id);
        if (!settings.configured || !settings.legalName || !settings.addressLine1)
          throw conflict(M.profileRequired);
        const issued = await issue(trx, caller, draft, settings);
        const final = { ...issued, status: settledStatus(issued) };
        const { id: _id, workspace_id: _w, ...changes } = final;
        await updateInvoice(trx, id, changes);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'invoice-finalised',
          action: `${caller.username} finalised invoice ${final.number}`,
        });
        await enqueueWebhookEvent(
          trx,
          caller.workspace_id,
          'invoice.finalized',
          { invoice: webhookInvoice(final), corrects: null },
          clock(),
        );
        return { message: M.finalised(final.number), invoice: await view(trx, final) };
      });
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
