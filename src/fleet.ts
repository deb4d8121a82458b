// A fleet: one command over several profiles (--profiles, --all-profiles). The runner sits above the
// command layer: each instance gets a Context of its own (Context.forInstance) and runs the command
// as a single run would; the outcomes are printed together (src/core/fleet-output.ts). Writes wait at
// one gate, which confirms once for every instance and, under --serial, lets them write one by one.

import { Writable } from 'node:stream';
import type { Context } from './context.js';
import { SINGLE_INSTANCE_VARIABLES } from './context.js';
import { defaultOutputOf, honours } from './core/global-scope.js';
import { refuseLocalIds, refuseLocalIdsInFile } from './core/instance-ids.js';
import { invoke, present, type CommandSpec, type Registry, type Runner } from './core/command.js';
import { CancelledError, ExitCode, UsageError, exitCodeFor } from './core/errors.js';
import { renderFleet, streamLine, streamsLines, type InstanceOutcome } from './core/fleet-output.js';
import type { DryRunRequest } from './core/http.js';
import { columnsFor, object, stoppedAfter, warnUnknownFields, write, type Column, type CommandResult, type ListResult, type OutputFormat, type TextResult } from './core/output.js';
import type { OptionValues } from './core/command.js';
import { fleetPatterns, fleetSource, selectProfiles } from './core/profile-selection.js';
import { checkFleetFiles, documentToStdout, type OutputFiles } from './core/output-file.js';
import type { Choice, Prompter, SearchSource, Validator } from './core/prompt.js';
import { oneLineShown } from './core/safe-text.js';

export function fleetRunner(ctx: Context, reg: Registry): Runner {
  return new FleetRunner(ctx, reg);
}

/** At most `size` holders at once; waiters are served in the order they came. */
class Slots {
  private free: number;
  private readonly queue: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.free++;
  }
}

/** Whole lines of an instance's stderr, each under its profile name, on the fleet's stderr. */
class PrefixedLines extends Writable {
  private partial = '';
  constructor(
    private readonly name: string,
    private readonly target: Writable,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    const lines = (this.partial + chunk.toString()).split('\n');
    this.partial = lines.pop()!;
    for (const line of lines) this.target.write(`${this.name}: ${line}\n`);
    done();
  }
  flushLine(): void {
    if (this.partial) this.target.write(`${this.name}: ${this.partial}\n`);
    this.partial = '';
  }
}

/** What an instance's command writes on stdout itself, kept for the fleet's output. */
class Collected extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

interface Waiter {
  question: string;
  resolve: (ok: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * The one place a fleet's instances ask anything. An instance that wants to write (a confirmation,
 * or its first write) waits here until every instance has either arrived or finished; then the
 * question is asked once, naming every instance, and the answer releases them: all at once, or
 * under --serial one after another in the order given, the rest "not run" after a failure.
 */
export class FleetGate {
  private readonly waiting = new Map<string, Waiter>();
  private readonly passed = new Set<string>();
  private readonly finished = new Map<string, number>();
  private readonly turnDone = new Map<string, () => void>();
  private opened = false;

  constructor(
    private readonly names: readonly string[],
    private readonly root: Context,
    private readonly slots: Slots,
    private readonly serial: boolean,
  ) {}

  /** Whether an instance before `name` (in the order given) has failed: under --serial the rest do not run. */
  failedBefore(name: string): string | undefined {
    if (!this.serial) return undefined;
    for (const n of this.names.slice(0, this.names.indexOf(name))) {
      const code = this.finished.get(n);
      if (code !== undefined && code !== ExitCode.ok && code !== ExitCode.differs) return n;
    }
    return undefined;
  }

  /** Waits for the fleet's answer; true once `name` may write. The instance's slot is given up meanwhile. */
  async pass(name: string, question: string): Promise<boolean> {
    if (this.passed.has(name)) return true;
    // Asked again after the fleet's answer was given (and was not yes for it): nobody is left to ask.
    if (this.opened) throw new CancelledError('nothing was changed');
    const answer = new Promise<boolean>((resolve, reject) => this.waiting.set(name, { question, resolve, reject }));
    this.slots.release();
    this.settle();
    try {
      const ok = await answer;
      if (ok) this.passed.add(name);
      return ok;
    } finally {
      await this.slots.acquire();
    }
  }

  /** An instance ended (its exit code): it will not arrive, and under --serial the next one may write. */
  finish(name: string, exitCode: number): void {
    this.finished.set(name, exitCode);
    this.turnDone.get(name)?.();
    this.settle();
  }

  private settle(): void {
    if (this.opened || !this.waiting.size) return;
    if (this.names.some((n) => !this.waiting.has(n) && !this.finished.has(n))) return;
    this.opened = true;
    void this.decide().catch((err) => {
      for (const w of this.waiting.values()) w.reject(err);
    });
  }

  private async decide(): Promise<void> {
    const arrived = this.names.filter((n) => this.waiting.has(n));
    const g = this.root.globals;
    let ok = g.yes;
    if (!ok) {
      if (!this.root.interactive) {
        throw new UsageError(`writing to ${arrived.join(', ')}: confirmation needed`, 'pass --yes to confirm when there is no terminal');
      }
      // Each instance's question (server text) stays on its own line: the prompter keeps only these line breaks.
      const lines = arrived.map((n) => `  ${n}: ${oneLineShown(this.waiting.get(n)!.question)}`);
      const order = this.serial ? 'one after another, stopping at the first failure' : 'at once';
      ok = await this.root.prompt.confirm(`On ${arrived.length} instance${arrived.length === 1 ? '' : 's'} (${order}):\n${lines.join('\n')}\nGo on?`, false);
    }
    if (!ok || !this.serial) {
      for (const n of arrived) this.waiting.get(n)!.resolve(ok);
      return;
    }
    for (const n of arrived) {
      const failed = this.failedBefore(n);
      if (failed) {
        this.waiting.get(n)!.reject(new NotRun(`${failed} failed`));
        continue;
      }
      const done = new Promise<void>((resolve) => this.turnDone.set(n, resolve));
      this.waiting.get(n)!.resolve(true);
      await done;
    }
  }

  /** The Prompter an instance's Context gets: confirmations go through the gate; other questions cannot be shared. */
  prompterFor(name: string): Prompter {
    const refuse = (message: string): never => {
      throw new UsageError(`cannot ask "${message.replace(/[?:]\s*$/, '')}" for each instance of a fleet`, 'give the value with a flag (see --help), or run the command on one profile with -p');
    };
    const secrets = this.secrets;
    const root = this.root;
    return {
      interactive: root.interactive,
      confirm: (message: string) => this.pass(name, message),
      input: (message: string) => refuse(message),
      // A secret the command needs (a hook's secret token) is asked once and given to every instance.
      password: (message: string, opts?: { validate?: Validator }) => {
        let answer = secrets.get(message);
        if (!answer) {
          answer = root.prompt.password(message, opts);
          secrets.set(message, answer);
        }
        return answer;
      },
      select: <T extends string>(message: string, _choices: Choice<T>[]) => refuse(message),
      search: <T extends string>(message: string, _source: SearchSource<T>) => refuse(message),
    };
  }
  private readonly secrets = new Map<string, Promise<string>>();
}

/** An instance left out under --serial because one before it failed. */
class NotRun extends CancelledError {
  override name = 'NotRun';
}

class FleetRunner implements Runner {
  /** Set for formats printed line by line as items come (src/core/fleet-output.ts streamsLines). */
  private lines?: (text: string) => Promise<void>;
  /** With `lines`: said of the first item any instance streams, as one run says it (--fields names no item has). */
  private firstItem?: (item: unknown) => Promise<void>;

  constructor(
    private readonly ctx: Context,
    private readonly reg: Registry,
  ) {}

  async run(spec: CommandSpec<any, any>, opts: OptionValues, args: string[], path: string[]): Promise<void> {
    const ctx = this.ctx;
    const g = ctx.globals;
    const flag = fleetSource(g);
    // FORGECTL_PROFILES is a standing choice, not a request for this command: one that reaches no instance runs as usual.
    if ((spec.scope === 'local' || !honours(spec, 'profiles')) && g.profilesFromEnv) return present(ctx, await invoke(ctx, spec, opts, args, this.reg.explainCredential), this.reg);
    if (spec.scope === 'local') {
      throw new UsageError(`${path.join(' ')} reaches no instance: ${flag} does not apply to it`, `run it without ${flag}`);
    }
    // `profile list` shows the selection itself, once.
    if (spec.scope === 'selection') return present(ctx, await invoke(ctx, spec, opts, args, this.reg.explainCredential), this.reg);
    const store = await ctx.profiles();
    const names = selectProfiles(store.names(), fleetPatterns(g)!, flag, store.inventoryFile);
    refuseLocalIds(spec.localIds, args, opts, path.join(' '), names);
    await refuseLocalIdsInFile(spec.localIds, opts, names, (what) => ctx.readStdin(what));
    // Before any instance runs: a file per instance, never one file written by each in turn.
    checkFleetFiles(spec.outputFiles as OutputFiles | undefined, opts, names);
    const ignored = SINGLE_INSTANCE_VARIABLES.filter((v) => !v.startsWith('CI_') && ctx.env[v]);
    if (ignored.length) ctx.warn(`${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored with ${flag}: each instance takes its URL, token, token type and sudo user from its profile`);

    // One instance writing a document to stdout (`--out -`, checkFleetFiles refuses it for more): it
    // prints as `-p` would, with no heading or instance key a reader of the document would choke on.
    const alone = names.length === 1 && documentToStdout(spec.outputFiles as OutputFiles | undefined, opts);
    if (!alone && streamsLines(g.output, ctx.stdoutIsTTY)) {
      this.lines = (text) => write(ctx.stdout, text);
      let checked = false;
      this.firstItem = async (item) => {
        if (checked) return;
        checked = true;
        await warnUnknownFields({ fields: g.fields, stderr: ctx.stderr }, item);
      };
    }
    const slots = new Slots(g.serial ? 1 : g.fleetConcurrency);
    const gate = new FleetGate(names, ctx, slots, g.serial);
    const outcomes = await Promise.all(names.map((name) => this.runInstance(name, spec, opts, args, slots, gate)));
    const format = g.output;
    // `api` (JSON by its own default) in a pipe returns the body as received; inside the fleet's JSON it
    // is the value it reads as.
    if (!g.outputChosen && defaultOutputOf(spec)) for (const x of outcomes) if (x.result?.kind === 'text') x.result = asValue(x.result);
    const code = await renderFleet(outcomes, {
      format,
      fields: g.fields,
      stdout: ctx.stdout,
      stderr: ctx.stderr,
      isTTY: ctx.stdoutIsTTY,
      color: ctx.color && format === 'table',
      width: ctx.terminalWidth(),
      redactor: ctx.redactor,
      verbose: g.verbose,
      alone,
    });
    this.reg.exitCode = code;
  }

  private async runInstance(
    name: string,
    spec: CommandSpec<any, any>,
    opts: OptionValues,
    args: string[],
    slots: Slots,
    gate: FleetGate,
  ): Promise<InstanceOutcome> {
    const ctx = this.ctx;
    let url: string | undefined;
    try {
      url = (await ctx.profiles()).get(name)?.url || undefined;
    } catch {
      // A profile in a shape forgectl cannot use: its own run says so.
    }
    const dryRun: DryRunRequest[] = [];
    const stdout = new Collected();
    const stderr = new PrefixedLines(name, ctx.stderr);
    const outcome: InstanceOutcome = { instance: name, url, exitCode: ExitCode.ok, dryRun, stdout: '' };
    await slots.acquire();
    const failed = gate.failedBefore(name);
    if (failed) {
      slots.release();
      outcome.notRun = `${failed} failed`;
      gate.finish(name, ExitCode.ok);
      return outcome;
    }
    const child = ctx.forInstance(name, {
      stdout,
      stderr,
      prompt: gate.prompterFor(name),
      onDryRun: (req) => dryRun.push(req),
      beforeWrite: async (req) => {
        if (!(await gate.pass(name, `${req.method} ${req.url}`))) throw new CancelledError('nothing was changed');
      },
    });
    try {
      const ran = await invoke(child, spec, opts, args, this.reg.explainCredential);
      outcome.result = ran.result;
      outcome.error = ran.error;
      if (ran.result?.kind === 'list') await readList(outcome, ran.result, ran.explain, child.globals.output === ctx.globals.output ? this.lines : undefined, ctx.globals, this.firstItem);
    } finally {
      stderr.flushLine();
      slots.release();
      if (outcome.error instanceof NotRun) {
        outcome.notRun = outcome.error.message;
        outcome.error = undefined;
      }
      outcome.stdout = stdout.text;
      outcome.writes = { sent: child.writes.sent, inDoubt: child.writes.inDoubt.length };
      outcome.exitCode = outcome.error !== undefined ? exitCodeFor(outcome.error) : (outcome.result?.exitCode ?? ExitCode.ok);
      // Always told, or the instances waiting at the gate would wait for this one forever.
      gate.finish(name, outcome.notRun ? ExitCode.ok : outcome.exitCode);
      await child.close();
    }
    return outcome;
  }
}

/**
 * Reads an instance's list, within its slot (the instances' pages come in parallel): printed line by
 * line as it comes when `lines` is given, else kept for the fleet's output. A failure part way is the
 * instance's error; what was printed stays.
 */
async function readList(
  outcome: InstanceOutcome,
  result: ListResult,
  explain: (err: unknown) => Promise<void>,
  lines: ((text: string) => Promise<void>) | undefined,
  g: { output: OutputFormat; fields?: string[] },
  firstItem?: (item: unknown) => Promise<void>,
): Promise<void> {
  const items: unknown[] = [];
  outcome.items = items;
  outcome.streamed = !!lines;
  let columns: Column[] | undefined;
  let batch = '';
  let streamed = 0;
  try {
    for await (const item of result.items) {
      if (!lines) {
        items.push(item);
        continue;
      }
      if (!columns) await firstItem?.(item);
      columns ??= columnsFor(result.columns, g.fields, item);
      batch += streamLine(outcome.instance, result, item, { format: g.output, fields: g.fields }, columns);
      streamed++;
      // Written in batches, as one run writes a long list: a write per item costs more than the item.
      if (batch.length >= 64 * 1024) {
        const chunk = batch;
        batch = '';
        await lines(chunk);
      }
    }
  } catch (err) {
    await explain(err);
    // Lines already out stay, and the error says how many, as one run's formatter says it.
    outcome.error = lines ? stoppedAfter(err, streamed) : err;
  } finally {
    if (lines && batch) await lines(batch);
  }
}

/** A text that reads as JSON becomes that value; any other stays as it was. */
function asValue(result: TextResult): CommandResult {
  try {
    return object(JSON.parse(result.text));
  } catch {
    return result;
  }
}
