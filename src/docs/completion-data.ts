// What every shell's completion needs from the tree, as flat tables keyed by command path
// ("token rotate"); the three shell scripts render the same tables in their own syntax.

import { ARGUMENT_VALUES, ASSIGNMENT_VALUES, FLAG_VALUES } from './completion-values.js';
import { allCommands, type CommandNode, type OptionNode, type ValueKind } from './tree.js';

export interface FlagEntry {
  names: string[];
  description: string;
  kind: ValueKind;
  choices: string[];
}

export interface CompletionData {
  /** path → [child name, summary] */
  children: Map<string, [string, string][]>;
  /** `path|alias` → canonical child name */
  aliases: Map<string, string>;
  /** path → the command's own (non-global) flags */
  flags: Map<string, FlagEntry[]>;
  /** Flags every command takes. */
  globals: FlagEntry[];
  /** path → how to complete its positional arguments */
  positional: Map<string, PositionalEntry[]>;
  /** `path|KEY` → the values completed after `KEY=` in a KEY=VALUE argument */
  assignValues: Map<string, readonly string[]>;
  /** Command path → the -o formats it takes (none when its output has one form). */
  outputFormats: Map<string, string[]>;
}

/** How the positional argument at `index` (and, when variadic, every one after it) is completed. */
export interface PositionalEntry {
  index: number;
  variadic: boolean;
  kind: ValueKind;
  choices: string[];
  /** KEY=VALUE arguments: a name is completed with its `=`, and no space after it. */
  assign?: boolean;
}

export const key = (path: string[]) => path.join(' ');

function flagEntry(o: OptionNode, path: string): FlagEntry {
  const values = o.long ? FLAG_VALUES[`${path}|${o.long}`] : undefined;
  return {
    names: [o.short, o.long].filter((n): n is string => !!n),
    description: o.description.replace(/\s+/g, ' ').trim(),
    kind: values ? 'choice' : o.valueKind,
    choices: values ? [...values()] : (o.choices ?? []),
  };
}

/** The first positional argument when its values are known: profile names, shells, the groups that have a man page. */
function firstPositional(c: CommandNode, groups: string[]): { kind: ValueKind; choices: string[] } | undefined {
  const first = c.args[0];
  if (!first) return undefined;
  if (c.path[0] === 'profile' && first.name === 'name' && c.name !== 'add') return { kind: 'profile', choices: [] };
  if (c.path[0] === 'completion') return { kind: 'choice', choices: ['bash', 'zsh', 'fish'] };
  if (c.path[0] === 'man') return { kind: 'choice', choices: groups.filter((g) => g !== 'help') };
  if (c.path[0] === 'help') return undefined;
  if (/file$/i.test(first.name)) return { kind: 'file', choices: [] };
  return undefined;
}

function positionalOf(c: CommandNode, groups: string[]): PositionalEntry[] {
  const out: PositionalEntry[] = [];
  const first = firstPositional(c, groups);
  if (first) out.push({ index: 0, variadic: false, ...first });
  c.args.forEach((a, index) => {
    const values = ARGUMENT_VALUES[`${key(c.path)}|${a.name}`];
    // The shells match a variadic argument's pattern at any position: only a first one can be.
    if (values && a.variadic && index > 0) throw new Error(`${key(c.path)}: completion of a variadic argument after others is not supported`);
    if (values && !(first && index === 0)) out.push({ index, variadic: a.variadic, kind: 'choice', choices: [...values()], assign: a.name === 'assignments' });
  });
  return out;
}

export function completionData(root: CommandNode): CompletionData {
  const data: CompletionData = { children: new Map(), aliases: new Map(), flags: new Map(), globals: [], positional: new Map(), assignValues: new Map(), outputFormats: new Map() };
  const allFormats = root.options.find((o) => o.long === '--output')?.choices ?? [];
  const globalSeen = new Set<string>();
  const groups = root.children.map((c) => c.name);
  for (const c of allCommands(root)) {
    const k = key(c.path);
    if (c.children.length) {
      data.children.set(k, c.children.map((ch) => [ch.name, ch.summary.replace(/\s+/g, ' ').trim()]));
      for (const ch of c.children) for (const a of ch.aliases) data.aliases.set(`${k}|${a}`, ch.name);
    }
    const own: FlagEntry[] = [];
    for (const o of c.options) {
      if (o.global) {
        const id = o.long ?? o.short ?? o.flags;
        if (!globalSeen.has(id)) {
          globalSeen.add(id);
          data.globals.push(flagEntry(o, k));
        }
      } else {
        own.push(flagEntry(o, k));
      }
    }
    if (c.path.length) data.flags.set(k, own);
    // -o only where the command honours it; markdown only with a Markdown view.
    if (c.path.length && !c.children.length) {
      data.outputFormats.set(k, c.output ? allFormats.filter((f) => f !== 'markdown' || c.markdown) : []);
    }
    const pos = positionalOf(c, groups);
    if (pos.length) data.positional.set(k, pos);
    for (const [name, values] of Object.entries(ASSIGNMENT_VALUES[k]?.() ?? {})) data.assignValues.set(`${k}|${name}`, values);
  }
  data.globals.push({ names: ['-h', '--help'], description: 'show help', kind: 'none', choices: [] });
  return data;
}

/** Quotes for POSIX shells and fish: single quotes, with embedded ones closed and escaped. */
export function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** fish escapes a single quote inside single quotes with a backslash. */
export function fishq(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export const GENERATED_NOTE = 'Generated from the command tree by `npm run docs`; do not edit by hand.';

/** How a value is completed, as the shell functions read it: `choice A B`, `profile`, `file`, … */
export function valueSpec(kind: ValueKind, choices: string[]): string {
  return kind === 'choice' ? `choice ${choices.join(' ')}` : kind;
}

/**
 * The `case` arms bash and zsh share: the value kind of each flag (per command, then the global
 * ones for any command) and of first positional arguments. `print` renders the arm's output command.
 */
export function valueCaseArms(data: CompletionData, print: (s: string) => string): { values: string[]; positional: string[]; assignments: string[] } {
  const values: string[] = [];
  const arm = (pattern: string, f: FlagEntry) => {
    if (f.kind !== 'none') values.push(`    ${pattern}) ${print(valueSpec(f.kind, f.choices))} ;;`);
  };
  for (const [path, fl] of data.flags) for (const f of fl) arm(f.names.map((n) => sq(`${path}|${n}`)).join('|'), f);
  // -o per command (before the global arm, which the root and groups keep): only the formats it takes.
  for (const [formats, paths] of byFormats(data)) {
    values.push(`    ${paths.flatMap((p) => ['-o', '--output'].map((n) => sq(`${p}|${n}`))).join('|')}) ${print(valueSpec('choice', formats))} ;;`);
  }
  for (const f of data.globals) arm(f.names.map((n) => `*${sq(`|${n}`)}`).join('|'), f);
  // `path|N`: the Nth positional (from 0); a variadic one takes every later position too.
  const positional = [...data.positional].flatMap(([path, entries]) =>
    entries.map((p) => `    ${p.variadic ? `${sq(`${path}|`)}*` : sq(`${path}|${p.index}`)}) ${print(p.assign ? `assign ${p.choices.join(' ')}` : valueSpec(p.kind, p.choices))} ;;`),
  );
  return { values, positional, assignments: assignmentArms(data, print) };
}

/** The commands by the -o formats they take: `[formats, paths]`, one entry per distinct set. */
export function byFormats(data: CompletionData): [string[], string[]][] {
  const groups = new Map<string, [string[], string[]]>();
  for (const [path, formats] of data.outputFormats) {
    const k = formats.join(' ');
    if (!groups.has(k)) groups.set(k, [formats, []]);
    groups.get(k)![1].push(path);
  }
  return [...groups.values()];
}

/** `path|KEY`) arms printing the values completed after `KEY=`, space-separated. */
export function assignmentArms(data: CompletionData, print: (s: string) => string): string[] {
  return [...data.assignValues].map(([k, values]) => `    ${sq(k)}) ${print(values.join(' '))} ;;`);
}
