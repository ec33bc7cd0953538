import type { Kysely, Transaction } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DUPLICATE_REASONS, nameKey, phoneKey, type DuplicateReason } from '../../../shared/lead-duplicates';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { LEAD_DUPLICATES_SHOWN, type LeadDuplicates } from '../../../shared/schemas/lead-duplicates';
import {
  IMPORT_DUPLICATE_ROWS_REPORTED,
  type ImportDuplicateRow,
  type Lead,
} from '../../../shared/schemas/leads';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import {
  duplicateCounts,
  leadKeys,
  leadsSharingKeys,
  leadsWithKeys,
  type KnownLead,
  type LeadKeys,
} from './lead-duplicates.repository';
import type { LeadFields, LeadListRow } from './lead-rows';
import { INSERT_BATCH } from './lead-writes.repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * GET /api/leads/{id}/duplicates: the workspace's other leads sharing the lead's e-mail, phone key or name
 * key, newest first, each with the reasons it matches; a lead of another workspace is not found.
 */
export async function duplicatesOfLead(
  db: Db,
  workspaceId: string,
  id: string,
  toLeads: (rows: LeadListRow[]) => Promise<Lead[]>,
): Promise<LeadDuplicates> {
  const lead = await leadKeys(db, workspaceId, id);
  if (!lead) throw notFound(LEAD_MESSAGES.notFound);
  const rows = await leadsSharingKeys(db, workspaceId, lead, LEAD_DUPLICATES_SHOWN);
  // Fewer than a page are all there is; a full page asks the list's count.
  const total =
    rows.length < LEAD_DUPLICATES_SHOWN
      ? rows.length
      : ((await duplicateCounts(db, workspaceId, [lead])).get(id) ?? 0);
  const leads = await toLeads(rows);
  return {
    duplicates: rows.map((row, i) => ({ lead: leads[i]!, reasons: reasonsOf(lead, row) })),
    total,
  };
}

const REASON_KEYS = { email: 'email_lower', phone: 'phone_key', name: 'name_key' } as const;

/** Why two leads look like one person, strongest first. */
function reasonsOf(lead: LeadKeys, other: LeadKeys): DuplicateReason[] {
  return DUPLICATE_REASONS.filter((reason) => {
    const key = REASON_KEYS[reason];
    return lead[key] !== '' && lead[key] === other[key];
  });
}

/*
 * Would-be leads (an import's rows, Botgit's selected profiles) against the workspace's leads and against
 * one another (docs/product/leads.md#duplicates): the same e-mail is already a lead and skipped; the same
 * phone, or the same name and company, is a possible duplicate and not added either, but reported.
 */

type KeyFields = Pick<LeadFields, 'name' | 'email' | 'phone' | 'company'>;

/** A would-be lead with its keys, computed once: for the look-ups, the verdicts and the row. */
export interface KeyedLead<F extends KeyFields = KeyFields> {
  fields: F;
  /** Lower-cased; '' for none. */
  email: string;
  phone: string;
  name: string;
}

export function keyed<F extends KeyFields>(fields: F): KeyedLead<F> {
  return {
    fields,
    email: fields.email.toLowerCase(),
    phone: phoneKey(fields.phone),
    name: nameKey(fields.name, fields.company),
  };
}

/** `keyed` for many, a batch at a time between yields: folding 100k names is a stall of its own. */
export async function keyedInBatches<F extends KeyFields>(leads: F[]): Promise<KeyedLead<F>[]> {
  const out: KeyedLead<F>[] = [];
  for (let i = 0; i < leads.length; i += INSERT_BATCH) {
    for (const fields of leads.slice(i, i + INSERT_BATCH)) out.push(keyed(fields));
    if (i + INSERT_BATCH < leads.length) await yieldToEventLoop();
  }
  return out;
}

/** The workspace's leads by each key (the first found of each), read before anything is written. */
export interface KnownLeads {
  emails: Set<string>;
  phones: Map<string, KnownLead>;
  names: Map<string, KnownLead>;
}

/**
 * Would-be leads per look-up statement: up to three keys each, 15,000 parameters, within both engines'
 * bounds (SQLite 32,766, PostgreSQL 65,535). Few statements matter when PostgreSQL's statistics have not
 * yet seen a large import that just committed: it then reads the whole workspace once per statement
 * rather than probing the index per key, and 20 such reads for 100,000 rows beat 200.
 */
const LOOKUP_BATCH = 5_000;

/**
 * The workspace's leads sharing a key with any of these, one statement per LOOKUP_BATCH would-be leads,
 * yielding between batches. Called before the first insert: each statement then reads only the leads that
 * were there before (see lead-import.ts).
 */
export async function knownLeadsFor(db: Db, workspaceId: string, leads: KeyedLead[]): Promise<KnownLeads> {
  const known: KnownLeads = { emails: new Set(), phones: new Map(), names: new Map() };
  for (let i = 0; i < leads.length; i += LOOKUP_BATCH) {
    const batch = leads.slice(i, i + LOOKUP_BATCH);
    const distinct = (key: 'email' | 'phone' | 'name') => [
      ...new Set(batch.map((lead) => lead[key]).filter(Boolean)),
    ];
    const found = await leadsWithKeys(db, workspaceId, {
      emails: distinct('email'),
      phones: distinct('phone'),
      names: distinct('name'),
    });
    for (const lead of found) {
      if (lead.email_lower) known.emails.add(lead.email_lower);
      if (lead.phone_key && !known.phones.has(lead.phone_key)) known.phones.set(lead.phone_key, lead);
      if (lead.name_key && !known.names.has(lead.name_key)) known.names.set(lead.name_key, lead);
    }
    if (i + LOOKUP_BATCH < leads.length) await yieldToEventLoop();
  }
  return known;
}

/** What becomes of each would-be lead. */
export interface Sorted<F extends KeyFields> {
  fresh: KeyedLead<F>[];
  /** Its e-mail is already a lead of the workspace, or of an earlier would-be lead. */
  alreadyLeads: number;
  possibleDuplicates: number;
  /** The first possible duplicates, with what each matches. */
  duplicateRows: ImportDuplicateRow[];
}

/**
 * Sorts would-be leads in order: an e-mail already a lead (or repeated) is skipped; then the phone or the
 * name and company of a lead of the workspace, then of an earlier would-be lead that is added, make a
 * possible duplicate; the rest are added. `rowOf` numbers them for the report.
 */
export function sortWouldBeLeads<F extends KeyFields>(
  leads: KeyedLead<F>[],
  known: KnownLeads,
  rowOf: (index: number) => number,
): Sorted<F> {
  const sorted: Sorted<F> = { fresh: [], alreadyLeads: 0, possibleDuplicates: 0, duplicateRows: [] };
  const emails = new Set<string>();
  const phones = new Map<string, number>();
  const names = new Map<string, number>();
  leads.forEach((lead, index) => {
    if (lead.email && (known.emails.has(lead.email) || emails.has(lead.email))) {
      sorted.alreadyLeads += 1;
      return;
    }
    const match = matchOf(lead, known, phones, names);
    if (match) {
      sorted.possibleDuplicates += 1;
      if (sorted.duplicateRows.length < IMPORT_DUPLICATE_ROWS_REPORTED)
        sorted.duplicateRows.push({ row: rowOf(index), name: lead.fields.name, ...match });
      return;
    }
    if (lead.email) emails.add(lead.email);
    if (lead.phone) phones.set(lead.phone, rowOf(index));
    if (lead.name) names.set(lead.name, rowOf(index));
    sorted.fresh.push(lead);
  });
  return sorted;
}

function matchOf(
  lead: KeyedLead,
  known: KnownLeads,
  phones: Map<string, number>,
  names: Map<string, number>,
): Pick<ImportDuplicateRow, 'reason' | 'lead' | 'sameAsRow'> | null {
  const asLead = (reason: DuplicateReason, found: KnownLead) => ({
    reason,
    lead: { id: found.id, name: found.name },
    sameAsRow: null,
  });
  const asRow = (reason: DuplicateReason, row: number) => ({ reason, lead: null, sameAsRow: row });
  const knownByPhone = lead.phone ? known.phones.get(lead.phone) : undefined;
  if (knownByPhone) return asLead('phone', knownByPhone);
  const knownByName = lead.name ? known.names.get(lead.name) : undefined;
  if (knownByName) return asLead('name', knownByName);
  const rowByPhone = lead.phone ? phones.get(lead.phone) : undefined;
  if (rowByPhone !== undefined) return asRow('phone', rowByPhone);
  const rowByName = lead.name ? names.get(lead.name) : undefined;
  if (rowByName !== undefined) return asRow('name', rowByName);
  return null;
}
