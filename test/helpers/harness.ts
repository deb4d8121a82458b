// The one in-process harness: a test context (captured streams, terminal flags, clock, prompter,
// environment) and runCli(argv), which always goes through the real program (src/cli.ts `run`), so
// parsing, global options, rendering and error reporting are the ones users get. For a single call
// in the way users run it, prefer the built binary (helpers/cli.ts); use this for large tables of
// cases, a scripted prompter, a fake clock, or a failure forced on the context.

import { PassThrough, Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { Command } from 'commander';
import { buildProgram, reportError, run } from '../../src/cli.js';
import { Context } from '../../src/context.js';
import type { Clock } from '../../src/core/clock.js';
import type { ParsedCommand } from '../../src/core/command.js';
import { CancelledError } from '../../src/core/errors.js';
import type { Choice, Prompter, SearchSource, Validator } from '../../src/core/prompt.js';
import { tempDir } from './cli.js';

export interface TestContextOptions {
  env?: Record<string, string | undefined>;
  /** Standard input, read to the end by commands that take it. */
  input?: string;
  /** Whether stdin, stdout and stderr are terminals (default: none is). */
  tty?: boolean | { stdin: boolean; stdout: boolean; stderr: boolean };
  prompt?: Prompter;
  clock?: Clock;
  /** Base delay of request retries (ms); small keeps retry tests quick. */
  retryBaseMs?: number;
  /** Where requests go instead of the network: an undici MockAgent for answers no sandbox gives. */
  dispatcher?: Dispatcher;
}

export interface TestContext {
  ctx: Context;
  stdout(): string;
  stderr(): string;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  return () => Buffer.concat(chunks).toString('utf8');
}

/** A context with buffers for streams and a fresh config directory unless FORGECTL_CONFIG_DIR is given. */
export function testContext(opts: TestContextOptions = {}): TestContext {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out = collect(stdout);
  const err = collect(stderr);
  const t = opts.tty ?? false;
  const ctx = new Context({
    stdin: Readable.from([Buffer.from(opts.input ?? '')]),
    stdout,
    stderr,
    env: { FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-'), ...opts.env } as NodeJS.ProcessEnv,
    isTTY: typeof t === 'boolean' ? { stdin: t, stdout: t, stderr: t } : t,
    prompt: opts.prompt,
    clock: opts.clock,
    retryBaseMs: opts.retryBaseMs,
    dispatcher: opts.dispatcher,
  });
  return { ctx, stdout: out, stderr: err };
}

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  ctx: Context;
}

/** The command tree `run` builds for the command line `argv`; without one, the whole tree (as docs are generated). */
export function programFor(argv?: string[]): Command {
  return buildProgram({ ctx: testContext().ctx }, argv);
}

/** Runs `forgectl ARGV` in this process through the real program; `prepare` may alter the context first. */
/** How the program reports an error that ends a run: its exit code and what stderr shows. */
export function reportedError(err: unknown): { exitCode: number; stderr: string } {
  const t = testContext();
  const exitCode = reportError(t.ctx, err);
  return { exitCode, stderr: t.stderr() };
}

export async function runCli(argv: string[], opts: TestContextOptions & { prepare?: (ctx: Context) => void } = {}): Promise<CliRun> {
  const started = startCli(argv, opts);
  return started.done;
}

/** Like runCli, for commands that keep running (a server, a watch): read output while it runs. */
export function startCli(argv: string[], opts: TestContextOptions & { prepare?: (ctx: Context) => void } = {}): TestContext & { done: Promise<CliRun> } {
  const t = testContext(opts);
  opts.prepare?.(t.ctx);
  const done = run(argv, t.ctx).then((exitCode) => ({ exitCode, stdout: t.stdout(), stderr: t.stderr(), ctx: t.ctx }));
  return { ...t, done };
}

/**
 * A clock that only moves when slept on: waits of any length return at once. Give `() => clock.now()`
 * to startSandbox({ now }) and the sandbox's state machines (migrations) advance with it too.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(private time = Date.now()) {}
  now(): number {
    return this.time;
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new CancelledError('interrupted');
    this.sleeps.push(ms);
    this.time += ms;
    // Let I/O (the sandbox answering) run between polls.
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * A prompter that answers as a person types: answers in order, each question recorded in `asked`.
 * An answer the prompt's validation refuses is recorded in `refused` and the next one is tried, as
 * the real prompt keeps asking; an empty input takes the default, as @inquirer/prompts does. A
 * search answer is the text typed; Enter takes the first choice the source offers for it (the
 * highlighted one), which the prompt then validates. A question with no answer left fails the test.
 */
export class ScriptedPrompter implements Prompter {
  readonly interactive = true;
  readonly asked: string[] = [];
  readonly refused: { message: string; answer: string; reason: string }[] = [];
  /** What each search offered for each term, for assertions on the list shown. */
  readonly offered: { message: string; term: string; choices: Choice[] }[] = [];
  constructor(private readonly answers: (string | boolean)[]) {}

  private take(message: string): string | boolean {
    this.asked.push(message);
    if (!this.answers.length) throw new Error(`unexpected prompt: ${message}`);
    return this.answers.shift()!;
  }
  private async typed(message: string, opts: { default?: string; validate?: Validator }): Promise<string> {
    for (;;) {
      const raw = String(this.take(message));
      const value = raw === '' && opts.default !== undefined ? opts.default : raw;
      const ok = opts.validate ? await opts.validate(value) : true;
      if (ok === true) return value;
      this.refused.push({ message, answer: raw, reason: ok });
    }
  }
  async confirm(message: string): Promise<boolean> {
    const a = this.take(message);
    if (typeof a !== 'boolean') throw new Error(`expected a yes/no answer for ${message}, got ${a}`);
    return a;
  }
  async input(message: string, opts: { default?: string; validate?: Validator } = {}): Promise<string> {
    return this.typed(message, opts);
  }
  async password(message: string, opts: { validate?: Validator } = {}): Promise<string> {
    return this.typed(message, opts);
  }
  async select<T extends string>(message: string, choices: Choice<T>[]): Promise<T> {
    const a = String(this.take(message));
    if (!choices.some((c) => c.value === a)) throw new Error(`${a} is not a choice of ${message}`);
    return a as T;
  }
  async search<T extends string>(message: string, source: SearchSource<T>, opts: { validate?: (value: T) => true | string | Promise<true | string> } = {}): Promise<T> {
    for (;;) {
      const term = String(this.take(message));
      const choices = await source(term || undefined, new AbortController().signal);
      this.offered.push({ message, term, choices });
      const first = choices[0];
      if (!first) {
        this.refused.push({ message, answer: term, reason: 'No results found' });
        continue;
      }
      const ok = opts.validate ? await opts.validate(first.value) : true;
      if (ok === true) return first.value;
      this.refused.push({ message, answer: term, reason: ok });
    }
  }
}

export interface ParseResult {
  exitCode: number;
  stderr: string;
  /** Set when the command line parsed: the command and the options it would have run with. */
  parsed?: ParsedCommand;
}

/**
 * Parses `forgectl ARGV` through the real program without running the command (no request, no
 * server): the options object the command would get, or the usage error (exit 2) and its message.
 */
export async function parseCli(argv: string[], opts: TestContextOptions = {}): Promise<ParseResult> {
  const t = testContext(opts);
  let parsed: ParsedCommand | undefined;
  const exitCode = await run(argv, t.ctx, { ctx: t.ctx, parseOnly: (p) => (parsed = p) });
  return { exitCode, stderr: t.stderr(), parsed };
}
