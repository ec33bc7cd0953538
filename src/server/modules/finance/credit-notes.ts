import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TaxScheme } from '../../../shared/invoice-totals';
import { checkedTotals, lineInputOf } from './document-lines';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { CreditNoteInput } from '../../../shared/schemas/finance';
import type { Database, InvoiceRow, SessionUser } from '../../db/types';
import { badRequest, conflict } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
import { insertInvoice, linesOf, updateInvoice } from './invoices.repository';
import { releaseAllocations } from './payments.repository';
import { balanceOf, num, settledStatus, webhookInvoice, writeLines, type InvoiceCore } from './invoice-core';

/** Credit notes: the only correction a final invoice takes (docs/product/finance.md#credit-notes). */
export function createCreditNotes(db: Kysely<Database>, core: InvoiceCore, clock: () => Date) {
  const { today, settingsOf, view, mustFind, issue } = core;
  return {
    /**
     * A credit note against a final invoice: the whole of it, or the lines given, never more than is left
     * to credit. It is final at once, numbered from its own series; what it takes off beyond what was left
     * to pay (the invoice was paid) is kept as the client's credit.
     */
    async credit(caller: SessionUser, invoiceId: string, input: CreditNoteInput) {
      return db.transaction().execute(async (trx) => {
        const invoice = await mustFind(trx, caller, invoiceId, true);
        if (invoice.kind !== 'invoice' || invoice.status === 'draft') throw conflict(M.notFinal);
        const creditable = num(invoice.total) - num(invoice.credited_amount);
        if (creditable <= 0) throw conflict(M.creditNothing);
        const settings = await settingsOf(trx, caller.workspace_id);
        const lines = input.lines ?? (await linesOf(trx, invoice.id)).map(lineInputOf);
        const totals = checkedTotals(lines, invoice.scheme as TaxScheme);
        if (totals.total > creditable)
          throw badRequest(M.creditTooLarge(formatMoney(creditable, invoice.currency)));
        const id = randomUUID();
        const now = clock().toISOString();
        const draft: InvoiceRow = {
          ...invoice,
          id,
          kind: 'credit_note',
          corrects_id: invoice.id,
          project_id: invoice.project_id,
          status: 'draft',
          number: null,
          series: null,
          issue_date: input.issueDate ?? today(),
          due_date: null,
          subtotal: totals.subtotal,
          tax_total: totals.taxTotal,
          total: totals.total,
          paid_amount: 0,
          credited_amount: 0,
          notes: input.reason,
          terms: '',
          reminders_paused: 1,
          sent_at: null,
          created_by: caller.id,
          created_at: now,
          updated_at: now,
        };
        const note = { ...(await issue(trx, caller, draft, settings)), status: 'paid' as const };
        await insertInvoice(trx, note);
        await writeLines(trx, caller.workspace_id, id, lines, totals);
        // What the note takes off beyond what was left to pay was paid: it goes back to its payments as
        // the client's credit, so the invoice ends at zero and the money is counted once.
        const surplus = totals.total - Math.max(0, balanceOf(invoice));
        if (surplus > 0) await releaseAllocations(trx, invoice.id, surplus);
        const credited = {
          ...invoice,
          paid_amount: num(invoice.paid_amount) - Math.max(0, surplus),
          credited_amount: num(invoice.credited_amount) + totals.total,
        };
        await updateInvoice(trx, invoice.id, {
          paid_amount: credited.paid_amount,
          credited_amount: credited.credited_amount,
          status: settledStatus(credited),
          updated_at: now,
        });
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'credit-note-issued',
          action: `${caller.username} issued credit note ${note.number} against ${invoice.number}`,
        });
        await enqueueWebhookEvent(
          trx,
          caller.workspace_id,
          'invoice.finalized',
          { invoice: webhookInvoice(note), corrects: { id: invoice.id, number: invoice.number } },
          clock(),
        );
        return { message: M.credited(note.number), invoice: await view(trx, note) };
      });
    },
  };
}
