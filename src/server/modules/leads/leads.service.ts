import type { Kysely, Transaction } from 'kysely';
import { pageInfo } from '../../http/page-info';
import type { Readable } from 'node:stream';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type {
  CreateLeadInput,
  Lead,
  LeadImportResult,
  LeadListQuery,
  LeadOwnerOption,
  LeadPage,
  LeadSummary,
  UpdateLeadInput,
} from '../../../shared/schemas/leads';
import type { DatabaseHandle } from '../../db/database';
import type { Database, LeadRow, SessionUser, UserRow } from '../../db/types';
import { notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';

import {
  mayOwnLeads,
  usernamesByIds,
  workspaceMembersForLeads,
  workspaceOwnerId,
} from '../users/users.service';

import { WORKSPACE_WORK } from '../../lib/workspace-work';
import { localDay } from '../../lib/date-range';
import { leadsCsv } from './lead-export';
import { importLeadsCsv } from './lead-import';
import type { CsvUpload } from './csv-upload';
import { previewLeadsCsv } from './lead-import-preview';
import type { LeadImportPreview } from '../../../shared/schemas/lead-import-preview';
import type { LeadDuplicates, LeadMergeInput } from '../../../shared/schemas/lead-duplicates';

import { duplicateCounts } from './lead-duplicates.repository';
import { duplicatesOfLead } from './lead-duplicates';
import { applyLeadEdit } from './lead-edit';
import { mergeLeads } from './lead-merge';
import { leadFilter } from './lead-filter';
import { isoDay, newLeadRow, toLead, type LeadFields, type LeadListRow } from './lead-rows';
import { leadSummary } from './lead-summary';
import { leadTextBytes } from './lead-bytes';
import { addStoredBytes } from '../../db/plan-usage';
import { assertWithinStorage } from '../../lib/plan-limits';

import { addLeadNote, deleteLeadNote, leadTimeline } from './lead-timeline';
import type {
  LeadTimelineEntry,
  LeadTimelinePage,
  LeadTimelineQuery,
} from '../../../shared/schemas/lead-timeline';
import { findLead, leadStats, listLeadPage } from './leads.repository';
import { deleteLead, insertLead } from './lead-writes.repository';
import { leadsCreated } from '../webhooks/webhooks.service';

type Db = Kysely<Database> | Transaction<Database>;

/** What other modules use of leads: Botgit's 'Add to leads', a new workspace's sample leads. */
export { isoDay, newLeadRow } from './lead-rows';
export { insertLeads } from './lead-writes.repository';
export { keyed, knownLeadsFor, sortWouldBeLeads } from './lead-duplicates';
export { insertSampleLeads } from './sample-leads';
export { adoptUnownedLeads, leadOwnerFor } from './lead-owners';
/** The contact form records its message on the lead it makes (docs/product/leads.md#timeline). */
export { recordLeadEvents } from './lead-events';
/** Converting a lead into a client edits it in the conversion's transaction. */
export { applyLeadEdit } from './lead-edit';
export { findLead } from './leads.repository';
/** What the website analytics read of leads (docs/product/analytics.md#conversion-tracking). */
export { campaignLeadsAllTime, formLeadPeople, leadSourceFigures } from './lead-attribution.repository';
export type { LeadAttribution } from './lead-rows';
/** Mailing lists add the leads the lead filters match, and read subscriber files as lead files are read. */
export { leadsForAudience, type AudienceLead } from './lead-audience';
export { CSV_UPLOAD_LIMITS, withCsvUpload, type CsvUpload } from './csv-upload';

/**
 * The API's leads for rows of the workspace, with their owners' usernames and their counts of possible
 * duplicates (one read each for the page: docs/product/leads.md#duplicates).
 */
async function withOwners(db: Db, workspaceId: string, rows: LeadListRow[]): Promise<Lead[]> {
  const ids = rows.flatMap((row) => (row.owner_id === null ? [] : [row.owner_id]));
  const owners = await usernamesByIds(db, ids);
  const duplicates = await duplicateCounts(db, workspaceId, rows);
  return rows.map((row) => toLead(row, owners, duplicates));
}

/** Who did it, for the activity list; null for the public contact form. */
export type LeadActor = Pick<UserRow, 'id' | 'username'>;

/**
 * New lead (docs/product/leads.md#adding-a-lead): status New, priority Medium, created now, last contact today. Exported for the
 * contact form (POST /api/contact), which passes source Website and no actor.
 */
export async function createLead(
  db: Kysely<Database>,
  workspaceId: string,
  input: CreateLeadInput & Pick<LeadFields, 'attribution'>,
  actor: LeadActor | null,
  now: Date = new Date(),
  /** The caller's own writes that must commit with the lead, or not at all (the contact form's e-mail). */
  alongside?: (trx: Transaction<Database>, lead: LeadRow) => Promise<unknown>,
): Promise<Lead> {
  const at = now.toISOString();
  const fields = {
    ...input,
    status: 'New',
    priority: 'Medium',
    createdAt: at,
    lastContact: isoDay(now),
    origin: actor ? ('dashboard' as const) : ('form' as const),
    createdBy: actor?.id ?? null,
  };
  // docs/product/leads.md#owners-and-follow-ups: its creator owns it; a contact-form lead, the workspace's own account.
  const row = await db.transaction().execute(async (trx) => {
    const ownerId = actor ? actor.id : await workspaceOwnerId(trx, workspaceId);
    // A lead typed by hand holds its text as its storage share, given back when it goes
    // (docs/product/workspace.md#plan-limits); past the plan's storage a person's write is refused (413), a
    // visitor's contact message is still kept.
    const row = newLeadRow(workspaceId, fields, at, ownerId);
    row.import_bytes = leadTextBytes(row);
    await insertLead(trx, row);
    await addStoredBytes(trx, workspaceId, row.import_bytes);
    if (actor) await assertWithinStorage(trx, workspaceId, row.import_bytes);
    await leadsCreated(trx, workspaceId, [row], fields.origin, now);
    await recordActivity(trx, {
      workspaceId,
      userId: actor?.id ?? null,
      action: actor
        ? `${actor.username} added lead ${row.name}`
        : `New lead ${row.name} from the contact form`,
    });
    await alongside?.(trx, row);
    return row;
  });
  return (await withOwners(db, workspaceId, [row]))[0]!;
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
      const filter = leadFilter(caller.workspace_id, query, now(), caller.id);
      const { page, limit } = query;
      const stats = await leadStats(db, filter);
      const rows = await listLeadPage(db, filter, query, limit, (page - 1) * limit, stats.total);
      return {
        leads: await withOwners(db, caller.workspace_id, rows),
        pagination: pageInfo(page, limit, stats.total),
        stats,
      };
    },

    async get(caller: SessionUser, id: string): Promise<Lead> {
      const row = await findLead(db, caller.workspace_id, id);
      if (!row) throw notFound(LEAD_MESSAGES.notFound);
      return (await withOwners(db, caller.workspace_id, [row]))[0]!;
    },

    /** The lead's possible duplicates, with why (docs/product/leads.md#duplicates). */
    duplicates(caller: SessionUser, id: string): Promise<LeadDuplicates> {
      return duplicatesOfLead(db, caller.workspace_id, id, (rows) =>
        withOwners(db, caller.workspace_id, rows),
      );
    },

    /** Merges another lead of the workspace into this one; answers the lead kept. */
    async merge(caller: SessionUser, id: string, input: LeadMergeInput): Promise<Lead> {
      const row = await mergeLeads(db, caller, id, input, now());
      return (await withOwners(db, caller.workspace_id, [row]))[0]!;
    },

    create(caller: SessionUser, input: CreateLeadInput): Promise<Lead> {
      return createLead(db, caller.workspace_id, input, caller, now());
    },

    /**
     * Any field, any of the five statuses (docs/product/leads.md#editing); the edit form's 'Save Changes' really saves. A new
     * owner must be a member of the workspace who can use Client Leads, and is told in their bell unless
     * they took the lead themselves; a cleared follow-up loses its note too
     * (docs/product/leads.md#owners-and-follow-ups).
     */
    async update(
      caller: SessionUser,
      id: string,
      input: UpdateLeadInput,
      /** What a follow-up cleared by this edit was, for the timeline. */
      followUpEnd: 'done' | 'cleared' = 'cleared',
    ): Promise<Lead> {
      const at = now();
      const row = await db
        .transaction()
        .execute((trx) => applyLeadEdit(trx, caller, id, input, at, followUpEnd));
      return (await withOwners(db, caller.workspace_id, [row]))[0]!;
    },

    /**
     * "Done": the follow-up and its note are cleared (docs/product/leads.md#owners-and-follow-ups), and the
     * timeline says it was done rather than cleared.
     */
    async followUpDone(caller: SessionUser, id: string): Promise<Lead> {
      return this.update(caller, id, { nextFollowUpAt: null }, 'done');
    },

    /** The lead's timeline, newest first, a page at a time (docs/product/leads.md#timeline). */
    timeline(caller: SessionUser, id: string, query: LeadTimelineQuery): Promise<LeadTimelinePage> {
      return leadTimeline(db, caller, id, query);
    },

    addNote(caller: SessionUser, id: string, text: string): Promise<LeadTimelineEntry> {
      return addLeadNote(db, caller, id, text, now());
    },

    deleteNote(caller: SessionUser, id: string, noteId: string): Promise<void> {
      return deleteLeadNote(db, caller, id, noteId);
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

    /** Who the panel offers as owner: the workspace's members who can use Client Leads. */
    async owners(caller: SessionUser): Promise<LeadOwnerOption[]> {
      const members = await workspaceMembersForLeads(db, caller.workspace_id);
      return members
        .filter(mayOwnLeads)
        .map((member) => ({ id: member.id, username: member.username, name: member.name }));
    },

    summary(caller: SessionUser): Promise<LeadSummary> {
      return leadSummary(db, caller.workspace_id, now());
    },

    importCsv(caller: SessionUser, upload: CsvUpload): Promise<LeadImportResult> {
      return importLeadsCsv(offLoop, caller, upload, now());
    },

    /** The import's dry run (docs/product/leads.md#import): what importCsv would do, nothing written. */
    previewImport(caller: SessionUser, upload: CsvUpload): Promise<LeadImportPreview> {
      return previewLeadsCsv(offLoop, caller.workspace_id, upload, now());
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
      const filter = leadFilter(caller.workspace_id, query, at, caller.id);
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
