import { randomUUID } from 'node:crypto';
import type { Lead, LeadPriority, LeadStatus } from '../../../shared/schemas/leads';
import { nameKey, phoneKey } from '../../../shared/lead-duplicates';
import type { LeadOrigin } from '../../../shared/lead-timeline';
import type { LeadRow } from '../../db/types';

/**
 * The columns a lead is read with: those the API shows, and the keys that find its duplicates
 * (docs/product/leads.md#duplicates), which stay inside the server as `search_text` does.
 */
export const LEAD_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'status',
  'priority',
  'source',
  'notes',
  'created_at',
  'last_contact',
  'owner_id',
  'next_follow_up_at',
  'follow_up_note',
  'email_lower',
  'phone_key',
  'name_key',
  'attribution_source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'value',
  'converted_at',
] as const;

export type LeadListRow = Pick<LeadRow, (typeof LEAD_COLUMNS)[number]>;

/** Owners' usernames by id, read for the rows being answered. */
export type OwnerNames = ReadonlyMap<string, string>;

/** `duplicates`: each row's count of possible duplicates (docs/product/leads.md#duplicates), 0 when absent. */
export function toLead(row: LeadListRow, owners: OwnerNames, duplicates?: ReadonlyMap<string, number>): Lead {
  const ownerName = row.owner_id === null ? undefined : owners.get(row.owner_id);
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    status: row.status as LeadStatus,
    date: row.created_at,
    source: row.source,
    notes: row.notes,
    lastContact: row.last_contact,
    priority: row.priority as LeadPriority,
    owner:
      row.owner_id !== null && ownerName !== undefined ? { id: row.owner_id, username: ownerName } : null,
    nextFollowUpAt: row.next_follow_up_at,
    followUpNote: row.follow_up_note,
    possibleDuplicates: duplicates?.get(row.id) ?? 0,
    attribution: {
      source: row.attribution_source,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
    },
    value: row.value === null ? null : Number(row.value),
    convertedAt: row.converted_at,
  };
}

/** A contact-form lead's visit (docs/product/analytics.md#lead-attribution): its source and campaign, '' for none. */
export interface LeadAttribution {
  source: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

/** What a lead is made of before the derived columns are added. */
export interface LeadFields {
  name: string;
  email: string;
  phone: string;
  company: string;
  status: string;
  priority: string;
  source: string;
  notes: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** YYYY-MM-DD. */
  lastContact: string;
  /** What an import's owner column said (a member's name, username or e-mail), resolved on insert. */
  ownerHint?: string;
  /** Where it came from, for its timeline (docs/product/leads.md#timeline). */
  origin: LeadOrigin;
  /** Who added it; none for the contact form and a new workspace's samples. */
  createdBy?: string | null;
  /** The visit it came from (the contact form); any other lead is attributed to its own source. */
  attribution?: LeadAttribution;
}

/**
 * Lower-cased in JavaScript, not SQL: SQLite's lower() only knows ASCII while PostgreSQL's follows the
 * locale, so doing it here makes a search for "Ö" or "İ" answer the same on both engines. The newline
 * separator keeps a search from matching across two fields.
 */
export function searchText(fields: Pick<LeadFields, 'name' | 'email' | 'company' | 'phone'>): string {
  return [fields.name, fields.email, fields.company, fields.phone].join('\n').toLowerCase();
}

/**
 * A complete row for insertion, with its derived columns; `ownerId` is the member who works it. `keys`: the
 * phone and name keys when the caller has computed them already (an import compares them first).
 */
export function newLeadRow(
  workspaceId: string,
  fields: LeadFields,
  updatedAt: string,
  ownerId: string | null,
  keys?: { phone: string; name: string },
): LeadRow {
  return {
    id: randomUUID(),
    workspace_id: workspaceId,
    name: fields.name,
    email: fields.email,
    email_lower: fields.email.toLowerCase(),
    phone: fields.phone,
    company: fields.company,
    status: fields.status,
    priority: fields.priority,
    source: fields.source,
    notes: fields.notes,
    search_text: searchText(fields),
    created_at: fields.createdAt,
    last_contact: fields.lastContact,
    updated_at: updatedAt,
    owner_id: ownerId,
    next_follow_up_at: null,
    follow_up_note: '',
    origin: fields.origin,
    created_by: fields.createdBy ?? null,
    phone_key: keys?.phone ?? phoneKey(fields.phone),
    name_key: keys?.name ?? nameKey(fields.name, fields.company),
    attribution_source: fields.attribution?.source ?? fields.source,
    utm_source: fields.attribution?.utmSource || null,
    utm_medium: fields.attribution?.utmMedium || null,
    utm_campaign: fields.attribution?.utmCampaign || null,
    value: null,
    converted_at: null,
    import_bytes: 0,
  };
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
