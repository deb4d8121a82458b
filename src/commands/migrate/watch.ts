// Watching a migration until every entity ended. A migration can run for hours, so the watch keeps
// going through transient errors (network, 5xx, 429), polls less often while nothing changes, and
// on Ctrl-C or --timeout says how to pick it up again. On a terminal a live view (ora spinner,
// one row per entity) is drawn on stderr; otherwise one line per state change, fit for CI logs.

import { getMigration, listEntities, listFailures, type BulkImport, type BulkImportEntity, type EntityFailure } from '../../api/bulk-imports.js';
import type { Context } from '../../context.js';
import { ApiError, CancelledError, CommandFailedError, NetworkError, PartialListError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { list, object, type Column, type CommandResult } from '../../core/output.js';
import { oneLineShown, visible } from '../../core/safe-text.js';
import { layoutFrame, type TerminalSize } from './live-frame.js';
import { destinationPath } from './rules.js';

export interface WatchOptions {
  /** Milliseconds between polls while things change. */
  intervalMs: number;
  /** Give up watching after this many milliseconds. */
  timeoutMs?: number;
}

export const DEFAULT_INTERVAL_MS = 5_000;
export const DEFAULT_TIMEOUT_MS = 2 * 3_600_000;
/** Quiet periods stretch the interval up to this many times (and at most a minute). */
const MAX_STRETCH = 6;

const TERMINAL = new Set(['finished', 'failed']);
/** Summary, one entity, "… N more", a note, and the line the cursor rests on. */
const MIN_LIVE_ROWS = 5;

export function isTransient(err: unknown): boolean {
  // An entity list that stopped part way is no snapshot at all: the last whole one stays.
  if (err instanceof PartialListError) return isTransient(err.cause);
  if (err instanceof NetworkError) return true;
  return err instanceof ApiError && (err.status >= 500 || err.status === 429);
}

export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

function entityElapsed(e: BulkImportEntity, now: number): string {
  const start = Date.parse(e.created_at ?? '');
  if (Number.isNaN(start)) return '';
  const end = TERMINAL.has(e.status) ? Date.parse(e.updated_at ?? '') : now;
  return formatElapsed((Number.isNaN(end) ? now : end) - start);
}

// Without destination_full_path, an empty namespace is a new top-level group (no leading slash).
export const destinationOf = (e: BulkImportEntity) => e.destination_full_path ?? destinationPath(e.destination_namespace ?? '', e.destination_slug ?? '');
const kindOf = (e: BulkImportEntity) => e.entity_type ?? '';

export const ENTITY_COLUMNS: Column<BulkImportEntity>[] = [
  { key: 'id' },
  { key: 'bulk_import_id', header: 'migration' },
  { key: 'entity_type', header: 'type' },
  { key: 'source_full_path', header: 'source' },
  { key: 'destination_full_path', header: 'destination', value: destinationOf },
  { key: 'status' },
  { key: 'failures', value: (e) => e.failures?.length ?? 0 },
  { key: 'elapsed', value: (e) => entityElapsed(e, Date.now()) },
];

interface Snapshot {
  migration: BulkImport;
  entities: BulkImportEntity[];
}

/** What the watch shows while it runs. */
interface View {
  /** Returns whether anything changed since the last snapshot. */
  update(s: Snapshot): boolean;
  trouble(message: string): void;
  stop(final?: Snapshot): void;
}

function summary(s: Snapshot): string {
  const count = (st: string) => s.entities.filter((e) => e.status === st).length;
  const parts = [`${count('finished')} of ${s.entities.length} finished`];
  if (count('failed')) parts.push(`${count('failed')} failed`);
  // GitLab ends an entity 'finished' when items of it were left out: say so, or the run reads as complete.
  const leftOut = s.entities.filter((e) => e.status !== 'failed' && (e.has_failures === true || !!e.failures?.length)).length;
  if (leftOut) parts.push(`${leftOut} with failure records (items left out: forgectl migrate failures ${s.migration.id})`);
  return `migration ${s.migration.id} ${s.migration.status}: ${parts.join(', ')}`;
}

/** One line per change, for logs. */
class LineView implements View {
  private readonly seen = new Map<number, string>();
  private migrationStatus?: string;
  private readonly began: number;
  constructor(private readonly ctx: Context) {
    this.began = ctx.clock.now();
  }

  private line(text: string): void {
    this.ctx.notice(`[${formatElapsed(this.ctx.clock.now() - this.began)}] ${text}`);
  }

  update(s: Snapshot): boolean {
    let changed = false;
    if (s.migration.status !== this.migrationStatus) {
      this.migrationStatus = s.migration.status;
      this.line(`migration ${s.migration.id}: ${s.migration.status}`);
      changed = true;
    }
    for (const e of s.entities) {
      if (this.seen.get(e.id) === e.status) continue;
      this.seen.set(e.id, e.status);
      this.line(`entity ${e.id} ${kindOf(e)} ${e.source_full_path} → ${destinationOf(e)}: ${e.status}`);
      changed = true;
    }
    return changed;
  }

  trouble(message: string): void {
    this.ctx.warn(message);
  }

  stop(final?: Snapshot): void {
    if (final) this.line(summary(final));
  }
}

/** The terminal's size as it is now (it may be resized during the watch); 24 rows when unknown. */
function terminalSize(ctx: Context): TerminalSize {
  const { rows, columns } = ctx.stderr as { rows?: number; columns?: number };
  return { rows: rows || 24, columns: columns || 80 };
}

/** The live view: a spinner over a table of entities, redrawn each poll and each second. */
class LiveView implements View {
  private spinner?: import('ora').Ora;
  private last?: Snapshot;
  private lastKey = '';
  private note = '';
  private ticker?: NodeJS.Timeout;
  private paint?: (status: string, text: string) => string;

  constructor(private readonly ctx: Context) {}

  async init(): Promise<void> {
    const ora = (await import('ora')).default;
    const { Chalk } = await import('chalk');
    const c = new Chalk({ level: this.ctx.color ? 1 : 0 });
    const colours: Record<string, (s: string) => string> = { finished: c.green, failed: c.red, started: c.cyan, created: c.gray };
    this.paint = (status, text) => (colours[status] ?? ((x: string) => x))(text);
    this.spinner = ora({ stream: this.ctx.stderr, isEnabled: true, discardStdin: false, text: 'waiting for the first answer…' }).start();
    this.ticker = setInterval(() => this.render(), 1000);
    this.ticker.unref();
  }

  private text(s: Snapshot): string {
    const now = this.ctx.clock.now();
    // Paths and states come from the server: shown, never obeyed, in the spinner's frame.
    const entities = s.entities.map((e) => ({
      what: visible(`${kindOf(e)} ${e.source_full_path} → ${destinationOf(e)}`, true),
      status: visible(e.status, true),
      elapsed: entityElapsed(e, now),
    }));
    return layoutFrame(visible(summary(s), true), entities, this.note ? visible(this.note, true) : '', terminalSize(this.ctx), this.paint);
  }

  private render(): void {
    if (this.spinner && this.last) this.spinner.text = this.text(this.last);
  }

  update(s: Snapshot): boolean {
    const key = JSON.stringify([s.migration.status, s.entities.map((e) => [e.id, e.status])]);
    const changed = key !== this.lastKey;
    this.lastKey = key;
    this.last = s;
    this.note = '';
    this.render();
    return changed;
  }

  trouble(message: string): void {
    this.note = message;
    this.render();
  }

  stop(final?: Snapshot): void {
    if (this.ticker) clearInterval(this.ticker);
    if (!this.spinner) return;
    if (final) {
      // The entity table follows on stdout; the view leaves just its summary behind.
      const failed = final.entities.some((e) => e.status === 'failed') || final.migration.status === 'failed';
      if (failed) this.spinner.fail(summary(final));
      else this.spinner.succeed(summary(final));
    } else {
      this.spinner.stop();
    }
  }
}

async function snapshot(http: HttpClient, id: number): Promise<Snapshot> {
  const migration = await getMigration(http, id);
  const entities: BulkImportEntity[] = [];
  for await (const e of listEntities(http, id, { sort: 'asc' }, { all: true })) entities.push(e);
  return { migration, entities };
}

function ended(s: Snapshot): boolean {
  return TERMINAL.has(s.migration.status) && s.entities.every((e) => TERMINAL.has(e.status));
}

function describeFailure(f: EntityFailure): string {
  const where = [f.relation, f.step ?? f.pipeline_step].filter(Boolean).join('/') || 'import';
  const what = [f.exception_class, f.exception_message].filter(Boolean).join(': ') || 'no details given';
  const cid = f.correlation_id_value ? ` (correlation id ${f.correlation_id_value})` : '';
  return `${where}: ${what}${cid}`;
}

/** Each failed entity with its failure records, on stderr. */
async function reportFailures(ctx: Context, http: HttpClient, s: Snapshot): Promise<void> {
  for (const e of s.entities.filter((x) => x.status === 'failed')) {
    let failures: EntityFailure[] = e.failures ?? [];
    if (!failures.length) {
      // Entities of older instances carry no inline records; the failures endpoint has them.
      try {
        failures = [];
        for await (const f of listFailures(http, s.migration.id, e.id, { all: true })) failures.push(f);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    }
    ctx.stderr.write(`failed: entity ${e.id} ${visible(`${kindOf(e)} ${e.source_full_path} → ${destinationOf(e)}`, true)}\n`);
    if (!failures.length) ctx.stderr.write('  (no failure records)\n');
    for (const f of failures) ctx.stderr.write(`  ${oneLineShown(ctx.redactor.text(describeFailure(f)))}\n`);
  }
}

export function finalResult(ctx: Context, s: Snapshot, exitCode?: number): CommandResult {
  const format = ctx.globals.output;
  const result: CommandResult =
    format === 'json' || format === 'yaml' ? object({ ...s.migration, entities: s.entities }) : list(s.entities, ENTITY_COLUMNS, { empty: 'The migration has no entities.' });
  if (exitCode !== undefined) result.exitCode = exitCode;
  return result;
}

export async function watchMigration(ctx: Context, http: HttpClient, id: number, opts: WatchOptions): Promise<CommandResult> {
  // A terminal that reports 0 or no columns (`script`, an early `docker run -t`) cannot hold the
  // live view: ora would divide by the width and redraw forever; one of fewer than 5 rows has no
  // room for an entity and the "… more" line. The line view works everywhere.
  const { columns, rows } = ctx.stderr as { columns?: number; rows?: number };
  const fits = typeof columns === 'number' && columns > 0 && (rows === undefined || rows >= MIN_LIVE_ROWS);
  const live = ctx.stderrIsTTY && ctx.stdoutIsTTY && ctx.globals.output === 'table' && fits;
  const view: View = live ? new LiveView(ctx) : new LineView(ctx);
  if (view instanceof LiveView) await view.init();
  const resume = `forgectl migrate watch ${id}`;
  const began = ctx.clock.now();
  const base = opts.intervalMs;
  const longest = Math.max(base, Math.min(base * MAX_STRETCH, 60_000));
  let delay = base;
  let last: Snapshot | undefined;
  let finished = false;
  try {
    for (;;) {
      try {
        last = await snapshot(http, id);
        // Back to the base interval on a change; stretch it while nothing moves.
        delay = view.update(last) ? base : Math.min(Math.round(delay * 1.5), longest);
      } catch (err) {
        if (!isTransient(err)) throw err;
        delay = Math.min(delay * 2, Math.max(longest, base * 2));
        view.trouble(`polling migration ${id} failed (${(err as Error).message}); trying again in ${formatElapsed(delay)}`);
      }
      if (last && ended(last)) break;
      const elapsed = ctx.clock.now() - began;
      if (opts.timeoutMs !== undefined && elapsed + delay > opts.timeoutMs) {
        // Wait out what is left of the time, then give up.
        await ctx.clock.sleep(Math.max(0, opts.timeoutMs - elapsed), ctx.abort.signal);
        throw new CommandFailedError(
          `migration ${id} has not ended after ${formatElapsed(opts.timeoutMs)} (${last ? summary(last) : 'no answer yet'}); stopped watching, it continues on the instance`,
          `watch again with: ${resume}`,
        );
      }
      await ctx.clock.sleep(delay, ctx.abort.signal);
    }
    finished = true;
  } catch (err) {
    if (err instanceof CancelledError) {
      throw new CancelledError(`stopped watching migration ${id}; it continues on the instance`, `watch again with: ${resume}`);
    }
    throw err;
  } finally {
    view.stop(finished ? last : undefined);
  }
  const failed = last!.entities.some((e) => e.status === 'failed') || last!.migration.status === 'failed';
  if (failed) await reportFailures(ctx, http, last!);
  return finalResult(ctx, last!, failed ? 1 : 0);
}
