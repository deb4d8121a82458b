// `-o csv`: RFC 4180 records (comma-separated, CRLF line ends, a field quoted when it holds a
// comma, a quote or a line break, quotes doubled). Written here rather than taken from csv-stringify:
// the quoting rule is these few lines, the choices that matter (empty for null, nested values as
// JSON) are ours either way, and a list must stream record by record, not through a Transform.

const NEEDS_QUOTES = /[",\r\n]/;

/** The text of one value: empty for null/undefined, JSON for lists and objects. */
export function csvText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function field(s: string): string {
  // A leading or trailing space is kept by readers only inside quotes (some spreadsheet imports trim).
  return NEEDS_QUOTES.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record, ended by CRLF. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}
