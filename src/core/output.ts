// Formatters. Commands return data (a list, an object or text); this module prints it as a table
// (aligned on a terminal, tab-separated without colour in a pipe), JSON, YAML or NDJSON.
// JSON, YAML and NDJSON print objects exactly as received; `--fields` keeps the named keys.
// CSV (core/csv.ts) writes the columns of the table, or the --fields, as data.

import type { Writable } from 'node:stream';
import { csvCell, csvRecord } from './csv.js';
import { CancelledError, ListInterruptedError, PartialListError } from './errors.js';
import { escapeRawUnsafe, holdsRawUnsafe } from './raw-controls.js';
import { maskUrlCredentials, maskUrlsDeep, mayHoldUrlCredentials, visible } from './safe-text.js';
import { MASK, maskTokenLike } from './secret-fields.js';
import { shortDate, tableLines, type TableStyle } from './table.js';
import { columnKind, droppedNote, fitTable, type ColumnKind } from './table-fit.js';

export type OutputFormat = 'table' | 'json' | 'yaml' | 'ndjson' | 'csv' | 'markdown';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'yaml', 'ndjson', 'csv', 'markdown'];

export interface Column<T = Record<string, unknown>> {
  /** Dotted path into the item (`author.username`); also the `--fields` name. */
  key: string;
  header?: string;
  /** Computes the cell for table output; JSON output is never affected. */
  value?: (row: T) => unknown;
  /** What the cells are, when the key and values do not say (table-fit.ts): only `text` is ever cut. */
  kind?: ColumnKind;
}

export interface ListResult<T = unknown> {
  kind: 'list';
  items: Iterable<T> | AsyncIterable<T>;
  columns: Column<T>[];
  /** Said on stderr (terminal only) when the list is empty. */
  empty?: string;
  /** Strings under secret keys (`runners_token`; redact.ts isSecretKey), at any depth, are masked in every format (secret-fields.ts). */
  maskTokenLike?: boolean;
}

export interface ObjectResult<T = unknown> {
  kind: 'object';
  value: T;
  /** Rows of the table view; all top-level keys when absent. */
  columns?: Column<T>[];
  maskKeys?: readonly string[];
  /** Table view: rows without a value are left out (unless named in --fields). */
  hideEmpty?: boolean;
  /** Table view on a terminal: this column's text (a description) is printed under the record, lines kept. */
  body?: string;
}

export interface TextResult {
  kind: 'text';
  text: string;
  /**
   * Printed byte for byte in a pipe: a file's content (`state export`) or an answer as received
   * (`api`). Any other text is made safe in a pipe as on a terminal (URL credentials masked, control
   * characters shown).
   */
  exact?: boolean;
}

export interface NoneResult {
  kind: 'none';
}

export type LineColour = 'green' | 'yellow' | 'red' | 'magenta';

/**
 * One result, three views (a plan): `data` for json/yaml/ndjson, `text` for table, `markdown` for -o
 * markdown. Text and Markdown are made safe in a pipe too (control characters shown, URL credentials
 * masked); on a terminal with colour, `colour` picks each text line's.
 */
export interface DocumentResult {
  kind: 'document';
  data: unknown;
  text: string;
  markdown?: string;
  colour?: (line: string) => LineColour | undefined;
  /** Its rows for -o csv (a plan's changes); without, csv prints `data` as one record. */
  rows?: ListResult<any>;
}

export function document(data: unknown, views: Omit<DocumentResult, 'kind' | 'data'>): DocumentResult {
  return { kind: 'document', data, ...views };
}

async function renderDocument(result: DocumentResult, o: RenderOptions): Promise<void> {
  // The command declared its Markdown view (command.ts refuses -o markdown elsewhere).
  const safe = visible(maskUrlCredentials(o.format === 'markdown' ? (result.markdown ?? result.text) : result.text));
  let out = safe;
  if (o.format === 'table' && o.color && result.colour) {
    const chalk = (await import('chalk')).default;
    out = safe
      .split('\n')
      .map((line) => {
        const c = result.colour!(line);
        return c ? chalk[c](line) : line;
      })
      .join('\n');
  }
  await write(o.stdout, out.endsWith('\n') ? out : `${out}\n`);
}

export type CommandResult = (ListResult<any> | ObjectResult<any> | TextResult | NoneResult | DocumentResult) & {
  exitCode?: number;
  /** A few words on what was found (`3 changes`), for a fleet's line per instance. */
  summary?: string;
};

export function list<T>(items: Iterable<T> | AsyncIterable<T>, columns: Column<T>[], extra: Partial<ListResult<T>> = {}): ListResult<T> {
  return { kind: 'list', items, columns, ...extra };
}

export function object<T>(value: T, extra: Partial<ObjectResult<T>> = {}): ObjectResult<T> {
  return { kind: 'object', value, ...extra };
}

export function text(t: string, extra: { exact?: boolean } = {}): TextResult {
  return { kind: 'text', text: t, ...extra };
}

export const none: NoneResult = { kind: 'none' };

export interface RenderOptions {
  format: OutputFormat;
  fields?: string[];
  stdout: Writable;
  stderr: Writable;
  isTTY: boolean;
  color: boolean;
  /** Terminal columns a table fits in (unknown: not cut). */
  width?: number;
  /** Told while a terminal table is gathered from the server (the progress spinner on stderr). */
  gathering?: () => { item(): void; done(): void } | undefined;
}

export { MASK };

/**
 * The value at a dotted path. A path that meets a list goes on into each item and gives the list of
 * their values (`assignees.username` → `["bob", "grace"]`, nested lists flattened); undefined when no
 * item has it, so a misspelt name is still reported.
 */
export function getPath(obj: unknown, path: string): unknown {
  return valueAt(obj, path.split('.'));
}

function valueAt(start: unknown, parts: string[]): unknown {
  let cur = start;
  for (let i = 0; i < parts.length; i++) {
    if (Array.isArray(cur) && !/^\d+$/.test(parts[i])) {
      const rest = parts.slice(i);
      const values = cur.map((item) => valueAt(item, rest)).filter((v) => v !== undefined);
      return cur.length && !values.length ? undefined : values.flat();
    }
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[parts[i]];
  }
  return cur;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj;
  for (const part of parts.slice(0, -1)) {
    // Already kept whole (`--fields assignees,assignees.username`): the list holds the deeper value.
    if (Array.isArray(cur[part])) return;
    if (!cur[part] || typeof cur[part] !== 'object') cur[part] = {};
    cur = cur[part] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
}

/** Keeps the `--fields` keys of an object (dotted paths keep nested keys). */
export function pickFields(value: unknown, fields: string[] | undefined): unknown {
  if (!fields?.length || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = getPath(value, f);
    if (v !== undefined) setPath(out, f, v);
  }
  return out;
}

/** `--fields` names that the first item does not have: said once on stderr instead of blank columns. */
export async function warnUnknownFields(o: Pick<RenderOptions, 'fields' | 'stderr'>, sample: unknown): Promise<void> {
  if (!o.fields?.length || sample === null || typeof sample !== 'object' || Array.isArray(sample)) return;
  const missing = o.fields.filter((f) => getPath(sample, f) === undefined);
  if (missing.length) await write(o.stderr, `warning: --fields: ${missing.join(', ')} ${missing.length > 1 ? 'are not fields' : 'is not a field'} of this output\n`);
}

/** A list item with the list's mask applied (a copy when anything is masked). */
function maskItem(raw: unknown, r: Pick<ListResult, 'maskTokenLike'>): unknown {
  return r.maskTokenLike ? maskTokenLike(raw) : raw;
}

function maskValue(value: unknown, maskKeys: readonly string[] | undefined): unknown {
  if (!maskKeys?.length || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const k of maskKeys) {
    if (out[k] !== undefined && out[k] !== null && out[k] !== '') out[k] = MASK;
  }
  return out;
}

class BatchedWriter {
  private pending = '';
  constructor(
    private readonly stream: Writable,
    private readonly limit = 64 * 1024,
  ) {}
  /** A promise only when the batch went out (to wait for a slow reader): no await per item. */
  add(s: string): Promise<void> | undefined {
    this.pending += s;
    return this.pending.length >= this.limit ? this.flush() : undefined;
  }
  async flush(): Promise<void> {
    if (!this.pending) return;
    const chunk = this.pending;
    this.pending = '';
    await write(this.stream, chunk);
  }
}

/** Writes, waiting for a slow reader to drain. */
export function write(stream: Writable, s: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.write(s)) resolve();
    else {
      const onDrain = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (e: Error) => {
        stream.off('drain', onDrain);
        reject(e);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    }
  });
}

/** Text of one table cell. */
export function cellText(v: unknown, tty: boolean): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return tty ? '-' : '';
  if (Array.isArray(v)) return v.map((x) => cellText(x, false)).join(',');
  if (typeof v === 'object') return visible(maskUrlCredentials(JSON.stringify(v)), true);
  const s = String(v);
  // Keep each row on one line in a pipe: tabs and newlines would break `cut` and `awk`. Other
  // control characters from the server are shown (`^[`), never sent raw to the terminal.
  return visible(maskUrlCredentials(s.replace(/[\t\r\n]+/g, ' ')), true);
}

/** The columns for rows of `sample`'s shape: --fields, the command's own, or the item's keys. */
export function columnsFor<T>(columns: Column<T>[] | undefined, fields: string[] | undefined, sample?: unknown): Column<T>[] {
  if (fields?.length) return fields.map((f) => ({ key: f, header: f }));
  if (columns?.length) return columns;
  if (sample && typeof sample === 'object') return Object.keys(sample).map((k) => ({ key: k }));
  return [];
}

/**
 * A column's value in a row: a table shows the computed cell; CSV the item's own value, else the
 * computed one (a token's state). A nested value (an object, a list of objects) is written in CSV as
 * the table shows it when the column has a formatter: text a person reads, not JSON.
 */
export function columnValue<T>(row: T, col: Column<T>, format: OutputFormat): unknown {
  if (format === 'csv') {
    const raw = getPath(row, col.key);
    return col.value && isNested(raw) ? col.value(row) : (raw ?? col.value?.(row));
  }
  return col.value ? col.value(row) : getPath(row, col.key);
}

function isNested(v: unknown): boolean {
  return Array.isArray(v) ? v.some((x) => x !== null && typeof x === 'object') : v !== null && typeof v === 'object';
}

function cell<T>(row: T, col: Column<T>, tty: boolean): string {
  return tty ? cellText(columnValue(row, col, 'table'), tty) : pipeCell(row, col);
}

/**
 * A cell of tab-separated output: what the table shows, but a boolean field is `true`/`false` as CSV
 * writes it, where the table shows `*`, `yes` or nothing for a script to guess at.
 */
export function pipeCell<T>(row: T, col: Column<T>): string {
  const raw = getPath(row, col.key);
  return cellText(typeof raw === 'boolean' ? raw : columnValue(row, col, 'table'), false);
}

async function tableModule() {
  return (await import('cli-table3')).default;
}

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

async function headerStyle(color: boolean): Promise<(s: string) => string> {
  if (!color) return (s) => s;
  const chalk = (await import('chalk')).default;
  return (s) => chalk.bold(s);
}

// A state or status word, coloured like gh does: open/running green, closed/failed red, merged magenta.
const STATE_COLOURS: Record<string, 'green' | 'red' | 'magenta' | 'gray' | 'yellow'> = {
  opened: 'green',
  active: 'green',
  running: 'green',
  success: 'green',
  finished: 'green',
  closed: 'red',
  failed: 'red',
  revoked: 'red',
  merged: 'magenta',
  draft: 'gray',
  inactive: 'gray',
  created: 'gray',
  locked: 'yellow',
};

async function tableStyle<T>(cols: Column<T>[], color: boolean): Promise<TableStyle> {
  if (!color) return {};
  const chalk = (await import('chalk')).default;
  const stateColumns = new Set(cols.map((c, i) => (/^(state|status)$/.test(c.key) ? i : -1)));
  return {
    header: (s) => chalk.bold(s),
    cell: (i, text, padded) => {
      const colour = stateColumns.has(i) ? STATE_COLOURS[text] : undefined;
      return colour ? padded.replace(text, chalk[colour](text)) : padded;
    },
  };
}

async function renderListTable<T>(r: ListResult<T>, o: RenderOptions): Promise<number> {
  let count = 0;
  if (!o.isTTY) {
    // Pipes get tab-separated rows without a header, streamed as they arrive.
    let cols: Column<T>[] | undefined;
    try {
      for await (const raw of r.items) {
        const row = maskItem(raw, r) as T;
        if (!cols) await warnUnknownFields(o, row);
        cols ??= columnsFor(r.columns, o.fields, row);
        await write(o.stdout, cols.map((c) => cell(row, c, false)).join('\t') + '\n');
        count++;
      }
    } catch (err) {
      throw stoppedAfter(err, count);
    }
    return count;
  }
  const rows: T[] = [];
  let failure: unknown;
  // Only a list still arriving from the server is worth a spinner; one in memory prints at once.
  const progress = Symbol.asyncIterator in (r.items as object) ? o.gathering?.() : undefined;
  try {
    for await (const raw of r.items) {
      rows.push(maskItem(raw, r) as T);
      progress?.item();
    }
  } catch (err) {
    // The rows that arrived are still shown on a terminal; the error follows them.
    if (!rows.length) throw err;
    failure = err;
  } finally {
    progress?.done();
  }
  count = rows.length;
  if (!rows.length) return 0;
  await warnUnknownFields(o, rows[0]);
  const cols = columnsFor(r.columns, o.fields, rows[0]);
  const cells = rows.map((row) => cols.map((c) => shortDate(cell(row, c, true))));
  const fitted = fitTable({
    header: cols.map((c) => (c.header ?? c.key).toUpperCase()),
    rows: cells,
    kinds: cols.map((c, i) => columnKind(c.key, cells.map((r) => r[i]), c.kind)),
    width: o.width,
    chosen: !!o.fields?.length,
    keysInOrder: !r.columns.length,
  });
  const lines = tableLines(fitted.header, fitted.rows, o.width, await tableStyle(fitted.columns.map((i) => cols[i]), o.color), fitted.cuttable);
  await write(o.stdout, [...lines, ...fitted.notes].join('\n') + '\n');
  const note = droppedNote(fitted.dropped.map((i) => ({ header: (cols[i].header ?? cols[i].key).toUpperCase(), key: cols[i].key })), o.width);
  if (note) await write(o.stderr, `${note}\n`);
  if (failure) throw stoppedAfter(failure, count);
  return count;
}

/**
 * A list that failed or was interrupted after `printed` items: says how many were printed and, for
 * paged lists, where to go on (the error of the page says where). The exit code stays the cause's.
 */
export function stoppedAfter(err: unknown, printed: number): unknown {
  if (err instanceof PartialListError) return err.afterPrinting(printed);
  if (err instanceof ListInterruptedError) return new PartialListError(err, err.page, err.resume, printed);
  return printed > 0 ? new PartialListError(err, undefined, undefined, printed) : err;
}

// Ends the YAML of a list that stopped: an unclosed quote, so no YAML reader takes it for a whole list.
const YAML_CUT = '"the list stopped here: see the error on stderr\n';

async function renderObjectTable<T>(r: ObjectResult<T>, o: RenderOptions): Promise<void> {
  const value = maskValue(r.value, r.maskKeys) as T;
  if (value === null || typeof value !== 'object') {
    await write(o.stdout, cellText(value, false) + '\n');
    return;
  }
  await warnUnknownFields(o, value);
  let cols = columnsFor(r.columns, o.fields, value);
  if (r.hideEmpty && !o.fields?.length) cols = cols.filter((c) => cell(value, c, false) !== '');
  if (!o.isTTY) {
    for (const c of cols) await write(o.stdout, `${c.header ?? c.key}\t${cell(value, c, false)}\n`);
    return;
  }
  const bodyColumn = cols.find((c) => c.key === r.body);
  const Table = await tableModule();
  const bold = await headerStyle(o.color);
  const table = new Table({ chars: BORDERLESS, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 } });
  // Timestamps as the list tables show them: one style on a terminal.
  for (const c of cols) if (c !== bodyColumn) table.push([bold(`${c.header ?? c.key}:`), shortDate(cell(value, c, true))]);
  await write(o.stdout, table.toString().split('\n').map((l) => l.trimEnd()).join('\n') + '\n');
  if (bodyColumn) await write(o.stdout, `\n${bodyText(getPath(value, bodyColumn.key))}\n`);
}

/** A multi-line text from the server as a terminal shows it: its lines kept, control characters visible. */
function bodyText(v: unknown): string {
  const s = typeof v === 'string' ? v : '';
  return visible(maskUrlCredentials(s.replace(/\r\n?/g, '\n').trimEnd()));
}

// Strings a YAML 1.1 reader (PyYAML, Ruby, older tools) would take as a boolean or null.
const YAML11_SPECIAL = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|~|null|Null|NULL)$/;

async function yamlStringify(v: unknown): Promise<string> {
  // yaml is CommonJS: bundled, its exports are only on `default`.
  const { Document, visit } = (await import('yaml')).default;
  const doc = new Document(v);
  let rawUnsafe = false;
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string') return;
      if (YAML11_SPECIAL.test(node.value)) node.type = 'QUOTE_DOUBLE';
      if (holdsRawUnsafe(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        rawUnsafe = true;
      }
    },
  });
  const out = doc.toString({ lineWidth: 0 });
  return rawUnsafe ? escapeRawUnsafe(out, 'yaml') : out;
}

/** JSON escapes C0 itself; DEL, C1 and bidi controls become \u escapes too (the same value, safe on a terminal). */
export function jsonText(v: unknown, indent?: number): string {
  return itemJson(v, false, indent);
}

/**
 * `jsonText(tokenLike ? maskTokenLike(item) : item)`, cheap enough for each item of a long list: the
 * value is encoded once and its text checked; it is walked again only when a URL in it may carry
 * credentials, and the text scanned for controls only when it is not plain ASCII.
 */
function itemJson(item: unknown, tokenLike: boolean | undefined, indent?: number): string {
  const v = tokenLike ? maskTokenLike(item) : item;
  let s = JSON.stringify(v, null, indent);
  if (s === undefined) return 'null';
  if (mayHoldUrlCredentials(s)) s = JSON.stringify(maskUrlsDeep(v), null, indent);
  // Text that is ASCII below DEL (its UTF-8 length is its length) holds none of them: no scan.
  if (Buffer.byteLength(s) === s.length && !s.includes('\x7f')) return s;
  return escapeRawUnsafe(s, 'json');
}

/**
 * Server text written straight to stdout (the `api` command's headers and error bodies, which go out
 * before the error): on a terminal as `render` shows text, in a pipe exact.
 */
export function stdoutText(s: string, isTTY: boolean): string {
  return isTTY ? visible(maskUrlCredentials(s)) : s;
}

/** A JSON value written straight to stdout: on a terminal as `-o json` shows it (valid JSON, C1 escaped, URL credentials masked). */
export function stdoutJson(v: unknown, isTTY: boolean): string {
  return isTTY ? jsonText(v, 2) : JSON.stringify(v, null, 2);
}

// The loops of long lists are functions of their own, not branches of render: V8 optimizes the
// function around a hot loop whole, and render has every format in it (issue 27: fewer instructions
// for a long list under callgrind).

/** A list as NDJSON, in batches: one write per item costs more than encoding it. */
async function writeNdjson(r: ListResult, stdout: Writable, asReceived: boolean, prep: (raw: unknown) => Promise<unknown>): Promise<number> {
  let n = 0;
  const out = new BatchedWriter(stdout);
  try {
    for await (const item of r.items) {
      const line = asReceived ? itemJson(item, r.maskTokenLike) : jsonText(await prep(item));
      const flushed = out.add(`${line}\n`);
      if (flushed) await flushed;
      n++;
    }
  } catch (err) {
    // Whole lines already read stay: each is a complete record.
    await out.flush();
    throw stoppedAfter(err, n);
  }
  await out.flush();
  return n;
}

/**
 * A list streamed as a JSON array: valid JSON, and memory stays flat for long lists. A list that
 * fails part way leaves the array open (no `]`), so it never parses as the whole list; when nothing
 * was printed, nothing is (never a `[]` for a failure).
 */
async function writeJsonArray(r: ListResult, stdout: Writable, asReceived: boolean, prep: (raw: unknown) => Promise<unknown>): Promise<number> {
  let n = 0;
  const out = new BatchedWriter(stdout);
  try {
    for await (const item of r.items) {
      const body = (asReceived ? itemJson(item, r.maskTokenLike, 2) : jsonText(await prep(item), 2)).replace(/\n/g, '\n  ');
      const flushed = out.add(`${n === 0 ? '[\n' : ',\n'}  ${body}`);
      if (flushed) await flushed;
      n++;
    }
  } catch (err) {
    if (n > 0) await out.add('\n');
    await out.flush();
    throw stoppedAfter(err, n);
  }
  await out.add(n === 0 ? '[]\n' : '\n]\n');
  await out.flush();
  return n;
}

/**
 * A list as CSV: a header row of the column keys (or --fields), then one record per item, streamed.
 * A cell is the item's value at the key, else the table's computed one (a token's state).
 */
async function writeCsv(r: ListResult<any>, o: RenderOptions): Promise<number> {
  let n = 0;
  let cols: Column<any>[] | undefined;
  const out = new BatchedWriter(o.stdout);
  const text = (v: unknown) => csvCell(v, maskUrlCredentials);
  try {
    for await (const raw of r.items) {
      const row = maskItem(raw, r);
      if (!cols) {
        await warnUnknownFields(o, row);
        cols = columnsFor(r.columns, o.fields, row);
        out.add(csvRecord(cols.map((c) => c.key)));
      }
      const flushed = out.add(csvRecord(cols.map((c) => text(columnValue(row, c, 'csv')))));
      if (flushed) await flushed;
      n++;
    }
  } catch (err) {
    await out.flush();
    throw stoppedAfter(err, n);
  }
  // An empty list still says its columns.
  if (!cols) out.add(csvRecord(columnsFor(r.columns, o.fields).map((c) => c.key)));
  await out.flush();
  return n;
}

/** Prints a command's result. Returns the number of list items printed (objects count as 1). */
export async function render(result: CommandResult, o: RenderOptions): Promise<number> {
  if (result.kind === 'document') {
    if (o.format === 'csv' && result.rows) return render(result.rows, o);
    if (o.format !== 'table' && o.format !== 'markdown') return render(object(result.data), o);
    await renderDocument(result, o);
    return 1;
  }
  switch (result.kind) {
    case 'none':
      return 0;
    case 'text': {
      // Control characters shown and URL credentials masked, in a pipe too (a CI log); exact text only on request.
      const t = result.exact ? stdoutText(result.text, o.isTTY) : visible(maskUrlCredentials(result.text));
      await write(o.stdout, t.endsWith('\n') || t === '' ? t : `${t}\n`);
      return 1;
    }
    case 'object': {
      if (o.format === 'csv') return writeCsv(list<unknown>([maskValue(result.value, result.maskKeys)], result.columns ?? []), o);
      if (o.format === 'table') {
        await renderObjectTable(result, o);
        return 1;
      }
      await warnUnknownFields(o, result.value);
      const v = pickFields(maskValue(result.value, result.maskKeys), o.fields);
      if (o.format === 'json') await write(o.stdout, jsonText(v, 2) + '\n');
      else if (o.format === 'ndjson') await write(o.stdout, jsonText(v) + '\n');
      else await write(o.stdout, await yamlStringify(maskUrlsDeep(v)));
      return 1;
    }
    case 'list': {
      const r = result;
      if (o.format === 'csv') return writeCsv(r, o);
      if (o.format === 'table') {
        const n = await renderListTable(r, o);
        if (n === 0 && o.isTTY && r.empty) await write(o.stderr, `${r.empty}\n`);
        return n;
      }
      let warned = false;
      const prep = async (raw: unknown) => {
        if (!warned) {
          warned = true;
          await warnUnknownFields(o, raw);
        }
        return pickFields(maskItem(raw, r), o.fields);
      };
      // Without --fields, an item is encoded as received (itemJson): no copy for those.
      const asReceived = !o.fields?.length;
      if (o.format === 'ndjson') return writeNdjson(r, o.stdout, asReceived, prep);
      if (o.format === 'json') return writeJsonArray(r, o.stdout, asReceived, prep);
      // YAML is printed whole at the end, since a shorter YAML list parses as the whole one. A list that
      // stops part way (or on Ctrl-C) prints the items that came, then a line no YAML reader accepts.
      const all: unknown[] = [];
      try {
        for await (const item of r.items) all.push(maskUrlsDeep((await prep(item))));
      } catch (err) {
        const stopped = stoppedAfter(err, all.length);
        if (stopped instanceof PartialListError || stopped instanceof CancelledError) {
          await write(o.stdout, (all.length ? await yamlStringify(all) : '') + YAML_CUT);
        }
        throw stopped;
      }
      await write(o.stdout, all.length ? await yamlStringify(all) : '[]\n');
      return all.length;
    }
  }
}

/**
 * What `-o json` prints for a result, as a value (masks and --fields applied, URL credentials not
 * yet masked: jsonText does it): a fleet puts it under each instance. A list is given its items.
 */
export function resultValue(result: CommandResult, fields: string[] | undefined, items: unknown[] = []): unknown {
  switch (result.kind) {
    case 'none':
      return null;
    case 'text':
      return result.text;
    case 'object':
      return pickFields(maskValue(result.value, result.maskKeys), fields);
    case 'list':
      return items.map((item) => pickFields(maskItem(item, result), fields));
    case 'document':
      return pickFields(result.data, fields);
  }
}
