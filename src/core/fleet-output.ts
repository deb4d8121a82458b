// How a fleet's outcomes are printed together: tables with an INSTANCE column first (a heading per
// instance for text such as plans), -o markdown a section per instance (failures included), -o
// json/yaml keyed by profile, NDJSON lines carrying "instance", each instance's error after the
// results, and one summary on stderr. Pure: src/fleet.ts runs.

import { describeError } from './describe-error.js';
import { dryRunText } from './dry-run-text.js';
import { ApiError, CancelledError, ExitCode, MissingCredentialsError, NetworkError, PartialListError, UsageError, mayHaveApplied, worstExitCode } from './errors.js';
import type { DryRunRequest } from './http.js';
import { columnsFor, columnValue, jsonText, list, object, pickFields, pipeCell, render, resultValue, type Column, type CommandResult, type ListResult, type ObjectResult, type RenderOptions, write } from './output.js';
import type { Redactor } from './redact.js';
import { maskUrlCredentials } from './safe-text.js';
import { maskTokenLike } from './secret-fields.js';

export interface InstanceOutcome {
  /** The profile name. */
  instance: string;
  url?: string;
  exitCode: number;
  /** What the command returned; a list's items are in `items`, already read. */
  result?: CommandResult;
  items?: unknown[];
  error?: unknown;
  /** Why the instance was not run (`--serial` after a failure); its exit code does not count. */
  notRun?: string;
  /** Writes --dry-run kept back, in order. */
  dryRun: DryRunRequest[];
  /** What the command wrote on stdout itself (rare: `api --include`). */
  stdout: string;
  /** Set when the list's items were printed as they came (`streamLines`), not kept in `items`. */
  streamed?: boolean;
  /** Writes sent, and how many of them ended with their outcome unknown (Context.writes). */
  writes?: { sent: number; inDoubt: number };
}

export interface FleetRenderOptions extends RenderOptions {
  redactor: Redactor;
  verbose: boolean;
  /** One instance whose document goes to stdout: printed as one run prints it (no heading, no instance key). */
  alone?: boolean;
}

// A row of the combined table holds its item and instance under symbols: no column key (an item's own
// `instance` or `item` field, read first by -o csv) can reach the wrapper instead of the item.
const INSTANCE = Symbol('instance');
const ITEM = Symbol('item');

/** Items of one instance's list in the combined table: the row (masked) and whose it is. */
interface Tagged {
  [INSTANCE]: string;
  [ITEM]: unknown;
}

/** Prints every instance's outcome and returns the fleet's exit code (the worst of the instances'). */
export async function renderFleet(outcomes: InstanceOutcome[], o: FleetRenderOptions): Promise<number> {
  if (o.alone && outcomes.length === 1) await renderAlone(outcomes[0], o);
  else if (o.format === 'json' || o.format === 'yaml') await renderKeyed(outcomes, o);
  else if (o.format === 'markdown') await renderMarkdown(outcomes, o);
  else if (o.format === 'ndjson') await renderLines(outcomes, o);
  else await renderTable(outcomes, o);
  await renderErrors(outcomes, o);
  await write(o.stderr, `${outcomes.map((x) => `${x.instance} ${statusWords(x)}`).join(' \u00b7 ')}\n`);
  return worstExitCode(outcomes.filter((x) => !x.notRun).map((x) => x.exitCode));
}

/** One instance's outcome as a single run prints it; its errors and the summary still go to stderr under its name. */
async function renderAlone(x: InstanceOutcome, o: FleetRenderOptions): Promise<void> {
  for (const req of x.dryRun) await write(o.stdout, dryRunText(req, o.format));
  if (x.stdout) await write(o.stdout, x.stdout);
  if (x.result && x.error === undefined && !x.notRun) await render(x.result.kind === 'list' ? { ...x.result, items: x.items ?? [] } : x.result, o);
}

/** `{profile: {url, exit_code, result | error}}`, printed by the shared JSON and YAML writers. */
async function renderKeyed(outcomes: InstanceOutcome[], o: FleetRenderOptions): Promise<void> {
  const keyed: Record<string, unknown> = {};
  for (const x of outcomes) {
    const entry: Record<string, unknown> = { url: x.url ?? null, exit_code: x.notRun ? null : x.exitCode };
    if (x.dryRun.length) entry.dry_run = x.dryRun;
    if (x.stdout) entry.output = x.stdout;
    if (x.notRun) entry.error = { message: `not run: ${x.notRun}` };
    else if (x.error !== undefined) entry.error = describe(x.error, o).json;
    else if (x.result) entry.result = resultValue(x.result, o.fields, x.items);
    keyed[x.instance] = entry;
  }
  await render(object(keyed), { ...o, fields: undefined });
}

/**
 * An NDJSON line: the value's own JSON with "instance" put first (no copy of an item that may hold a
 * hundred keys); a value that has a field of that name is nested under "item" instead of overwritten.
 */
function line(instance: string, v: unknown): string {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.hasOwn(v, 'instance')) return jsonText({ instance, item: v });
  const body = jsonText(v);
  return `{"instance":${JSON.stringify(instance)}${body === '{}' ? '' : ','}${body.slice(1)}`;
}

/**
 * Whether a list is printed line by line as its items come, from every instance at once (lines
 * interleave, each naming its instance): NDJSON, and table rows in a pipe. Memory then stays flat as
 * for one instance. Anything else waits for every instance.
 */
export function streamsLines(format: RenderOptions['format'], isTTY: boolean): boolean {
  return format === 'ndjson' || (format === 'table' && !isTTY);
}

/** The line of one item of one instance's list, for `streamsLines` formats. */
export function streamLine(instance: string, result: ListResult, raw: unknown, o: Pick<RenderOptions, 'format' | 'fields'>, columns?: Column[]): string {
  const item = result.maskTokenLike ? maskTokenLike(raw) : raw;
  if (o.format === 'ndjson') return `${line(instance, pickFields(item, o.fields))}\n`;
  const cols = columns ?? columnsFor(result.columns, o.fields, item);
  return `${[instance, ...cols.map((c) => pipeCell(item as Record<string, unknown>, c))].join('\t')}\n`;
}

/** Every line carries "instance". */
async function renderLines(outcomes: InstanceOutcome[], o: FleetRenderOptions): Promise<void> {
  let out = '';
  for (const x of outcomes) {
    for (const req of x.dryRun) out += `${jsonText({ instance: x.instance, dry_run: true, ...req })}\n`;
    if (x.error !== undefined || x.notRun || !x.result || x.streamed) continue;
    const value = resultValue(x.result, o.fields, x.items);
    if (x.result.kind === 'list') for (const v of value as unknown[]) out += `${line(x.instance, v)}\n`;
    else if (x.result.kind === 'object' || x.result.kind === 'document') out += `${line(x.instance, value)}\n`;
    else if (x.result.kind === 'text') out += `${jsonText({ instance: x.instance, text: value })}\n`;
  }
  await write(o.stdout, out);
}

async function renderTable(outcomes: InstanceOutcome[], o: FleetRenderOptions): Promise<void> {
  // Rows already printed as they came are not printed again.
  outcomes = outcomes.filter((x) => !x.streamed);
  // CSV is one table: a plan's changes (a document's rows) join it as a list's items do.
  if (o.format === 'csv') outcomes = await Promise.all(outcomes.map(documentRows));
  const done = outcomes.filter((x) => x.result && x.error === undefined && !x.notRun);
  const plain = outcomes.every((x) => !x.dryRun.length && !x.stdout);
  if (plain && done.length && done.every((x) => x.result!.kind === 'list')) return renderCombinedList(done, o);
  if (plain && done.length && done.every((x) => x.result!.kind === 'object')) {
    // CSV has one header, and a pipe reads lines: each instance's record is a row (`dr<TAB>true<TAB>private`),
    // masks applied as for the record. On a terminal each stays a record, its instance first.
    if (o.format === 'csv' || (!o.isTTY && done.every((x) => isRecord((x.result as ObjectResult).value)))) {
      return renderCombinedList(done.map((x) => ({ ...x, items: [resultValue(x.result!, undefined)] })), o);
    }
    return renderRecords(done, o);
  }
  // Text (plans, diffs), dry runs, a mix: a heading per instance, `==> name <==` as head(1) and tail(1) do.
  let first = true;
  for (const x of outcomes) {
    const shown = x.dryRun.length || x.stdout || (x.result && x.result.kind !== 'none' && x.error === undefined);
    if (!shown) continue;
    await write(o.stdout, `${first ? '' : '\n'}==> ${x.instance}${x.url ? ` (${maskUrlCredentials(x.url)})` : ''} <==\n`);
    first = false;
    for (const req of x.dryRun) await write(o.stdout, dryRunText(req, 'table'));
    if (x.stdout) await write(o.stdout, x.stdout);
    if (x.result && x.error === undefined) await render(x.result.kind === 'list' ? { ...x.result, items: x.items ?? [] } : x.result, o);
  }
}

const isRecord = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A code span of one line: server text stays text (no Markdown, no HTML) in a note. */
function codeSpan(s: string): string {
  return `\`${s.replace(/\s*\n\s*/g, ' ').replace(/`/g, "'")}\``;
}

/**
 * -o markdown (a report kept as an artifact): a heading per instance, every instance of the fleet;
 * one that failed or was not run says so under its heading, so the report names what was not checked.
 */
async function renderMarkdown(outcomes: InstanceOutcome[], o: FleetRenderOptions): Promise<void> {
  for (const [i, x] of outcomes.entries()) {
    await write(o.stdout, `${i ? '\n' : ''}## ${x.instance}${x.url ? ` (${codeSpan(maskUrlCredentials(x.url))})` : ''}\n\n`);
    if (x.notRun) {
      await write(o.stdout, `**Not run:** ${codeSpan(x.notRun)}\n`);
      continue;
    }
    if (x.error !== undefined) {
      const { json } = describe(x.error, o);
      await write(o.stdout, `**Failed:** ${codeSpan(`${x.instance}: ${String(json.message)}`)}${json.hint ? `\n\nHint: ${codeSpan(String(json.hint))}` : ''}\n`);
      continue;
    }
    for (const req of x.dryRun) await write(o.stdout, dryRunText(req, 'table'));
    if (x.stdout) await write(o.stdout, x.stdout);
    if (x.result && x.result.kind !== 'none') await render(x.result.kind === 'list' ? { ...x.result, items: x.items ?? [] } : x.result, o);
  }
}

async function documentRows(x: InstanceOutcome): Promise<InstanceOutcome> {
  if (x.result?.kind !== 'document' || !x.result.rows) return x;
  const items: unknown[] = [];
  for await (const item of x.result.rows.items) items.push(item);
  return { ...x, result: x.result.rows, items };
}

async function renderCombinedList(done: InstanceOutcome[], o: FleetRenderOptions): Promise<void> {
  const rows: Tagged[] = done.flatMap((x) => (x.items ?? []).map((item) => ({ [INSTANCE]: x.instance, [ITEM]: (x.result as ListResult).maskTokenLike ? maskTokenLike(item) : item })));
  const first = done[0].result as ListResult;
  const cols = columnsFor(first.columns, o.fields, rows[0]?.[ITEM]);
  const columns: Column<Tagged>[] = [
    { key: 'instance', header: 'INSTANCE', value: (t) => t[INSTANCE] },
    ...cols.map((c) => ({ key: c.key, header: c.header ?? c.key, value: (t: Tagged) => columnValue(t[ITEM] as Record<string, unknown>, c, o.format) })),
  ];
  await render(list(rows, columns, { empty: first.empty }), { ...o, fields: undefined });
}

async function renderRecords(done: InstanceOutcome[], o: FleetRenderOptions): Promise<void> {
  for (const [i, x] of done.entries()) {
    const r = x.result as ObjectResult;
    if (i > 0 && o.isTTY) await write(o.stdout, '\n');
    const value = r.value;
    if (value === null || typeof value !== 'object') {
      await write(o.stdout, `${x.instance}\t`);
      await render(r, o);
      continue;
    }
    const columns: Column[] = [{ key: 'instance', value: () => x.instance }, ...columnsFor(r.columns, o.fields, value)];
    await render({ ...r, columns }, { ...o, fields: undefined });
  }
}

function describe(err: unknown, o: FleetRenderOptions) {
  // The API's answer goes in the keyed JSON, not again on stderr.
  return describeError(err, { redactor: o.redactor, output: 'table', verbose: o.verbose });
}

async function renderErrors(outcomes: InstanceOutcome[], o: FleetRenderOptions): Promise<void> {
  for (const x of outcomes) {
    if (x.notRun) await write(o.stderr, `${x.instance}: not run: ${x.notRun}\n`);
    // Every line under its instance's name, also the lines an error runs on to (a file's problems).
    else if (x.error !== undefined) for (const line of describe(x.error, o).lines.flatMap((l) => l.split('\n'))) await write(o.stderr, `${x.instance}: ${line}\n`);
  }
}

/**
 * A few words per instance for the summary: `ok`, `3 changes`, `401`, `unreachable`, `not run`.
 * "cancelled" only where nothing was sent; "interrupted (may have applied)" only where a write's answer never came.
 */
function statusWords(x: InstanceOutcome): string {
  if (x.notRun) return 'not run';
  // In doubt: a write sent whose answer never came. One answered (even a refusal) is known.
  const inDoubt = (x.writes?.inDoubt ?? 0) > 0 || mayHaveApplied(x.error);
  if (x.exitCode === ExitCode.interrupted && inDoubt) return 'interrupted (may have applied)';
  if (x.exitCode === ExitCode.interrupted && (x.writes?.sent ?? 0) > 0) return 'interrupted';
  if (inDoubt) return 'unknown (may have applied)';
  if (x.error !== undefined) {
    const err = x.error instanceof PartialListError ? x.error.cause : x.error;
    if (err instanceof ApiError) return String(err.status);
    if (err instanceof NetworkError) return 'unreachable';
    if (err instanceof CancelledError) return 'cancelled';
    if (err instanceof UsageError) return 'usage error';
    if (err instanceof MissingCredentialsError) return 'no token';
    return 'failed';
  }
  if (x.exitCode === ExitCode.differs) return x.result?.summary ?? 'differences';
  if (x.exitCode === ExitCode.interrupted) return 'cancelled';
  if (x.exitCode !== ExitCode.ok) return `exit ${x.exitCode}`;
  return x.dryRun.length ? `ok (dry run, ${x.dryRun.length} write${x.dryRun.length === 1 ? '' : 's'} kept back)` : 'ok';
}
