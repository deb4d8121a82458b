// Files a command writes where the user says (`state plan --out`, `state export -f`, `token rotate
// --secrets-to`): a command declares them (`outputFiles`) and this module is the one rule for all.
// A name may hold {profile}; over a fleet it must, so no two instances write one file. The path is a
// regular file (a symlink to one is written through, as config.json is) or `-`, standard output:
// anything else there (a device, a FIFO, a socket, a directory) is refused before any request.

import { accessSync, closeSync, constants, fstatSync, fsyncSync, lstatSync, openSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { CommandFailedError, UsageError } from './errors.js';

export const PROFILE_MARK = '{profile}';
/** The name that means standard output. */
export const STDOUT_NAME = '-';

/** One option that names a file the command writes. */
export interface OutputFileOption {
  /** As messages name it: `--out`, `-f`. */
  flag: string;
  /** The file must not exist yet (a secrets file is never written over). */
  fresh?: boolean;
}

/** A command's file-writing options, by option key (`out`, `secretsTo`). */
export type OutputFiles = Record<string, OutputFileOption>;

function lstatSafe(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** `stat`, or undefined where nothing (reachable) is there. */
export function statSafe(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Where a write of `path` lands: a symbolic link is written through, never replaced. */
export function writeTarget(path: string): string {
  if (!lstatSafe(path)?.isSymbolicLink()) return path;
  try {
    return realpathSync(path);
  } catch {
    // A link to a file not created yet: the file it names.
    return resolve(dirname(path), readlinkSync(path));
  }
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/** Whether `st` is the file this process's standard output or error is. */
function isStdStream(st: Stats): boolean {
  return [1, 2].some((fd) => {
    try {
      const std = fstatSync(fd);
      return std.isFile() && std.dev === st.dev && std.ino === st.ino;
    } catch {
      return false;
    }
  });
}

/** The file name with `{profile}` replaced; a name asking for it with no profile in use is refused. */
export function expandProfile(flag: string, name: string, profile: string | undefined): string {
  if (!name.includes(PROFILE_MARK)) return name;
  if (!profile) throw new UsageError(`${flag} ${name}: ${PROFILE_MARK} names the profile in use, and there is none`, 'choose one with -p NAME (or run over several with --profiles)');
  return name.split(PROFILE_MARK).join(profile);
}

/** Refuses, before any request, a name that is no place for the file: only a regular file (or a link to one), a new one, or `-`. */
export function checkOutputPath(flag: string, path: string, o: Pick<OutputFileOption, 'fresh'> = {}): void {
  if (!path.trim()) throw new UsageError(`${flag} needs a file name`, `or ${STDOUT_NAME} for standard output`);
  if (path === STDOUT_NAME) return;
  const own = lstatSafe(path);
  if (own && o.fresh) throw new UsageError(`${flag}: ${path} already exists; give a new file`);
  const st = own?.isSymbolicLink() ? statSafe(path) : own;
  // `/dev/stdout` redirected to a file: renaming over that file would lose what goes to standard output.
  if (st && isStdStream(st)) throw new UsageError(`${flag} ${path} is this run's standard output or error`, `give ${STDOUT_NAME} for standard output`);
  if (st && !st.isFile()) {
    throw new UsageError(`${flag} ${path} is ${kindOf(st)}, not a regular file: nothing was sent`, `name a regular file, or ${STDOUT_NAME} for standard output`);
  }
  const dir = dirname(writeTarget(path));
  if (!statSafe(dir)?.isDirectory()) throw new UsageError(`${flag} ${path}: ${dir} is not a directory`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`${flag} ${path}: directory ${dir} is not writable`);
  }
}

/** The file a path lands in, for comparing two names: the directory resolved, a link followed. */
function landing(path: string): string {
  const target = resolve(writeTarget(path));
  const dir = dirname(target);
  let real = dir;
  try {
    real = realpathSync(dir);
  } catch {
    // Refused by checkOutputPath already.
  }
  return join(real, basename(target));
}

/** Whether two names are one file (a link to the other, or the same name written two ways). */
export function sameFile(a: string, b: string): boolean {
  return landing(a) === landing(b);
}

/** `p.json` → `p-{profile}.json`: how a fleet's name could read. */
function withMark(name: string): string {
  const ext = extname(name);
  return `${name.slice(0, name.length - ext.length)}-${PROFILE_MARK}${ext}`;
}

/**
 * Over a fleet, before any instance runs: each file option names a file per instance ({profile}),
 * each a place `checkOutputPath` accepts, no two the same. `-` only for one instance: several
 * documents one after the other on standard output are no document a reader can take.
 */
export function checkFleetFiles(files: OutputFiles | undefined, opts: Record<string, unknown>, names: readonly string[]): void {
  for (const [key, option] of Object.entries(files ?? {})) {
    const name = opts[key];
    if (typeof name !== 'string') continue;
    if (name === STDOUT_NAME) {
      if (names.length > 1) throw new UsageError(`${option.flag} ${STDOUT_NAME} would print the ${names.length} instances' documents one after the other on standard output: give a file name with ${PROFILE_MARK} instead, one file per instance`);
      continue;
    }
    if (names.length > 1 && !name.includes(PROFILE_MARK)) {
      throw new UsageError(`${option.flag} ${name} would be written by each of the ${names.length} instances, each over the one before`, `put ${PROFILE_MARK} in the name, one file per instance: ${option.flag} '${withMark(name)}'`);
    }
    const seen = new Map<string, string>();
    for (const profile of names) {
      const path = expandProfile(option.flag, name, profile);
      checkOutputPath(option.flag, path, option);
      const at = landing(path);
      const other = seen.get(at);
      if (other !== undefined) throw new UsageError(`${option.flag}: ${other} and ${path} are one file; each instance needs its own`);
      seen.set(at, path);
    }
  }
}

/** Whether a file option names standard output (`-`): the document printed there must stand alone. */
export function documentToStdout(files: OutputFiles | undefined, opts: Record<string, unknown>): boolean {
  return Object.keys(files ?? {}).some((key) => opts[key] === STDOUT_NAME);
}

/** The options with each file name expanded for `profile` (asked only when a name holds {profile}) and checked. */
export async function resolveOutputFiles<O extends Record<string, unknown>>(files: OutputFiles | undefined, opts: O, profile: () => Promise<string | undefined>): Promise<O> {
  if (!files) return opts;
  const out: Record<string, unknown> = { ...opts };
  for (const [key, option] of Object.entries(files)) {
    const name = out[key];
    if (typeof name !== 'string') continue;
    const path = expandProfile(option.flag, name, name.includes(PROFILE_MARK) ? await profile() : undefined);
    checkOutputPath(option.flag, path, option);
    out[key] = path;
  }
  return out as O;
}

/** Writes `text` to `target` whole or not at all: a file beside it, synced, then renamed over it. Throws the file system's error. */
export function replaceWhole(target: string, text: string, mode: number): void {
  // Unique per process and call, and 'wx' refuses a leftover file.
  // The target's name cut short: a name near the file system's limit (255 bytes) must leave room for the suffix.
  const tmp = join(dirname(target), `.${basename(target).slice(0, 40)}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`);
  try {
    const fd = openSync(tmp, 'wx', mode);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * Writes an output file the user named (already checked): whole or not at all (a plan or an export
 * cut short would read as "delete the rest"), through a symlink. Checked again just before, since the
 * run took a while and a rename would replace whatever is there now.
 */
export function writeOutputFile(flag: string, path: string, text: string, mode = 0o644): void {
  checkOutputPath(flag, path);
  try {
    replaceWhole(writeTarget(path), text, mode);
  } catch (e) {
    throw new CommandFailedError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
