import type { LeadListQuery, LeadPriority, LeadStatus } from '../../../shared/schemas/leads';
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
