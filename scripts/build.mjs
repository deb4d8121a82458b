// Bundles src/ and its dependencies into dist/ with esbuild. Every command module is a separate
// chunk and heavy dependencies (undici, zod, yaml, prompts) sit in chunks of their own, so an
// invocation loads a handful of files instead of several hundred from node_modules. The licences
// of the bundled packages go to dist/THIRD_PARTY_LICENSES, shipped with the package.
// bin/forgectl requires dist/launch.cjs (src/main.ts as CommonJS), which runs the CLI from
// dist/app.cjs, the same code as one CommonJS script, with the V8 code cache dist/app.cache made
// here after a warm-up run (src/app-loader.ts); the ES module chunks (dist/main.js) serve
// --enable-source-maps and dist/docs.js.
//   node scripts/build.mjs [--no-code-cache]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appScript, assertAscii, base } from './esbuild-options.mjs';
import { packageLicenses, thirdPartyLicenses } from './licenses.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BANNER = "import { createRequire as __forgectlRequire } from 'node:module'; const require = __forgectlRequire(import.meta.url);";
const CLI = 'src/cli.ts';
rmSync(join(root, 'dist'), { recursive: true, force: true });

const options = {
  ...base,
  entryPoints: { main: 'src/main.ts', docs: 'src/docs/generate.ts' },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  // A native addon cannot be bundled: the keyring binding loads its platform's .node file from
  // node_modules at run time (only when a profile uses the credential store).
  external: ['@napi-rs/keyring'],
  // Bundled CommonJS packages (undici, commander) call require() for Node's built-in modules
  // (through esbuild's __require, in its runtime chunk); keepRequireOnlyWhereUsed drops it elsewhere.
  banner: { js: BANNER },
  sourcemap: 'linked',
  metafile: true,
  chunkNames: 'chunks/[name]-[hash]',
};
// A first pass, written nowhere, finds which of our modules are imported lazily.
const lazy = lazySourceModules((await build({ ...options, write: false, sourcemap: false })).metafile);
// First the CLI as one script: its loader (in dist/launch.cjs) knows its hash, and which Node made its cache.
const app = await buildApp();
assertAscii(join(root, 'dist/app.cjs'));
const appFacts = {
  __FORGECTL_APP_HASH__: JSON.stringify(createHash('sha256').update(readFileSync(join(root, 'dist/app.cjs'))).digest('hex').slice(0, 16)),
  __FORGECTL_APP_CACHE_NODE__: JSON.stringify(`${process.version}-${process.arch}`),
};
const result = await build({ ...options, plugins: [...base.plugins, loadedAfterCli(lazy)] });
await buildLauncher(appFacts);

for (const out of Object.keys(result.metafile.outputs)) if (out.endsWith('.js')) keepRequireOnlyWhereUsed(join(root, out));
const bundled = [...Object.keys(result.metafile.inputs), ...Object.keys(app.metafile.inputs)];
writeFileSync(join(root, 'dist', 'THIRD_PARTY_LICENSES'), thirdPartyLicenses(bundled));
// What `forgectl licenses` prints from the npm package and from source.
writeFileSync(join(root, 'dist', 'LICENSES.txt'), packageLicenses(bundled));
if (!process.argv.includes('--no-code-cache')) {
  // Needs the build above: the warm-up starts a sandbox with bin/forgectl.
  const warm = spawnSync(process.execPath, [join(root, 'scripts/sea-code-cache.mjs'), join(root, 'dist/app.cjs'), join(root, 'dist/app.cache'), 'forgectl/dist/app.cjs'], { cwd: root, encoding: 'utf8' });
  if (warm.status !== 0) throw new Error(`making the code cache failed:\n${warm.stderr}${warm.stdout}`);
}

/**
 * The CLI proper as one CommonJS script, wrapped as src/app-loader.ts compiles it, which bin/forgectl
 * runs with a V8 code cache (Node 20 has none for ES modules). Not minified: stack traces keep
 * readable names and lines. The ES module chunks stay for dist/docs.js.
 */
function buildApp() {
  return build({
    ...appScript,
    entryPoints: ['src/sea/app.ts'],
    outfile: 'dist/app.cjs',
    external: options.external,
    // A vm script has no import(): the keyring binding's becomes a require() (src/app-loader.ts).
    supported: { 'dynamic-import': false },
    // No comments and less text to read and keep; names stay (nothing is renamed) for stack traces.
    minifyWhitespace: true,
    sourcemap: 'linked',
    metafile: true,
  });
}

/**
 * dist/launch.cjs, what bin/forgectl requires: main.ts as CommonJS, its `import('./cli.js')` pointed at
 * src/app-loader.ts, which runs dist/app.cjs. CommonJS all the way, so no ES module loader starts
 * (its resolving, reading and linking cost about a tenth of a one-request run).
 */
function buildLauncher(appFacts) {
  return build({
    ...base,
    define: { ...base.define, ...appFacts },
    entryPoints: ['src/main.ts'],
    outfile: 'dist/launch.cjs',
    format: 'cjs',
    sourcemap: 'linked',
    plugins: [
      ...base.plugins,
      {
        name: 'cli-through-app-loader',
        setup(b) {
          b.onResolve({ filter: /^\.\/cli\.js$/ }, (args) => (args.importer === join(root, 'src/main.ts') ? { path: join(root, 'src/app-loader.ts') } : undefined));
        },
      },
    ],
  });
}


/** Absolute paths of the modules of src/ that some module imports with import(), src/cli.ts aside. */
function lazySourceModules(metafile) {
  const lazy = new Set();
  for (const input of Object.values(metafile.inputs)) {
    for (const i of input.imports) if (i.kind === 'dynamic-import' && i.path.startsWith('src/') && i.path !== CLI) lazy.add(join(root, i.path));
  }
  return lazy;
}

/**
 * esbuild puts a module in the chunk of the set of entries (the main ones and every import() target)
 * that reach it, so core modules that some commands import and others do not were split into some
 * twenty chunks, each a file to load at start-up. Every lazily imported module of ours is loaded by
 * a command that src/cli.ts already loaded and ran, so importing cli.ts from it changes nothing at
 * run time; it gives everything cli.ts reaches the same set of entries, hence one chunk.
 */
function loadedAfterCli(lazy) {
  const cli = JSON.stringify(join(root, CLI));
  return {
    name: 'loaded-after-cli',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => (lazy.has(args.path) ? { contents: `${readFileSync(args.path, 'utf8')}\nimport ${cli};\n`, loader: 'ts' } : undefined));
    },
  };
}

/**
 * Removes the banner from a chunk that never names `require`: making one costs each chunk loaded at
 * start-up (most are ours, with no require at all). Its source map loses the banner's empty line.
 */
function keepRequireOnlyWhereUsed(file) {
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith(`${BANNER}\n`)) return;
  const body = text.slice(BANNER.length + 1);
  // Lines of comments do not count (commander's doc comments mention require.main).
  if (body.split('\n').some((line) => !/^\s*(\/\/|\/?\*)/.test(line) && /(?<![\w$.])require(?![\w$])/.test(line))) return;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  // The banner line maps to nothing: its `;` goes with it (a re-export file maps nothing at all).
  if (map.mappings && !map.mappings.startsWith(';')) return;
  map.mappings = map.mappings.slice(1);
  writeFileSync(file, body);
  writeFileSync(`${file}.map`, JSON.stringify(map));
}
