/** CSV downloads (leads, scraped profiles, the audit log): one writing of RFC 4180 for all. */

/**
 * Rows read per query while streaming: memory stays flat at a million leads, and each query (SQLite runs
 * it on the event loop) is a short turn: 1,000 rows held the loop ~180 ms, 250 about 60 ms, for the same
 * total time (docs/decisions/0007-bounded-work.md).
 */
export const EXPORT_BATCH = 250;

/** A cell a spreadsheet would run as a formula (=, +, -, @) or that hides one behind a tab or CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell, always quoted (docs/product/leads.md#export: every value quoted), quotes doubled. A cell a spreadsheet
 * would evaluate gets a leading apostrophe inside the quotes (OWASP's CSV-injection advice), so an
 * imported lead named =HYPERLINK(...) stays text; this applies to "+91 ..." phone numbers too.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One record with RFC 4180's CRLF line end. */
export function csvLine(values: string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
