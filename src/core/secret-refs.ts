// A secret named by where it is, never written where it is used: `{env: NAME}`, `{file: PATH}` or
// `{command: "…"}` (run as `--token-command` is, without a shell). Instance files (`state`) and
// inventories name their secrets this way; both resolve them here.

import { isAbsolute, resolve } from 'node:path';
import { UsageError } from './errors.js';
import type { Redactor } from './redact.js';
import { runTokenCommand } from './token-command.js';
import { describeFsError } from './fs-errors.js';
import { readBoundedFile } from './input-file.js';

export type EnvRef = { env: string };
export type FileRef = { file: string };
export type CommandRef = { command: string };
export type SecretRef = EnvRef | FileRef | CommandRef;

/** The part of the command's Context resolving needs: core does not import the layer above it. */
export interface SecretContext {
  readonly env: NodeJS.ProcessEnv;
  readonly globals: { readonly timeout: number };
  readonly abort: { readonly signal: AbortSignal };
  readonly redactor: Pick<Redactor, 'add'>;
}

export interface ResolveOptions {
  /** A token is one line; a secret sent in a body may be a whole PEM block. */
  value?: 'token' | 'secret';
  /** Where a relative `{file}` path starts (the directory of the file that names it). */
  baseDir?: string;
  /** A failing command is bad input (exit 2) where the file is checked before anything is sent. */
  commandFailure?: 'usage' | 'as-is';
}

/** A secret is short: a file that goes on (a device, a log) is refused, not read to its end. */
const MAX_FILE_BYTES = 64 * 1024;

function readBounded(path: string): string {
  return readBoundedFile(path, MAX_FILE_BYTES, () => new UsageError(`${path} holds more than ${MAX_FILE_BYTES / 1024} KiB: not a secret`));
}

/** The reference as a person reads it in a message: never the value. */
export function refText(ref: SecretRef): string {
  if ('env' in ref) return `$${ref.env}`;
  if ('file' in ref) return `file ${ref.file}`;
  return `\`${ref.command}\``;
}

/** The value a reference names; `owner` says what it is for ("system_hooks[0].token"). Never logged. */
export async function resolveSecretRef(ctx: SecretContext, ref: SecretRef, owner: string, o: ResolveOptions = {}): Promise<string> {
  let value: string;
  if ('env' in ref) {
    value = ctx.env[ref.env] ?? '';
    if (!value) throw new UsageError(`${owner}: the environment variable ${ref.env} is not set (or empty)`, `export ${ref.env} before running forgectl`);
  } else if ('file' in ref) {
    const path = o.baseDir && !isAbsolute(ref.file) ? resolve(o.baseDir, ref.file) : ref.file;
    try {
      value = readBounded(path).trim();
    } catch (err) {
      if (err instanceof UsageError) throw new UsageError(`${owner}: ${err.message}`);
      throw new UsageError(`${owner}: cannot read ${path}: ${describeFsError(err)}`);
    }
    if (!value) throw new UsageError(`${owner}: ${path} is empty`);
  } else {
    try {
      value = await runTokenCommand(ref.command, { env: ctx.env, timeoutMs: ctx.globals.timeout * 1000, owner, signal: ctx.abort.signal, value: o.value ?? 'token' });
    } catch (err) {
      if (o.commandFailure !== 'usage') throw err;
      throw new UsageError(`${owner}: ${(err as Error).message}`);
    }
    if (!value) throw new UsageError(`${owner}: the command printed nothing`);
  }
  ctx.redactor.add(value);
  // Each line of a key too, should a message quote one alone (not its BEGIN and END lines, which are no secret).
  if (value.includes('\n')) for (const line of value.split('\n')) if (!line.startsWith('-----')) ctx.redactor.add(line);
  return value;
}
