import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { parseLeadCsv } from './lead-csv-parse';

const NOW = new Date('2024-06-15T09:30:00.000Z');
const parse = (text: string, mapping?: Record<string, 'name' | 'email' | null>) =>
  parseLeadCsv(text, NOW, mapping);
const refusal = async (text: string) => {
  try {
    await parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('parseLeadCsv (docs/product/leads.md)', () => {
  it('finds the delimiter of the header row: comma, semicolon or tab', async () => {
    for (const delimiter of [',', ';', '\t']) {
      const text = [
        ['Name', 'Email', 'Company'],
        ['Asha Rao', 'asha@x.test', 'Rao, Rao & Co'],
      ]
        .map((cells) => cells.map((cell) => (cell.includes(delimiter) ? `"${cell}"` : cell)).join(delimiter))
        .join('\r\n');
      const { leads } = await parse(text);
      expect(
        leads.map((lead) => [lead.name, lead.email, lead.company]),
        delimiter,
      ).toEqual([['Asha Rao', 'asha@x.test', 'Rao, Rao & Co']]);
    }
  });

  it('skips lines of notes before the header, and numbers rows from the first after it', async () => {
    const text = 'Notes:\r\n"Some, notes"\r\n\r\nFirst Name,Last Name,Email\r\nA,B,a@b.test\r\nC,D,bad\r\n';
    const parsed = await parse(text);
    expect(parsed.leads.map((lead) => lead.name)).toEqual(['A B']);
    expect(parsed.errors).toEqual([{ row: 2, message: LEAD_MESSAGES.emailInvalid }]);
  });

  it('refuses a file without a usable header, and a header row too far down', async () => {
    expect(await refusal('')).toBe(LEAD_MESSAGES.missingColumns);
    expect(await refusal('Company,Notes\r\nA,B')).toBe(LEAD_MESSAGES.missingColumns);
    expect(await refusal(`${'note\r\n'.repeat(25)}Name,Email\r\nA,a@b.test`)).toBe(
      LEAD_MESSAGES.missingColumns,
    );
    expect(await refusal('Name,Email')).toBe('accepted');
  });

  it('reads doubled quotes wherever the parser’s chunk boundary cuts their row; still refuses an unclosed quote', async () => {
    const header = 'Name,Email,Notes\r\n';
    const row = (i: number) => `Lead ${i},lead${i}@x.test,"said ""yes"" twice"\r\n`;
    let rows = '';
    let count = 0;
    while (header.length + rows.length + 3 * row(count).length < 64 * 1024) rows += row(count++);
    // The 64 KB boundary falls at every character of the row that crosses it. Papa reported quote errors
    // for that row's first, incomplete part at some of them: a cut between the \r and \n after a quote.
    const padded = `${header}${rows}Padding,pad@x.test,`;
    for (let shift = 1; shift <= row(count).length; shift += 1) {
      const pad = 64 * 1024 - padded.length - '\r\n'.length - row(count).length + shift;
      const text = `${padded}${'x'.repeat(pad)}\r\n${row(count)}${row(count + 1)}`;
      const start = 64 * 1024 - row(count).length + shift; // the row crossing the boundary
      expect(text.slice(start, start + row(count).length)).toBe(row(count));
      const parsed = await parse(text);
      expect(parsed.errors, `shift ${shift}`).toEqual([]);
      expect(parsed.leads).toHaveLength(count + 3);
      expect(parsed.leads.at(-1)!.notes).toBe('said "yes" twice');
    }
    expect(await refusal('Name,Email\r\n"Unclosed,a@a.test\r\nB,b@b.test')).toBe(LEAD_MESSAGES.importError);
  });

  it('dates: ISO days and date-times, spaced date-times as UTC, named months; anything else is today', async () => {
    const dates = [
      '2024-02-10',
      '2024-03-01T10:15:00Z',
      '2024-03-04 09:15',
      '12 Mar 2024',
      '3 September 2023',
    ];
    const other = ['3/1/2024', '31/12/2024', '2024-02-31', '2024-02-10 25:00', '12 Foo 2024'];
    const text = ['Name,Email,Date', ...[...dates, ...other].map((d, i) => `L${i},l${i}@x.test,${d}`)].join(
      '\n',
    );
    const { leads } = await parse(text);
    expect(leads.map((lead) => lead.createdAt)).toEqual([
      '2024-02-10T12:00:00.000Z',
      '2024-03-01T10:15:00.000Z',
      '2024-03-04T09:15:00.000Z',
      '2024-03-12T12:00:00.000Z',
      '2023-09-03T12:00:00.000Z',
      ...other.map(() => NOW.toISOString()),
    ]);
  });
});
