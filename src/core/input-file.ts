// The files forgectl reads as input (an instance file, a saved plan, an environments or settings
// file): read under one bound and refused above it before any parsing, so a wrong path (a log, a disk
// image, /dev/zero) costs neither memory nor a parser's time.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError } from './errors.js';

/** Far above any instance, plan or settings file (a few kilobytes), far below what strains memory. */
export const MAX_INPUT_BYTES = 10 * 2 ** 20;

function tooLarge(where: string): UsageError {
  return new UsageError(`${where} is larger than 10 MB, the most forgectl reads as an input file`, 'check the path: an instance, plan, environments or settings file is a few kilobytes');
}

/**
 * A file's text (UTF-8), refused with a usage error (exit 2) above MAX_INPUT_BYTES: by its size when
 * it is a regular file, else while it is read. A file that cannot be read throws the system's error.
 */
export function readInputFile(path: string): string {
  return readBoundedFile(path, MAX_INPUT_BYTES, () => tooLarge(path));
}

/**
 * The one bounded reader: a file's text, `tooBig()` thrown past `maxBytes` (by its size when it is a
 * regular file, else while it is read, so a device or a log that goes on is never read to its end).
 */
export function readBoundedFile(path: string, maxBytes: number, tooBig: () => Error): string {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > maxBytes) throw tooBig();
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, maxBytes + 1));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      size += n;
      if (size > maxBytes) throw tooBig();
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Text read from standard input, held to the same bound before it is parsed. */
export function boundedInput(text: string, where: string): string {
  if (Buffer.byteLength(text) > MAX_INPUT_BYTES) throw tooLarge(where);
  return text;
}
