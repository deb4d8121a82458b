// A file system error in words (`no such file`, not `ENOENT`), for every "cannot read FILE" message.

import { UsageError } from './errors.js';

const WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EISDIR: 'is a directory',
  ENOTDIR: 'a parent is not a directory',
  EEXIST: 'a file is in the way',
  ENOSPC: 'no space left on the device',
  ELOCKED: 'another forgectl is writing it',
};

/** What went wrong, in words where the code is a common one, else the system's message. */
export function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return (e.code && WORDS[e.code]) ?? e.code ?? e.message;
}

/** `cannot read WHAT: no such file` (exit 2); a UsageError (a file too large) is returned as it is. */
export function cannotRead(what: string, err: unknown, hint?: string): UsageError {
  if (err instanceof UsageError) return err;
  return new UsageError(`cannot read ${what}: ${describeFsError(err)}`, hint);
}
