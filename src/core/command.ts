// Declaring commands: one call per command with its summary, arguments, options, examples and a
// lazily imported run function; the global options of CLI.md are added to every command so they are
// accepted before or after the subcommand, unless the command declares (in `replacesGlobals`) an
// option of its own with the same flag.

import type * as Typed from '@commander-js/extra-typings';
import { Command, Option } from 'commander';
import { DEFAULT_GLOBALS, type GlobalOptions } from './globals.js';
import { ApiError, NotFoundError, PartialListError, UsageError } from './errors.js';
import { TOKEN_TYPES, type TokenType } from './token-types.js';
import { OUTPUT_FORMATS, type CommandResult, type OutputFormat } from './output.js';
import { parseInteger, parseList } from './parse.js';
import type { LocalIds } from './instance-ids.js';
import { defaultOutputOf, hideUnhonoured, honours, refuseUnhonoured, type GlobalScope } from './global-scope.js';
import { resolveOutputFiles, type OutputFileOption, type OutputFiles } from './output-file.js';

/**
 * The command as its `options` callback sees it: commander's own class, typed by extra-typings so
 * that each `.option('--state <state>')` adds `state?: string` to the options type the command's run
 * function receives. A flag renamed in the declaration no longer compiles against the run function.
 */
export type OptionsBuilder = Typed.Command<[], {}, {}>;
/** A command being declared, with the options `O` declared so far (for helpers shared by commands). */
export type DeclaredOptions<O extends Typed.OptionValues> = Typed.Command<[], O, {}>;
export type OptionValues = Typed.OptionValues;

/** commander's Option (the same class at run time) whose value type is inferred from its flags. */
export const TypedOption = Option as unknown as typeof Typed.Option;

const SUGGESTED = new WeakMap<object, readonly string[]>();

/**
 * Known values of an option whose set the service leaves open: the shell completes them and help
 * lists them, but any other value is accepted (the command decides whether to warn).
 */
export function suggestValues<O extends object>(option: O, values: readonly string[]): O {
  SUGGESTED.set(option, values);
  return option;
}

/** The values `suggestValues` gave an option, if any. */
export function suggestedValues(option: object): readonly string[] | undefined {
  return SUGGESTED.get(option);
}

/**
 * The Context a command receives. Empty on this floor, which names nothing above it; src/context.ts
 * fills it in (declaration merging) with its Context: streams, globals, the instance's client.
 */
export interface CommandContext {}

/** What an `explain` gives: a hint, or a clearer message (after the status) with its hint. */
export type Explanation = string | { message?: string; hint: string } | undefined;

/** What `explain` may use besides the error: the Context (to look up, e.g., the current head SHA) and the resolved target. */
export interface ExplainCall<T> {
  ctx: CommandContext;
  target: T;
}

export interface BaseSpec<O extends Typed.OptionValues> {
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
  /** Declares the options by chaining on the command and returning it; `run` receives their values. */
  options?: (cmd: OptionsBuilder) => Typed.Command<[], O, {}>;
  /** True for commands that change something: --dry-run applies. */
  writes?: boolean;
  /** True for commands whose result has a Markdown view (a `document`): elsewhere -o markdown is refused. */
  markdown?: boolean;
  /**
   * `local`: the command reaches no instance (profiles, the sandbox, docs), so a fleet (--profiles)
   * is refused. `selection`: it runs once and shows what a fleet would select (`profile list`).
   */
  scope?: 'local' | 'selection';
  /**
   * Global flags this command has an option of its own for (`hooks create --url` is the hook's URL,
   * not the instance's). Must list exactly the command's options named like a global; its --help says
   * which one applies.
   */
  replacesGlobals?: string[];
  /**
   * For a write: where its line may name an object by an id of one instance (a hook's, a project's).
   * Over more than one instance such a line is exit 2 before any request (src/core/instance-ids.ts).
   */
  localIds?: LocalIds<O>;
  /** Which global options apply beyond the defaults (src/core/global-scope.ts): --help lists only those. */
  globals?: GlobalScope;
  /**
   * The options that name a file the command writes (src/core/output-file.ts): `run` receives the
   * name with {profile} expanded and the path checked; a fleet needs {profile} in it.
   */
  outputFiles?: { [K in keyof O & string]?: OutputFileOption };
}

export interface CommandSpec<O extends Typed.OptionValues = {}, T = undefined> extends BaseSpec<O> {
  /**
   * What the command acts on, resolved once before it runs (a project that may come from the git
   * checkout): `run` and `explain` both receive it, so a hint names what the command acted on.
   * Required when T is not undefined (see defineCommand).
   */
  target?: (ctx: CommandContext, opts: O, args: string[]) => Promise<T>;
  /**
   * The hint for an error of this command that the generic ones do not cover (a 403 that means "needs
   * Premium"), or a clearer message with its hint. Applied to an ApiError that has no hint yet, while
   * running and while rendering: lists fetch their pages as they print. May load its module lazily
   * (return a promise); may look things up through `call.ctx` (the current head of a merge request).
   */
  explain?: (err: ApiError, args: string[], opts: O, call: ExplainCall<T>) => Explanation | Promise<Explanation>;
  /**
   * What the command looks up, as the user named it (`token 999`, `user nobody`, `group/app!3`): a
   * 404 then says what was not found and on which instance, instead of a bare `404 Not Found`.
   */
  subject?: (args: string[], opts: O, target: T) => string | undefined;
  run: (ctx: CommandContext, opts: O, args: string[], target: T) => Promise<CommandResult>;
}

export const GLOBAL_HEADING = 'Global options:';
/** A day: beyond it a timer overflows (Node caps timers at about 24.8 days) and nobody waits anyway. */
const MAX_TIMEOUT_S = 86_400;

function int(flag: string, min?: number, max?: number) {
  return (raw: string) => parseInteger(flag, raw, { min, max });
}

/** An option that names one thing: given twice it is a mistake (`-p a -p b` once used b silently). */
function onceOnly(flag: string) {
  return (raw: string, previous: unknown): string => {
    if (previous !== undefined) throw new UsageError(`${flag} given twice`, 'for several instances use --profiles a,b');
    return raw;
  };
}

// A secret typed after a flag is seen by every user of the machine in `ps` and kept in the shell's
// history, so no flag takes one; these say so, and what to use, instead of commander's bare
// "too many arguments" or "unknown option".
function refuseSecret(what: string, use: string) {
  return (): never => {
    throw new UsageError(`${what} is not taken on the command line: other users can read it in ps, and your shell keeps it in its history`, use);
  };
}

/** A flag people try for a secret (`--key VALUE`) that the command does not have: hidden from help, it refuses with the reason. */
export function secretFlagRefused(flag: string, what: string, use: string): Option {
  return new Option(`${flag} <value>`).hideHelp().argParser(refuseSecret(what, use));
}

/** A switch (`--secret`, asking at a hidden prompt) that refuses a value given after it, with the reason. */
export function secretSwitch(flag: string, description: string, what: string, use: string): Option {
  const option = new Option(`${flag} [value]`, description).argParser(refuseSecret(what, use));
  // Help and completions show it as the switch it is; the optional value exists only to be refused.
  option.flags = flag;
  return option;
}

/** The global options of CLI.md, fresh Option objects each call (commander options are per command). */
export function globalOptions(): Option[] {
  return [
    new Option('-p, --profile <name>', 'credential profile to use (env FORGECTL_PROFILE)').argParser(onceOnly('-p/--profile')),
    new Option('--profiles <list>', 'a fleet: run once per profile, names or globs (prod-*), comma-separated (env FORGECTL_PROFILES)').argParser(parseList),
    new Option('--all-profiles', 'a fleet of every profile'),
    new Option('--fleet-concurrency <n>', 'instances of a fleet run at once (default: 4)').argParser(int('--fleet-concurrency', 1, 64)),
    new Option('--serial', 'a fleet one instance after another, stopping at the first failure'),
    new Option('--url <url>', 'base URL of the instance (env FORGECTL_URL, GITLAB_HOST, CI_SERVER_URL)'),
    new Option('--token <token>', 'credential (env FORGECTL_TOKEN, GITLAB_TOKEN, CI_JOB_TOKEN); visible in ps, prefer env or a profile'),
    new Option('--token-type <type>', 'how the token is sent (env FORGECTL_TOKEN_TYPE)').choices(TOKEN_TYPES),
    new Option('--sudo <user>', 'act as this user (id or username; administrators) (env FORGECTL_SUDO)'),
    new Option('-o, --output <format>', 'output format (env FORGECTL_OUTPUT) (default: "table")').choices(OUTPUT_FORMATS),
    new Option('--fields <list>', 'comma-separated columns (table, csv) or keys (json, yaml, ndjson) to keep; a dotted path through a list gives its values (assignees.username)').argParser(parseList),
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
    new Option('--inventory <file>', 'the instances of this run come from this YAML file, not from the config directory (env FORGECTL_INVENTORY)'),
    new Option('--allow-insecure-http', 'allow sending a credential over plain http:// to a non-loopback host'),
  ].map((o) => o.helpGroup(GLOBAL_HEADING));
}

// One set of Option objects for both (each is built at start-up).
const GLOBAL_OPTIONS = globalOptions();
const GLOBAL_KEYS = new Set(GLOBAL_OPTIONS.map((o) => o.attributeName()));
const GLOBAL_FLAGS = new Set(GLOBAL_OPTIONS.flatMap((o) => [o.short, o.long].filter((f): f is string => !!f)));

/** The command's own options that carry a global flag, by that flag (`--url`). */
function ownGlobalFlags(cmd: Command): Map<string, Option> {
  const out = new Map<string, Option>();
  for (const o of cmd.options) {
    if (o.helpGroupHeading === GLOBAL_HEADING) continue;
    for (const f of [o.short, o.long]) if (f && GLOBAL_FLAGS.has(f)) out.set(f, o);
  }
  return out;
}

/** Checks a command's own options against `replacesGlobals` and marks them in --help. */
function declareReplacedGlobals(cmd: Command, spec: BaseSpec<any>): void {
  const own = ownGlobalFlags(cmd);
  const declared = new Set(spec.replacesGlobals ?? []);
  const path = `${cmd.parent?.name() ?? ''} ${cmd.name()}`.trim();
  for (const flag of own.keys()) {
    if (!declared.has(flag)) throw new Error(`${path}: option ${flag} replaces the global ${flag}; list it in replacesGlobals`);
  }
  for (const flag of declared) {
    const opt = own.get(flag);
    if (!opt) throw new Error(`${path}: replacesGlobals lists ${flag}, which the command does not define`);
    opt.description = `${opt.description} (not the global ${flag})`;
  }
}

/** The global flags a command replaces with its own option (declared in its definition). */
export function replacedGlobals(cmd: Command): string[] {
  return specs.get(cmd)?.replacesGlobals ?? [];
}

/** Adds the global options a command does not define itself; records which ones it owns. */
export function addGlobalOptions(cmd: Command): void {
  const own = new Set(cmd.options.map((o) => o.attributeName()));
  const ownFlags = new Set(cmd.options.flatMap((o) => [o.short, o.long].filter(Boolean) as string[]));
  // A group's help lists its commands; the global options it still accepts are shown on each command.
  const isGroup = cmd.commands.length > 0;
  const added: Option[] = [];
  for (const opt of globalOptions()) {
    if (own.has(opt.attributeName())) continue;
    if ((opt.short && ownFlags.has(opt.short)) || (opt.long && ownFlags.has(opt.long))) continue;
    cmd.addOption(isGroup ? opt.hideHelp() : opt);
    added.push(opt);
  }
  hideUnhonoured(cmd, specs.get(cmd), added);
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
  // A global option the command does not take is refused first, whatever else the line says.
  refuseUnhonoured(cmd, specs.get(cmd), (o) => o.helpGroupHeading === GLOBAL_HEADING);
  const fromCli: Record<string, unknown> = {};
  for (const c of chain(cmd)) {
    const ownGlobal = (c as Command & { ownGlobalKeys?: Set<string> }).ownGlobalKeys ?? new Set();
    const opts = c.opts();
    for (const key of GLOBAL_KEYS) {
      if (ownGlobal.has(key)) continue;
      if (c.getOptionValueSource(key) !== 'cli' || opts[key] === undefined) continue;
      // `-p a token self -p b`: given twice, before and after the command.
      if (key === 'profile' && fromCli.profile !== undefined) throw new UsageError('-p/--profile given twice', 'for several instances use --profiles a,b');
      fromCli[key] = opts[key];
    }
  }
  checkFleetOptions(fromCli, env, honours(specs.get(cmd), 'url'));
  checkInventoryOptions(fromCli, env);
  const g: GlobalOptions = { ...DEFAULT_GLOBALS, ...(fromCli as Partial<GlobalOptions>), outputChosen: fromCli.output !== undefined };
  if (fromCli.output === undefined && env.FORGECTL_OUTPUT) {
    if (!OUTPUT_FORMATS.includes(env.FORGECTL_OUTPUT as OutputFormat)) {
      throw new UsageError(`invalid FORGECTL_OUTPUT: ${env.FORGECTL_OUTPUT}`, `use one of ${OUTPUT_FORMATS.join(', ')}`);
    }
    g.output = env.FORGECTL_OUTPUT as OutputFormat;
    g.outputChosen = true;
  }
  if (!g.outputChosen) g.output = defaultOutputOf(specs.get(cmd)) ?? g.output;
  if (fromCli.verbose === undefined && env.FORGECTL_DEBUG && env.FORGECTL_DEBUG !== '0') g.verbose = true;
  if (fromCli.color === undefined && env.NO_COLOR) g.color = false;
  if (fromCli.tokenType !== undefined) g.tokenType = fromCli.tokenType as TokenType;
  // `--all --page N` goes on from page N (how a list that stopped part way is resumed); pages are
  // only comparable at a stated size, so it needs --per-page instead of switching to 100 silently.
  if (g.all && g.page !== undefined && g.perPage === undefined) {
    throw new UsageError('--all with --page needs --per-page', 'pages are counted at a size: give the --per-page of the run you resume, e.g. --page 3 --per-page 100');
  }
  if (g.limit !== undefined && g.all) {
    // --all with --limit: every page until the limit, which --limit already means.
    g.all = false;
  }
  return g;
}

/** Variables that name one instance, each against FORGECTL_PROFILES, which names a fleet. */
const ONE_INSTANCE_VARIABLES = ['FORGECTL_URL', 'FORGECTL_TOKEN', 'FORGECTL_PROFILE'] as const;

/**
 * A fleet (`--profiles`, `--all-profiles`, FORGECTL_PROFILES) names its instances by profile: -p,
 * --url and --token name one instance and contradict it. FORGECTL_PROFILES applies only when the
 * command line names no instance itself; beside a variable naming one instance it is a
 * contradiction too (one set in a .bashrc or a group's CI variables sent a write to every instance),
 * for a command that reaches an instance (`reaches`).
 */
function checkFleetOptions(fromCli: Record<string, unknown>, env: NodeJS.ProcessEnv, reaches: boolean): void {
  const single = ['profile', 'url', 'token'].filter((k) => fromCli[k] !== undefined);
  if (fromCli.profiles !== undefined && fromCli.allProfiles) throw new UsageError('--profiles and --all-profiles cannot be used together');
  const fleet = fromCli.profiles !== undefined ? '--profiles' : fromCli.allProfiles ? '--all-profiles' : undefined;
  if (fleet && single.length) {
    const flags = single.map((k) => (k === 'profile' ? '-p/--profile' : `--${k}`)).join(', ');
    throw new UsageError(`${fleet} cannot be used with ${flags}`, `a fleet takes each instance's URL and token from its profile; leave out ${flags}`);
  }
  if (!fleet && !single.length && env.FORGECTL_PROFILES?.trim()) {
    const one = ONE_INSTANCE_VARIABLES.filter((v) => env[v]?.trim());
    if (reaches && one.length) {
      throw new UsageError(
        `FORGECTL_PROFILES names a fleet and ${one.join(', ')} one instance: both are set`,
        'unset one of them, or choose on the command line: --profiles a,b for the fleet, -p NAME or --url URL for one instance',
      );
    }
    fromCli.profiles = parseList(env.FORGECTL_PROFILES);
    fromCli.profilesFromEnv = true;
  }
  if ((fromCli.profiles as string[] | undefined)?.length === 0) throw new UsageError('--profiles is empty', 'name profiles or globs: --profiles prod,staging or --profiles "prod-*"');
  const fleetOnly = ['fleetConcurrency', 'serial'].filter((k) => fromCli[k] !== undefined);
  if (fleetOnly.length && fromCli.profiles === undefined && !fromCli.allProfiles) {
    throw new UsageError(`${fleetOnly.map((k) => (k === 'serial' ? '--serial' : '--fleet-concurrency')).join(' and ')} only apply to a fleet`, 'add --profiles a,b or --all-profiles');
  }
}

/**
 * An inventory names the instances: --url and --token name another. FORGECTL_INVENTORY applies only
 * when the command line names no instance by URL or token itself.
 */
function checkInventoryOptions(fromCli: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  const single = ['url', 'token'].filter((k) => fromCli[k] !== undefined);
  if (fromCli.inventory !== undefined) {
    if (!String(fromCli.inventory).trim()) throw new UsageError('--inventory needs a file name');
    if (single.length) {
      const flags = single.map((k) => `--${k}`).join(', ');
      throw new UsageError(`--inventory cannot be used with ${flags}`, `the inventory gives each instance's URL and token; choose among them with -p NAME, or leave out --inventory`);
    }
  } else if (!single.length && env.FORGECTL_INVENTORY?.trim()) {
    fromCli.inventory = env.FORGECTL_INVENTORY;
    fromCli.inventoryFromEnv = true;
  }
}

function examplesText(examples: string[], exitCodes: string[] = []): string {
  const lines = ['', 'Examples:'];
  for (const e of examples) lines.push(e.startsWith('#') ? `  ${e}` : `  $ ${e}`);
  if (exitCodes.length) {
    lines.push('', 'Exit codes:');
    for (const e of exitCodes) lines.push(`  ${e}`);
  }
  return lines.join('\n');
}

/** What a command was asked to do, once parsed: for parse-only tests (no run, no request). */
export interface ParsedCommand {
  /** Words after `forgectl`: `['token', 'rotate']`. */
  path: string[];
  /** The command's own options that have a value (globals are in `globals`). */
  opts: Record<string, unknown>;
  args: string[];
  globals: GlobalOptions;
}

/** For a 401 or 403 no explanation covered: what the credential sent was and where it came from (src/explain-credential.ts). */
export type ExplainCredential = (ctx: CommandContext, err: ApiError) => Promise<{ message: string; hint: string } | undefined>;

/** Runs a parsed command: once (the default, `invoke` then `present`), or once per instance of a fleet (src/fleet.ts). */
export interface Runner {
  run(spec: CommandSpec<any, any>, opts: Typed.OptionValues, args: string[], path: string[]): Promise<void>;
}

export interface Registry {
  ctx: CommandContext;
  /** Set in src/cli.ts once the global options are known; unset: the command runs once. */
  runner?: Runner;
  /** Set by src/cli.ts, which may load the floor above this one. */
  explainCredential?: ExplainCredential;
  /** Set by the action: the exit code the command asked for. */
  exitCode?: number;
  /** When set, actions hand what they parsed here instead of running (tests, like gh's runF). */
  parseOnly?: (parsed: ParsedCommand) => void;
  /** What --version prints; main passes the line naming how forgectl was installed. */
  versionText?: string;
}

function ownOptionValues(cmd: Command): Record<string, unknown> {
  const values = cmd.opts();
  const out: Record<string, unknown> = {};
  for (const o of cmd.options) {
    if (o.helpGroupHeading === GLOBAL_HEADING) continue;
    const key = o.attributeName();
    if (values[key] !== undefined) out[key] = values[key];
  }
  return out;
}

function commandWords(cmd: Command): string[] {
  const out: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) out.unshift(c.name());
  return out;
}

const specs = new WeakMap<Command, BaseSpec<any>>();
/** Examples of the root, which has no spec. */
const ownExamples = new WeakMap<Command, string[]>();

/** The declaration behind a command (examples, exit codes), for generated docs and completions. */
export function specOf(cmd: Command): BaseSpec<any> | undefined {
  return specs.get(cmd);
}

/** Gives a command without a spec (the root) its examples, for --help and forgectl(1). */
export function setExamples(cmd: Command, examples: string[]): void {
  ownExamples.set(cmd, examples);
  cmd.addHelpText('after', examplesText(examples));
}

/**
 * A command's examples: its own, or for a group the first example of each of its commands, so a
 * group's page shows how each of them is run.
 */
export function examplesOf(cmd: Command): string[] {
  const own = specs.get(cmd)?.examples ?? ownExamples.get(cmd);
  if (own) return own;
  return cmd.commands.flatMap((sub) => examplesOf(sub).filter((e) => !e.startsWith('#')).slice(0, 1));
}

// The root help prints each command's name, arguments, aliases and summary and nothing inside it,
// so a line that can print no other page declares heads: a command without its options and help
// texts, a group without its commands.
/** Roots whose commands are declared as heads, with the one command the line runs, built whole. */
const HEADS_ONLY = new WeakMap<Command, string | undefined>();
/** Groups declared as heads, and the stand-in returned for what is declared in them. */
const HEADS = new WeakSet<Command>();
let notBuilt: Command | undefined;

/** Commands declared under `root` from now on are heads, but `whole` (`help`, which runs): for a line that prints the root help. */
export function declareHeads(root: Command, whole?: string): void {
  HEADS_ONLY.set(root, whole);
}

/** A detached command, never parsed or printed, for a declaration inside a head (one for all: a new one each would cost). */
function standIn(): Command {
  if (!notBuilt) {
    notBuilt = new Command('(not built)');
    HEADS.add(notBuilt);
  }
  return notBuilt;
}

/** Declares a command under `parent` (inside a group declared as a head: nothing, a stand-in is returned). */
export function defineCommand<O extends Typed.OptionValues = {}, T = undefined>(
  parent: Command,
  reg: Registry,
  // A spec whose run needs a target must say how to resolve it.
  spec: CommandSpec<O, T> & (undefined extends T ? unknown : { target: CommandSpec<O, T>['target'] & {} }),
): Command;
export function defineCommand(parent: Command, reg: Registry, spec: CommandSpec<Typed.OptionValues, any>): Command {
  if (HEADS.has(parent)) return standIn();
  if (HEADS_ONLY.has(parent) && HEADS_ONLY.get(parent) !== spec.name.split(' ')[0]) {
    // What `subcommandTerm` and `subcommandDescription` read; no action: the line runs no such command.
    const head = parent.command(spec.name).summary(spec.summary).description(spec.summary);
    for (const a of spec.aliases ?? []) head.alias(a);
    return head;
  }
  const cmd = parent.command(spec.name).summary(spec.summary).description(spec.description ? `${spec.summary}\n\n${spec.description}` : spec.summary);
  specs.set(cmd, spec);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  spec.options?.(cmd as unknown as OptionsBuilder);
  declareReplacedGlobals(cmd, spec);
  cmd.addHelpText('after', examplesText(spec.examples, spec.exitCodes));
  cmd.action(async (...actionArgs: unknown[]) => {
    const self = actionArgs[actionArgs.length - 1] as Command;
    // ctx.globals was set once for this run by src/cli.ts (preAction), before this action.
    const ctx = reg.ctx;
    checkContradictions(self);
    // FORGECTL_INVENTORY is a standing choice: a command that takes none (profile add) runs as usual.
    // (--inventory typed on the line was refused with the other options the command does not take.)
    if (ctx.globals.inventory && ctx.globals.inventoryFromEnv && !honours(spec, 'inventory')) ctx.globals.inventory = undefined;
    if (ctx.globals.output === 'markdown' && !spec.markdown) throw new UsageError(`-o markdown: \`${commandWords(self).join(' ')}\` has no Markdown view`, `use -o ${NOT_MARKDOWN.slice(0, -1).join(', ')} or ${NOT_MARKDOWN.at(-1)}`);
    const args = (self.processedArgs as unknown[]).flatMap((a) => (a === undefined ? [] : Array.isArray(a) ? a.map(String) : [String(a)]));
    if (reg.parseOnly) return reg.parseOnly({ path: commandWords(self), opts: ownOptionValues(self), args, globals: ctx.globals });
    const opts = self.opts();
    if (reg.runner) return reg.runner.run(spec, opts, args, commandWords(self));
    await present(ctx, await invoke(ctx, spec, opts, args, reg.explainCredential), reg);
  });
  return cmd;
}

// The formats every command with output takes: what the -o markdown refusal offers instead.
const NOT_MARKDOWN = OUTPUT_FORMATS.filter((f) => f !== 'markdown');

/** `token 999 not found on https://host (404 Not Found)`: the server's own words are kept. */
function notFoundMessage(err: NotFoundError, subject: string): string {
  return `${subject} not found on ${new URL(err.url).origin} (${err.message})`;
}

/**
 * What running a command gave, not yet printed: its result, or the error it stopped with (already
 * explained). `explain` explains an error met later, while the result is printed (a list fetches
 * its pages as it prints).
 */
export interface Outcome {
  result?: CommandResult;
  error?: unknown;
  explain: (err: unknown) => Promise<void>;
}

/** Runs one command against one Context (the instance it is bound to) and prints nothing. */
export async function invoke(ctx: CommandContext, spec: CommandSpec<any, any>, opts: Typed.OptionValues, args: string[], credential?: ExplainCredential): Promise<Outcome> {
  let target: unknown;
  const explain = (err: unknown) =>
    explainError(
      err,
      (api) => spec.explain?.(api, args, opts, { ctx, target }),
      () => spec.subject?.(args, opts, target),
      credential && ((api) => credential(ctx, api)),
    );
  try {
    // The files it writes, for this instance: checked before any request.
    opts = await resolveOutputFiles(spec.outputFiles as OutputFiles | undefined, opts, async () => (await ctx.connection()).profile?.name);
    // Resolved before the run: its own errors (no project given) are not the command's to explain.
    target = spec.target ? await spec.target(ctx, opts, args) : undefined;
  } catch (error) {
    return { error, explain: async () => {} };
  }
  try {
    return { result: await spec.run(ctx, opts, args, target), explain };
  } catch (error) {
    await explain(error);
    return { error, explain };
  }
}

/** Prints an outcome on the Context's streams; an error (met running or printing) is thrown for src/cli.ts to report. */
export async function present(ctx: CommandContext, outcome: Outcome, reg: Pick<Registry, 'exitCode'>): Promise<void> {
  if (outcome.error !== undefined) throw outcome.error;
  const result = outcome.result!;
  try {
    await ctx.render(result);
  } catch (err) {
    await outcome.explain(err);
    throw err;
  }
  if (result.exitCode !== undefined) reg.exitCode = result.exitCode;
}

/**
 * An API error (a list fetches its pages as it prints, so a failure may come wrapped in a
 * PartialListError) gets the command's explanation if it has no hint yet, and a 404 names the
 * command's subject unless the explanation gave a message of its own.
 */
async function explainError(
  err: unknown,
  explain: (err: ApiError) => Explanation | Promise<Explanation>,
  subject: () => string | undefined,
  credential: ((err: ApiError) => Promise<{ message: string; hint: string } | undefined>) | undefined,
): Promise<void> {
  const api = err instanceof PartialListError ? err.cause : err;
  if (api instanceof ApiError && !api.hint) {
    const e = await explain(api);
    if (typeof e === 'string') api.hint = e;
    else if (e) {
      api.hint = e.hint;
      if (e.message !== undefined) api.message = `${api.status} ${e.message}`;
    }
    const about = typeof e === 'object' && e.message !== undefined ? undefined : subject();
    if (about && api instanceof NotFoundError) api.message = notFoundMessage(api, about);
  }
  if (credential && api instanceof ApiError && !api.hint && (api.status === 401 || api.status === 403)) {
    // The credential this run sent: where it came from, and Admin Mode.
    const e = await credential(api);
    if (e) [api.message, api.hint] = [e.message, e.hint];
  }
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

/** Declares a command group (`token`, `mr train`); under a root that declares heads, the group without its commands. */
export function defineGroup(parent: Command, name: string, summary: string, description?: string): Command {
  if (HEADS.has(parent)) return standIn();
  const group = parent
    .command(name)
    .usage('<command> [options]')
    .summary(summary)
    .description(description ? `${summary}\n\n${description}` : summary);
  if (HEADS_ONLY.has(parent)) HEADS.add(group);
  // Read when the help is shown: the group's commands are declared after it.
  return group.addHelpText('after', () => examplesText(examplesOf(group)));
}
