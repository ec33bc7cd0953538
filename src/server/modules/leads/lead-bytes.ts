import type { LeadRow } from '../../db/types';

/** The text a person types into a lead, which its storage share counts (docs/product/workspace.md#plan-limits). */
const TYPED_FIELDS = ['name', 'email', 'phone', 'company', 'source', 'notes', 'follow_up_note'] as const;

/** The UTF-8 bytes of a lead's typed text. */
export function leadTextBytes(row: Pick<LeadRow, (typeof TYPED_FIELDS)[number]>): number {
  let bytes = 0;
  for (const field of TYPED_FIELDS) bytes += Buffer.byteLength(row[field] ?? '', 'utf8');
  return bytes;
}

/**
 * What an edit does to the lead's storage share: more text adds to it (and to the workspace's counter),
 * less gives back, never below what the lead holds (its share of an imported file may be less than its
 * text). `importBytes` is the share after the edit, `added` the counter's change.
 */
export function editedShare(
  before: Pick<LeadRow, (typeof TYPED_FIELDS)[number] | 'import_bytes'>,
  after: Pick<LeadRow, (typeof TYPED_FIELDS)[number]>,
): { importBytes: number; added: number } {
  const delta = leadTextBytes(after) - leadTextBytes(before);
  const held = Number(before.import_bytes);
  const added = delta >= 0 ? delta : -Math.min(-delta, held);
  return { importBytes: held + added, added };
}

/**
 * The storage shares after a merge: the kept lead takes as much of the other's share as its merged text
 * needs beyond its own share (never more than the other held), and the other keeps the rest, which its
 * deletion gives back. The two shares together are what they were.
 */
export function mergedShare(
  kept: Pick<LeadRow, 'import_bytes'>,
  other: Pick<LeadRow, 'import_bytes'>,
  merged: Pick<LeadRow, (typeof TYPED_FIELDS)[number]>,
): { kept: number; other: number } {
  const keptShare = Number(kept.import_bytes);
  const otherShare = Number(other.import_bytes);
  const moved = Math.min(otherShare, Math.max(0, leadTextBytes(merged) - keptShare));
  return { kept: keptShare + moved, other: otherShare - moved };
}
