// `forgectl man [COMMAND...]`: the page generated from the running command tree, so it matches the
// file `npm run docs` writes to man/ (a test compares them) and needs no file on disk.

import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Command } from 'commander';
import { VERSION, type Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import { none, text, type CommandResult } from '../core/output.js';
import { groupPage, mainPage } from '../docs/man.js';
import { stateFilePage } from '../docs/state-file-page.js';
import { commandTree, type CommandNode } from '../docs/tree.js';
import { commandsAt } from './words.js';

export async function manCommand(ctx: Context, program: Command, words: string[]): Promise<CommandResult> {
  const root = commandTree(program);
  const page = pageFor(program, root, words);
  // Only a real terminal: FORGECTL_FORCE_TTY in a pipe still gets the roff it can save.
  const man = ctx.stdoutIsTTY && ctx.stdout.isTTY === true ? onPath('man', ctx.env) : undefined;
  if (man && (await showInMan(ctx, man, page))) return none;
  return text(page);
}

/** The page of the group the words name (`projects list` → forgectl-projects(1)), or forgectl(1). */
function pageFor(program: Command, root: CommandNode, words: string[]): string {
  // Section 5 as man(1) takes it: `forgectl man 5 state` is forgectl-state(5), the state file.
  if (words[0] === '5') {
    if (words.length === 2 && words[1] === 'state') return stateFilePage(VERSION);
    throw new UsageError(`section 5 has one page, the state file: forgectl man 5 state`);
  }
  // `help` has no page of its own: it is forgectl(1)'s subject.
  const group = commandsAt(program, words, ['help'])[0];
  const node = group && root.children.find((c) => c.name === group.name());
  return node ? groupPage(node, VERSION) : mainPage(root, VERSION);
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Formats the page with man(1), which pages it on the terminal as `man forgectl` would. False when
 * man cannot be started, so the roff is printed instead.
 */
async function showInMan(ctx: Context, man: string, page: string): Promise<boolean> {
  const child = spawn(man, ['-l', '-'], { stdio: ['pipe', ctx.stdout, ctx.stderr], env: ctx.env });
  // man may stop reading (the user quits the pager early): not an error.
  child.stdin!.on('error', () => {});
  child.stdin!.end(page);
  const outcome = await new Promise<{ started: false } | { started: true; code: number | null }>((resolve) => {
    child.once('error', () => resolve({ started: false }));
    child.once('exit', (code) => resolve({ started: true, code }));
  });
  if (!outcome.started) return false;
  if (outcome.code) throw new Error(`man -l - ended with status ${outcome.code}`);
  return true;
}
