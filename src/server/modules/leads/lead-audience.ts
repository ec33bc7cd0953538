import type { LeadListQuery } from '../../../shared/schemas/leads';
import { EXPORT_BATCH } from '../../lib/csv';
import { leadFilter } from './lead-filter';
import { leadsAfter, type Db } from './leads.repository';

/** A lead as a mailing list takes it (docs/product/marketing.md#lists-and-consent). */
export interface AudienceLead {
  id: string;
  email: string;
  name: string;
  company: string;
}

/**
 * The leads the lead list's own filters match (the same filter and query as the list and the export), with
 * an e-mail, oldest first, at most `max`; those without one are counted: read in keyset batches as the export reads them.
 */
export async function leadsForAudience(
  db: Db,
  workspaceId: string,
  query: Omit<LeadListQuery, 'sort' | 'order' | 'page' | 'limit'>,
  now: Date,
  callerId: string,
  max: number,
): Promise<{ leads: AudienceLead[]; withoutEmail: number }> {
  const filter = leadFilter(
    workspaceId,
    { ...query, sort: 'date', order: 'asc', page: 1, limit: 25 },
    now,
    callerId,
  );
  const order = { sort: 'date', order: 'asc' } as const;
  const found: AudienceLead[] = [];
  let withoutEmail = 0;
  let after: { key: unknown; id: string } | undefined;
  while (found.length < max) {
    const rows = await leadsAfter(db, filter, order, after, EXPORT_BATCH);
    for (const row of rows) {
      if (found.length >= max) break;
      if (row.email) found.push({ id: row.id, email: row.email, name: row.name, company: row.company });
      else withoutEmail += 1;
    }
    if (rows.length < EXPORT_BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { key: last.sort_key, id: last.id };
  }
  return { leads: found, withoutEmail };
}
