// `--secrets-to FILE` of `token rotate --where` and `token create`: new secrets go to a new file of
// mode 0600 (a JSON array), written before anything is printed, never over an earlier run's secrets.

import { dirname } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { writePrivateFile } from '../../core/private-files.js';

const PROFILE = '{profile}';

/**
 * The file to write, checked before any request: its directory exists and the file does not.
 * `{profile}` is the instance's profile; over a fleet a name without it would have every instance
 * write the one file, each over the others' secrets.
 */
export async function secretsFile(ctx: Context, raw: string | undefined): Promise<string | undefined> {
  if (raw === undefined) return undefined;
  let file = raw.trim();
  if (!file) throw new UsageError('--secrets-to is empty');
  if (ctx.fleetProfile !== undefined && !file.includes(PROFILE)) {
    throw new UsageError(`--secrets-to ${file}: over several instances the name needs ${PROFILE}`, `such as --secrets-to 'secrets-${PROFILE}.json'`);
  }
  if (file.includes(PROFILE)) {
    const profile = ctx.fleetProfile ?? (await ctx.connection()).profile?.name;
    if (!profile) throw new UsageError(`--secrets-to ${file}: ${PROFILE} names the profile in use, and there is none`);
    file = file.split(PROFILE).join(profile);
  }
  const dir = dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--secrets-to: ${dir} is not a directory`);
  // The file is rewritten from the first secret on: secrets of an earlier run in it would be lost.
  if (existsSync(file)) throw new UsageError(`--secrets-to: ${file} already exists; give a new file`);
  return file;
}

/** Writes every secret so far to `file` (whole, atomically, mode 0600). */
export function writeSecrets(file: string, secrets: ReadonlyArray<Record<string, unknown>>): void {
  writePrivateFile(file, Buffer.from(`${JSON.stringify(secrets, null, 2)}\n`));
}
