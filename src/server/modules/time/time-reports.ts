import type { Kysely } from 'kysely';
import { TIME_MESSAGES as M } from '../../../shared/messages';
import { minorToDecimal } from '../../../shared/money';
import { formatMinutes } from '../../../shared/projects';
import {
  TIME_LIMITS,
  addDays,
  weekStartOf,
  type TimeReport,
  type TimeReportQuery,
} from '../../../shared/schemas/time';
import type { Database, SessionUser } from '../../db/types';
import { badRequest } from '../../http/errors';
import { csvLine } from '../../lib/csv';
import { entryBatch, labels, reportSums, type EntryFilter } from './time.repository';
import { scopeOf } from './time.service';

type Amounts = { currency: string; amount: number }[];
const EXPORT_BATCH = 1000;

function addAmount(amounts: Amounts, currency: string, amount: number): void {
  const found = amounts.find((a) => a.currency === currency);
  if (found) found.amount += amount;
  else amounts.push({ currency, amount });
}

function filterOf(query: Pick<TimeReportQuery, 'from' | 'to' | 'project' | 'client' | 'user'>): EntryFilter {
  if (query.to < query.from || addDays(query.from, TIME_LIMITS.reportDaysMax) <= query.to)
    throw badRequest(M.rangeInvalid);
  return {
    from: query.from,
    to: query.to,
    projectId: query.project,
    clientId: query.client,
    userId: query.user,
  };
}

/**
 * Time reports (docs/product/projects.md#time): hours by project, client, member or week, billable and
 * approved apart, money per currency; the caller's scope as the entries' (an admin everyone's, others their
 * own and their projects'). Summed by the database; weeks folded from days here.
 */
export function createTimeReports(db: Kysely<Database>) {
  return {
    async report(caller: SessionUser, query: TimeReportQuery): Promise<TimeReport> {
      const sums = await reportSums(db, caller.workspace_id, scopeOf(caller), filterOf(query), query.groupBy);
      const rows = new Map<string, TimeReport['rows'][number]>();
      const totals = { minutes: 0, billableMinutes: 0, approvedMinutes: 0, amounts: [] as Amounts };
      for (const sum of sums) {
        const key = query.groupBy === 'week' ? weekStartOf(sum.key) : (sum.key ?? '');
        const row = rows.get(key) ?? {
          key,
          label: key,
          minutes: 0,
          billableMinutes: 0,
          approvedMinutes: 0,
          amounts: [],
        };
        const minutes = Number(sum.minutes);
        const billable = Number(sum.billable_minutes);
        const approved = Number(sum.approved_minutes);
        const amount = Number(sum.amount);
        row.minutes += minutes;
        row.billableMinutes += billable;
        row.approvedMinutes += approved;
        addAmount(row.amounts, sum.currency, amount);
        totals.minutes += minutes;
        totals.billableMinutes += billable;
        totals.approvedMinutes += approved;
        addAmount(totals.amounts, sum.currency, amount);
        rows.set(key, row);
      }
      const names = await labels(db, query.groupBy, [...rows.keys()].filter(Boolean));
      for (const row of rows.values())
        row.label = query.groupBy === 'week' ? `Week of ${row.key}` : (names.get(row.key) ?? 'Former member');
      const ordered = [...rows.values()].sort((a, b) =>
        query.groupBy === 'week'
          ? a.key.localeCompare(b.key)
          : b.minutes - a.minutes || a.label.localeCompare(b.label),
      );
      return { groupBy: query.groupBy, rows: ordered, totals };
    },

    /** GET /api/time-entries/export.csv: every entry in range the caller may see, by day. */
    async *exportCsv(caller: SessionUser, query: TimeReportQuery): AsyncGenerator<string> {
      const filter = filterOf(query);
      yield `\uFEFF${csvLine(['Date', 'Member', 'Client', 'Project', 'Task', 'Hours', 'Minutes', 'Billable', 'Hourly rate', 'Amount', 'Currency', 'Status', 'Note'])}`;
      let after: { date: string; id: string } | null = null;
      for (;;) {
        const rows = await entryBatch(db, caller.workspace_id, scopeOf(caller), filter, after, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield rows
          .filter((row) => row.started_at === null)
          .map((row) =>
            csvLine([
              row.date,
              row.user_name,
              row.client_name,
              `${row.project_code} ${row.project_name}`,
              row.task_number === null ? '' : `#${row.task_number} ${row.task_title ?? ''}`,
              formatMinutes(row.minutes),
              String(row.minutes),
              row.billable === 1 ? 'yes' : 'no',
              row.hourly_rate === null ? '' : minorToDecimal(Number(row.hourly_rate), row.currency),
              minorToDecimal(Number(row.amount), row.currency),
              row.currency,
              row.status,
              row.note,
            ]),
          )
          .join('');
        const last = rows[rows.length - 1]!;
        after = { date: last.date, id: last.id };
      }
    },
  };
}
export type TimeReports = ReturnType<typeof createTimeReports>;
