import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { estimateState } from '../../../shared/estimates';
import { PORTAL_FINANCE_MESSAGES as M } from '../../../shared/messages';
import type {
  PortalAcceptInput,
  PortalEstimate,
  PortalEstimateList,
} from '../../../shared/schemas/portal-finance';
import type { Database, EstimateRow } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { recordClientPortalEvent } from '../clients/clients.service';
import type { EstimateDelivery } from './estimate-delivery';
import type { EstimatesService } from './estimates.service';
import { tellStaff } from './portal-notify';
import {
  answerInPortal,
  findPortalEstimate,
  portalEstimates,
  type PortalScope,
} from './portal-finance.repository';

/** The signed-in contact as the portal's writes record them. */
export interface PortalActor extends PortalScope {
  accessId: string;
  name: string;
  email: string;
  ip: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Estimates in the client portal (docs/product/portal.md#estimates): the client's sent estimates only, read
 * through the staff's own view and PDF; accepting (the name typed, after the terms) or declining one that is
 * sent and still valid, once, under a condition two answers at the same moment cannot both meet.
 */
export function createPortalEstimates(
  db: Kysely<Database>,
  deps: { estimates: EstimatesService; delivery: EstimateDelivery; clock: () => Date },
) {
  const today = () => deps.clock().toISOString().slice(0, 10);

  async function mustFind(scope: PortalScope, id: string): Promise<EstimateRow> {
    const row = await findPortalEstimate(db, scope, id);
    if (!row) throw notFound(M.estimateNotFound);
    return row;
  }

  /** The staff's view of it, less what is the agency's own (its notes on the answer, members, projects). */
  async function view(row: EstimateRow): Promise<PortalEstimate> {
    const full = await deps.estimates.viewOf(row);
    const state = estimateState({ status: row.status, validUntil: row.valid_until }, today());
    return {
      _id: full._id,
      number: full.number,
      state,
      issueDate: full.issueDate,
      validUntil: full.validUntil,
      currency: full.currency,
      scheme: full.scheme,
      placeOfSupply: full.placeOfSupply,
      seller: full.seller,
      buyer: full.buyer,
      lines: full.lines,
      totals: full.totals,
      amountInWords: full.amountInWords,
      notes: full.notes,
      terms: full.terms,
      canAnswer: state === 'sent',
      acceptance:
        row.status === 'accepted' && row.accepted_at
          ? {
              name: row.accepted_by ?? '',
              at: row.accepted_at,
              inPortal: row.accepted_via === 'portal',
              pdfSha256: row.accepted_pdf_sha256,
            }
          : null,
      decline:
        row.status === 'declined' && row.declined_at
          ? { reason: row.decline_reason, at: row.declined_at }
          : null,
    };
  }

  /** 409 unless it can still be answered: sent, and valid today. */
  function mustBeOpen(row: EstimateRow) {
    if (row.status !== 'sent') throw conflict(M.alreadyAnswered);
    if (row.valid_until < today()) throw conflict(M.expired);
  }

  /** Writes the answer if it is still open; a lost race answers as the winner left it. */
  async function answer(
    actor: PortalActor,
    row: EstimateRow,
    accepted: boolean,
    changes: Parameters<typeof answerInPortal>[4],
  ) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await answerInPortal(trx, actor, row.id, today(), changes))) return false;
      await recordClientPortalEvent(trx, {
        workspaceId: actor.workspaceId,
        clientId: actor.clientId,
        kind: 'portal-estimate-answered',
        contact: actor.name || actor.email,
        data: { estimateId: row.id, number: row.number, accepted },
        at: deps.clock(),
      });
      await recordActivity(trx, {
        workspaceId: actor.workspaceId,
        userId: null,
        kind: accepted ? 'estimate-accepted' : 'estimate-declined',
        action: accepted
          ? M.acceptedActivity(actor.name, row.number)
          : M.declinedActivity(actor.name, row.number),
        ip: actor.ip,
      });
      await tellStaff(trx, {
        workspaceId: actor.workspaceId,
        creatorId: row.created_by,
        kind: 'estimate-answered',
        title: M.answeredTitle(row.number, accepted),
        message: M.answeredMessage(actor.name, row.number, accepted),
        dedupeKey: `estimate-answered:${row.id}`,
        at: deps.clock(),
      });
      return true;
    });
    const current = await mustFind(actor, row.id);
    if (!done) {
      // Answered (or past its date) since it was read: say which, as a first refusal would.
      mustBeOpen(current);
      throw conflict(M.alreadyAnswered);
    }
    return {
      message: accepted ? M.accepted(row.number) : M.declined(row.number),
      estimate: await view(current),
    };
  }

  return {
    async list(scope: PortalScope): Promise<PortalEstimateList> {
      const rows = await portalEstimates(db, scope);
      return {
        estimates: rows.map((row) => ({
          _id: row.id,
          number: row.number,
          state: estimateState({ status: row.status, validUntil: row.valid_until }, today()),
          issueDate: row.issue_date,
          validUntil: row.valid_until,
          currency: row.currency,
          total: Number(row.total),
        })),
      };
    },

    get: async (scope: PortalScope, id: string) => view(await mustFind(scope, id)),

    /** The same PDF the staff download and the e-mail carried. */
    pdf: async (scope: PortalScope, id: string) => deps.delivery.pdfOfRow(await mustFind(scope, id)),

    /**
     * Accepts with the name typed after reading it: the name, the moment, the client's address and the
     * SHA-256 of the PDF as sent are stored; the estimate is then locked as a staff-recorded acceptance is.
     */
    async accept(actor: PortalActor, id: string, input: PortalAcceptInput) {
      const row = await mustFind(actor, id);
      mustBeOpen(row);
      // Estimates sent before the hash was kept have none: the PDF drawn now stands in for it. Its bytes
      // differ from the mailed ones only in the moment printed in them; the figures are the same view's.
      const pdfSha256 = row.sent_pdf_sha256 ?? sha256((await deps.delivery.pdfOfRow(row)).bytes);
      const at = deps.clock().toISOString();
      // The audit log names who accepted as they typed it.
      return answer({ ...actor, name: input.name }, row, true, {
        status: 'accepted',
        accepted_by: input.name,
        accepted_on: at.slice(0, 10),
        accepted_at: at,
        accepted_note: '',
        accepted_recorded_by: null,
        accepted_recorded_by_name: '',
        accepted_via: 'portal',
        accepted_ip: actor.ip,
        accepted_pdf_sha256: pdfSha256,
        accepted_access_id: actor.accessId,
        updated_at: at,
      });
    },

    async decline(actor: PortalActor, id: string, reason: string) {
      const row = await mustFind(actor, id);
      mustBeOpen(row);
      const at = deps.clock().toISOString();
      return answer(actor, row, false, {
        status: 'declined',
        declined_at: at,
        decline_reason: reason,
        declined_via: 'portal',
        declined_name: actor.name,
        updated_at: at,
      });
    },
  };
}

export type PortalEstimates = ReturnType<typeof createPortalEstimates>;
