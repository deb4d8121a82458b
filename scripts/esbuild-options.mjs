// The esbuild options the npm build (scripts/build.mjs) and the single executable
// (scripts/build-executable.mjs) share, so both bundles target the same Node with the same defines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lazyBuiltins } from './lazy-builtins.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

export const base = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  define: { __FORGECTL_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  // Built-ins that bundled packages require at load but forgectl seldom uses load on first use.
  plugins: [lazyBuiltins()],
};

/** The CLI proper as one CommonJS script wrapped as the app loaders (src/app-loader.ts, src/sea/app-loader.ts) compile it. */
export const appScript = {
  ...base,
  format: 'cjs',
  banner: { js: '(function (exports, require, module) {' },
  footer: { js: '\n})' },
  // The licences are in THIRD_PARTY_LICENSES.
  legalComments: 'none',
};

/** The app loaders read the app script as latin1, which is the same text only while it is ASCII. */
export function assertAscii(file) {
  const bytes = readFileSync(file);
  const at = bytes.findIndex((b) => b > 0x7f);
  if (at >= 0) throw new Error(`${file} is not ASCII at byte ${at}: …${bytes.subarray(Math.max(0, at - 60), at + 20).toString('utf8')}… (write the character as an escape)`);
}
