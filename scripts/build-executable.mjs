// Builds dist/forgectl-linux-x64, a single executable (Node's SEA) injected with postject into a
// copy of the running node binary. The SEA main may require only built-ins, so everything is
// bundled as CommonJS, in two parts: the main (src/main.ts: --version answers from it alone) with
// Node's code cache, and the CLI proper as an asset with a V8 code cache made after a warm-up run
// (src/sea/app-loader.ts). The keyring binding is an asset too (src/sea/keyring.ts), and so are the
// licence texts of all it holds (scripts/licenses.mjs), which `forgectl licenses` prints and which
// are also written beside it, as dist/forgectl-linux-x64.LICENSES.txt.
// It needs a built dist/ and writes only dist/sea/ (bundles, caches, blob), the executable and its
// licence file.
//   node scripts/build-executable.mjs [--no-code-cache]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appScript, assertAscii, base } from './esbuild-options.mjs';
import { executableLicenses } from './licenses.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const EXECUTABLE = join(root, 'dist', 'forgectl-linux-x64');
export const EXECUTABLE_LICENSES = `${EXECUTABLE}.LICENSES.txt`;
/** The platform package of the keyring binding whose .node file the executable holds. */
const ADDON_PACKAGE = '@napi-rs/keyring-linux-x64-gnu';
const SEA_DIR = join(root, 'dist', 'sea');
// The fuse Node's binary carries; postject flips it so Node looks for the blob.
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export async function buildExecutable({ codeCache = true } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the single executable is built for linux-x64 only, not ${process.platform}-${process.arch}`);
  }
  // The warm-up of the code cache runs against a sandbox started from the npm build (bin/forgectl runs dist/launch.cjs).
  if (!existsSync(join(root, 'dist', 'launch.cjs'))) throw new Error('dist/launch.cjs not found: run `npm run build` first');
  mkdirSync(SEA_DIR, { recursive: true });
  const main = join(SEA_DIR, 'forgectl.cjs');
  const require = createRequire(join(root, 'package.json'));
  const addon = require.resolve(`${ADDON_PACKAGE}/keyring.linux-x64-gnu.node`);

  const app = join(SEA_DIR, 'app.js');
  const appCache = join(SEA_DIR, 'app.cache');
  const common = {
    ...base,
    format: 'cjs',
    // Less source to read and a smaller code cache; names kept for error classes and stack traces.
    minify: true,
    keepNames: true,
    legalComments: 'none',
  };
  // The CLI proper, everything bundled (dynamic imports too), wrapped as src/sea/app-loader.ts
  // compiles it.
  const appBuild = await build({
    ...common,
    ...appScript,
    metafile: true,
    entryPoints: ['src/sea/app.ts'],
    outfile: app,
    plugins: [
      ...appScript.plugins,
      {
        // The binding's loader looks for its .node file in node_modules; here it comes from the asset.
        name: 'keyring-asset',
        setup(b) {
          b.onResolve({ filter: /^@napi-rs\/keyring$/ }, () => ({ path: join(root, 'src/sea/keyring.ts') }));
        },
      },
    ],
  });
  assertAscii(app);
  // The SEA main: main.ts alone, its imports of the CLI pointed at the loader of the app asset.
  const mainBuild = await build({
    ...common,
    metafile: true,
    entryPoints: ['src/sea/main.ts'],
    outfile: main,
    plugins: [
      {
        name: 'app-asset',
        setup(b) {
          b.onResolve({ filter: /^\.\/(cli|context)\.js$/ }, (args) =>
            args.importer === join(root, 'src/main.ts') ? { path: join(root, 'src/sea/app-loader.ts') } : undefined,
          );
        },
      },
    ],
  });
  if (codeCache) {
    const warm = spawnSync(process.execPath, [join(root, 'scripts/sea-code-cache.mjs'), app, appCache], { cwd: root, encoding: 'utf8' });
    if (warm.status !== 0) throw new Error(`making the code cache failed:\n${warm.stderr}${warm.stdout}`);
  } else {
    writeFileSync(appCache, '');
  }

  // Before the long part: a licence that cannot be found stops the build at once.
  const licenses = join(SEA_DIR, 'LICENSES.txt');
  const inputs = [...Object.keys(appBuild.metafile.inputs), ...Object.keys(mainBuild.metafile.inputs)];
  writeFileSync(licenses, executableLicenses({ inputs, addonPackage: ADDON_PACKAGE }));

  const config = join(SEA_DIR, 'sea-config.json');
  const blob = join(SEA_DIR, 'forgectl.blob');
  writeFileSync(
    config,
    `${JSON.stringify(
      {
        main,
        output: blob,
        disableExperimentalSEAWarning: true,
        useCodeCache: codeCache,
        assets: { 'keyring.node': addon, 'app.js': app, 'app.cache': appCache, 'LICENSES.txt': licenses },
      },
      null,
      2,
    )}\n`,
  );
  const made = spawnSync(process.execPath, ['--experimental-sea-config', config], { cwd: root, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`node --experimental-sea-config failed:\n${made.stderr}${made.stdout}`);

  // Built aside and renamed: a run that reads the executable never sees half of it.
  const partial = join(SEA_DIR, `forgectl-linux-x64.${process.pid}.tmp`);
  try {
    copyFileSync(process.execPath, partial);
    chmodSync(partial, 0o755);
    // In a child process: postject's ELF reader prints harmless warnings about note sections.
    const postject = require.resolve('postject/dist/cli.js');
    const injected = spawnSync(process.execPath, [postject, partial, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE], { encoding: 'utf8' });
    if (injected.status !== 0) throw new Error(`postject failed:\n${injected.stderr}${injected.stdout}`);
    renameSync(partial, EXECUTABLE);
  } finally {
    rmSync(partial, { force: true });
  }
  // The same text the executable prints, for whoever reads the downloads before running anything.
  copyFileSync(licenses, EXECUTABLE_LICENSES);
  return [EXECUTABLE, EXECUTABLE_LICENSES];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await buildExecutable({ codeCache: !process.argv.includes('--no-code-cache') });
  process.stdout.write(`${out.join('\n')}\n`);
}
