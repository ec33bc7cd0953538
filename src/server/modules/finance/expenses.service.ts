import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EXPENSE_MESSAGES as M } from '../../../shared/messages';
import {
  RECEIPT_TYPES,
  mayApproveExpenses,
  type ExpenseInput,
  type ExpenseListQuery,
  type ExpenseView,
} from '../../../shared/schemas/expenses';
import type { Database, ExpenseRow, SessionUser } from '../../db/types';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import type { SpooledUpload } from '../../http/spooled-upload';
import { assertStorageRoom, assertWithinStorage } from '../../lib/plan-limits';
import { findProject } from '../projects/projects.service';
import type { BudgetWatch } from '../time/time.service';
import { cleanFileName } from '../../lib/file-name';
import {
  addProjectExpense,
  deleteExpense,
  expenseTotals,
  expenseWithParts,
  findExpense,
  insertExpense,
  listExpenses,
  receiptOf,
  replaceReceipt,
  updateExpense,
} from './expenses.repository';
import { findFinanceSettings } from './invoices.repository';
import { fileTypeOfFile } from '../../lib/file-type';

type Row = Awaited<ReturnType<typeof expenseWithParts>>;

const view = (row: Row): ExpenseView => ({
  _id: row.id,
  vendor: row.vendor,
  date: row.date,
  amount: Number(row.amount),
  taxAmount: Number(row.tax_amount),
  currency: row.currency,
  category: row.category as ExpenseView['category'],
  description: row.description,
  project: row.project_id
    ? { _id: row.project_id, code: row.project_code ?? '', name: row.project_name ?? '' }
    : null,
  billable: row.billable === 1,
  status: row.status,
  decisionNote: row.decision_note,
  submittedBy: { _id: row.submitted_by, username: row.submitted_by_name },
  decidedAt: row.decided_at,
  invoiceId: row.invoice_id,
  receipt: row.receipt_name
    ? { name: row.receipt_name, contentType: row.receipt_type ?? '', size: Number(row.receipt_size ?? 0) }
    : null,
  createdAt: row.created_at,
});

/** Whether the caller may change this expense: who submitted it while it waits, or an approver. */
const mayChange = (caller: SessionUser, row: ExpenseRow) =>
  mayApproveExpenses(caller.role) || row.submitted_by === caller.id;

/**
 * Expenses (docs/product/finance.md#expenses): submitted by Finance's members with a receipt checked by its
 * content, approved or rejected by a workspace admin; an approved expense of a project counts against its
 * money budget, and a billable one is billed to the client once. Another workspace's expense is 404.
 */
export function createExpensesService(
  db: Kysely<Database>,
  budget: BudgetWatch,
  clock: () => Date = () => new Date(),
) {
  async function mustFind(caller: SessionUser, id: string, trx: Kysely<Database> = db, forWrite = false) {
    const row = await findExpense(trx, caller.workspace_id, id, forWrite);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function projectOf(trx: Kysely<Database>, caller: SessionUser, projectId: string | null) {
    if (!projectId) return null;
    const project = await findProject(trx, caller.workspace_id, projectId);
    if (!project) throw badRequest(M.projectNotFound);
    return project;
  }

  const columns = (input: ExpenseInput) => ({
    vendor: input.vendor,
    date: input.date,
    amount: input.amount,
    tax_amount: input.taxAmount,
    currency: input.currency,
    category: input.category,
    description: input.description,
    project_id: input.projectId,
    billable: input.billable ? 1 : 0,
  });

  return {
    async list(caller: SessionUser, query: ExpenseListQuery) {
      const currency = (await findFinanceSettings(db, caller.workspace_id))?.currency ?? 'INR';
      const [[rows, count], totals] = await Promise.all([
        listExpenses(db, caller.workspace_id, query, query.mine ? caller.id : null),
        expenseTotals(db, caller.workspace_id, currency, `${clock().toISOString().slice(0, 7)}-01`),
      ]);
      return {
        expenses: rows.map(view),
        totals: { currency, ...totals },
        pageInfo: pageInfo(query.page, query.limit, Number(count.total)),
      };
    },

    async get(caller: SessionUser, id: string) {
      await mustFind(caller, id);
      return view(await expenseWithParts(db, id));
    },

    async create(caller: SessionUser, input: ExpenseInput) {
      await projectOf(db, caller, input.projectId);
      const id = randomUUID();
      const now = clock().toISOString();
      await insertExpense(db, {
        id,
        workspace_id: caller.workspace_id,
        ...columns(input),
        status: 'pending',
        decision_note: '',
        submitted_by: caller.id,
        submitted_by_name: caller.username,
        decided_by: null,
        decided_at: null,
        invoice_id: null,
        created_at: now,
        updated_at: now,
      });
      return { message: M.created, expense: view(await expenseWithParts(db, id)) };
    },

    async update(caller: SessionUser, id: string, input: ExpenseInput) {
      await db.transaction().execute(async (trx) => {
        const row = await mustFind(caller, id, trx, true);
        if (!mayChange(caller, row)) throw forbidden(M.notYours);
        if (row.status !== 'pending') throw conflict(M.notPending);
        await projectOf(trx, caller, input.projectId);
        await updateExpense(trx, id, { ...columns(input), updated_at: clock().toISOString() });
      });
      return { message: M.updated, expense: view(await expenseWithParts(db, id)) };
    },

    async remove(caller: SessionUser, id: string) {
      await db.transaction().execute(async (trx) => {
        const row = await mustFind(caller, id, trx, true);
        if (!mayChange(caller, row)) throw forbidden(M.notYours);
        if (row.status !== 'pending' && !mayApproveExpenses(caller.role)) throw conflict(M.notPending);
        if (row.invoice_id) throw conflict(M.invoicedLocked);
        if (row.status === 'approved' && row.project_id) await uncount(trx, row);
        await deleteExpense(trx, id);
      });
      return { success: true as const, message: M.deleted };
    },

    /** Approves or rejects a waiting expense: a workspace admin only. */
    async decide(caller: SessionUser, id: string, action: 'approve' | 'reject', note: string) {
      if (!mayApproveExpenses(caller.role)) throw forbidden(M.approveNotAllowed);
      const siteName = await budget.siteName();
      await db.transaction().execute(async (trx) => {
        const row = await mustFind(caller, id, trx, true);
        if (row.status !== 'pending') throw conflict(M.notPending);
        await updateExpense(trx, id, {
          status: action === 'approve' ? 'approved' : 'rejected',
          decision_note: note,
          decided_by: caller.id,
          decided_at: clock().toISOString(),
        });
        if (action === 'approve' && row.project_id) {
          await count(trx, row);
          await budget.watch(trx, caller.workspace_id, row.project_id, siteName, clock());
        }
      });
      budget.kick();
      return {
        message: action === 'approve' ? M.approved : M.rejected,
        expense: view(await expenseWithParts(db, id)),
      };
    },

    /** The receipt, an image or a PDF read from its bytes, counted in the workspace's storage. */
    async attachReceipt(caller: SessionUser, id: string, upload: SpooledUpload, fileName: string) {
      const row = await mustFind(caller, id);
      if (!mayChange(caller, row)) throw forbidden(M.notYours);
      const detected = await fileTypeOfFile(upload.path);
      if (!detected || !(detected.mime in RECEIPT_TYPES)) throw new HttpError(415, M.receiptType);
      const bytes = await fs.promises.readFile(upload.path);
      await assertStorageRoom(db, caller.workspace_id, bytes.length);
      await db.transaction().execute(async (trx) => {
        await replaceReceipt(trx, {
          expense_id: id,
          workspace_id: caller.workspace_id,
          name: cleanFileName(fileName),
          content_type: detected.mime,
          size: bytes.length,
          data: bytes,
          created_at: clock().toISOString(),
        });
        await assertWithinStorage(trx, caller.workspace_id, bytes.length);
      });
      return { message: M.receiptSaved, expense: view(await expenseWithParts(db, id)) };
    },

    async receipt(caller: SessionUser, id: string) {
      await mustFind(caller, id);
      const file = await receiptOf(db, id);
      if (!file) throw notFound(M.receiptNotFound);
      return file;
    },
  };

  /** An approved expense counts against its project's money budget when it is in the project's currency. */
  async function count(trx: Kysely<Database>, row: ExpenseRow) {
    const project = await findProject(trx, row.workspace_id, row.project_id!);
    if (project && project.currency === row.currency)
      await addProjectExpense(trx, project.id, Number(row.amount));
  }

  async function uncount(trx: Kysely<Database>, row: ExpenseRow) {
    const project = await findProject(trx, row.workspace_id, row.project_id!);
    if (project && project.currency === row.currency)
      await addProjectExpense(trx, project.id, -Number(row.amount));
  }
}

export type ExpensesService = ReturnType<typeof createExpensesService>;
