// `--secrets-to FILE` of `token rotate --where` and `token create`: new secrets go to a new file of
// mode 0600 (a JSON array), written before anything is printed. The name is checked and {profile}
// expanded before the run by the command's `outputFiles` declaration (core/output-file.ts).

import type { Context } from '../../context.js';
import { writePrivateFile } from '../../core/private-files.js';
import { maskUrlCredentials } from '../../core/safe-text.js';

/** Writes every secret so far to `file` (whole, atomically, mode 0600). */
export function writeSecrets(file: string, secrets: ReadonlyArray<Record<string, unknown>>): void {
  writePrivateFile(file, Buffer.from(`${JSON.stringify(secrets, null, 2)}\n`));
}

/** The instance a secret belongs to, written with it: files of several instances may be read together. */
export async function instanceNamed(ctx: Context): Promise<{ profile: string | null; url: string }> {
  const http = await ctx.http();
  return { profile: (await ctx.connection()).profile?.name ?? null, url: maskUrlCredentials(http.baseUrl) };
}
