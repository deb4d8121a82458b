// Stands in for @napi-rs/keyring in the single executable. The binding's .node file travels as an
// asset of the executable, but dlopen needs a file: it is written once into a directory only this
// user can reach, under a name made from its hash, so a new build never loads an older binding.
// Any failure here rejects the import, which the credential store reports like a missing binding:
// the file fallback applies as in the npm package.

import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAsset } from 'node:sea';
import { makePrivateDir, readPrivateFile, userCacheDir, writePrivateFile } from '../core/private-files.js';

type Binding = typeof import('@napi-rs/keyring');

/** The asset's key, as scripts/build-executable.mjs names it. */
const ASSET = 'keyring.node';

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
      if (!readPrivateFile(file)?.equals(bytes)) writePrivateFile(file, bytes);
      const mod = { exports: {} as Binding };
      process.dlopen(mod, file);
      return mod.exports;
    } catch (err) {
      failures.push(`${dir}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(`cannot load the credential store binding (${failures.join('; ')})`);
}

const binding = load();
export const { AsyncEntry, Entry, findCredentials, findCredentialsAsync } = binding;
