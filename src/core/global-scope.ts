// Which global options a command honours, from its declaration: its --help lists only those, and
// `-o`/`--fields` given to a command whose output is fixed are refused before anything is sent.

import type { Command, Option } from 'commander';
import { UsageError } from './errors.js';
import type { OutputFormat } from './output.js';

/** What a command declares about the global options (each has a default; see `honours`). */
export interface GlobalScope {
  /** Sends requests to an instance: connection, TLS, --sudo, --verbose (default true). */
  instance?: boolean;
  /** Reads the profiles (--profile, --config-dir) without reaching an instance (default: as `instance`). */
  profiles?: boolean;
  /** Prints through the shared formatters, so -o and --fields apply (default true). */
  output?: boolean;
  /** --fields picks what it prints (default: as `output`). */
  fields?: boolean;
  /** The format when neither -o nor FORGECTL_OUTPUT chooses one (`api` prints JSON). */
  defaultOutput?: OutputFormat;
  /** Takes its instances from --inventory (default: as `instance`, and `profile list`). */
  inventory?: boolean;
  /** Runs once per instance under --profiles (default: as `instance`); false for one that sends elsewhere (`alerts send`). */
  fleet?: boolean;
  /** Reads a list page by page: --all, --page, --per-page, --limit (default: the command is named `list`). */
  pages?: boolean;
}

/** The declaration as the scope needs it: BaseSpec in command.ts has these fields. */
export interface ScopedSpec {
  name: string;
  writes?: boolean;
  globals?: GlobalScope;
  /** `local`: the command reaches no instance (the fleet runner's marker); same as `globals.instance: false`. */
  scope?: string;
}

type Use = 'instance' | 'profiles' | 'fleet' | 'inventory' | 'output' | 'fields' | 'pages' | 'writes' | 'always';

/** Each global option (by attribute name) and what it is for; one not named here reaches instances. */
const USE: Record<string, Use> = {
  profile: 'profiles',
  configDir: 'profiles',
  // A fleet selection: every command that reaches an instance, and `profile list`, which shows it.
  profiles: 'fleet',
  allProfiles: 'fleet',
  inventory: 'inventory',
  fleetConcurrency: 'fleet',
  serial: 'fleet',
  output: 'output',
  fields: 'fields',
  all: 'pages',
  page: 'pages',
  perPage: 'pages',
  limit: 'pages',
  dryRun: 'writes',
  yes: 'writes',
  color: 'always',
};

function uses(spec: ScopedSpec | undefined): Record<Use, boolean> {
  const g = spec?.globals ?? {};
  const instance = g.instance ?? spec?.scope !== 'local';
  return {
    instance,
    profiles: g.profiles ?? instance,
    fleet: g.fleet ?? (instance || spec?.scope === 'selection'),
    inventory: g.inventory ?? (instance || spec?.scope === 'selection'),
    output: g.output ?? true,
    fields: g.fields ?? g.output ?? true,
    pages: g.pages ?? spec?.name.split(' ')[0] === 'list',
    writes: !!spec?.writes,
    always: true,
  };
}

/** Whether the command declared by `spec` honours the global option `key` (its attribute name). */
export function honours(spec: ScopedSpec | undefined, key: string): boolean {
  // A command without a declaration (the root) takes them all.
  if (!spec) return true;
  return uses(spec)[USE[key] ?? 'instance'];
}

/** The format a command prints in when none is chosen, if it declares one. */
export function defaultOutputOf(spec: ScopedSpec | undefined): OutputFormat | undefined {
  return spec?.globals?.defaultOutput;
}

/** Hides from --help the global options the command does not honour (they are still parsed). */
export function hideUnhonoured(cmd: Command, spec: ScopedSpec | undefined, globals: Option[]): void {
  for (const o of globals) if (!honours(spec, o.attributeName())) o.hideHelp();
}

/** How a global option is written on the command line: `-o/--output`, `--page`. */
function flagOf(o: Option): string {
  return [o.short, o.long].filter(Boolean).join('/');
}

/**
 * A global option the command does not honour would be silently ignored (`token audit --page 9`
 * started at page 9 and passed; `-o json` on fixed text gives a script something else). Refused
 * instead, wherever on the line it was given, naming it: exit 2 before anything is sent. Its --help
 * hides exactly these (`hideUnhonoured`), so what help lists is what is accepted.
 */
export function refuseUnhonoured(cmd: Command, spec: ScopedSpec | undefined, isGlobal: (o: Option) => boolean): void {
  if (!spec) return;
  const use = uses(spec);
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const o of c.options) {
      const key = o.attributeName();
      if (!isGlobal(o) || c.getOptionValueSource(key) !== 'cli' || honours(spec, key)) continue;
      const words: string[] = [];
      for (let w: Command | null = cmd; w?.parent; w = w.parent) words.unshift(w.name());
      const name = `forgectl ${words.join(' ')}`;
      const flag = flagOf(o);
      const help = `\`${name} --help\` lists the options it takes`;
      if (USE[key] === 'fleet' && !use.instance) throw new UsageError(`${words.join(' ')} reaches no instance: ${flag} does not apply to it`, `run it without ${flag}`);
      const why = USE[key] === 'output' || USE[key] === 'fields' ? ': what it prints has one form' : USE[key] === 'fleet' ? ': it runs once, not once per instance' : '';
      throw new UsageError(`${name} does not take ${flag}${why}`, `leave ${flag} out; ${help}`);
    }
  }
}
