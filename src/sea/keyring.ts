// Stands in for @napi-rs/keyring in the single executable. The binding's .node file travels as an
// asset of the executable, but dlopen needs a file: it is written once into a directory only this
// user can reach, under a name made from its hash, so a new build never loads an older binding.
// Any failure here rejects the import, which the credential store reports like a missing binding:
// the file fallback applies as in the npm package.

import { createHash } from 'node:crypto';
import { closeSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAsset } from 'node:sea';
import { makePrivateDir, openPrivateFile, userCacheDir, writePrivateFile } from '../core/private-files.js';

type Binding = typeof import('@napi-rs/keyring');

/** The asset's key, as scripts/build-executable.mjs names it. */
const ASSET = 'keyring.node';

/** A descriptor of `file` if it is ours (openPrivateFile) and holds `bytes`; the caller closes it. */
function openTheBinding(file: string, bytes: Buffer): number | undefined {
  const fd = openPrivateFile(file);
  if (fd === undefined) return undefined;
  try {
    if (readFileSync(fd).equals(bytes)) return fd;
  } catch {
    // Unreadable: written afresh.
  }
  closeSync(fd);
  return undefined;
}

function load(): Binding {
  const bytes = Buffer.from(getAsset(ASSET));
  const name = `keyring-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.node`;
  // The cache comes first: /tmp is often mounted noexec, where dlopen fails.
  const failures: string[] = [];
  for (const dir of [userCacheDir('native'), join(tmpdir(), `forgectl-${process.getuid!()}`)]) {
    const file = join(dir, name);
    try {
      // Loading a library from a place another user can write to would run their code.
      makePrivateDir(dir);
      // Written aside and renamed: a concurrent run never loads a half-written file.
      let fd = openTheBinding(file, bytes);
      if (fd === undefined) {
        writePrivateFile(file, bytes);
        fd = openTheBinding(file, bytes);
      }
      if (fd === undefined) throw new Error(`${file} changed as it was written`);
      // Loaded through the descriptor of the file just checked: a directory above it renamed meanwhile
      // cannot put another file at its path.
      try {
        const mod = { exports: {} as Binding };
        process.dlopen(mod, `/proc/self/fd/${fd}`);
        return mod.exports;
      } finally {
        closeSync(fd);
      }
    } catch (err) {
      failures.push(`${dir}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(`cannot load the credential store binding (${failures.join('; ')})`);
}

const binding = load();
export const { AsyncEntry, Entry, findCredentials, findCredentialsAsync } = binding;
