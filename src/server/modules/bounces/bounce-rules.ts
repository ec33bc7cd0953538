import type { Kysely } from 'kysely';
import { BOUNCES, type BounceKind, type BounceSource } from '../../../shared/bounces';
import type { Database } from '../../db/types';
import { suppressAutomatically } from '../mailing-lists/mailing-lists.service';
import {
  campaignOfRecipient,
  insertBounce,
  insertCampaignEvent,
  latestBulkMessageTo,
  markRecipientBounced,
  softBouncesSince,
  type BulkMessage,
} from './bounces.repository';
import { randomUUID } from 'node:crypto';

/** One bounce or complaint of one address, from wherever it was learnt. */
export interface BounceReport {
  workspaceId: string;
  email: string;
  kind: BounceKind;
  source: BounceSource;
  /** RFC 3463 code, '' when none. */
  status: string;
  diagnostic: string;
  /** Known at send time; a report read later is matched to the newest bulk message to the address. */
  message?: BulkMessage;
}

/** recorded: logged (and acted on); duplicate: this message's bounce of this kind was logged already; not-ours: no bulk mail of this workspace went to the address. */
export type BounceOutcome = 'recorded' | 'duplicate' | 'not-ours';

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** The remote server's words on one line, without control characters, cut short. */
export function oneLine(text: string, max: number = BOUNCES.diagnosticMax): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

const EVENT_KIND = { hard: 'bounce-hard', soft: 'bounce-soft', complaint: 'complaint' } as const;

/**
 * The rules (docs/product/marketing.md#bounces-and-complaints): a report is believed only about an
 * address this workspace sent bulk mail to, and only in this workspace. A hard bounce or a complaint
 * suppresses the address at once; a soft bounce is logged, and the third of the address within 30 days
 * suppresses it. A campaign's message also gets its event, and a hard bounce marks its recipient bounced.
 */
export async function recordBounce(
  db: Kysely<Database>,
  report: BounceReport,
  now: Date,
): Promise<BounceOutcome> {
  const email = report.email.trim().toLowerCase();
  if (email.length > 254 || !ADDRESS.test(email)) return 'not-ours';
  const at = now.toISOString();
  const status = report.status;
  const diagnostic = oneLine(report.diagnostic);
  return db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - BOUNCES.sentWithinMs).toISOString();
    const message = report.message ?? (await latestBulkMessageTo(trx, report.workspaceId, email, since));
    if (!message) return 'not-ours';
    const logged = await insertBounce(trx, {
      id: randomUUID(),
      workspace_id: report.workspaceId,
      email,
      kind: report.kind,
      source: report.source,
      status,
      diagnostic,
      outbox_id: message.id,
      campaign_recipient_id: message.campaign_recipient_id,
      created_at: at,
    });
    if (!logged) return 'duplicate';
    const recipientId = message.campaign_recipient_id;
    const campaignId = recipientId ? await campaignOfRecipient(trx, report.workspaceId, recipientId) : null;
    if (recipientId && campaignId) {
      await insertCampaignEvent(trx, {
        workspace_id: report.workspaceId,
        campaign_id: campaignId,
        recipient_id: recipientId,
        kind: EVENT_KIND[report.kind],
        detail: status,
        created_at: at,
      });
      if (report.kind === 'hard') await markRecipientBounced(trx, report.workspaceId, recipientId);
    }
    const detail = oneLine(`${status} ${diagnostic}`);
    const suppress = (reason: 'hard-bounce' | 'soft-bounce' | 'complaint') =>
      suppressAutomatically(trx, { workspaceId: report.workspaceId, email, reason, detail, at });
    if (report.kind === 'hard') await suppress('hard-bounce');
    else if (report.kind === 'complaint') await suppress('complaint');
    else {
      const windowStart = new Date(now.getTime() - BOUNCES.softWindowMs).toISOString();
      if ((await softBouncesSince(trx, report.workspaceId, email, windowStart)) >= BOUNCES.softLimit)
        await suppress('soft-bounce');
    }
    return 'recorded';
  });
}
