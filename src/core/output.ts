// Formatters. Commands return data (a list, an object or text); this module prints it as a table
// (aligned on a terminal, tab-separated without colour in a pipe), JSON, YAML or NDJSON.
// JSON, YAML and NDJSON print objects exactly as received; `--fields` keeps the named keys.

import type { Writable } from 'node:stream';

export type OutputFormat = 'table' | 'json' | 'yaml' | 'ndjson';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'yaml', 'ndjson'];

export interface Column<T = Record<string, unknown>> {
  /** Dotted path into the item (`author.username`); also the `--fields` name. */
  key: string;
  header?: string;
  /** Computes the cell for table output; JSON output is never affected. */
  value?: (row: T) => unknown;
}

export interface ListResult<T = unknown> {
  kind: 'list';
  items: Iterable<T> | AsyncIterable<T>;
  columns: Column<T>[];
  /** Said on stderr (terminal only) when the list is empty. */
  empty?: string;
  /** Keys whose values are masked in every format. */
  maskKeys?: readonly string[];
}

export interface ObjectResult<T = unknown> {
  kind: 'object';
  value: T;
  /** Rows of the table view; all top-level keys when absent. */
  columns?: Column<T>[];
  maskKeys?: readonly string[];
}

export interface TextResult {
  kind: 'text';
  text: string;
}

export interface NoneResult {
  kind: 'none';
}

export type CommandResult = (ListResult<any> | ObjectResult<any> | TextResult | NoneResult) & { exitCode?: number };

export function list<T>(items: Iterable<T> | AsyncIterable<T>, columns: Column<T>[], extra: Partial<ListResult<T>> = {}): ListResult<T> {
  return { kind: 'list', items, columns, ...extra };
}

export function object<T>(value: T, extra: Partial<ObjectResult<T>> = {}): ObjectResult<T> {
  return { kind: 'object', value, ...extra };
}

export function text(t: string): TextResult {
  return { kind: 'text', text: t };
}

export const none: NoneResult = { kind: 'none' };

export interface RenderOptions {
  format: OutputFormat;
  fields?: string[];
  stdout: Writable;
  stderr: Writable;
  isTTY: boolean;
  color: boolean;
}

export const MASK = '********';

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj;
  for (const part of parts.slice(0, -1)) {
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
  async add(s: string): Promise<void> {
    this.pending += s;
    if (this.pending.length >= this.limit) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.pending) return;
    const chunk = this.pending;
    this.pending = '';
    await write(this.stream, chunk);
  }
}

function write(stream: Writable, s: string): Promise<void> {
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

async function* iterate<T>(items: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  if (Symbol.asyncIterator in (items as object)) yield* items as AsyncIterable<T>;
  else yield* items as Iterable<T>;
}

/** Text of one table cell. */
export function cellText(v: unknown, tty: boolean): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return tty ? '-' : '';
  if (Array.isArray(v)) return v.map((x) => cellText(x, false)).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  // Keep each row on one line in a pipe: tabs and newlines would break `cut` and `awk`.
  return s.replace(/[\t\r\n]+/g, ' ');
}

function columnsFor<T>(columns: Column<T>[] | undefined, fields: string[] | undefined, sample?: unknown): Column<T>[] {
  if (fields?.length) return fields.map((f) => ({ key: f, header: f }));
  if (columns?.length) return columns;
  if (sample && typeof sample === 'object') return Object.keys(sample).map((k) => ({ key: k }));
  return [];
}

function cell<T>(row: T, col: Column<T>, tty: boolean): string {
  const v = col.value ? col.value(row) : getPath(row, col.key);
  return cellText(v, tty);
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

async function renderListTable<T>(r: ListResult<T>, o: RenderOptions): Promise<number> {
  let count = 0;
  if (!o.isTTY) {
    // Pipes get tab-separated rows without a header, streamed as they arrive.
    let cols: Column<T>[] | undefined;
    for await (const raw of iterate(r.items)) {
      const row = maskValue(raw, r.maskKeys) as T;
      cols ??= columnsFor(r.columns, o.fields, row);
      await write(o.stdout, cols.map((c) => cell(row, c, false)).join('\t') + '\n');
      count++;
    }
    return count;
  }
  const rows: T[] = [];
  for await (const raw of iterate(r.items)) rows.push(maskValue(raw, r.maskKeys) as T);
  count = rows.length;
  if (!rows.length) return 0;
  const cols = columnsFor(r.columns, o.fields, rows[0]);
  const Table = await tableModule();
  const bold = await headerStyle(o.color);
  const table = new Table({
    head: cols.map((c) => bold((c.header ?? c.key).toUpperCase())),
    chars: BORDERLESS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const row of rows) table.push(cols.map((c) => cell(row, c, true)));
  await write(o.stdout, table.toString().split('\n').map((l) => l.trimEnd()).join('\n') + '\n');
  return count;
}

async function renderObjectTable<T>(r: ObjectResult<T>, o: RenderOptions): Promise<void> {
  const value = maskValue(r.value, r.maskKeys) as T;
  if (value === null || typeof value !== 'object') {
    await write(o.stdout, cellText(value, false) + '\n');
    return;
  }
  const cols = columnsFor(r.columns, o.fields, value);
  if (!o.isTTY) {
    for (const c of cols) await write(o.stdout, `${c.header ?? c.key}\t${cell(value, c, false)}\n`);
    return;
  }
  const Table = await tableModule();
  const bold = await headerStyle(o.color);
  const table = new Table({ chars: BORDERLESS, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 } });
  for (const c of cols) table.push([bold(`${c.header ?? c.key}:`), cell(value, c, true)]);
  await write(o.stdout, table.toString().split('\n').map((l) => l.trimEnd()).join('\n') + '\n');
}

async function yamlStringify(v: unknown): Promise<string> {
  // yaml is CommonJS: bundled, its exports are only on `default`.
  const { stringify } = (await import('yaml')).default;
  return stringify(v, { lineWidth: 0 });
}

/** Prints a command's result. Returns the number of list items printed (objects count as 1). */
export async function render(result: CommandResult, o: RenderOptions): Promise<number> {
  switch (result.kind) {
    case 'none':
      return 0;
    case 'text':
      await write(o.stdout, result.text.endsWith('\n') || result.text === '' ? result.text : `${result.text}\n`);
      return 1;
    case 'object': {
      if (o.format === 'table') {
        await renderObjectTable(result, o);
        return 1;
      }
      const v = pickFields(maskValue(result.value, result.maskKeys), o.fields);
      if (o.format === 'json') await write(o.stdout, JSON.stringify(v, null, 2) + '\n');
      else if (o.format === 'ndjson') await write(o.stdout, JSON.stringify(v) + '\n');
      else await write(o.stdout, await yamlStringify(v));
      return 1;
    }
    case 'list': {
      const r = result;
      if (o.format === 'table') {
        const n = await renderListTable(r, o);
        if (n === 0 && o.isTTY && r.empty) await write(o.stderr, `${r.empty}\n`);
        return n;
      }
      const prep = (raw: unknown) => pickFields(maskValue(raw, r.maskKeys), o.fields);
      let n = 0;
      // Items are written in batches: one write per item costs more than encoding it.
      const out = new BatchedWriter(o.stdout);
      if (o.format === 'ndjson') {
        for await (const item of iterate(r.items)) {
          await out.add(JSON.stringify(prep(item)) + '\n');
          n++;
        }
        await out.flush();
        return n;
      }
      if (o.format === 'json') {
        // Streamed as a JSON array: valid JSON, and memory stays flat for long lists.
        await out.add('[');
        for await (const item of iterate(r.items)) {
          const body = JSON.stringify(prep(item), null, 2).replace(/\n/g, '\n  ');
          await out.add(`${n === 0 ? '\n' : ',\n'}  ${body}`);
          n++;
        }
        await out.add(n === 0 ? ']\n' : '\n]\n');
        await out.flush();
        return n;
      }
      const all: unknown[] = [];
      for await (const item of iterate(r.items)) all.push(prep(item));
      await write(o.stdout, all.length ? await yamlStringify(all) : '[]\n');
      return all.length;
    }
  }
}
