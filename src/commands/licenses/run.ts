// `forgectl licenses`, run: the text the build made for this copy of forgectl (scripts/licenses.mjs),
// as it is: the single executable's asset, or dist/LICENSES.txt beside bin/ in the npm package (and
// from source). Gathered at build time, so what is printed is what was shipped.

import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Context } from '../../context.js';
import { text, type CommandResult } from '../../core/output.js';

/** The asset's key, as scripts/build-executable.mjs names it. */
const ASSET = 'LICENSES.txt';

export async function licensesCommand(_ctx: Context): Promise<CommandResult> {
  // Not import(): the single executable's app script has no dynamic import callback.
  const sea = process.getBuiltinModule('node:sea');
  if (sea.isSea()) return text(sea.getAsset(ASSET, 'utf8'));
  // process.argv[1] is bin/forgectl (through npm's link, hence realpath).
  return text(readFileSync(join(dirname(realpathSync(process.argv[1])), '..', 'dist', ASSET), 'utf8'));
}
