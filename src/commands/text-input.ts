// Long text for a write (a note body, a description, wiki content): from a flag, from a file, or
// from standard input when the flag's value is `-`. Checked before anything is sent.

import { readFileSync, statSync } from 'node:fs';
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import { describeFsError } from '../core/fs-errors.js';

export interface TextSource {
  /** The flag value (`-` reads standard input). */
  value?: string;
  /** A file to read instead. */
  file?: string;
}

/** Reads a file a command will use, with a usage error (exit 2) when it cannot. */
export function readTextFile(flag: string, path: string): string {
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new UsageError(`${flag}: no such file: ${path}`);
  }
  if (!isFile) throw new UsageError(`${flag}: not a regular file: ${path}`);
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag}: cannot read ${path}: ${describeFsError(e)}`);
  }
}

/**
 * The text of `flag` / `fileFlag`, or undefined when neither is given. Both at once, or an empty
 * text, is a usage error.
 */
export async function readText(ctx: Context, src: TextSource, flag: string, fileFlag: string, what: string): Promise<string | undefined> {
  if (src.value !== undefined && src.file !== undefined) throw new UsageError(`${flag} and ${fileFlag} cannot be used together`);
  let text: string | undefined;
  if (src.file !== undefined) text = readTextFile(fileFlag, src.file);
  else if (src.value === '-') text = (await ctx.readStdin(what)).replace(/\r?\n$/, '');
  else text = src.value;
  if (text !== undefined && !text.trim()) throw new UsageError(`the ${what} is empty`, `give it with ${flag} TEXT, ${flag} - (standard input) or ${fileFlag} FILE`);
  return text;
}

export async function requireText(ctx: Context, src: TextSource, flag: string, fileFlag: string, what: string): Promise<string> {
  const text = await readText(ctx, src, flag, fileFlag, what);
  if (text === undefined) throw new UsageError(`the ${what} is required`, `give it with ${flag} TEXT, ${flag} - (standard input) or ${fileFlag} FILE`);
  return text;
}
