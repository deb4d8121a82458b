// The layout of --help, through commander's Help hooks: commands before options, a switch and its
// `--no-` form as one `--[no-]flag` line, and below the root the global options as one short
// inherited block (they are described once, in `forgectl --help` and forgectl(1)).

import { Help, type Command, type Option } from 'commander';
import { GLOBAL_HEADING } from './command.js';

const INHERITED_HEADING = 'Inherited options (described in `forgectl --help`):';

/**
 * Items whose long flag is `--x` and that also have `--no-x` among them are marked `negatable`;
 * the `--no-x` item is left out. A `--no-x` alone (`--no-color`) stays as it is.
 */
export function pairNegatables<T extends { long?: string }>(items: T[]): { item: T; negatable: boolean }[] {
  const longs = new Set(items.map((i) => i.long));
  return items
    .filter((i) => !(i.long?.startsWith('--no-') && longs.has(`--${i.long.slice(5)}`)))
    .map((item) => ({ item, negatable: !!item.long && longs.has(`--no-${item.long.slice(2)}`) }));
}

/** `--x` shown as `--[no-]x`, in the flags help and man pages print. */
export function negatableFlags(flags: string): string {
  return flags.replace(/(^|[\s,])--(?!no-)/, '$1--[no-]');
}

const isGlobal = (o: Option) => o.helpGroupHeading === GLOBAL_HEADING;

/** A command as its name, alias and arguments: every command takes options, so `[options]` on each line says nothing. */
function subcommandTerm(cmd: Command): string {
  const args = cmd.registeredArguments.map((a) => {
    const name = a.name() + (a.variadic ? '...' : '');
    return a.required ? `<${name}>` : `[${name}]`;
  }).join(' ');
  return [cmd.name() + (cmd.aliases()[0] ? `|${cmd.aliases()[0]}` : ''), args].filter(Boolean).join(' ');
}

/** The command's own options (the root keeps the global ones: its page describes them), pairs merged. */
function visibleOptions(this: Help, cmd: Command): Option[] {
  const shown = Help.prototype.visibleOptions.call(this, cmd).filter((o) => !cmd.parent || !isGlobal(o));
  return pairNegatables(shown).map(({ item, negatable }) => {
    if (!negatable) return item;
    // A copy, so the option the parser uses keeps its flags.
    return Object.assign(Object.create(Object.getPrototypeOf(item) as object) as Option, item, { flags: negatableFlags(item.flags) });
  });
}

/** The global options a command takes, as terms packed into lines of the help's width. */
function inheritedBlock(cmd: Command, helper: Help): string[] {
  // Only those the command honours: the others are hidden (src/core/global-scope.ts), as on a group.
  const terms = cmd.options.filter((o) => isGlobal(o) && !o.hidden).map((o) => helper.optionTerm(o));
  if (cmd.parent && cmd.commands.length) {
    // A group's commands differ in what they take: each one's help says.
    const path: string[] = [];
    for (let c: Command | null = cmd; c?.parent; c = c.parent) path.unshift(c.name());
    return [helper.boxWrap(`Run \`forgectl ${path.join(' ')} COMMAND --help\` for a command's options and the global options it takes.`, helper.helpWidth ?? 80), ''];
  }
  if (!cmd.parent || !terms.length) return [];
  const width = (helper.helpWidth ?? 80) - 2;
  const lines: string[] = [];
  for (const term of terms) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 3 + term.length <= width) lines[lines.length - 1] = `${last}   ${term}`;
    else lines.push(term);
  }
  return [helper.styleTitle(INHERITED_HEADING), ...lines.map((l) => `  ${helper.styleOptionText(l)}`), ''];
}

function formatHelp(this: Help, cmd: Command, helper: Help): string {
  const termWidth = helper.padWidth(cmd, helper);
  const item = (term: string, description: string) => helper.formatItem(term, termWidth, description, helper);
  let out = [`${helper.styleTitle('Usage:')} ${helper.styleUsage(helper.commandUsage(cmd))}`, ''];
  const description = helper.commandDescription(cmd);
  if (description) out.push(helper.boxWrap(helper.styleCommandDescription(description), helper.helpWidth ?? 80), '');
  const args = helper.visibleArguments(cmd).map((a) => item(helper.styleArgumentTerm(helper.argumentTerm(a)), helper.styleArgumentDescription(helper.argumentDescription(a))));
  out = out.concat(helper.formatItemList('Arguments:', args, helper));
  // What to run comes first, then how to tune it.
  const commands = helper.groupItems([...cmd.commands], helper.visibleCommands(cmd), (sub) => sub.helpGroup() || 'Commands:');
  commands.forEach((subs, heading) => {
    const list = subs.map((sub) => item(helper.styleSubcommandTerm(helper.subcommandTerm(sub)), helper.styleSubcommandDescription(helper.subcommandDescription(sub))));
    out = out.concat(helper.formatItemList(heading, list, helper));
  });
  const options = helper.groupItems([...cmd.options], helper.visibleOptions(cmd), (o) => o.helpGroupHeading ?? 'Options:');
  options.forEach((opts, heading) => {
    const list = opts.map((o) => item(helper.styleOptionTerm(helper.optionTerm(o)), helper.styleOptionDescription(helper.optionDescription(o))));
    out = out.concat(helper.formatItemList(heading, list, helper));
  });
  out = out.concat(inheritedBlock(cmd, helper));
  return out.join('\n');
}

/** For `configureHelp`: set on the root, inherited by every command created under it. */
export const HELP_LAYOUT: Partial<Help> = { subcommandTerm, visibleOptions, formatHelp, minWidthToWrap: 20 };
