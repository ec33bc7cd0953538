import Papa from 'papaparse';
import {
  hasRequiredLeadColumns,
  importedLeadPriority,
  importedLeadStatus,
  looksLikeLeadHeader,
  mapImportHeader,
  normaliseImportName,
  type LeadImportColumns,
  type LeadImportField,
  type LeadImportMapping,
} from '../../../shared/lead-import-formats';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { IMPORT_SOURCE, createLeadSchema, type LeadImportResult } from '../../../shared/schemas/leads';
import { LEAD_IMPORT_LIMITS, LEAD_NOTES_MAX } from '../../../shared/leads';
import { badRequest } from '../../http/errors';
import { isoDay, type LeadFields } from './lead-rows';

/** A file of bad rows must not produce a response as large as itself; the counts stay exact. */
export const MAX_REPORTED_ERRORS = 1000;

export interface ParsedLeads {
  /**
   * Valid rows, first occurrence of each e-mail only; e-mails lower-cased. A row with no e-mail (kept for
   * its phone or profile URL) has an empty one, and is a repeat only of the same name, phone and profile.
   */
  leads: LeadFields[];
  /** The data row (numbered as `errors` number them) each of `leads` was read from. */
  leadRows: number[];
  /** Rows repeating an e-mail (or an e-mail-less row) seen earlier in the same file. */
  duplicates: number;
  errors: LeadImportResult['errors'];
  /** The header row's cells, as read. */
  header: string[];
  /** Data rows read (blank lines not counted) and, of them, rows refused (all, not only those reported). */
  rows: number;
  refused: number;
  /** The first `sampleRows` data rows as read (the import preview's table). */
  sample: { row: number; cells: string[] }[];
  /** With `keepRefusedCells`: the cells of each reported error's row, in the order of `errors`. */
  refusedCells: string[][];
}

/** What the import preview asks of the parse besides the leads; the import asks none of it. */
export interface ParseOptions {
  sampleRows?: number;
  keepRefusedCells?: boolean;
}

/**
 * Characters of refused rows' cells kept for the preview: past it, a refused row's cells are left out. A
 * cell costs its length and the three characters JSON wraps it in, so a thousand empty cells count too.
 */
const REFUSED_CELLS_BUDGET = 1_000_000;
/** The preview's sample table: each cell cut to this many characters, and the whole table to a budget. */
const SAMPLE_CELL_CHARS = 200;
const SAMPLE_BUDGET = 256 * 1024;
const cellsCost = (cells: string[]) => cells.reduce((sum, text) => sum + text.length + 3, 0);

/** Lengths the shared create schema allows; longer imported values are cut rather than refused. */
const MAX = { name: 200, phone: 40, company: 200, source: 60, notes: LEAD_NOTES_MAX };

const EXPORT_FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

/**
 * Characters parsed between two yields to the event loop: a few ms of work at a time. Each row is checked
 * (names, e-mails) as it is read, so 64K characters of short rows held the loop for up to 58 ms on a busy
 * 2-core machine; half of it stays well under 50 ms.
 */
const PARSE_CHUNK_CHARS = 32 * 1024;

/** Where the header row is looked for: LinkedIn's Connections.csv has three lines of notes before it. */
const HEADER_SEARCH = { lines: 20, chars: 256 * 1024 };
const DELIMITERS = [',', ';', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];

/** Google Contacts puts several values of one field in one cell: "a@x.test ::: b@x.test". */
const firstOfSeveral = (value: string) => value.split(':::', 1)[0]!.trim();

/**
 * Import with a real parser (docs/product/leads.md#import) (quoted delimiters, doubled quotes, CRLF, BOM), for the files people
 * have (docs/product/leads.md): the header row may come after a few lines of notes and be separated by commas,
 * semicolons or tabs; its columns are recognised by the shared table (lead-import-formats.ts), with the
 * user's `mapping` over it; first, middle and last names are joined; other tools' status and priority
 * values are mapped onto ours. Spec defaults fill the rest: status New, source Import, date today, priority
 * Medium, other fields empty. A row needs a name, and an e-mail or else a phone or profile URL.
 *
 * The file is parsed a slice at a time, handing the event loop back between slices (docs/decisions/0007-bounded-work.md): a
 * 100k-row file is a third of a second of parsing, which must not stall every other request.
 */
export async function parseLeadCsv(
  text: string,
  now: Date,
  mapping?: LeadImportMapping,
  options: ParseOptions = {},
): Promise<ParsedLeads> {
  // Binary data (a renamed spreadsheet) is not a CSV; PostgreSQL could not store the NULs either.
  if (text.includes('\u0000')) throw badRequest(LEAD_MESSAGES.importError);
  const body = text.replace(/^\uFEFF/, '');
  const header = findHeaderRow(body, mapping);
  if (!header) throw badRequest(LEAD_MESSAGES.missingColumns);

  const parsed: ParsedLeads = {
    leads: [],
    leadRows: [],
    duplicates: 0,
    errors: [],
    header: [],
    rows: 0,
    refused: 0,
    sample: [],
    refusedCells: [],
  };
  const sampleRows = options.sampleRows ?? 0;
  let cellsBudget = REFUSED_CELLS_BUDGET;
  let sampleBudget = SAMPLE_BUDGET;
  const seen = new Set<string>();
  const seenWithoutEmail = new Set<string>();
  let errorCount = 0;
  let row = 0;
  let columns: LeadImportColumns['columns'] | null = null;

  const fail = (message: string, cells: string[]) => {
    parsed.refused += 1;
    if (errorCount++ >= MAX_REPORTED_ERRORS) return;
    parsed.errors.push({ row, message });
    if (!options.keepRefusedCells) return;
    cellsBudget -= cellsCost(cells);
    parsed.refusedCells.push(cellsBudget >= 0 ? cells : []);
  };

  const addRecord = (cells: string[]) => {
    // Rows are numbered from 1 for the first data row: the header (and any notes above it) is not
    // counted, and blank lines (skipped by the parser) are not either, so "row 3" is the third lead row.
    row += 1;
    parsed.rows = row;
    assertWithinLimits(cells);
    if (row <= sampleRows) {
      const shown = cells.map((text) => text.slice(0, SAMPLE_CELL_CHARS));
      sampleBudget -= cellsCost(shown);
      parsed.sample.push({ row, cells: sampleBudget >= 0 ? shown : [] });
    }
    // Our export puts an apostrophe before a cell a spreadsheet would run (=, +, -, @): read it back off,
    // so exporting and importing the same leads gives back the same values.
    const cell = (column: number) => (cells[column] ?? '').trim().replace(EXPORT_FORMULA_GUARD, '').trim();
    /** The first non-empty cell of the field's columns, most trusted first. */
    const value = (field: LeadImportField, max = Infinity) => {
      for (const column of columns![field] ?? []) {
        const text = cell(column);
        if (text) return text.slice(0, max);
      }
      return '';
    };
    const fullName =
      value('name') || [value('firstName'), value('middleName'), value('lastName')].filter(Boolean).join(' ');
    const name = createLeadSchema.shape.name.safeParse(fullName.slice(0, MAX.name));
    if (!name.success) return fail(name.error.issues[0]?.message ?? LEAD_MESSAGES.importError, cells);

    const phone = withCallingCode(firstOfSeveral(value('phone')), value('phoneCode')).slice(0, MAX.phone);
    const profileUrl = value('profileUrl');
    const emailText = firstOfSeveral(value('email'));
    let email = '';
    if (emailText || (!phone && !profileUrl)) {
      const checked = createLeadSchema.shape.email.safeParse(emailText);
      if (!checked.success) return fail(checked.error.issues[0]?.message ?? LEAD_MESSAGES.importError, cells);
      email = checked.data;
    }
    // The workspace's duplicate check is by e-mail; a lead without one is a repeat only within the file.
    const key =
      email || `${name.data.toLowerCase()}\n${phone.replace(/\D/g, '')}\n${profileUrl.toLowerCase()}`;
    const keys = email ? seen : seenWithoutEmail;
    if (keys.has(key)) {
      parsed.duplicates += 1;
      return;
    }
    keys.add(key);

    const notes = [...(columns!.notes ?? []).map(cell), value('jobTitle'), profileUrl]
      .filter(Boolean)
      .join('\n')
      .slice(0, MAX.notes);
    const created = importDate(value('date')) ?? now;
    parsed.leads.push({
      name: name.data,
      email,
      phone,
      company: value('company', MAX.company),
      status: importedLeadStatus(value('status')),
      priority: importedLeadPriority(value('priority')),
      source: value('source', MAX.source) || IMPORT_SOURCE,
      notes,
      createdAt: created.toISOString(),
      lastContact: isoDay(created),
      origin: 'import',
      ...(columns!.owner ? { ownerHint: value('owner') } : {}),
    });
    parsed.leadRows.push(row);
  };

  const useHeader = (cells: string[]) => {
    assertWithinLimits(cells);
    const mapped = mapImportHeader(cells, mapping);
    // Each header cell normalised once: a mapping of 500 names is 500 look-ups, not 500 scans of the row.
    const asWritten = new Set(cells.map((cell) => cell.trim()));
    const normalised = new Set(cells.map(normaliseImportName));
    for (const chosen of Object.keys(mapping ?? {})) {
      if (!asWritten.has(chosen) && !normalised.has(normaliseImportName(chosen)))
        throw badRequest(LEAD_MESSAGES.mappingUnknownColumn(chosen));
    }
    if (!hasRequiredLeadColumns(mapped)) throw badRequest(LEAD_MESSAGES.missingColumns);
    columns = mapped.columns;
    parsed.header = cells;
  };

  const rest = body.slice(header.offset);
  await new Promise<void>((resolve, reject) => {
    /** Where the rows parsed so far end, in characters from the header: the next chunk starts there. */
    let parsedTo = 0;
    /** Characters handed to the parser so far: it reads the text `PARSE_CHUNK_CHARS` at a time. */
    let delivered = 0;
    Papa.parse<string[]>(rest, {
      delimiter: header.delimiter,
      skipEmptyLines: 'greedy',
      chunkSize: PARSE_CHUNK_CHARS,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        try {
          // Papa also reports quote errors in a chunk's last, incomplete row, which it parses again with the
          // next chunk: a doubled quote ("") cut by the chunk boundary reads as malformed there. Only errors
          // in the rows this chunk completed count (their offsets are from the chunk's start).
          const completed = results.meta.cursor - parsedTo;
          parsedTo = results.meta.cursor;
          // The parser carries a row it has not finished into the next chunk and parses it again there,
          // so a row that never ends (a quote never closed) would cost the whole file on every chunk.
          delivered = Math.min(delivered + PARSE_CHUNK_CHARS, rest.length);
          if (delivered - parsedTo > LEAD_IMPORT_LIMITS.rowChars)
            throw badRequest(LEAD_MESSAGES.rowTooLong(LEAD_IMPORT_LIMITS.rowChars));
          // An unbalanced quote swallows the rest of the file into one cell: nothing after it is sound.
          const inCompletedRows = (e: Papa.ParseError) => e.index === undefined || e.index < completed;
          if (results.errors.some((e) => e.type === 'Quotes' && inCompletedRows(e)))
            throw badRequest(LEAD_MESSAGES.importError);
          let rows = results.data;
          if (!columns && rows.length > 0) {
            useHeader(rows[0]!);
            rows = rows.slice(1);
          }
          rows.forEach(addRecord);
        } catch (error) {
          reject(error); // first: aborting calls `complete`, which would settle the promise as a success
          parser.abort();
          return;
        }
        parser.pause();
        setImmediate(() => parser.resume());
      },
      // A file whose header row has nothing after it reaches `chunk` once, with the header alone.
      complete: () => (columns ? resolve() : reject(badRequest(LEAD_MESSAGES.missingColumns))),
      error: (error: Error) => reject(error),
    });
  });
  return parsed;
}

/** A row within the import's bounds (LEAD_IMPORT_LIMITS), or the file is refused. */
function assertWithinLimits(cells: string[]): void {
  if (cells.length > LEAD_IMPORT_LIMITS.columns)
    throw badRequest(LEAD_MESSAGES.tooManyColumns(LEAD_IMPORT_LIMITS.columns));
  let length = 0;
  for (const cell of cells) {
    if (cell.length > LEAD_IMPORT_LIMITS.cellChars)
      throw badRequest(LEAD_MESSAGES.cellTooLong(LEAD_IMPORT_LIMITS.cellChars));
    length += cell.length;
  }
  if (length > LEAD_IMPORT_LIMITS.rowChars)
    throw badRequest(LEAD_MESSAGES.rowTooLong(LEAD_IMPORT_LIMITS.rowChars));
}

/**
 * The first line, among the first few, that reads as a lead header (it names a person or an e-mail
 * column) with one of the delimiters; the delimiter that recognises most columns of it wins.
 */
function findHeaderRow(
  text: string,
  mapping: LeadImportMapping | undefined,
): { offset: number; delimiter: Delimiter } | null {
  const head = text.slice(0, HEADER_SEARCH.chars);
  const lineEnd = /\r\n|\n|\r/g;
  let offset = 0;
  let lines = 0;
  /** A line read as a header only with more columns than an import takes. */
  let tooWide = false;
  while (offset < head.length && lines < HEADER_SEARCH.lines) {
    lineEnd.lastIndex = offset;
    const end = lineEnd.exec(head);
    const line = head.slice(offset, end ? end.index : head.length);
    if (line.trim()) {
      lines += 1;
      let best: { delimiter: Delimiter; recognised: number } | null = null;
      for (const delimiter of DELIMITERS) {
        const cells = splitHeaderLine(line, delimiter);
        if (cells.length > LEAD_IMPORT_LIMITS.columns) {
          tooWide = true;
          continue;
        }
        const columns = mapImportHeader(cells, mapping);
        if (!looksLikeLeadHeader(columns)) continue;
        const recognised = columns.fields.filter(Boolean).length;
        if (!best || recognised > best.recognised) best = { delimiter, recognised };
      }
      if (best) return { offset, delimiter: best.delimiter };
    }
    if (!end) break;
    offset = end.index + end[0].length;
  }
  if (tooWide) throw badRequest(LEAD_MESSAGES.tooManyColumns(LEAD_IMPORT_LIMITS.columns));
  return null;
}

/** One line's cells, for recognising a header only (quoted cells, doubled quotes; no line breaks). */
function splitHeaderLine(line: string, delimiter: Delimiter): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** Twenty keeps a phone's calling code ("+49") apart: put it back before a number that has none. */
function withCallingCode(phone: string, code: string): string {
  if (!phone || phone.startsWith('+') || !/^\+?\d{1,4}$/.test(code)) return phone;
  return `${code.startsWith('+') ? code : `+${code}`} ${phone}`;
}

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** HubSpot, Zoho, Pipedrive, Mailchimp: "2024-03-04 09:15" or "2024-03-04 09:15:30", read as UTC. */
const SPACED_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;
/** LinkedIn's "Connected On": "12 Mar 2024". A named month is never ambiguous, unlike 3/1/2024. */
const NAMED_MONTH_DAY = /^(\d{1,2})[ -]([A-Za-z]{3,9})\.?,?[ -](\d{4})$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** That day (month from 1) at the given UTC time, or null when the day does not exist (2024-02-31). */
function utcInstant(year: number, month: number, date: number, hours = 12, minutes = 0, seconds = 0) {
  const instant = new Date(Date.UTC(year, month - 1, date, hours, minutes, seconds));
  // Date.UTC rolls 2024-02-31 over into March; such a day does not exist.
  const real = instant.getUTCMonth() === month - 1 && instant.getUTCDate() === date;
  return real && hours < 24 && minutes < 60 && seconds < 60 ? instant : null;
}

/**
 * A Date cell as our export writes it (YYYY-MM-DD), an ISO date-time, a date-time with a space (read as
 * UTC) or a day with a named month; anything else (3/1/2024 could be January or March) means "today".
 * A bare day becomes noon UTC: that instant falls on the same calendar day from UTC-11 to UTC+11, so
 * the date filters and the export show the day the file named in almost every time zone.
 */
function importDate(text: string): Date | null {
  const day = DAY_ONLY.exec(text);
  if (day) return utcInstant(Number(day[1]), Number(day[2]), Number(day[3]));
  const spaced = SPACED_DATE_TIME.exec(text);
  if (spaced) {
    const [year, month, date, hours, minutes, seconds] = spaced.slice(1).map((part) => Number(part ?? 0));
    return utcInstant(year!, month!, date!, hours, minutes, seconds);
  }
  const named = NAMED_MONTH_DAY.exec(text);
  if (named) {
    const word = named[2]!.toLowerCase();
    const month =
      word.length === 3 || word === 'sept' ? MONTHS.indexOf(word.slice(0, 3)) : MONTH_NAMES.indexOf(word);
    return month < 0 ? null : utcInstant(Number(named[3]), month + 1, Number(named[1]));
  }
  if (!DATE_TIME.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
