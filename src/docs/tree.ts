// The command tree as plain data: the one source of completions, man pages and the help checks.
// It is read from the same commander program the CLI runs (passed in), so nothing here is kept by hand.

import type { Command, Option } from 'commander';
import { examplesOf, GLOBAL_HEADING, specOf, suggestedValues } from '../core/command.js';
import { honours } from '../core/global-scope.js';

export type ValueKind = 'none' | 'choice' | 'profile' | 'file' | 'directory' | 'text';

export interface OptionNode {
  long?: string;
  short?: string;
  flags: string;
  description: string;
  /** Name of the value (`<date>` → `date`), or undefined for a switch. */
  valueName?: string;
  valueKind: ValueKind;
  choices?: string[];
  defaultValue?: string;
  global: boolean;
}

export interface ArgumentNode {
  name: string;
  required: boolean;
  variadic: boolean;
}

export interface CommandNode {
  /** Words after `forgectl`: `['token', 'rotate']`; empty for the root. */
  path: string[];
  name: string;
  aliases: string[];
  summary: string;
  description: string;
  args: ArgumentNode[];
  options: OptionNode[];
  /** A group's are the first example of each of its commands. */
  examples: string[];
  exitCodes: string[];
  writes: boolean;
  /** Takes -o (its declaration honours it; the global options may not be attached yet). */
  output: boolean;
  /** Has a Markdown view: takes -o markdown. */
  markdown: boolean;
  children: CommandNode[];
}

// Flags whose value is a path on disk; completed with file names.
const FILE_VALUES = /^(pem|file|path|plan|payload)$/i;
const FILE_FLAGS = new Set(['--ca-file', '--client-cert', '--client-key', '--input', '--file', '--description-file', '--content-file', '--body-file']);

function optionNode(o: Option): OptionNode {
  const valueName = /[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1]?.replace(/\.\.\.$/, '');
  const choices = o.argChoices ?? suggestedValues(o);
  let valueKind: ValueKind = 'none';
  if (valueName !== undefined) {
    if (choices?.length) valueKind = 'choice';
    // --profiles takes names (and globs) separated by commas: each completed as a profile name.
    else if (o.long === '--profile' || o.long === '--profiles') valueKind = 'profile';
    else if (o.long === '--config-dir') valueKind = 'directory';
    else if ((o.long && FILE_FLAGS.has(o.long)) || FILE_VALUES.test(valueName) || /\bfile\b/i.test(valueName)) valueKind = 'file';
    else valueKind = 'text';
  }
  const def = o.defaultValue;
  return {
    long: o.long,
    short: o.short,
    flags: o.flags,
    description: o.description,
    valueName,
    valueKind,
    choices: choices?.slice(),
    defaultValue: def === undefined || typeof def === 'boolean' ? undefined : Array.isArray(def) ? def.join(',') : String(def),
    global: o.helpGroupHeading === GLOBAL_HEADING,
  };
}

function node(cmd: Command, path: string[]): CommandNode {
  const spec = specOf(cmd);
  return {
    path,
    name: cmd.name(),
    aliases: cmd.aliases(),
    summary: cmd.summary() || cmd.description().split('\n')[0],
    description: cmd.description(),
    args: cmd.registeredArguments.map((a) => ({ name: a.name(), required: a.required, variadic: a.variadic })),
    options: cmd.options.filter((o) => !o.hidden).map(optionNode),
    examples: examplesOf(cmd),
    exitCodes: spec?.exitCodes ?? [],
    writes: spec?.writes ?? false,
    output: honours(spec, 'output'),
    markdown: spec?.markdown ?? false,
    children: cmd.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden).map((c) => node(c, [...path, c.name()])),
  };
}

/** The tree of a built program (src/cli.ts builds it; this module never imports the CLI). */
export function commandTree(program: Command): CommandNode {
  return node(program, []);
}

/** Every command in the tree, depth first, root included. */
export function allCommands(root: CommandNode): CommandNode[] {
  return [root, ...root.children.flatMap(allCommands)];
}

/** The commands that run something (leaves), as opposed to groups. */
export function leafCommands(root: CommandNode): CommandNode[] {
  return allCommands(root).filter((c) => c.children.length === 0 && c.path.length > 0);
}
