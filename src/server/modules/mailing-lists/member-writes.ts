import { randomUUID } from 'node:crypto';
import type { ConsentSource } from '../../../shared/mailing-lists';
import type { AddedCounts } from '../../../shared/schemas/mailing-lists';
import type { MailingListRow } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { mailConfirmation } from './list-confirmation';
import {
  ensureSubscriber,
  membersOfList,
  subscribersByEmail,
  suppressedAmong,
  upsertMember,
  type Db,
} from './mailing-lists.repository';

export interface Person {
  email: string;
  name: string;
  company: string;
  leadId: string | null;
}

/** How a person joins a list and the proof kept of it (docs/product/marketing.md#lists-and-consent). */
export interface Consent {
  source: ConsentSource;
  basis: string;
  ip: string | null;
}

/** What a confirmation mail needs besides the member: read before the transaction. */
export interface MailNames {
  workspaceName: string;
  siteName: string;
}

/**
 * Puts one person on a list with the proof of consent: the list's consent text as it is now, the time, the
 * source, basis and address. On a double opt-in list they are 'unconfirmed' and mailed the confirmation
 * link; on a single opt-in list 'subscribed' at once.
 */
export async function writeMember(
  trx: Db,
  mailer: Mailer,
  list: MailingListRow,
  subscriber: { id: string; email: string },
  consent: Consent,
  names: MailNames,
  now: Date,
): Promise<'unconfirmed' | 'subscribed'> {
  const at = now.toISOString();
  const status = list.opt_in === 'double' ? 'unconfirmed' : 'subscribed';
  await upsertMember(trx, {
    list_id: list.id,
    subscriber_id: subscriber.id,
    workspace_id: list.workspace_id,
    status,
    consent_source: consent.source,
    consent_text: list.consent_text,
    consent_at: at,
    consent_ip: consent.ip,
    consent_basis: consent.basis,
    confirm_token_hash: null,
    confirm_sent_at: null,
    confirmed_at: null,
    unsubscribed_at: null,
    created_at: at,
  });
  if (status === 'unconfirmed')
    await mailConfirmation(
      trx,
      mailer,
      { list, subscriberId: subscriber.id, email: subscriber.email, ...names },
      now,
    );
  return status;
}

const BATCH = 500;

/**
 * Adds many people to a list in the caller's transaction (an import, the leads of a filter): suppressed
 * addresses and people already on the list (whatever their status: an unsubscribed person is never put
 * back by someone else) are skipped and counted; the rest are written as writeMember writes one.
 */
export async function addPeople(
  trx: Db,
  mailer: Mailer,
  list: MailingListRow,
  people: Person[],
  consent: Consent,
  names: MailNames,
  now: Date,
): Promise<AddedCounts> {
  const counts: AddedCounts = { added: 0, skipped: 0, suppressed: 0 };
  const seen = new Set<string>();
  const at = now.toISOString();
  for (let from = 0; from < people.length; from += BATCH) {
    const batch = people.slice(from, from + BATCH).filter((person) => {
      if (seen.has(person.email)) {
        counts.skipped += 1;
        return false;
      }
      seen.add(person.email);
      return true;
    });
    const emails = batch.map((person) => person.email);
    const suppressed = await suppressedAmong(trx, list.workspace_id, emails);
    const known = new Map(
      (await subscribersByEmail(trx, list.workspace_id, emails)).map((row) => [row.email, row]),
    );
    const members = await membersOfList(
      trx,
      list.id,
      [...known.values()].map((row) => row.id),
    );
    for (const person of batch) {
      if (suppressed.has(person.email)) {
        counts.suppressed += 1;
        continue;
      }
      const existing = known.get(person.email);
      if (existing && members.has(existing.id)) {
        counts.skipped += 1;
        continue;
      }
      const subscriber =
        existing ??
        (await ensureSubscriber(trx, { id: randomUUID(), workspaceId: list.workspace_id, ...person }, at));
      await writeMember(trx, mailer, list, subscriber, consent, names, now);
      counts.added += 1;
    }
  }
  return counts;
}
