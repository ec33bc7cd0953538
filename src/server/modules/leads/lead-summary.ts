import { sql } from 'kysely';
import { LEAD_STATUSES, type LeadStatus, type LeadSummary } from '../../../shared/schemas/leads';
import type { Db } from './leads.repository';

const MONTHS = 12;

/** The Leads Flow and Conversion Tracking sections: the workspace's real counts, by status and by month. */
export async function leadSummary(db: Db, workspaceId: string, now: Date): Promise<LeadSummary> {
  const counts = await db
    .selectFrom('lead_status_counts')
    .select(['status', 'n'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const byStatus = Object.fromEntries(
    LEAD_STATUSES.map((s) => [s, Number(counts.find((c) => c.status === s)?.n ?? 0)]),
  ) as Record<LeadStatus, number>;

  const months = Array.from({ length: MONTHS }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1))
      .toISOString()
      .slice(0, 7),
  );
  // The month is the first 7 characters of the ISO timestamp; written inline (not as parameters) so the
  // select and group-by expressions are textually identical, as PostgreSQL requires.
  const month = sql<string>`substr(${sql.ref('created_at')}, 1, 7)`;
  const rows = await db
    .selectFrom('leads')
    .select([
      month.as('month'),
      (eb) => eb.fn.countAll<string | number>().as('total'),
      sql<string | number>`count(case when ${sql.ref('status')} = ${'Converted'} then 1 end)`.as('converted'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', `${months[0]}-01`)
    .groupBy(month)
    .execute();
  const byMonth = months.map((m) => {
    const row = rows.find((r) => r.month === m);
    return { month: m, total: Number(row?.total ?? 0), converted: Number(row?.converted ?? 0) };
  });
  return { byStatus, byMonth };
}
