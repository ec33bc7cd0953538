import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { REMINDER_STEPS } from '../../../shared/finance';
import { formatMoney } from '../../../shared/money';
import { addDays } from '../../../shared/time';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { createPollingJob } from '../../lib/polling-job';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import { paymentReminderMail } from '../../mail/templates';
import type { InvoiceDelivery } from './invoice-delivery';
import { claimStep, claimedSteps, remindable } from './invoices.repository';
import type { InvoicesService } from './invoices.service';

/** Looks every 30 minutes (and at start); reminders go out from this hour (UTC) of their day. */
const POLL_INTERVAL_MS = 30 * 60 * 1000;
export const REMINDER_HOUR_UTC = 6;
/** Invoices looked at in one round; the rest wait for the next. */
const ROUND_SIZE = 200;

export interface ReminderSweep {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One round (tests drive it): how many reminders were queued. */
  sweep(): Promise<number>;
}

/**
 * Payment reminders (docs/product/finance.md#reminders): for each final invoice with something left to pay
 * and reminders on, one e-mail 3 days before its due date, one on it, one 7 and one 21 days after, each with
 * the PDF, through the outbox and within the plan's e-mails a day. Only the latest step whose day has come
 * is sent (an invoice seen late does not get every earlier reminder at once); each step is claimed in the
 * transaction that queues its mail, so instances never send one twice, and a step refused by the plan's
 * limit is not tried again.
 */
export function createReminderSweep(
  db: Kysely<Database>,
  deps: {
    invoices: InvoicesService;
    delivery: InvoiceDelivery;
    mailer: Mailer;
    clock: () => Date;
    log: FastifyBaseLogger;
    pollMs?: number;
  },
): ReminderSweep {
  const last = REMINDER_STEPS[REMINDER_STEPS.length - 1]!;

  async function remind(workspaceId: string, invoiceId: string, step: number, now: Date): Promise<boolean> {
    const invoice = await deps.invoices.getInWorkspace(workspaceId, invoiceId);
    const claim = { invoice_id: invoiceId, step, created_at: now.toISOString() };
    if (!invoice.buyer.email || !invoice.number || invoice.balance <= 0) {
      await claimStep(db, { ...claim, status: 'refused' });
      return false;
    }
    const { settings, bytes, fileName } = await deps.delivery.pdfInWorkspace(workspaceId, invoiceId);
    const mail = paymentReminderMail(await deps.mailer.siteName(), {
      seller: invoice.seller.name,
      number: invoice.number,
      balance: formatMoney(invoice.balance, invoice.currency),
      dueDate: invoice.dueDate!,
      when: step < 0 ? 'before' : step === 0 ? 'due' : 'after',
    });
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await claimStep(trx, { ...claim, status: 'queued' }))) return false;
        await enqueueMail(
          trx,
          {
            workspaceId,
            kind: 'payment-reminder',
            via: 'workspace',
            to: invoice.buyer.email,
            replyTo: settings.email || undefined,
            attachments: [{ filename: fileName, contentType: 'application/pdf', content: bytes }],
            ...mail,
          },
          now,
        );
        return true;
      });
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
      await claimStep(db, { ...claim, status: 'refused' });
      deps.log.info({ workspaceId }, 'payment reminder refused: the day’s e-mails are used up');
      return false;
    }
  }

  async function sweep(): Promise<number> {
    const now = deps.clock();
    if (now.getUTCHours() < REMINDER_HOUR_UTC) return 0;
    const today = now.toISOString().slice(0, 10);
    // Due from (today − the last step) to (today − the first step, a date in the future).
    const candidates = await remindable(
      db,
      addDays(today, -last),
      addDays(today, -REMINDER_STEPS[0]!),
      ROUND_SIZE,
    );
    const claimed = await claimedSteps(
      db,
      candidates.map((c) => c.id),
    );
    let queued = 0;
    for (const invoice of candidates) {
      const due = REMINDER_STEPS.filter((step) => addDays(invoice.due_date!, step) <= today);
      const step = due[due.length - 1];
      if (step === undefined) continue;
      // Once a later step is claimed, an earlier one never goes.
      if (claimed.some((c) => c.invoice_id === invoice.id && c.step >= step)) continue;
      if (await remind(invoice.workspace_id, invoice.id, step, now)) queued += 1;
    }
    if (queued) deps.mailer.worker.kick();
    return queued;
  }

  const job = createPollingJob(
    deps.pollMs ?? POLL_INTERVAL_MS,
    async () => {
      const queued = await sweep();
      if (queued) deps.log.info({ queued }, 'payment reminders queued');
    },
    (error) => deps.log.warn({ err: error }, 'the payment reminder sweep failed'),
  );
  return { start: job.start, stop: job.stop, sweep };
}
