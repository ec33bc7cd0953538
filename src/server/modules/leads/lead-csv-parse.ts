import Papa from 'papaparse';
import { LEAD_MESSAGES } from '../../../shared/messages';
import {
  IMPORT_SOURCE,
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  createLeadSchema,
  type LeadImportResult,
} from '../../../shared/schemas/leads';
import { badRequest } from '../../http/errors';
import { isoDay, type LeadFields } from './lead-rows';

/** A file of bad rows must not produce a response as large as itself; the counts stay exact. */
export const MAX_REPORTED_ERRORS = 1000;

export interface ParsedLeads {
  /** Valid rows, first occurrence of each e-mail only; e-mails lower-cased. */
  leads: LeadFields[];
  /** Rows repeating an e-mail seen earlier in the same file. */
  duplicates: number;
  errors: LeadImportResult['errors'];
}

const byLowerCase = <T extends string>(values: readonly T[]) =>
  new Map(values.map((v) => [v.toLowerCase(), v]));
const STATUSES = byLowerCase(LEAD_STATUSES);
const PRIORITIES = byLowerCase(LEAD_PRIORITIES);
/** Lengths the shared create schema allows; longer imported values are cut rather than refused. */
const MAX = { name: 200, phone: 40, company: 200, source: 60, notes: 5000 };

const EXPORT_FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

/** Characters parsed between two yields to the event loop: a few ms of work at a time. */
const PARSE_CHUNK_CHARS = 64 * 1024;

/**
 * Import with a real parser (docs/product/leads.md#import) (quoted commas, doubled quotes, CRLF, BOM). The header row names the
 * columns in any case and order; spec defaults fill the rest: status New, source Import, date today,
 * priority Medium, other fields empty. A valid Status, Priority or Date in a row is kept.
 *
 * The file is parsed a slice at a time, handing the event loop back between slices (docs/decisions/0007-bounded-work.md): a
 * 100k-row file is a third of a second of parsing, which must not stall every other request.
 */
export async function parseLeadCsv(text: string, now: Date): Promise<ParsedLeads> {
  // Binary data (a renamed spreadsheet) is not a CSV; PostgreSQL could not store the NULs either.
  if (text.includes('\u0000')) throw badRequest(LEAD_MESSAGES.importError);
  const parsed: ParsedLeads = { leads: [], duplicates: 0, errors: [] };
  const seen = new Set<string>();
  let errorCount = 0;
  let row = 0;

  const addRecord = (record: Record<string, string | undefined>) => {
    // Rows are numbered from 1 for the first data row: the header is not counted, and blank lines
    // (skipped by the parser) are not either, so "row 3" is the third lead row of the file.
    row += 1;
    // Our export puts an apostrophe before a cell a spreadsheet would run (=, +, -, @): read it back off,
    // so exporting and importing the same leads gives back the same values.
    const cell = (key: string, max = Infinity) =>
      (record[key] ?? '').trim().replace(EXPORT_FORMULA_GUARD, '').trim().slice(0, max);
    const name = createLeadSchema.shape.name.safeParse(cell('name', MAX.name));
    const email = createLeadSchema.shape.email.safeParse(cell('email'));
    if (!name.success || !email.success) {
      const message = (name.error ?? email.error)?.issues[0]?.message ?? LEAD_MESSAGES.importError;
      if (errorCount++ < MAX_REPORTED_ERRORS) parsed.errors.push({ row, message });
      return;
    }
    if (seen.has(email.data)) {
      parsed.duplicates += 1;
      return;
    }
    seen.add(email.data);
    const created = importDate(cell('date')) ?? now;
    parsed.leads.push({
      name: name.data,
      email: email.data,
      phone: cell('phone', MAX.phone),
      company: cell('company', MAX.company),
      status: STATUSES.get(cell('status').toLowerCase()) ?? 'New',
      priority: PRIORITIES.get(cell('priority').toLowerCase()) ?? 'Medium',
      source: cell('source', MAX.source) || IMPORT_SOURCE,
      notes: cell('notes', MAX.notes),
      createdAt: created.toISOString(),
      lastContact: isoDay(created),
    });
  };

  await new Promise<void>((resolve, reject) => {
    let checkedHeader = false;
    Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      delimiter: ',',
      skipEmptyLines: 'greedy',
      transformHeader: (header) => header.trim().toLowerCase(),
      chunkSize: PARSE_CHUNK_CHARS,
      chunk: (results: Papa.ParseResult<Record<string, string | undefined>>, parser: Papa.Parser) => {
        try {
          // An unbalanced quote swallows the rest of the file into one cell: nothing after it is sound.
          if (results.errors.some((e) => e.type === 'Quotes')) throw badRequest(LEAD_MESSAGES.importError);
          if (!checkedHeader) {
            const fields = results.meta.fields ?? [];
            if (!fields.includes('name') || !fields.includes('email'))
              throw badRequest(LEAD_MESSAGES.missingColumns);
            checkedHeader = true;
          }
          results.data.forEach(addRecord);
        } catch (error) {
          reject(error); // first: aborting calls `complete`, which would settle the promise as a success
          parser.abort();
          return;
        }
        parser.pause();
        setImmediate(() => parser.resume());
      },
      // A file with no rows at all never reaches `chunk`: it has no header either.
      complete: () => (checkedHeader ? resolve() : reject(badRequest(LEAD_MESSAGES.missingColumns))),
      error: (error: Error) => reject(error),
    });
  });
  return parsed;
}

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A Date cell as our export writes it (YYYY-MM-DD) or an ISO date-time; anything else means "today".
 * A bare day becomes noon UTC: that instant falls on the same calendar day from UTC-11 to UTC+11, so
 * the date filters and the export show the day the file named in almost every time zone.
 */
function importDate(text: string): Date | null {
  const day = DAY_ONLY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const instant = new Date(Date.UTC(year, month - 1, date, 12));
    // Date.UTC rolls 2024-02-31 over into March; such a day does not exist.
    return instant.getUTCMonth() === month - 1 && instant.getUTCDate() === date ? instant : null;
  }
  if (!DATE_TIME.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
