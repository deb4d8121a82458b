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
 * A directory of ours with mode 0700, or undefined: loading a library from a place another user
 * can write to would run their code. The cache comes first, since /tmp is often mounted noexec.
 */
function privateDir(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    if (!st.isDirectory() || st.uid !== process.getuid!()) return undefined;
    if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return dir;
  } catch {
    return undefined;
  }
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
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const failures: string[] = [];
  for (const candidate of [join(cache, 'forgectl', 'native'), join(tmpdir(), `forgectl-${process.getuid!()}`)]) {
    const dir = privateDir(candidate);
    if (!dir) {
      failures.push(`${candidate}: not a private directory`);
      continue;
    }
    const file = join(dir, name);
    // Written aside and renamed: a concurrent run never loads a half-written file.
    const partial = `${file}.${process.pid}.tmp`;
    try {
      if (!sameBytes(file, bytes)) {
        writeFileSync(partial, bytes, { mode: 0o600 });
        renameSync(partial, file);
      }
      const mod = { exports: {} as Binding };
      process.dlopen(mod, file);
      return mod.exports;
    } catch (err) {
      rmSync(partial, { force: true });
      failures.push(`${file}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(`cannot load the credential store binding (${failures.join('; ')})`);
}

const binding = load();
export const { AsyncEntry, Entry, findCredentials, findCredentialsAsync } = binding;
