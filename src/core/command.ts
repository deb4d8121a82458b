// Declaring commands: one call per command with its summary, arguments, options, examples and a
// lazily imported run function; the global options of CLI.md are added to every command so they are
// accepted before or after the subcommand, unless the command has an option of the same name.

import { Command, Option } from 'commander';
import type { Context, GlobalOptions } from '../context.js';
import { DEFAULT_GLOBALS } from '../context.js';
import { UsageError } from './errors.js';
import { TOKEN_TYPES, type TokenType } from './token-types.js';
import { OUTPUT_FORMATS, type CommandResult, type OutputFormat } from './output.js';
import { parseInteger, parseList } from './parse.js';

export type RunFn<O> = (ctx: Context, opts: O, args: string[]) => Promise<CommandResult>;

export interface CommandSpec<O = Record<string, unknown>> {
  /** Name plus arguments in commander syntax: `rotate <id>`, `list [project]`. */
  name: string;
  summary: string;
  /** Longer text shown under the summary in --help. */
  description?: string;
  aliases?: string[];
  /** Each `forgectl …` line is an example; a line starting with `#` describes the next one. */
  examples: string[];
  /** Shown in --help where exit codes carry meaning beyond the usual ones. */
  exitCodes?: string[];
  options?: (cmd: Command) => void;
  /** True for commands that change something: --dry-run applies. */
  writes?: boolean;
  run: RunFn<O>;
}

export const GLOBAL_HEADING = 'Global options:';
/** A day: beyond it a timer overflows (Node caps timers at about 24.8 days) and nobody waits anyway. */
const MAX_TIMEOUT_S = 86_400;

function int(flag: string, min?: number, max?: number) {
  return (raw: string) => parseInteger(flag, raw, { min, max });
}

/** The global options of CLI.md, fresh Option objects each call (commander options are per command). */
export function globalOptions(): Option[] {
  return [
    new Option('-p, --profile <name>', 'credential profile to use (env FORGECTL_PROFILE)'),
    new Option('--url <url>', 'base URL of the instance (env FORGECTL_URL, GITLAB_HOST, CI_SERVER_URL)'),
    new Option('--token <token>', 'credential (env FORGECTL_TOKEN, GITLAB_TOKEN, CI_JOB_TOKEN); visible in ps, prefer env or a profile'),
    new Option('--token-type <type>', 'how the token is sent (env FORGECTL_TOKEN_TYPE)').choices(TOKEN_TYPES),
    new Option('--sudo <user>', 'act as this user (id or username; administrators) (env FORGECTL_SUDO)'),
    new Option('-o, --output <format>', 'output format (env FORGECTL_OUTPUT) (default: "table")').choices(OUTPUT_FORMATS),
    new Option('--fields <list>', 'comma-separated columns (table) or keys (json, yaml, ndjson) to keep').argParser(parseList),
    new Option('--all', 'fetch every page of a list'),
    new Option('--page <n>', 'fetch this page of a list').argParser(int('--page', 1)),
    new Option('--per-page <n>', 'items per page, 1..100').argParser(int('--per-page', 1, 100)),
    new Option('--limit <n>', 'stop after this many items').argParser(int('--limit', 1)),
    new Option('--dry-run', 'print the requests a write would send and send nothing'),
    new Option('-v, --verbose', 'HTTP trace on stderr, secrets redacted (env FORGECTL_DEBUG=1)'),
    new Option('-y, --yes', 'answer yes to confirmations'),
    new Option('--no-color', 'no colour (env NO_COLOR)'),
    new Option('--timeout <seconds>', 'per-request timeout (default: 30)').argParser(int('--timeout', 1, MAX_TIMEOUT_S)),
    new Option('--retries <n>', 'retries of requests safe to repeat (default: 3)').argParser(int('--retries', 0, 10)),
    new Option('--ca-file <pem>', 'extra CA bundle for TLS'),
    new Option('--insecure', 'skip TLS certificate verification (warns)'),
    new Option('--client-cert <pem>', 'TLS client certificate'),
    new Option('--client-key <pem>', 'TLS client key'),
    new Option('--config-dir <dir>', 'where profiles live (env FORGECTL_CONFIG_DIR)'),
    new Option('--allow-insecure-http', 'allow sending a credential over plain http:// to a non-loopback host'),
  ].map((o) => o.helpGroup(GLOBAL_HEADING));
}

const GLOBAL_KEYS = new Set(globalOptions().map((o) => o.attributeName()));

/** Adds the global options a command does not define itself; records which ones it owns. */
export function addGlobalOptions(cmd: Command): void {
  const own = new Set(cmd.options.map((o) => o.attributeName()));
  const ownFlags = new Set(cmd.options.flatMap((o) => [o.short, o.long].filter(Boolean) as string[]));
  // A group's help lists its commands; the global options it still accepts are shown on each command.
  const isGroup = cmd.commands.length > 0;
  for (const opt of globalOptions()) {
    if (own.has(opt.attributeName())) continue;
    if ((opt.short && ownFlags.has(opt.short)) || (opt.long && ownFlags.has(opt.long))) continue;
    cmd.addOption(isGroup ? opt.hideHelp() : opt);
  }
  (cmd as Command & { ownGlobalKeys?: Set<string> }).ownGlobalKeys = new Set([...own].filter((k) => GLOBAL_KEYS.has(k)));
}

function chain(cmd: Command): Command[] {
  const out: Command[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) out.unshift(c);
  return out;
}

/**
 * Global option values from the root down to the command (nearer the command wins), then the
 * environment, then defaults. A command's own option of the same name is not a global one.
 */
export function resolveGlobals(cmd: Command, env: NodeJS.ProcessEnv): GlobalOptions {
  const fromCli: Record<string, unknown> = {};
  for (const c of chain(cmd)) {
    const ownGlobal = (c as Command & { ownGlobalKeys?: Set<string> }).ownGlobalKeys ?? new Set();
    const opts = c.opts();
    for (const key of GLOBAL_KEYS) {
      if (ownGlobal.has(key)) continue;
      if (c.getOptionValueSource(key) === 'cli' && opts[key] !== undefined) fromCli[key] = opts[key];
    }
  }
  const g: GlobalOptions = { ...DEFAULT_GLOBALS, ...(fromCli as Partial<GlobalOptions>) };
  if (fromCli.output === undefined && env.FORGECTL_OUTPUT) {
    if (!OUTPUT_FORMATS.includes(env.FORGECTL_OUTPUT as OutputFormat)) {
      throw new UsageError(`invalid FORGECTL_OUTPUT: ${env.FORGECTL_OUTPUT}`, `use one of ${OUTPUT_FORMATS.join(', ')}`);
    }
    g.output = env.FORGECTL_OUTPUT as OutputFormat;
  }
  if (fromCli.verbose === undefined && env.FORGECTL_DEBUG && env.FORGECTL_DEBUG !== '0') g.verbose = true;
  if (fromCli.color === undefined && env.NO_COLOR) g.color = false;
  if (fromCli.tokenType !== undefined) g.tokenType = fromCli.tokenType as TokenType;
  if (g.all && g.page !== undefined) {
    throw new UsageError('--all and --page contradict each other', '--all fetches every page from the first; --page N fetches one page');
  }
  if (g.limit !== undefined && g.all) {
    // --all with --limit: every page until the limit, which --limit already means.
    g.all = false;
  }
  return g;
}

function examplesText(spec: CommandSpec<any>): string {
  const lines = ['', 'Examples:'];
  for (const e of spec.examples) lines.push(e.startsWith('#') ? `  ${e}` : `  $ ${e}`);
  if (spec.exitCodes?.length) {
    lines.push('', 'Exit codes:');
    for (const e of spec.exitCodes) lines.push(`  ${e}`);
  }
  return lines.join('\n');
}

export interface Registry {
  ctx: Context;
  /** Set by the action: the exit code the command asked for. */
  exitCode?: number;
}

const specs = new WeakMap<Command, CommandSpec<any>>();

/** The declaration behind a command (examples, exit codes), for generated docs and completions. */
export function specOf(cmd: Command): CommandSpec<any> | undefined {
  return specs.get(cmd);
}

/** Declares a command under `parent`. */
export function defineCommand<O = Record<string, unknown>>(parent: Command, reg: Registry, spec: CommandSpec<O>): Command {
  const cmd = parent.command(spec.name).summary(spec.summary).description(spec.description ? `${spec.summary}\n\n${spec.description}` : spec.summary);
  specs.set(cmd, spec);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  spec.options?.(cmd);
  cmd.addHelpText('after', examplesText(spec));
  cmd.action(async (...actionArgs: unknown[]) => {
    const self = actionArgs[actionArgs.length - 1] as Command;
    const ctx = reg.ctx;
    checkContradictions(self);
    ctx.globals = resolveGlobals(self, ctx.env);
    const args = (self.processedArgs as unknown[]).flatMap((a) => (a === undefined ? [] : Array.isArray(a) ? a.map(String) : [String(a)]));
    const result = await spec.run(ctx, self.opts() as O, args);
    await ctx.render(result);
    if (result.exitCode !== undefined) reg.exitCode = result.exitCode;
  });
  return cmd;
}

/** `--save --no-save` together is a contradiction, not "last wins" (one revoked a token unsaved). */
function checkContradictions(cmd: Command): void {
  const root = chain(cmd)[0] as Command & { rawArgs?: string[] };
  const raw = root.rawArgs ?? [];
  const end = raw.indexOf('--');
  const given = new Set((end >= 0 ? raw.slice(0, end) : raw).map((a) => a.split('=')[0]));
  for (const c of chain(cmd)) {
    for (const neg of c.options.filter((o) => o.negate && o.long)) {
      const positive = neg.long!.replace(/^--no-/, '--');
      if (given.has(neg.long!) && given.has(positive) && c.options.some((o) => o.long === positive)) {
        throw new UsageError(`${positive} and ${neg.long} contradict each other`, 'give one of them');
      }
    }
  }
}

/** Declares a command group (`token`, `mr train`). */
export function defineGroup(parent: Command, name: string, summary: string, description?: string): Command {
  return parent
    .command(name)
    .summary(summary)
    .description(description ? `${summary}\n\n${description}` : summary);
}
