import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { MAILING_LIST_MESSAGES as M } from '../../../shared/messages';
import { MAILING_LISTS as L } from '../../../shared/mailing-lists';
import type { SubscribeForm } from '../../../shared/schemas/mailing-lists';
import type { Database, MailingListRow } from '../../db/types';
import { hashToken } from '../../auth/one-time-token';
import { badRequest, notFound } from '../../http/errors';
import { afterAnswer } from '../../lib/after-answer';
import type { Limiter } from '../../limits/limiter';
import type { LimitStore } from '../../limits/limit-store';
import type { Mailer } from '../../mail/mailer';
import { mailConfirmation } from './list-confirmation';
import { writeMember } from './member-writes';
import {
  confirmMember,
  ensureSubscriber,
  findListByFormKey,
  findMember,
  findMemberByToken,
  findSuppression,
  workspaceNameOf,
} from './mailing-lists.repository';

export interface SubscribeLimits {
  /** Sign-ups per client address: past it 429. */
  perIp: Limiter;
  /** Confirmation mails per address: past it the sign-up is answered the same and sends nothing. */
  perEmail: Limiter;
}

export const subscribeLimits = (store: LimitStore, multiplier = 1): SubscribeLimits => ({
  perIp: store.limiter({
    name: 'subscribe-ip',
    limit: L.signUpsPerIpLimit * multiplier,
    windowMs: L.signUpsPerIpWindowMs,
  }),
  perEmail: store.limiter({
    name: 'subscribe-email',
    limit: L.confirmationsPerEmailLimit,
    windowMs: L.confirmationsPerEmailWindowMs,
  }),
});

/**
 * The public subscribe form and its double opt-in (docs/product/marketing.md#the-subscribe-form). The answer
 * depends on the list only, never on the address: the look-ups, the writes and the mail happen after the
 * answer has gone (lib/after-answer.ts), so neither the answer nor its timing says whether an address was
 * already subscribed, unconfirmed or suppressed.
 */
export function createSubscribeService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  limits: SubscribeLimits;
  clock: () => Date;
}) {
  const { db, mailer, log, limits, clock } = deps;

  async function listOr404(formKey: string): Promise<MailingListRow> {
    const list = await findListByFormKey(db, formKey);
    if (!list) throw notFound(M.formNotFound);
    return list;
  }

  /** The sign-up's work, after the answer. */
  async function signUp(list: MailingListRow, email: string, name: string, ip: string): Promise<void> {
    if (await findSuppression(db, list.workspace_id, email)) return;
    const now = clock();
    const existing = await db.transaction().execute(async (trx) => {
      const subscriber = await ensureSubscriber(
        trx,
        { id: randomUUID(), workspaceId: list.workspace_id, email, name, company: '', leadId: null },
        now.toISOString(),
      );
      return { subscriber, member: await findMember(trx, list.id, subscriber.id) };
    });
    const { subscriber, member } = existing;
    // Already subscribed: nothing new, no mail.
    if (member?.status === 'subscribed') return;
    const resend = member?.status === 'unconfirmed';
    // A repeated sign-up re-sends the confirmation, at most once per 10 minutes per address and list.
    if (
      resend &&
      member.confirm_sent_at &&
      now.getTime() - Date.parse(member.confirm_sent_at) < L.resendAfterMs
    )
      return;
    // A mailbox is never flooded: past the address's confirmations a day, nothing is sent.
    if (list.opt_in === 'double' && (await limits.perEmail.take(email)) > 0) return;
    const names = {
      workspaceName: await workspaceNameOf(db, list.workspace_id),
      siteName: await mailer.siteName(),
    };
    await db.transaction().execute(async (trx) => {
      if (resend)
        // The same sign-up, asked again: the proof stays the first one's, the link is new.
        await mailConfirmation(trx, mailer, { list, subscriberId: subscriber.id, email, ...names }, now);
      else await writeMember(trx, mailer, list, subscriber, { source: 'form', basis: '', ip }, names, now);
    });
    mailer.worker.kick();
  }

  return {
    async form(formKey: string): Promise<SubscribeForm> {
      const list = await listOr404(formKey);
      return { name: list.name, consentText: list.consent_text, optIn: list.opt_in };
    },

    /** Answers at once with the list's message; the client's address limit is the only thing decided first. */
    async subscribe(formKey: string, input: { email: string; name: string }, ip: string): Promise<string> {
      const list = await listOr404(formKey);
      afterAnswer(log, 'subscribe form sign-up', () => signUp(list, input.email, input.name, ip));
      return list.opt_in === 'double' ? M.subscribedDouble : M.subscribedSingle;
    },

    /** The confirm button's POST: the mailed token, once. Opening the page (a GET) never confirms. */
    async confirm(token: string): Promise<void> {
      const hash = hashToken(token);
      const member = await findMemberByToken(db, hash);
      if (!member) throw badRequest(M.confirmInvalid);
      // Suppressed since the sign-up (a complaint, say): the confirmation cannot bring the address back.
      if (await findSuppression(db, member.workspace_id, member.email)) throw badRequest(M.confirmInvalid);
      if (!(await confirmMember(db, hash, clock().toISOString()))) throw badRequest(M.confirmInvalid);
    },
  };
}

export type SubscribeService = ReturnType<typeof createSubscribeService>;
