// `forgectl licenses`, run: the asset of the single executable as it is, or, in the npm package
// (and from source), what the package holds beside bin/: dist/THIRD_PARTY_LICENSES and the keyring
// addon's licence files. Node.js is not part of the package, so its licence is not printed there.

import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Context } from '../../context.js';
import { text, type CommandResult } from '../../core/output.js';

/** The asset's key, as scripts/build-executable.mjs names it. */
const ASSET = 'LICENSES.txt';
const RULE = '='.repeat(78);
const THIN = '-'.repeat(78);
const LICENSE_FILE = /^(licen[cs]e|copying)([.-]|$)/i;
const ADDON = '@napi-rs/keyring';

/** With LF line ends, as the build writes the other texts: a CRLF file would print ^M on a terminal. */
const readText = (file: string): string => readFileSync(file, 'utf8').replace(/\r\n/g, '\n');

export async function licensesCommand(_ctx: Context): Promise<CommandResult> {
  // Not import(): the single executable's app script has no dynamic import callback.
  const sea = process.getBuiltinModule('node:sea');
  if (sea.isSea()) return text(sea.getAsset(ASSET, 'utf8'));
  return text(packageLicenses(realpathSync(process.argv[1])));
}

interface Manifest {
  name: string;
  version: string;
  license?: string;
  optionalDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** The texts of the package whose bin/forgectl is `bin`. */
function packageLicenses(bin: string): string {
  const top = join(dirname(bin), '..');
  const own = manifest(top);
  const ownFile = readdirSync(top).find((f) => LICENSE_FILE.test(f));
  const ownText = ownFile ? readText(join(top, ownFile)).trim() : `forgectl is licensed under the ${own.license} licence (package.json "license").`;
  const parts = [
    `forgectl ${own.version} (${own.license})\n${RULE}\n\n${ownText}\n`,
    readFileSync(join(top, 'dist', 'THIRD_PARTY_LICENSES'), 'utf8'),
    `The credential store binding (${ADDON}), loaded when a profile uses the system credential store\n${RULE}\n\n${addonLicenses(bin)}\n`,
    'Node.js, which runs this package, is not part of it: its licence comes with your Node.js installation.\n',
  ];
  return parts.join(`\n${RULE}\n\n`);
}

/**
 * The binding's own licence and its platform package's licence files (what the .node file links in),
 * from where the package resolves them: bundled in the npm tarball, installed beside it otherwise.
 */
function addonLicenses(bin: string): string {
  let dir: string;
  try {
    dir = dirname(createRequire(bin).resolve(`${ADDON}/package.json`));
  } catch {
    return `${ADDON} is not installed with this copy of forgectl.`;
  }
  const binding = manifest(dir);
  const fromBinding = createRequire(join(dir, 'package.json'));
  const dirs = [dir];
  for (const name of Object.keys(binding.optionalDependencies ?? {})) {
    try {
      dirs.push(dirname(fromBinding.resolve(`${name}/package.json`)));
    } catch {
      // Another platform's addon: npm installs only this one.
    }
  }
  const sections: string[] = [];
  for (const d of dirs) {
    if (!existsSync(d)) continue;
    const m = manifest(d);
    for (const f of readdirSync(d).filter((f) => LICENSE_FILE.test(f)).sort()) {
      sections.push(`${m.name}@${m.version} (${m.license ?? 'see text'}), ${f}\n\n${readText(join(d, f)).trim()}`);
    }
  }
  return sections.join(`\n\n${THIN}\n\n`);
}
