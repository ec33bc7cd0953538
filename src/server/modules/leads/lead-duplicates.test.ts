import { describe, expect, it } from 'vitest';
import { joinMergedNotes, mergedNotesSeparator } from '../../../shared/lead-duplicates';
import { keyed, sortWouldBeLeads, type KnownLeads } from './lead-duplicates';

const lead = (name: string, email: string, phone = '', company = '') =>
  keyed({ name, email, phone, company });
const known = (leads: { id: string; name: string; email: string; phone?: string; company?: string }[]) => {
  const found: KnownLeads = { emails: new Set(), phones: new Map(), names: new Map() };
  for (const { id, name, email, phone = '', company = '' } of leads) {
    const k = keyed({ name, email, phone, company });
    const row = { id, name, email_lower: k.email, phone_key: k.phone, name_key: k.name };
    if (k.email) found.emails.add(k.email);
    if (k.phone) found.phones.set(k.phone, row);
    if (k.name) found.names.set(k.name, row);
  }
  return found;
};

/** How would-be leads are sorted against the workspace and one another (docs/product/leads.md#duplicates). */
describe('sortWouldBeLeads', () => {
  it('skips known e-mails, then finds possible duplicates of leads before those of earlier rows', () => {
    const sorted = sortWouldBeLeads(
      [
        lead('Ann', 'ANN@x.test', '+44 20 7946 0958'), // e-mail known: already a lead, whatever its phone
        lead('Bo', 'bo@x.test', '020 7946 0958'), // the phone of lead L1
        lead('Cy', 'cy@x.test', '+1 415 555 0100', 'Cy Co'), // new
        lead('Di', 'di@x.test', '(415) 555-0100'), // the phone of row 3
        lead('cy', 'cy2@x.test', '', 'CY Co.'), // the name and company of row 3
        lead('Ed', 'ed@x.test', '', 'Acme'), // the name and company of lead L2
        lead('Fay', '', '12345'), // a short phone is no key; no e-mail: new
        lead('Gus', '', '12345'), // nor here: new
      ],
      known([
        { id: 'L1', name: 'Lead One', email: 'ann@x.test', phone: '+44 (0)20 7946 0958' },
        { id: 'L2', name: 'Ed', email: 'ed@elsewhere.test', company: 'ACME Inc' },
      ]),
      (index) => index + 1,
    );
    expect(sorted.fresh.map((l) => l.fields.name)).toEqual(['Cy', 'Fay', 'Gus']);
    expect(sorted.alreadyLeads).toBe(1);
    expect(sorted.possibleDuplicates).toBe(4);
    expect(sorted.duplicateRows).toEqual([
      { row: 2, name: 'Bo', reason: 'phone', lead: { id: 'L1', name: 'Lead One' }, sameAsRow: null },
      { row: 4, name: 'Di', reason: 'phone', lead: null, sameAsRow: 3 },
      { row: 5, name: 'cy', reason: 'name', lead: null, sameAsRow: 3 },
      { row: 6, name: 'Ed', reason: 'name', lead: { id: 'L2', name: 'Ed' }, sameAsRow: null },
    ]);
  });

  it('treats a repeated e-mail among the would-be leads as already there (Botgit profiles)', () => {
    const sorted = sortWouldBeLeads(
      [lead('A', 'a@x.test'), lead('A again', 'A@X.test')],
      known([]),
      (i) => i + 1,
    );
    expect(sorted).toMatchObject({ alreadyLeads: 1, possibleDuplicates: 0 });
    expect(sorted.fresh).toHaveLength(1);
  });
});

describe('joinMergedNotes', () => {
  it("keeps both notes, the other's below a line with its name; either alone when the other is empty", () => {
    expect(joinMergedNotes('Mine', { name: 'Bo', notes: 'Theirs' })).toBe(
      `Mine\n\n${mergedNotesSeparator('Bo')}\nTheirs`,
    );
    expect(mergedNotesSeparator('Bo')).toBe('--- Notes of Bo (merged) ---');
    expect(joinMergedNotes('', { name: 'Bo', notes: 'Theirs' })).toBe('Theirs');
    expect(joinMergedNotes('Mine', { name: 'Bo', notes: '  ' })).toBe('Mine');
  });
});
