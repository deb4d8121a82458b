// `--secrets-to FILE` of `token rotate --where` and `token create`: new secrets go to a new file of
// mode 0600 (a JSON array), written before anything is printed. The name is checked and {profile}
// expanded before the run by the command's `outputFiles` declaration (core/output-file.ts).

import { writePrivateFile } from '../../core/private-files.js';

/** Writes every secret so far to `file` (whole, atomically, mode 0600). */
export function writeSecrets(file: string, secrets: ReadonlyArray<Record<string, unknown>>): void {
  writePrivateFile(file, Buffer.from(`${JSON.stringify(secrets, null, 2)}\n`));
}
