// Files only this user may have written: the V8 code cache (src/app-loader.ts) and the unpacked
// keyring binding of the single executable (src/sea/keyring.ts) both end up as code this process
// runs, so a file or directory another user can write to, or a symlink, must never be used.

import { chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const uid = (): number | undefined => process.getuid?.();

/** forgectl's directory `sub` of the user's cache ($XDG_CACHE_HOME when absolute, else ~/.cache); throws without a home. */
export function userCacheDir(sub: string): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg?.startsWith('/') ? xdg : join(homedir(), '.cache'), 'forgectl', sub);
}

/** Makes `dir` a directory of ours with mode 0700, or throws why not. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory`);
  if (st.uid !== uid()) throw new Error(`${dir} is owned by another user`);
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * Writes `file` aside and renames it over (a concurrent run never reads half of it). The aside file
 * is created with O_EXCL, which follows no symlink; rename replaces a symlink at `file`, never its target.
 */
export function writePrivateFile(file: string, data: Buffer): void {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, data, { mode: 0o600, flag: 'wx' });
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

/**
 * A descriptor of `file`, open for reading, if it is a regular file (not a symlink) owned by this user
 * and writable by no one else, in a directory that is the same; otherwise undefined. The caller closes it.
 */
export function openPrivateFile(file: string): number | undefined {
  let fd: number | undefined;
  try {
    const dir = lstatSync(dirname(file));
    if (!dir.isDirectory() || dir.uid !== uid() || (dir.mode & 0o022) !== 0) return undefined;
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    if (st.isFile() && st.uid === uid() && (st.mode & 0o022) === 0) return fd;
  } catch {
    // Missing or unreadable: undefined.
  }
  if (fd !== undefined) closeSync(fd);
  return undefined;
}

/** The contents of `file` on the terms of openPrivateFile; otherwise undefined. */
export function readPrivateFile(file: string): Buffer | undefined {
  const fd = openPrivateFile(file);
  if (fd === undefined) return undefined;
  try {
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
