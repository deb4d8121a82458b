// Builds the command tree and runs it: parse, dispatch, print the result, map errors to exit codes.
// The only place that prints errors.

import { Command, CommanderError } from 'commander';
import type { Context } from './context.js';
import { VERSION } from './context.js';
import { addGlobalOptions, globalOptions, resolveGlobals, type Registry } from './core/command.js';
import { ApiError, ExitCode, exitCodeFor, hintFor } from './core/errors.js';
import { COMMAND_GROUPS } from './commands/index.js';
import { maskUrlCredentials, visible } from './core/safe-text.js';

export function buildProgram(reg: Registry): Command {
  const program = new Command('forgectl');
  program
    .description('Administer GitLab-compatible code-hosting instances from the terminal, scripts and CI (REST API v4).')
    .version(VERSION, '-V, --version', 'print the version')
    .enablePositionalOptions()
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => reg.ctx.stdout.write(s),
      writeErr: (s) => reg.ctx.stderr.write(s),
      outputError: (s, write) => write(s),
    })
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ forgectl profile add work --url https://gitlab.example.com --token-stdin < token.txt',
        '  $ forgectl token list --state active',
        '  $ forgectl projects list --visibility private --all -o ndjson',
        '',
        'Exit codes: 0 ok, 1 request failed, 2 usage, 3 not found, 4 not authenticated or not allowed, 130 interrupted.',
        'Run `forgectl COMMAND --help` for the options of a command.',
      ].join('\n'),
    );
  for (const opt of globalOptions()) program.addOption(opt);
  for (const register of COMMAND_GROUPS) register(program, reg);
  decorate(program);
  return program;
}

/** Every command below the root accepts the global options and exits through our error path. */
function decorate(cmd: Command): void {
  for (const sub of cmd.commands) {
    addGlobalOptions(sub);
    sub.exitOverride();
    sub.showSuggestionAfterError(true);
    decorate(sub);
  }
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
  ctx.stderr.write(`error: ${visible(maskUrlCredentials(ctx.redactor.text(message)))}\n`);
  const hint = hintFor(err) ?? defaultHint(err);
  if (hint) ctx.stderr.write(`hint: ${visible(maskUrlCredentials(ctx.redactor.text(hint)))}\n`);
  if (err instanceof ApiError && (ctx.globals.output === 'json' || ctx.globals.output === 'ndjson')) {
    // A proxy's HTML page is not repeated: the message already says what it was.
    const html = typeof err.body === 'string' && /^\s*(<!doctype html|<html[\s>])/i.test(err.body);
    const body = err.body && typeof err.body === 'object' && !Array.isArray(err.body) ? (ctx.redactor.value(err.body) as object) : html ? {} : { body: err.body };
    ctx.stderr.write(`${JSON.stringify({ status: err.status, message: ctx.redactor.text(err.message), ...body })}\n`);
  }
  if (ctx.globals.verbose && err instanceof Error && !(err instanceof ApiError) && code === ExitCode.failed && err.stack) {
    ctx.stderr.write(`${ctx.redactor.text(err.stack)}\n`);
  }
  return code;
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
  const program = buildProgram(reg);
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
