// Builds the command tree and runs it: parse, dispatch, print the result, map errors to exit codes.
// The only place that prints errors.

import { Command, CommanderError, type Option } from 'commander';
import type { Context } from './context.js';
import { VERSION } from './context.js';
import { addGlobalOptions, declareHeads, globalOptions, resolveGlobals, setExamples, type Registry } from './core/command.js';
import { HELP_LAYOUT } from './core/help.js';
import { ApiError, CancelledError, ExitCode, exitCodeFor, hintFor, looksLikeHtml } from './core/errors.js';
import { COMMAND_GROUPS, type CommandGroup } from './commands/index.js';
import { jsonText } from './core/output.js';
import { maskUrlCredentials, visible } from './core/safe-text.js';

// For src/main.ts, which loads this module alone.
export { createContext } from './context.js';

/**
 * The command tree. Given the command line, it registers only the group the line names and adds
 * the global options to a command only when the line reaches it, which is most of the start-up
 * cost otherwise; for the root help, each group without its commands; without a command line
 * (generated docs) and for `forgectl help COMMAND`, the whole tree.
 */
export function buildProgram(reg: Registry, argv?: string[]): Command {
  const program = new Command('forgectl');
  program
    .description('Administer GitLab-compatible code-hosting instances from the terminal, scripts and CI (REST API v4).')
    .version(reg.versionText ?? VERSION, '-V, --version', 'print the version')
    .enablePositionalOptions()
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .usage('<command> [options]')
    .configureHelp(HELP_LAYOUT)
    .configureOutput({
      writeOut: (s) => reg.ctx.stdout.write(s),
      writeErr: (s) => reg.ctx.stderr.write(s),
      outputError: (s, write) => write(s),
    });
  setExamples(program, [
    'forgectl profile add work --url https://gitlab.example.com --token-stdin < token.txt',
    'forgectl token list --state active',
    'forgectl projects list --visibility private --all -o ndjson',
  ]);
  program.addHelpText(
    'after',
    [
      '',
      'Learn more:',
      "  Run `forgectl COMMAND --help` for a command's options and examples,",
      '  and `man forgectl` for the manual (environment variables, files).',
      '  Exit codes: 0 ok, 1 request failed, 2 usage, 3 not found,',
      '  4 not authenticated or not allowed, 130 interrupted or cancelled.',
    ].join('\n'),
  );
  helpWhenNoCommand(program);
  const rootOptions = globalOptions();
  for (const opt of rootOptions) program.addOption(opt);
  const word = argv ? commandWord(argv, rootOptions) : undefined;
  // The root help lists each command's name and summary: what is inside them is not built.
  const rootHelp = argv !== undefined ? rootHelpWords(argv, rootOptions) : undefined;
  if (rootHelp) declareHeads(program, rootHelp[0]);
  // `help COMMAND` walks the whole tree and prints any command's help, global options included.
  const lazy = argv !== undefined && (word !== 'help' || rootHelp !== undefined);
  const only: CommandGroup | undefined = lazy && word ? COMMAND_GROUPS.find((g) => g.names.includes(word) && !g.names.includes('help')) : undefined;
  for (const group of COMMAND_GROUPS) if (!only || group === only) group.register(program, reg);
  if (lazy) decorateOnDispatch(program);
  else decorate(program);
  return program;
}

/**
 * The first word of the command line that is not a root option or its value: the command group.
 * Undefined when an option is not a plain root option (`-h`, `-ojson`, a typo): the whole tree is
 * built then, so help and commander's suggestions see every command.
 */
function commandWord(argv: string[], rootOptions: Option[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') return arg;
    if (arg.startsWith('--') && arg.includes('=')) continue;
    const opt = rootOptions.find((o) => o.long === arg || o.short === arg);
    if (!opt) return undefined;
    if (opt.required || opt.optional) i++;
  }
  return undefined;
}

/**
 * For a line that can print only the root help (or the version, or a root option's error), its
 * words: none but the values of root options, or the one word `help` (whose command runs).
 * Undefined for any other word, or `--` (every word after it is one): the line may name a command.
 * Options commander does not know at the root (`-h`, `--version`, a typo) take no value.
 */
function rootHelpWords(argv: string[], rootOptions: Option[]): [] | ['help'] | undefined {
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') {
      if (help || arg !== 'help') return undefined;
      help = true;
      continue;
    }
    // After `help` the options are the help command's own: a value of one is a word, so not this path.
    if (help || (arg.startsWith('--') && arg.includes('='))) continue;
    const opt = rootOptions.find((o) => o.long === arg || o.short === arg);
    if (opt?.required || opt?.optional) i++;
  }
  return help ? ['help'] : [];
}

/**
 * `forgectl` or `forgectl token` alone prints the help on stdout and exits 0, as gh does: asking
 * what there is is not a mistake (commander would print it on stderr and fail).
 */
function helpWhenNoCommand(cmd: Command): void {
  const help = cmd.help.bind(cmd);
  cmd.help = ((context?: { error: boolean }) => help(context?.error ? undefined : context)) as Command['help'];
}

/** Decorates each command as the parse reaches it (commander calls preSubcommand before its parse). */
function decorateOnDispatch(cmd: Command): void {
  cmd.hook('preSubcommand', (_parent, sub) => {
    decorateOne(sub);
    if (sub.commands.length) decorateOnDispatch(sub);
  });
}

/** Every command below the root accepts the global options and exits through our error path. */
function decorate(cmd: Command): void {
  for (const sub of cmd.commands) {
    decorateOne(sub);
    decorate(sub);
  }
}

function decorateOne(cmd: Command): void {
  addGlobalOptions(cmd);
  if (cmd.commands.length) helpWhenNoCommand(cmd);
  cmd.exitOverride();
  cmd.showSuggestionAfterError(true);
}

function isCommanderError(err: unknown): err is CommanderError {
  return err instanceof CommanderError || (!!err && typeof err === 'object' && (err as { code?: unknown }).code?.toString().startsWith('commander.') === true);
}

export function reportError(ctx: Context, err: unknown): number {
  if (isCommanderError(err)) {
    // Commander already printed its message (with a "Did you mean" suggestion where it has one).
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return ExitCode.ok;
    return ExitCode.usage;
  }
  const code = exitCodeFor(err);
  const message = err instanceof Error ? err.message : String(err);
  // Declining a confirmation (or Ctrl-C) is the user's choice, not a failure: no `error:` (exit 130 still).
  const line = err instanceof CancelledError ? cancelledLine(message) : `error: ${message}`;
  ctx.stderr.write(`${visible(maskUrlCredentials(ctx.redactor.text(line)))}\n`);
  const hint = hintFor(err) ?? defaultHint(err);
  if (hint) ctx.stderr.write(`hint: ${visible(maskUrlCredentials(ctx.redactor.text(hint)))}\n`);
  if (err instanceof ApiError && (ctx.globals.output === 'json' || ctx.globals.output === 'ndjson')) {
    // A proxy's HTML page is not repeated: the message already says what it was.
    const html = typeof err.body === 'string' && looksLikeHtml(err.body, undefined);
    const body = err.body && typeof err.body === 'object' && !Array.isArray(err.body) ? (err.body as object) : html ? {} : { body: err.body };
    // The shared JSON writer: DEL and C1 escaped, URL credentials masked, like JSON on stdout.
    ctx.stderr.write(`${jsonText(ctx.redactor.value({ status: err.status, message: err.message, ...body }))}\n`);
  }
  if (ctx.globals.verbose && err instanceof Error && !(err instanceof ApiError) && code === ExitCode.failed && err.stack) {
    ctx.stderr.write(`${visible(maskUrlCredentials(ctx.redactor.text(err.stack)))}\n`);
  }
  return code;
}

/** `cancelled: nothing was changed`; a message that already says it was cancelled, interrupted or stopped stays as it is. */
function cancelledLine(message: string): string {
  return /^(cancelled|interrupted|stopped)\b/.test(message) ? message : `cancelled: ${message}`;
}

function defaultHint(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const scope = err.insufficientScope;
  if (scope !== undefined) return scope ? `the token lacks the "${scope}" scope; use a token that has it` : 'the token lacks a required scope';
  if (err.status === 401) return 'the token is missing, invalid, expired or revoked; check it with `forgectl token self` or update the profile';
  if (err.status === 403) return 'the credential is valid but not allowed to do this (role, tier or instance setting)';
  if (err.status === 429) return 'rate limited: wait and try again, or raise --retries';
  return undefined;
}

/** Runs `forgectl ARGV`; tests may pass a registry with `parseOnly` to stop after parsing. */
export async function run(argv: string[], ctx: Context, reg: Registry = { ctx }): Promise<number> {
  const program = buildProgram(reg, argv);
  try {
    // The one place globals are resolved: after parsing, before the action (so its errors know -o json).
    program.hook('preAction', (_this, action) => {
      ctx.globals = resolveGlobals(action, ctx.env);
    });
    await program.parseAsync(argv, { from: 'user' });
    return reg.exitCode ?? ExitCode.ok;
  } catch (err) {
    return reportError(ctx, err);
  } finally {
    await ctx.close();
  }
}
