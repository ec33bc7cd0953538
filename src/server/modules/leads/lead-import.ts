import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { LeadImportResult } from '../../../shared/schemas/leads';
import type { Database, UserRow } from '../../db/types';
import { recordActivity } from '../activity/activity.service';
import { parseLeadCsv } from './lead-csv-parse';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { badRequest } from '../../http/errors';
import { newLeadRow } from './lead-rows';
import { INSERT_BATCH, existingEmails, insertLeads, lockLeadCounters } from './leads.repository';

/** The file as text; one that is not UTF-8 (a Latin-1 export, say) is refused rather than stored mangled. */
function decodeUtf8(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw badRequest(LEAD_MESSAGES.importError);
  }
}

/**
 * POST /api/leads/import after the upload: parse, then one transaction that skips e-mails the workspace
 * already has and inserts the rest in multi-row batches. The file is parsed before the transaction opens,
 * so a slow upload never holds SQLite's write lock; one transaction makes 100k inserts one commit.
 */
export async function importLeadsCsv(
  db: Kysely<Database>,
  actor: Pick<UserRow, 'id' | 'username' | 'workspace_id'>,
  file: Buffer,
  now: Date,
): Promise<LeadImportResult> {
  const parsed = await parseLeadCsv(decodeUtf8(file), now);
  const workspaceId = actor.workspace_id;
  const imported = await db.transaction().execute(async (trx) => {
    // Imports into one workspace run one at a time, so two of them cannot both add the same e-mail.
    await lockLeadCounters(trx, workspaceId);
    // Every lookup runs before the first insert, so each reads only the leads that were there before.
    // Interleaved, PostgreSQL (whose statistics do not yet know this import's rows) would re-scan all the
    // rows inserted so far on every batch: quadratic, and 3 s of a 100k-row import.
    const existing = new Set<string>();
    for (let i = 0; i < parsed.leads.length; i += INSERT_BATCH) {
      const batch = parsed.leads.slice(i, i + INSERT_BATCH).map((lead) => lead.email);
      for (const email of await existingEmails(trx, workspaceId, batch)) existing.add(email);
      await yieldToEventLoop(); // as insertLeads does: SQLite would hold the loop for the whole file
    }
    const updatedAt = now.toISOString();
    const fresh = parsed.leads.filter((lead) => !existing.has(lead.email));
    // Rows are built a batch at a time, between the yields: 100k of them at once is a stall of its own.
    for (let i = 0; i < fresh.length; i += INSERT_BATCH)
      await insertLeads(
        trx,
        fresh.slice(i, i + INSERT_BATCH).map((lead) => newLeadRow(workspaceId, lead, updatedAt)),
      );
    if (fresh.length > 0)
      await recordActivity(trx, {
        workspaceId,
        userId: actor.id,
        action: `${actor.username} imported ${fresh.length} leads`,
      });
    return fresh.length;
  });
  const skipped = parsed.duplicates + (parsed.leads.length - imported);
  return { imported, skipped, errors: parsed.errors };
}
