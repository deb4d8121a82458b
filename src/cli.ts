// Builds the command tree and runs it: parse, dispatch, print the result, map errors to exit codes.
// The only place that prints errors.

import { Command, CommanderError, type Option } from 'commander';
import { SuggestingCommand } from './core/suggest-option.js';
import type { Context } from './context.js';
import { VERSION } from './context.js';
import { addGlobalOptions, declareHeads, globalOptions, resolveGlobals, setExamples, type Registry } from './core/command.js';
import { HELP_LAYOUT } from './core/help.js';
import { ExitCode, type ApiError } from './core/errors.js';
import { describeError } from './core/describe-error.js';
import { COMMAND_GROUPS, headCommands, type CommandGroup } from './commands/index.js';

// For src/main.ts, which loads this module alone.
export { createContext } from './context.js';

/**
 * The command tree. Given the command line, it registers only the group the line names and adds
 * the global options to a command only when the line reaches it, which is most of the start-up
 * cost otherwise; for the root help, each group without its commands; without a command line
 * (generated docs) and for `forgectl help COMMAND`, the whole tree.
 */
export function buildProgram(reg: Registry, argv?: string[]): Command {
  const program = new SuggestingCommand('forgectl');
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
    "forgectl --profiles 'prod-*' state plan -f instance.yaml --exit-code",
  ]);
  program.addHelpText(
    'after',
    [
      '',
      'Learn more:',
      "  Run `forgectl COMMAND --help` for a command's options and examples,",
      '  and `man forgectl` for the manual (environment variables, files).',
      '  Exit codes: 0 ok, 1 request failed, 2 usage, 3 not found,',
      '  4 not authenticated or not allowed, 5 differences (--exit-code),',
      '  130 interrupted or cancelled; over --profiles, the worst of them.',
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
  headCommands(program);
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
  const { code, lines } = describeError(err, { redactor: ctx.redactor, output: ctx.globals.output, verbose: ctx.globals.verbose });
  for (const line of lines) ctx.stderr.write(`${line}\n`);
  return code;
}

/** A 401 or 403 explained by the credential this run sent; its module loads only then. */
async function explainCredential(ctx: Context, err: ApiError) {
  const credential = await import('./explain-credential.js');
  return (err.status === 401 ? credential.explainUnauthorized : credential.explainForbidden)(ctx, err);
}

/** Runs `forgectl ARGV`; tests may pass a registry with `parseOnly` to stop after parsing. */
export async function run(argv: string[], ctx: Context, reg: Registry = { ctx }): Promise<number> {
  const program = buildProgram(reg, argv);
  reg.explainCredential ??= explainCredential;
  try {
    // The one place globals are resolved: after parsing, before the action (so its errors know -o json).
    program.hook('preAction', async (_this, action) => {
      ctx.globals = resolveGlobals(action, ctx.env);
      // A fleet runs the command once per profile; loaded only then.
      if (ctx.globals.profiles || ctx.globals.allProfiles) reg.runner = (await import('./fleet.js')).fleetRunner(ctx, reg);
    });
    await program.parseAsync(argv, { from: 'user' });
    return reg.exitCode ?? ExitCode.ok;
  } catch (err) {
    return reportError(ctx, err);
  } finally {
    await ctx.close();
  }
}
