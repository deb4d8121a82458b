// Writes dist/forgectl-<version>.tgz: the package `npm install -g ./forgectl-<version>.tgz` installs
// with no network and no install script. dist/ already bundles every dependency but the ones the
// build leaves external (the native keyring binding); those are packed inside the tarball
// (bundleDependencies) with the platform package installed here, so npm has nothing to fetch.
// The package is packed from a staging directory whose package.json has no scripts (`prepare` runs
// the build, which needs the devDependencies) and no dependency but the bundled ones.
// Standalone: run `npm run build` first. `--out DIR` writes the tarball there instead of dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? '') : dist;

if (!existsSync(join(dist, 'main.js'))) {
  console.error('dist/main.js not found: run `npm run build` first');
  process.exit(1);
}

// What the CLI loads: the ESM entry and its chunks (dist/ may also hold other builds' outputs), and
// the CLI as one script with its code cache (src/app-loader.ts). The cache serves only the Node
// that made it (this one); under another, each user's first run makes one of their own. Source maps
// only for the ESM chunks, which --enable-source-maps runs: no run reads launch.cjs's or app.cjs's.
const runtimeFiles = ['main.js', 'main.js.map', 'launch.cjs', 'chunks', 'app.cjs', 'app.cache', 'THIRD_PARTY_LICENSES', 'LICENSES.txt'];
const externals = externalPackages([join(dist, 'main.js'), join(dist, 'app.cjs'), ...readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => join(dist, 'chunks', f))]);

const stage = mkdtempSync(join(tmpdir(), 'forgectl-pack-'));
try {
  for (const f of runtimeFiles) cpSync(join(dist, f), join(stage, 'dist', f), { recursive: true });
  for (const dir of ['bin', 'man', 'completions']) cpSync(join(root, dir), join(stage, dir), { recursive: true });
  for (const file of ['README.md', 'LICENSE']) cpSync(join(root, file), join(stage, file));

  const dependencies = {};
  for (const name of externals) {
    const installed = readJson(join(root, 'node_modules', name, 'package.json'));
    if (!installed) throw new Error(`${name} is imported by dist/ but not installed: run npm ci`);
    dependencies[name] = installed.version;
    copyPackage(name);
    // A native binding's prebuilt addon is an optional dependency per platform; npm installed
    // this machine's. Packed, the others are never fetched: elsewhere the file store applies.
    for (const opt of Object.keys(installed.optionalDependencies ?? {})) {
      if (existsSync(join(root, 'node_modules', opt, 'package.json'))) copyPackage(opt);
    }
  }

  const packed = {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    type: pkg.type,
    license: pkg.license,
    bin: pkg.bin,
    engines: pkg.engines,
    files: ['bin/', 'dist/', 'completions/', 'man/'],
    man: pkg.man,
    dependencies,
    bundleDependencies: Object.keys(dependencies),
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);

  mkdirSync(outDir, { recursive: true });
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const [{ filename, size, entryCount }] = JSON.parse(out);
  const where = relative(process.cwd(), join(outDir, filename));
  console.log(`wrote ${where.startsWith('..') ? join(outDir, filename) : where} (${entryCount} files, ${Math.round(size / 1024)} kB; bundled: ${Object.keys(dependencies).join(', ') || 'nothing'})`);
  // In sha256sum's format, so the line checks a downloaded copy with `sha256sum -c`.
  console.log(`${await sha256(join(outDir, filename))}  ${filename}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}

function copyPackage(name) {
  cpSync(join(root, 'node_modules', name), join(stage, 'node_modules', name), { recursive: true });
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Packages dist/ imports at run time rather than bundling: bare specifiers that are not Node's own. */
function externalPackages(files) {
  const names = new Set();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^"']*)?["']/g)) {
      const name = m[1];
      if (!name.startsWith('node:') && !isBuiltin(name) && !name.startsWith('.')) names.add(name);
    }
  }
  return [...names].sort();
}
