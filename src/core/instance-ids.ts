// Ids that name an object on one instance: the same number is another object, or none, on the next
// (`broadcast delete 3` over three instances deleted three unrelated messages). A write declares
// where its command line may carry one (`localIds` in defineCommand); over more than one instance
// such a line is refused before any request (src/fleet.ts), whatever `--yes` says.

import { UsageError } from './errors.js';

/** What a command declares: which object its line names by an instance's own id, and what to write instead. */
export interface LocalIds<O> {
  /** The object named by a numeric id (`broadcast message 3`), or undefined when the line names none. */
  named: (args: string[], opts: O) => string | undefined;
  /** How to name it by what is the same everywhere (`--message TEXT`), when the command has a way. */
  instead?: string;
  /**
   * The first object the file the command reads names by an id (`envs apply -f`), read before any
   * instance runs; `readStdin` is the run's one standard input, which the instances read again.
   */
  inFile?: (opts: O, readStdin: (what: string) => Promise<string>) => Promise<IdInFile | undefined>;
}

/** An id in a file: where it stands (`envs.yaml: production.deploy[1]`), what it names, what to write instead. */
export interface IdInFile {
  where: string;
  named: string;
  instead: string;
}

const NUMERIC = /^\s*\d+\s*$/;

/** `what N` for the first of the values that is a numeric id (an option may be repeated). */
export function numericId(value: string | readonly string[] | undefined, what: string): string | undefined {
  const values = value === undefined ? [] : typeof value === 'string' ? [value] : value;
  const id = values.find((v) => NUMERIC.test(v));
  return id === undefined ? undefined : `${what} ${id.trim()}`;
}

/**
 * The project (or group, for epics) of a reference when it is given by id: `42!7`, or `42 7` in the
 * two-argument form. A path (`acme/api!7`) is the same everywhere; a bare `!7` takes the project from
 * the git checkout, by path.
 */
export function refParentId(args: readonly string[], what = 'project'): string | undefined {
  const first = args[0]?.trim() ?? '';
  const sigil = /^(.*)([!#$&])[^!#$&]*$/.exec(first);
  if (sigil) return numericId(sigil[1], sigil[2] === '&' ? 'group' : 'project');
  return args.length >= 2 ? numericId(first, what) : undefined;
}

/** `user 4` or `group 12` in access entries (`user=4`, `group=12,required=2`): users and groups by id. */
export function entryIds(entries: readonly string[] | undefined): string | undefined {
  for (const entry of entries ?? []) {
    const m = /(?:^|,)\s*(user|group)(?:_id)?\s*=\s*(\d+)\s*(?:,|$)/.exec(entry);
    if (m) return `${m[1]} ${m[2]}`;
  }
  return undefined;
}

/** The first object found: the declarations list where an id may stand, in order. */
export function firstNamed(...found: (string | undefined)[]): string | undefined {
  return found.find((f) => f !== undefined);
}

/** Refuses a line naming an object by an instance's id, over `instances` (more than one) instances. */
export function refuseLocalIds<O>(ids: LocalIds<O> | undefined, args: string[], opts: O, command: string, instances: readonly string[]): void {
  const named = ids?.named(args, opts);
  if (!named || instances.length < 2) return;
  const instead = ids?.instead ? `name it by what is the same everywhere (${ids.instead}), or ` : '';
  throw new UsageError(
    `ids differ per instance: ${command} names ${named} by id, which is a different object (or none) on each of ${instances.join(', ')}`,
    `${instead}run it on one instance with -p NAME`,
  );
}

/** Refuses a file naming an object by an instance's id, over `instances` (more than one) instances. */
export async function refuseLocalIdsInFile<O>(ids: LocalIds<O> | undefined, opts: O, instances: readonly string[], readStdin: (what: string) => Promise<string>): Promise<void> {
  if (!ids?.inFile || instances.length < 2) return;
  const found = await ids.inFile(opts, readStdin);
  if (!found) return;
  throw new UsageError(
    `ids differ per instance: ${found.where} names ${found.named} by id, which is a different object (or none) on each of ${instances.join(', ')}`,
    `name it by what is the same everywhere (${found.instead}), or run it on one instance with -p NAME`,
  );
}
