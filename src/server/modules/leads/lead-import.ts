import type { Kysely } from 'kysely';
import type { LeadImportResult } from '../../../shared/schemas/leads';
import type { Database, UserRow } from '../../db/types';
import type { DatabaseHandle } from '../../db/database';
import { createWorkGate } from '../../lib/work-gate';
import { recordActivity } from '../activity/activity.service';
import { parseLeadCsv } from './lead-csv-parse';
import type { CsvUpload } from './csv-upload';
import { newLeadRow, type LeadFields } from './lead-rows';
import { importOwnerResolver } from './lead-owners';
import { assertStorageRoom, assertWithinStorage } from '../../lib/plan-limits';
import { addStoredBytes } from '../../db/plan-usage';
import { insertLeadBatches, lockLeadCounters } from './lead-writes.repository';
import { importedLeads } from '../webhooks/webhooks.service';
import {
  keyedInBatches,
  knownLeadsFor,
  sortWouldBeLeads,
  type KeyedLead,
  type Sorted,
} from './lead-duplicates';

type Importer = Pick<UserRow, 'id' | 'username' | 'workspace_id'>;

/**
 * Imports are the heaviest writes: one at a time per process (others wait, boundedly, their files still on
 * disk). One per workspace is the route's (WORKSPACE_WORK.imports), taken before the upload is read.
 */
const importWork = createWorkGate({ concurrency: 1, maxWaitMs: 30_000, initialEstimateMs: 5_000 });

/**
 * POST /api/leads/import after the upload: parse, then one transaction that skips e-mails the workspace
 * already has, leaves out possible duplicates (the phone, or the name and company, of a lead or of an
 * earlier row: docs/product/leads.md#duplicates) and inserts the rest in multi-row batches. The file is parsed before the transaction opens,
 * so a slow upload never holds the write lock; one transaction makes 100k inserts one commit. The
 * transaction runs off the event loop (`offLoop`): on SQLite its statements and its COMMIT held the loop
 * for up to 200 ms at a time (docs/decisions/0007-bounded-work.md).
 */
export async function importLeadsCsv(
  offLoop: DatabaseHandle['offLoop'],
  actor: Importer,
  upload: CsvUpload,
  now: Date,
): Promise<LeadImportResult> {
  const { mapping } = upload;
  return importWork.run(async () => {
    const csv = await upload.read();
    // An import counts against the workspace's storage by its file's size (docs/product/workspace.md#plan-limits): refused before the
    // parse when it would pass the plan's limit, and checked again in the transaction that stores it.
    const fileBytes = Buffer.byteLength(csv, 'utf8');
    await offLoop((db) => assertStorageRoom(db, actor.workspace_id, fileBytes));
    const parsed = await parseLeadCsv(csv, now, mapping);
    // The keys are folded before the transaction too: it holds the workspace's writes meanwhile.
    const leads = await keyedInBatches(parsed.leads);
    const sorted = await offLoop((db) =>
      insertNewLeads(db, actor, leads, parsed.leadRows, now.toISOString(), fileBytes),
    );
    const imported = sorted.fresh.length;
    const skipped = parsed.duplicates + (parsed.leads.length - imported);
    return {
      imported,
      skipped,
      errors: parsed.errors,
      ...(sorted.possibleDuplicates > 0
        ? { possibleDuplicates: { count: sorted.possibleDuplicates, rows: sorted.duplicateRows } }
        : {}),
    };
  });
}

async function insertNewLeads(
  db: Kysely<Database>,
  actor: Importer,
  leads: KeyedLead<LeadFields>[],
  rows: number[],
  updatedAt: string,
  fileBytes: number,
): Promise<Sorted<LeadFields>> {
  const workspaceId = actor.workspace_id;
  return db.transaction().execute(async (trx) => {
    // Imports into one workspace run one at a time, so two of them cannot both add the same e-mail.
    await lockLeadCounters(trx, workspaceId);
    // Every lookup runs before the first insert, so each reads only the leads that were there before.
    // Interleaved, PostgreSQL (whose statistics do not yet know this import's rows) would re-scan all the
    // rows inserted so far on every batch: quadratic, and 3 s of a 100k-row import.
    // One statement per batch asks for the e-mails, phone keys and name keys together. An empty e-mail
    // (docs/product/leads.md: a lead kept for its phone or profile URL) is no one's, nor is an empty key.
    const known = await knownLeadsFor(trx, workspaceId, leads);
    const sorted = sortWouldBeLeads(leads, known, (index) => rows[index]!);
    const fresh = sorted.fresh;
    // docs/product/leads.md#owners-and-follow-ups: the owner column names a member, else the importer owns the row.
    const ownerOf = await importOwnerResolver(trx, workspaceId, actor.id);
    const created = importedLeads(fresh.length); // lead.created for the first 1,000 (docs/decisions/0016-webhooks.md)
    // Each lead carries its share of the file, given back when it is deleted (docs/product/workspace.md#plan-limits).
    const share = Math.floor(fileBytes / Math.max(1, fresh.length));
    const importBytes = (index: number) => share + (index === 0 ? fileBytes - share * fresh.length : 0);
    const rowOf = ({ fields, phone, name }: KeyedLead<LeadFields>, index: number) => ({
      ...newLeadRow(workspaceId, { ...fields, createdBy: actor.id }, updatedAt, ownerOf(fields.ownerHint), {
        phone,
        name,
      }),
      import_bytes: importBytes(index),
    });
    await insertLeadBatches(trx, fresh.length, (from, to) =>
      fresh.slice(from, to).map((lead, k) => created.keep(rowOf(lead, from + k))),
    );
    await created.enqueue(trx, workspaceId, new Date(updatedAt));
    if (fresh.length > 0) {
      await addStoredBytes(trx, workspaceId, fileBytes);
      // Past the limit (another upload committed meanwhile) the whole import rolls back: nothing stored.
      await assertWithinStorage(trx, workspaceId, fileBytes);
    }
    if (fresh.length > 0)
      await recordActivity(trx, {
        workspaceId,
        userId: actor.id,
        action: `${actor.username} imported ${fresh.length} leads`,
        kind: 'leads-imported',
      });
    return sorted;
  });
}
