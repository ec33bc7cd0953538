import type { ListMember, MailingList, Suppression } from '../../../shared/schemas/mailing-lists';
import type { MemberStatus } from '../../../shared/mailing-lists';
import type { MailingListRow, SuppressionRow } from '../../db/types';
import type { MemberView } from './mailing-lists.repository';

export type Counts = Record<MemberStatus, number>;
export const noCounts = (): Counts => ({ unconfirmed: 0, subscribed: 0, unsubscribed: 0 });

/** A list as the API shows it, with its public form's address on SITE_URL. */
export function toList(row: MailingListRow, counts: Counts, formUrl: string): MailingList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    optIn: row.opt_in,
    consentText: row.consent_text,
    formUrl,
    counts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toMember(row: MemberView): ListMember {
  return {
    subscriberId: row.subscriber_id,
    email: row.email,
    name: row.name,
    company: row.company,
    leadId: row.lead_id,
    status: row.status,
    consent: {
      source: row.consent_source,
      text: row.consent_text,
      at: row.consent_at,
      ip: row.consent_ip,
      basis: row.consent_basis,
    },
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    createdAt: row.created_at,
  };
}

export function toSuppression(row: SuppressionRow): Suppression {
  return { email: row.email, reason: row.reason, detail: row.detail, createdAt: row.created_at };
}
