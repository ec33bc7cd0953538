import type { Kysely } from 'kysely';
import { PORTAL_FINANCE_MESSAGES as M } from '../../../shared/messages';
import type { Database, SessionUser } from '../../db/types';
import { notFound } from '../../http/errors';
import type { InvoicesService } from './invoices.service';
import { dismissNotice } from './payment-notices.repository';

/**
 * The staff's side of a client's "I have paid" (docs/product/finance.md#payment-notices): shown on the
 * invoice until a payment allocated to it answers it (payments.service.ts) or a member dismisses it.
 */
export function createPaymentNotices(
  db: Kysely<Database>,
  invoices: InvoicesService,
  clock: () => Date = () => new Date(),
) {
  return {
    async dismiss(caller: SessionUser, invoiceId: string, noticeId: string) {
      // The invoice first, so another workspace's answers 404 as one that does not exist.
      await invoices.get(caller, invoiceId);
      const done = await dismissNotice(
        db,
        caller.workspace_id,
        invoiceId,
        noticeId,
        caller.id,
        clock().toISOString(),
      );
      if (!done) throw notFound(M.noticeNotFound);
      return { message: M.noticeDismissed, invoice: await invoices.get(caller, invoiceId) };
    },
  };
}

export type PaymentNotices = ReturnType<typeof createPaymentNotices>;
