// Man pages in roff (man macros): forgectl(1) for the whole tool, forgectl-GROUP(1) per command group.

import { negatableFlags, pairNegatables } from '../core/help.js';
import { GENERATED_NOTE } from './completion-data.js';
import { allCommands, type CommandNode, type OptionNode } from './tree.js';

const EXIT_CODES: [string, string][] = [
  ['0', 'success'],
  ['1', 'the request failed (API error not listed below, network or server error), or a watched operation ended failed'],
  ['2', 'usage or invalid input, detected before anything was sent'],
  ['3', 'not found (404)'],
  ['4', 'not authenticated or not allowed (401, 403, insufficient scope, sudo refused)'],
  ['5', 'differences or findings, only when asked with --exit-code (state plan, settings diff; token audit at or above --fail-on)'],
  ['130', 'interrupted (Ctrl-C), or a confirmation answered "no" (prints "cancelled"); after a write was sent, it says the change may have been applied and how to check'],
  ['fleet', 'with --profiles or --all-profiles, the worst of the instances\' codes, ranked 130, 1, 4, 3, 2, 5, 0'],
];

const ENVIRONMENT: [string, string][] = [
  ['FORGECTL_PROFILE', 'profile to use'],
  ['FORGECTL_PROFILES', 'a fleet: profiles (names or globs) to run each command on, when the command line names no instance; with FORGECTL_URL, FORGECTL_TOKEN or FORGECTL_PROFILE set too, exit 2'],
  ['FORGECTL_INVENTORY', 'the instances of a run come from this YAML file (see --inventory), when the command line names no --url or --token'],
  ['FORGECTL_URL, GITLAB_HOST, CI_SERVER_URL', 'base URL of the instance, in this order'],
  ['FORGECTL_TOKEN, GITLAB_TOKEN, CI_JOB_TOKEN', 'credential, in this order (CI_JOB_TOKEN is sent as a job token)'],
  ['FORGECTL_TOKEN_TYPE', 'personal, oauth or job (ignored with a warning over a fleet)'],
  ['FORGECTL_SUDO', 'user to act as (ignored with a warning over a fleet: a user is another person on each instance)'],
  ['FORGECTL_OUTPUT', 'default output format'],
  ['FORGECTL_DEBUG', 'set to 1 for the HTTP trace of --verbose'],
  ['FORGECTL_CONFIG_DIR', 'where profiles live'],
  ['FORGECTL_MAX_ANSWER_MB', 'largest answer read, in MB (default 100)'],
  ['NO_COLOR', 'no colour'],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'proxies'],
  ['NODE_EXTRA_CA_CERTS', 'extra CA certificates'],
];

/** Escapes text for roff: backslashes, dashes in option names, and lines starting with a control character. */
export function roff(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    // Escapes, not the characters: the bundle stays ASCII (src/app-loader.ts reads it as latin1).
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/\u2192/g, '\\(->')
    .replace(/\u2014/g, '\\(em')
    .replace(/\u2013/g, '\\(en')
    .replace(/[^\x00-\x7f]/g, (c) => `\\[u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
  return escaped
    .split('\n')
    .map((l) => (/^[.']/.test(l) ? `\\&${l}` : l))
    .join('\n');
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

function usage(c: CommandNode): string {
  const args = c.args.map((a) => {
    const n = a.variadic ? `${a.name}...` : a.name;
    return a.required ? n.toUpperCase() : `[${n.toUpperCase()}]`;
  });
  const opts = c.options.some((o) => !o.global) ? ['[OPTIONS]'] : [];
  return ['forgectl', ...c.path, ...opts, ...args].join(' ');
}

/** A switch whose `--no-` form the command also has is one item, `--[no-]x` (the `--no-` one says the opposite). */
function optionItem(o: OptionNode, negatable = false): string[] {
  const long = o.long && negatable ? negatableFlags(o.long) : o.long;
  const head = [o.short, long].filter(Boolean).map((n) => `\\fB${roff(n!)}\\fR`).join(', ') + (o.valueName ? ` \\fI${roff(o.valueName)}\\fR` : '');
  let text = o.description;
  if (o.choices?.length) text = `${text.replace(/\.?$/, '.')} One of: ${o.choices.join(', ')}.`;
  if (o.defaultValue !== undefined && !/default/i.test(o.description)) text = `${text.replace(/\.?$/, '.')} Default: ${o.defaultValue}.`;
  return ['.TP', head, roff(text)];
}

function examples(lines: string[]): string[] {
  if (!lines.length) return [];
  const out = ['.PP', '.RS 4', '.nf'];
  for (const e of lines) out.push(roff(e.startsWith('#') ? e : `$ ${e}`));
  out.push('.fi', '.RE');
  return out;
}

// The manual's revision date; `man` shows it in the footer. Bump it with the pages' content.
const MAN_DATE = '2026-11-25';

/** Drops paragraph macros that directly follow a heading, where they are redundant. */
export function tidy(lines: string[]): string {
  const out: string[] = [];
  for (const l of lines) {
    if (l === '.PP' && /^\.S[HS]\b/.test(out.at(-1) ?? '')) continue;
    out.push(l);
  }
  return `${out.join('\n')}\n`;
}

export function manHeader(name: string, summary: string, version: string, section = 1): string[] {
  return [
    `.\\" ${GENERATED_NOTE}`,
    `.TH ${roff(name.toUpperCase())} ${section} ${MAN_DATE} "forgectl ${version}" "forgectl manual"`,
    '.SH NAME',
    `${roff(name)} \\- ${roff(summary)}`,
  ];
}

function commandSection(c: CommandNode): string[] {
  const out = ['.SS ' + roff(c.path.join(' ')), '.PP', `\\fB${roff(usage(c))}\\fR`];
  for (const p of paragraphs(c.description)) out.push('.PP', roff(p));
  if (c.aliases.length) out.push('.PP', roff(`Alias: ${c.aliases.join(', ')}.`));
  const own = c.options.filter((o) => !o.global);
  if (own.length) {
    out.push('.PP', 'Options:');
    for (const { item, negatable } of pairNegatables(own)) out.push(...optionItem(item, negatable));
  }
  if (c.writes) out.push('.PP', roff('Takes --dry-run: prints the requests it would send, credentials redacted, and sends nothing.'));
  if (c.exitCodes.length) {
    out.push('.PP', 'Exit codes:');
    for (const e of c.exitCodes) out.push('.br', roff(e));
  }
  return out;
}

/** One page per top-level command: `forgectl-token.1` documents every `token` subcommand. */
export function groupPage(group: CommandNode, version: string): string {
  const commands = allCommands(group).filter((c) => c.children.length === 0);
  const out = [
    ...manHeader(`forgectl-${group.name}`, group.summary, version),
    '.SH SYNOPSIS',
    ...commands.flatMap((c, i) => (i ? ['.br', `\\fB${roff(usage(c))}\\fR`] : [`\\fB${roff(usage(c))}\\fR`])),
    '.SH DESCRIPTION',
    ...paragraphs(group.description).flatMap((p) => ['.PP', roff(p)]),
    '.PP',
    roff('Every command also takes the global options of forgectl(1).'),
    '.SH COMMANDS',
    ...commands.flatMap(commandSection),
    '.SH EXAMPLES',
    ...commands.flatMap((c) => ['.SS ' + roff(c.path.join(' ')), ...examples(c.examples)]),
    '.SH EXIT STATUS',
    ...EXIT_CODES.flatMap(([code, text]) => ['.TP', `\\fB${code}\\fR`, roff(text)]),
    '.SH SEE ALSO',
    // The file a group reads has a page of its own in section 5.
    group.name === 'state' ? '\\fBforgectl\\-state\\fR(5), \\fBforgectl\\fR(1)' : '\\fBforgectl\\fR(1)',
  ];
  return tidy(out);
}

/** A summary as a sentence, so the pointer after it starts a new one. */
function sentence(summary: string): string {
  return /[.!?]$/.test(summary) ? summary : `${summary}.`;
}

export function mainPage(root: CommandNode, version: string): string {
  const globals = root.options.filter((o) => o.global || root.path.length === 0);
  const out = [
    ...manHeader('forgectl', root.summary, version),
    '.SH SYNOPSIS',
    '\\fBforgectl\\fR [\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]',
    '.SH DESCRIPTION',
    ...paragraphs(root.description).flatMap((p) => ['.PP', roff(p)]),
    '.PP',
    roff('Global options are accepted before or after the command. Settings are taken from flags first, then environment variables, then the profile.'),
    '.SH COMMANDS',
    ...root.children.flatMap((c) => ['.TP', `\\fB${roff(c.name)}\\fR`, `${roff(sentence(c.summary))} See \\fBforgectl\\-${roff(c.name)}\\fR(1).`]),
    '.SH GLOBAL OPTIONS',
    ...pairNegatables(globals).flatMap(({ item, negatable }) => optionItem(item, negatable)),
    '.SH EXAMPLES',
    ...examples(root.examples),
    '.SH ENVIRONMENT',
    ...ENVIRONMENT.flatMap(([k, v]) => ['.TP', `\\fB${roff(k)}\\fR`, roff(v)]),
    '.SH FILES',
    '.TP',
    '\\fI$XDG_CONFIG_HOME/forgectl/config.json\\fR',
    roff('Profiles: instance URL, token, TLS options. Written atomically, mode 0600, in a 0700 directory.'),
    '.SH EXIT STATUS',
    ...EXIT_CODES.flatMap(([code, text]) => ['.TP', `\\fB${code}\\fR`, roff(text)]),
    '.SH SEE ALSO',
    root.children.filter((c) => c.name !== 'help').map((c) => `\\fBforgectl\\-${roff(c.name)}\\fR(1)`)
      .join(', '),
  ];
  return tidy(out);
}

/** File name → content, for every page. */
export function manPages(root: CommandNode, version: string): Map<string, string> {
  const pages = new Map<string, string>([['forgectl.1', mainPage(root, version)]]);
  for (const g of root.children.filter((c) => c.name !== 'help')) pages.set(`forgectl-${g.name}.1`, groupPage(g, version));
  return pages;
}
