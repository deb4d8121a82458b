// Stands in for @napi-rs/keyring in the single executable. The binding's .node file travels as an
// asset of the executable, but dlopen needs a file: it is written once into a directory only this
// user can reach, under a name made from its hash, so a new build never loads an older binding.
// Any failure here rejects the import, which the credential store reports like a missing binding:
// the file fallback applies as in the npm package.

import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAsset } from 'node:sea';

type Binding = typeof import('@napi-rs/keyring');

/** The asset's key, as scripts/build-executable.mjs names it. */
const ASSET = 'keyring.node';

/**
 * Makes `dir` a directory of ours with mode 0700, or throws why not: loading a library from a place
 * another user can write to would run their code.
 */
function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new Error('not a directory');
  if (st.uid !== process.getuid!()) throw new Error('owned by another user');
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

function sameBytes(file: string, bytes: Buffer): boolean {
  try {
    return readFileSync(file).equals(bytes);
  } catch {
    return false;
  }
}

function load(): Binding {
  const bytes = Buffer.from(getAsset(ASSET));
  const name = `keyring-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.node`;
  // The cache comes first: /tmp is often mounted noexec, where dlopen fails.
  const xdg = process.env.XDG_CACHE_HOME;
  const cache = xdg?.startsWith('/') ? xdg : join(homedir(), '.cache');
  const failures: string[] = [];
  for (const dir of [join(cache, 'forgectl', 'native'), join(tmpdir(), `forgectl-${process.getuid!()}`)]) {
    const file = join(dir, name);
    // Written aside and renamed: a concurrent run never loads a half-written file.
    const partial = `${file}.${process.pid}.tmp`;
    try {
      makePrivateDir(dir);
      if (!sameBytes(file, bytes)) {
        writeFileSync(partial, bytes, { mode: 0o600 });
        renameSync(partial, file);
      }
      const mod = { exports: {} as Binding };
      process.dlopen(mod, file);
      return mod.exports;
    } catch (err) {
      try {
        rmSync(partial, { force: true });
      } catch {
        // The directory itself is unusable: nothing was written.
      }
      failures.push(`${dir}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(`cannot load the credential store binding (${failures.join('; ')})`);
}

const binding = load();
export const { AsyncEntry, Entry, findCredentials, findCredentialsAsync } = binding;
