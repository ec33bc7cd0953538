import type { Kysely, Transaction } from 'kysely';
import type { Readable } from 'node:stream';
import type { LeadImportMapping } from '../../../shared/lead-import-formats';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type {
  CreateLeadInput,
  Lead,
  LeadImportResult,
  LeadListQuery,
  LeadPage,
  LeadSummary,
  UpdateLeadInput,
} from '../../../shared/schemas/leads';
import type { DatabaseHandle } from '../../db/database';
import type { Database, SessionUser, UserRow } from '../../db/types';
import { notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import { WORKSPACE_WORK } from '../../lib/workspace-work';
import { localDay } from '../../lib/date-range';
import { leadsCsv } from './lead-export';
import { importLeadsCsv } from './lead-import';
import { previewLeadsCsv } from './lead-import-preview';
import type { LeadImportPreview } from '../../../shared/schemas/lead-import-preview';
import { leadFilter } from './lead-filter';
import { isoDay, newLeadRow, searchText, toLead } from './lead-rows';
import { leadSummary } from './lead-summary';
import { findLead, leadStats, listLeadPage } from './leads.repository';
import { deleteLead, insertLead, lockLead, updateLead } from './lead-writes.repository';

/** What other modules use of leads: Botgit's 'Add to leads', a new workspace's sample leads. */
export { isoDay, newLeadRow } from './lead-rows';
export { existingEmails, insertLeads } from './lead-writes.repository';
export { insertSampleLeads } from './sample-leads';

/** Who did it, for the activity list; null for the public contact form. */
export type LeadActor = Pick<UserRow, 'id' | 'username'>;

/**
 * New lead (docs/product/leads.md#adding-a-lead): status New, priority Medium, created now, last contact today. Exported for the
 * contact form (POST /api/contact), which passes source Website and no actor.
 */
export async function createLead(
  db: Kysely<Database>,
  workspaceId: string,
  input: CreateLeadInput,
  actor: LeadActor | null,
  now: Date = new Date(),
  /** The caller's own writes that must commit with the lead, or not at all (the contact form's e-mail). */
  alongside?: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<Lead> {
  const at = now.toISOString();
  const row = newLeadRow(
    workspaceId,
    { ...input, status: 'New', priority: 'Medium', createdAt: at, lastContact: isoDay(now) },
    at,
  );
  await db.transaction().execute(async (trx) => {
    await insertLead(trx, row);
    await recordActivity(trx, {
      workspaceId,
      userId: actor?.id ?? null,
      action: actor
        ? `${actor.username} added lead ${row.name}`
        : `New lead ${row.name} from the contact form`,
    });
    await alongside?.(trx);
  });
  return toLead(row);
}

/** Client Leads (docs/product/leads.md), always within the caller's own workspace: another's lead is "not found". */
/** `offLoop` runs the import where its statements cannot hold the event loop (DatabaseHandle.offLoop). */
export function createLeadsService(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
  offLoop: DatabaseHandle['offLoop'] = (job) => job(db),
) {
  return {
    async list(caller: SessionUser, query: LeadListQuery): Promise<LeadPage> {
      const filter = leadFilter(caller.workspace_id, query, now());
      const { page, limit } = query;
      const rows = await listLeadPage(db, filter, query, limit, (page - 1) * limit);
      const stats = await leadStats(db, filter);
      const totalPages = Math.ceil(stats.total / limit);
      return {
        leads: rows.map(toLead),
        pagination: {
          page,
          limit,
          total: stats.total,
          totalPages,
          hasNextPage: page < totalPages,
          hasPreviousPage: page > 1,
        },
        stats,
      };
    },

    async get(caller: SessionUser, id: string): Promise<Lead> {
      const row = await findLead(db, caller.workspace_id, id);
      if (!row) throw notFound(LEAD_MESSAGES.notFound);
      return toLead(row);
    },

    create(caller: SessionUser, input: CreateLeadInput): Promise<Lead> {
      return createLead(db, caller.workspace_id, input, caller, now());
    },

    /** Any field, any of the five statuses (docs/product/leads.md#editing); the edit form's 'Save Changes' really saves. */
    async update(caller: SessionUser, id: string, input: UpdateLeadInput): Promise<Lead> {
      return db.transaction().execute(async (trx) => {
        // Lock the row before reading it (a no-op update, portable where SELECT ... FOR UPDATE is not):
        // the derived search text needs every field, so two concurrent edits must not merge stale copies.
        const locked = await lockLead(trx, caller.workspace_id, id);
        const current = locked && (await findLead(trx, caller.workspace_id, id));
        if (!current) throw notFound(LEAD_MESSAGES.notFound);
        const { lastContact, ...fields } = input;
        const next = { ...current, ...fields };
        const values = {
          ...fields,
          email_lower: next.email.toLowerCase(),
          search_text: searchText(next),
          // A date-time (UTC) keeps only its day: last contact is a calendar date.
          last_contact: lastContact ? lastContact.slice(0, 10) : current.last_contact,
          updated_at: now().toISOString(),
        };
        await updateLead(trx, id, values);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action:
            input.status && input.status !== current.status
              ? `${caller.username} moved lead ${next.name} to ${input.status}`
              : `${caller.username} updated lead ${next.name}`,
        });
        return toLead({ ...current, ...values });
      });
    },

    async remove(caller: SessionUser, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteLead(trx, caller.workspace_id, id);
        if (deleted === undefined) throw notFound(LEAD_MESSAGES.notFound);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} deleted lead ${deleted}`,
        });
      });
    },

    summary(caller: SessionUser): Promise<LeadSummary> {
      return leadSummary(db, caller.workspace_id, now());
    },

    importCsv(caller: SessionUser, csv: string, mapping?: LeadImportMapping): Promise<LeadImportResult> {
      return importLeadsCsv(offLoop, caller, csv, now(), mapping);
    },

    /** The import's dry run (docs/product/leads.md#import): what importCsv would do, nothing written. */
    previewImport(caller: SessionUser, csv: string, mapping?: LeadImportMapping): Promise<LeadImportPreview> {
      return previewLeadsCsv(offLoop, caller.workspace_id, csv, now(), mapping);
    },

    /**
     * The list's rows as CSV (no paging), named for the user's today. The audit log records the export
     * when it starts: a download cut short has still handed rows out.
     */
    async exportCsv(
      caller: SessionUser,
      query: LeadListQuery,
    ): Promise<{ filename: string; body: Readable }> {
      const at = now();
      const filter = leadFilter(caller.workspace_id, query, at);
      const release = WORKSPACE_WORK.exports.hold(caller.workspace_id);
      try {
        const { total } = await leadStats(db, filter);
        await recordActivity(db, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} exported ${total} lead${total === 1 ? '' : 's'}`,
          kind: 'leads-exported',
        });
      } catch (error) {
        release();
        throw error;
      }
      const body = leadsCsv(db, filter, query, query.tzOffset);
      // Ended, failed or abandoned by the client: the stream closes, and the slot is free again.
      body.once('close', release);
      return { filename: `leads_export_${localDay(at.toISOString(), query.tzOffset)}.csv`, body };
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
