/**
 * What finds the same person twice among a workspace's leads (docs/product/leads.md#duplicates): the
 * e-mail (lower-cased), the phone's last ten digits, or the name with the company. The server stores the
 * keys beside each lead; the import and Botgit's "Add to leads" compare them before writing.
 */

/** Fewer digits than this is not a phone number anyone could match on. */
const PHONE_MIN_DIGITS = 7;
/** The last ten digits: "+44 20 7946 0958" and "020 7946 0958" are one number, as are "+1 415…" and "(415)…". */
const PHONE_KEY_DIGITS = 10;

/** The phone's key, '' for none. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < PHONE_MIN_DIGITS ? '' : digits.slice(-PHONE_KEY_DIGITS);
}

/** A company's legal form at the end of its name says nothing about who it is. */
const LEGAL_SUFFIX =
  /\s(inc|incorporated|llc|llp|ltd|limited|plc|gmbh|ag|sa|sas|sarl|srl|spa|bv|nv|oy|ab|as|aps|pty|co|corp|corporation|company)$/;

/** Case, accents and punctuation ignored: "José  O'Neil" and "jose o neil" fold alike. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The name-and-company key, '' when either is missing (a name alone finds too many strangers). */
export function nameKey(name: string, company: string): string {
  const person = fold(name);
  const firm = fold(company).replace(LEGAL_SUFFIX, '').trim();
  return person === '' || firm === '' ? '' : `${person}|${firm}`;
}

/** Why two leads look like one person, strongest first. */
export const DUPLICATE_REASONS = ['email', 'phone', 'name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** What a lead's merge may take from the other lead, one choice each (docs/product/leads.md#duplicates). */
export const MERGE_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'status',
  'priority',
  'source',
  'owner',
  'lastContact',
  'followUp',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeChoice = 'this' | 'other';

/**
 * A merge keeps both leads' notes: the kept lead's first, then the other's below a line with its name.
 * Either side empty, the other's alone.
 */
export function joinMergedNotes(kept: string, other: { name: string; notes: string }): string {
  if (!other.notes.trim()) return kept;
  if (!kept.trim()) return other.notes;
  return `${kept}\n\n${mergedNotesSeparator(other.name)}\n${other.notes}`;
}

/** The line between the kept lead's notes and the merged lead's. */
export function mergedNotesSeparator(name: string): string {
  return `--- Notes of ${name} (merged) ---`;
}
