// `-o csv`: RFC 4180 records (comma-separated, CRLF line ends, a field quoted when it holds a
// comma, a quote or a line break, quotes doubled). Written here rather than taken from csv-stringify:
// the quoting rule is these few lines, the choices that matter (empty for null, lists as plain text,
// formulas defused) are ours either way, and a list must stream record by record, not through a Transform.
//
// The file is meant for a spreadsheet, and any user names their own tokens: a cell a spreadsheet would
// read as a formula (OWASP "CSV injection": `=`, `+`, `-`, `@`, TAB, CR first) gets a leading `'`, and
// control characters are shown as tables show them (`^[`, `\x9b`, `\u202e`), never written raw. A
// number from a numeric field is written as it is (`-5` stays a number: it cannot be a formula).

import { visible } from './safe-text.js';

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

function itemText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The text of one value: empty for null/undefined, a list's items joined by `; `, JSON for objects. */
export function csvText(v: unknown): string {
  if (Array.isArray(v)) return v.map(itemText).join('; ');
  return itemText(v);
}

/**
 * One cell, spreadsheet-safe. `mask` runs on the text before it is escaped (URL credentials).
 * Tabs and line breaks are data inside a quoted field; every other control character is escaped.
 */
export function csvCell(v: unknown, mask: (s: string) => string = (s) => s): string {
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  const s = mask(csvText(v))
    .split('\r')
    .map((part) => visible(part))
    .join('\r');
  return FORMULA_START.test(s) ? `'${s}` : s;
}

function field(s: string): string {
  // A leading or trailing space is kept by readers only inside quotes (some spreadsheet imports trim).
  return NEEDS_QUOTES.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record, ended by CRLF. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}
