import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import {
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  type LeadListQuery,
  type LeadPriority,
  type LeadStatus,
} from '../../../shared/schemas/leads';
import type { Engine } from '../../db/engine';
import { searchScope, type SearchAccess } from '../../db/trigram-search';
import type { Database } from '../../db/types';
import { leadDateRange, type DateRange } from '../../lib/date-range';

/** Which leads a list, its stats or an export covers (always one workspace). */
export interface LeadFilter {
  workspaceId: string;
  search?: string;
  status?: LeadStatus;
  priority?: LeadPriority;
  source?: string;
  range: DateRange | null;
}

export function leadFilter(workspaceId: string, query: LeadListQuery, now: Date): LeadFilter {
  return {
    workspaceId,
    search: query.search || undefined,
    status: query.status,
    priority: query.priority,
    source: query.source || undefined,
    range: leadDateRange(query.dateFilter, { now, tzOffset: query.tzOffset, from: query.from, to: query.to }),
  };
}

/**
 * Which trigger-kept counters answer the stats: with nothing narrowing the list but its workspace, a
 * status and a priority, the status counters (no priority) or the priority counters do; otherwise none.
 */
export function countersFor(filter: LeadFilter): 'status' | 'priority' | null {
  if (filter.search || filter.source || filter.range) return null;
  return filter.priority ? 'priority' : 'status';
}

export function matchingLeads(filter: LeadFilter, engine: Engine, access: SearchAccess) {
  return (eb: ExpressionBuilder<Database, 'leads'>): Expression<SqlBool> => {
    // search_text is lower-cased by the app (lead-rows.ts), so the term is too.
    const needle = filter.search?.toLowerCase();
    const conditions: Expression<SqlBool>[] = [
      searchScope(engine, { table: 'leads', workspaceId: filter.workspaceId, needle, access }),
    ];
    if (filter.status) conditions.push(eb('status', '=', filter.status));
    if (filter.priority) conditions.push(eb('priority', '=', filter.priority));
    if (filter.source) conditions.push(eb('source', '=', filter.source));
    // ISO-8601 UTC text in one format compares in time order, so the (workspace, created_at) index serves it.
    if (filter.range?.from) conditions.push(eb('created_at', '>=', filter.range.from));
    if (filter.range?.to) conditions.push(eb('created_at', '<', filter.range.to));
    return eb.and(conditions);
  };
}

/** A rank from a fixed vocabulary; literals, not parameters, so PostgreSQL types the result as integer. */
function rank(column: string, values: readonly string[]): RawBuilder<number> {
  const whens = values.map((value, i) => sql`when ${sql.lit(value)} then ${sql.lit(i + 1)}`);
  return sql<number>`case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${sql.lit(values.length + 1)} end`;
}

/**
 * The sort key of each sortable field. Status follows the pipeline (New first when ascending); priority is
 * ranked High, Medium, Low, so "descending" puts High on top. Names compare case-insensitively. Only the
 * date (the default) has an index; the others sort the filtered rows.
 */
export function sortKey(sort: LeadListQuery['sort']): RawBuilder<unknown> {
  switch (sort) {
    case 'date':
      return sql`${sql.ref('created_at')}`;
    case 'lastContact':
      return sql`${sql.ref('last_contact')}`;
    case 'name':
      return sql`lower(${sql.ref('name')})`;
    case 'company':
      return sql`lower(${sql.ref('company')})`;
    case 'status':
      return rank('status', LEAD_STATUSES);
    case 'priority':
      return rank('priority', [...LEAD_PRIORITIES].reverse());
  }
}
