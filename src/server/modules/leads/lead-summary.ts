import { LEAD_STATUSES, type LeadStatus, type LeadSummary } from '../../../shared/schemas/leads';
import { monthlyLeadCounts, statusCounterRows, type Db } from './leads.repository';

const MONTHS = 12;

/** The Leads Flow section: the workspace's real counts, by status and by month. */
export async function leadSummary(db: Db, workspaceId: string, now: Date): Promise<LeadSummary> {
  const counts = await statusCounterRows(db, workspaceId);
  const byStatus = Object.fromEntries(
    LEAD_STATUSES.map((s) => [s, Number(counts.find((c) => c.status === s)?.n ?? 0)]),
  ) as Record<LeadStatus, number>;

  const months = Array.from({ length: MONTHS }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1))
      .toISOString()
      .slice(0, 7),
  );
  const rows = await monthlyLeadCounts(db, workspaceId, `${months[0]}-01`);
  const byMonth = months.map((m) => {
    const row = rows.find((r) => r.month === m);
    return { month: m, total: Number(row?.total ?? 0), converted: Number(row?.converted ?? 0) };
  });
  return { byStatus, byMonth };
}
