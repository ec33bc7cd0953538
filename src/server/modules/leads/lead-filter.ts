import type { LeadListQuery, LeadPriority, LeadStatus } from '../../../shared/schemas/leads';
import { leadDateRange, localDay, type DateRange } from '../../lib/date-range';

/** Which leads a list, its stats or an export covers (always one workspace). */
export interface LeadFilter {
  workspaceId: string;
  search?: string;
  status?: LeadStatus;
  priority?: LeadPriority;
  source?: string;
  range: DateRange | null;
  /** "My leads": this member's. */
  ownerId?: string;
  /** "Due today / Overdue": a next follow-up on or before this day. */
  followUpDueBy?: string;
  /** The user's today (YYYY-MM-DD): the due follow-ups' stat counts up to it. */
  today: string;
}

/** `callerId` is who asks: "My leads" are theirs. */
export function leadFilter(
  workspaceId: string,
  query: LeadListQuery,
  now: Date,
  callerId?: string,
): LeadFilter {
  const today = localDay(now.toISOString(), query.tzOffset);
  return {
    workspaceId,
    today,
    ownerId: query.owner === 'me' ? callerId : undefined,
    followUpDueBy: query.followUp === 'due' ? today : undefined,
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
  if (filter.search || filter.source || filter.range || filter.ownerId || filter.followUpDueBy) return null;
  return filter.priority ? 'priority' : 'status';
}
