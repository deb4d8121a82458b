// Guard for start-up cost (issues 15 and 27): which modules `--version`, help and a one-request
// command load, and how the process ends. Not timed; it lists the files each loads and the packages
// bundled in them, so start-up cannot silently grow back (a dependency imported at top level, the
// whole command tree, a config library on the read path, the core split into many small chunks:
// each file is a resolve, read and link of the ESM loader). `npm run bench` measures the time.
// bin/forgectl runs the CLI from dist/app.cjs with a V8 code cache (src/app-loader.ts); with
// --enable-source-maps it loads the ES module chunks instead, whose module graph the guards on
// files and packages below check (dist/app.cjs is built from the same modules, lazy imports too).

import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { BIN, cleanEnv, forgectl, tempDir } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const HOOK = resolve(import.meta.dirname, '../helpers/module-log.mjs');
const EXIT_PROBE = resolve(import.meta.dirname, '../helpers/exit-probe.mjs');
const LOADED_PROBE = resolve(import.meta.dirname, '../helpers/loaded-log.cjs');
const DIST = resolve(import.meta.dirname, '../../dist');
const ROOT = resolve(import.meta.dirname, '../..');

/** The modules the command groups import only when a command runs (`import('./run.js')`). */
const LAZY_MODULES = new Set(
  readdirSync(join(ROOT, 'src/commands'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => {
      const dir = dirname(join('src/commands', f));
      const text = readFileSync(join(ROOT, 'src/commands', f), 'utf8');
      return [...text.matchAll(/\bimport\('(\.[^']+)\.js'\)/g)].map((m) => join(dir, `${m[1]}.ts`));
    }),
);

interface Loaded {
  /** Files of dist/ that were loaded, relative to dist/. */
  dist: string[];
  /** node_modules packages loaded from disk (nothing should be: dist/ bundles them). */
  external: string[];
  /** Packages bundled into the loaded dist/ files, from their source maps. */
  packages: string[];
  /** Our own source files bundled into the loaded dist/ files. */
  sources: string[];
  stderr: string;
}

/** What `forgectl args` loads: through the ES module chunks (`esm`, as with --enable-source-maps) or dist/app.cjs. */
async function modulesOf(args: string[], env: Record<string, string | undefined> = {}, path: 'esm' | 'app' = 'esm'): Promise<Loaded> {
  const log = join(tempDir('forgectl-modules-'), 'modules.log');
  const options = path === 'esm' ? `--import=${HOOK} --enable-source-maps` : `--import=${HOOK}`;
  const res = await forgectl(args, { env: { NODE_DEBUG: 'forgectl', ...env, FORGECTL_MODULE_LOG: log, NODE_OPTIONS: options } });
  expect(res.exitCode, res.stderr).toBe(0);
  const urls = [...new Set(readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith('file:')))];
  const files = urls.map((u) => fileURLToPath(u)).filter((f) => f !== HOOK && !f.endsWith('module-log-hooks.mjs'));
  const dist = files.filter((f) => f.startsWith(`${DIST}/`)).map((f) => f.slice(DIST.length + 1));
  const external = files.filter((f) => f.includes('/node_modules/'));
  const packages = new Set<string>();
  const sources = new Set<string>();
  for (const f of dist) {
    const map = JSON.parse(readFileSync(join(DIST, `${f}.map`), 'utf8')) as { sources: string[] };
    for (const s of map.sources) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(s);
      if (pkg) packages.add(pkg[1]);
      else sources.add(s.replace(/^(\.\.\/)+/, ''));
    }
  }
  return { dist, external, packages: [...packages].sort(), sources: [...sources].sort(), stderr: res.stderr };
}

/** Node's public built-in modules `forgectl args` loaded (`net`, `tls`...), by dist/app.cjs or, `esm`, the chunks. */
/** What `forgectl args` loaded, from the --require probe: Node's modules (`NativeModule name`) and CommonJS files (`File path`). */
async function loadedOf(args: string[], env: Record<string, string | undefined> = {}, path: 'esm' | 'app' = 'app'): Promise<string[]> {
  const log = join(tempDir('forgectl-loaded-'), 'loaded.log');
  const options = `--require=${LOADED_PROBE}${path === 'esm' ? ' --enable-source-maps' : ''}`;
  const res = await forgectl(args, { env: { ...env, FORGECTL_LOADED_LOG: log, NODE_OPTIONS: options } });
  expect(res.exitCode, res.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n');
}

/** The public Node built-ins `forgectl args` loaded. */
async function builtinsOf(args: string[], env: Record<string, string | undefined> = {}, path: 'esm' | 'app' = 'app'): Promise<string[]> {
  return (await loadedOf(args, env, path)).flatMap((l) => (/^NativeModule ([a-z_0-9/]+)$/.exec(l) && !l.includes('internal/') ? [l.slice('NativeModule '.length)] : []));
}

/** Runs bin/forgectl under `node --no-opt`: another V8 configuration, which rejects the build's code cache as another Node would. */
async function underOtherV8(args: string[], env: Record<string, string>) {
  const res = await execa(process.execPath, ['--no-opt', BIN, ...args], {
    env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-'), NODE_DEBUG: 'forgectl', ...env }),
    extendEnv: false,
    reject: false,
  });
  return { exitCode: res.exitCode ?? -1, stdout: String(res.stdout), stderr: String(res.stderr) };
}

describe('start-up loads only what the command needs', () => {
  it('--version is answered by bin/forgectl itself: no file of dist/ is loaded, not even the CLI script', async () => {
    for (const path of ['esm', 'app'] as const) {
      const m = await modulesOf(['--version'], {}, path);
      // bin/forgectl is CommonJS: the ES module loader never starts for it (it took a quarter more than `node -e 0`).
      expect(m.dist).toEqual([]);
      expect(m.external).toEqual([]);
      expect(m.stderr).not.toContain('code cache');
    }
    const res = await forgectl(['--version']);
    expect(res.stdout).toBe(`forgectl ${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version} (from source, node ${process.versions.node})`);
  });

  it('a one-request command and help start no ES module loader: bin/forgectl requires dist/launch.cjs, which runs dist/app.cjs', async () => {
    for (const [args, env] of [[['projects', 'list', '--per-page', '1', '-o', 'json'], envFor(sandbox())], [['--help'], {}]] as const) {
      const loaded = await loadedOf([...args], env);
      // The loader's job runner loads with the first ES module (its resolving, reading and linking
      // cost about a tenth of a one-request run).
      expect(loaded.filter((m) => m.startsWith('NativeModule internal/modules/esm/module_job'))).toEqual([]);
      expect(loaded.filter((m) => m.startsWith(`File ${DIST}/`))).toEqual([`File ${DIST}/launch.cjs`]);
    }
  });

  it('--version into a pipe writes its line without making a stream of stdout (no socket or stream module)', async () => {
    // execa reads stdout through a pipe, as `$(forgectl --version)` does.
    const loaded = await loadedOf(['--version']);
    expect(loaded.filter((m) => /^NativeModule (net|stream|tty)$/.test(m))).toEqual([]);
  });

  it('--version in the single executable (src/sea/main.ts: main, then exitWhenFlushed) makes no stream of stdout either', async () => {
    // What src/sea/main.ts runs, from dist/launch.cjs: the same main() and exitWhenFlushed().
    const log = join(tempDir('forgectl-loaded-'), 'loaded.log');
    const entry = `const l = require(${JSON.stringify(join(DIST, 'launch.cjs'))}); l.main(['--version'], () => 'single executable').then(l.exitWhenFlushed);`;
    const res = await execa(process.execPath, ['--require', LOADED_PROBE, '-e', entry], { env: cleanEnv({ FORGECTL_LOADED_LOG: log }), extendEnv: false, reject: false });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(String(res.stdout)).toBe(`forgectl ${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version} (single executable, node ${process.versions.node})`);
    const loaded = readFileSync(log, 'utf8').split('\n');
    expect(loaded.filter((m) => /^NativeModule (net|stream|tty)$/.test(m))).toEqual([]);
  });

  it('--version to a full device says so in one line and exits 1', async () => {
    const full = await execa('sh', ['-c', `"${process.execPath}" "${BIN}" --version > /dev/full`], { reject: false });
    expect(full.exitCode).toBe(1);
    expect(String(full.stderr)).toMatch(/^error: cannot write to standard output: ENOSPC[^\n]*$/);
  });

  it('--version with another flag goes through src/main.ts and commander, and prints the very line bin/forgectl writes', async () => {
    // Two places build the line (bin/forgectl alone, main.ts for the rest and the single executable).
    const own = await forgectl(['--version']);
    const viaMain = await forgectl(['--verbose', '--version']);
    expect(viaMain.exitCode, viaMain.stderr).toBe(0);
    expect(viaMain.stdout).toBe(own.stdout);
  });

  it('a one-request command and help compile the CLI from dist/app.cjs with the code cache the build made', async () => {
    for (const [args, env] of [[['projects', 'list', '--per-page', '1', '-o', 'json'], envFor(sandbox())], [['--help'], {}]] as const) {
      const m = await modulesOf([...args], env, 'app');
      expect(m.stderr).toMatch(/^FORGECTL \d+: app code cache accepted$/m);
      // Of our sources only dist/launch.cjs's (main.ts, app-loader.ts and private-files.ts); the rest is dist/app.cjs.
      expect(m.external).toEqual([]);
      expect(m.sources).toEqual(['src/app-loader.ts', 'src/core/private-files.ts', 'src/main.ts']);
      expect(m.dist.length, m.dist.join('\n')).toBeLessThanOrEqual(3);
    }
  });

  it('a one-request command loads commander, undici and zod, and no other command group', async () => {
    const m = await modulesOf(['projects', 'list', '--per-page', '1', '-o', 'json'], envFor(sandbox()));
    expect(m.external).toEqual([]);
    // No lock package, no keyring binding: reading a profile is a plain file read.
    expect(m.packages).toEqual(['commander', 'undici', 'zod']);
    // Every group's register function is in the entry chunk; no other group's implementation.
    const others = m.sources.filter((s) => s.startsWith('src/commands/') && !s.startsWith('src/commands/projects/'));
    expect(others.filter((s) => LAZY_MODULES.has(s))).toEqual([]);
    expect(m.sources).toContain('src/commands/projects/run.ts');
    expect(m.sources.filter((s) => s.startsWith('src/sandbox/') || s.startsWith('src/docs/'))).toEqual([]);
    // Schemas of other resources stay off the path too.
    expect(m.sources.filter((s) => s.startsWith('src/api/'))).toEqual(['src/api/projects.ts', 'src/api/schema.ts']);
  });

  it('a one-request command loads its code from eleven files at most (36 when the core was split in small chunks)', async () => {
    const m = await modulesOf(['projects', 'list', '--per-page', '1', '-o', 'json'], envFor(sandbox()));
    // main, the loader of dist/app.cjs, the cli entry and its one chunk (all cli.ts reaches),
    // esbuild's runtime, the command's run.ts, paginate, api/projects, zod with api/schema, and
    // undici's entry and its chunk.
    expect(m.dist.length, m.dist.join('\n')).toBeLessThanOrEqual(11);
    // Everything cli.ts reaches (commander, context, http, output, profiles) sits in one chunk.
    const withCommander = m.dist.filter((f) => (JSON.parse(readFileSync(join(DIST, `${f}.map`), 'utf8')) as { sources: string[] }).sources.some((s) => s.includes('node_modules/commander/')));
    expect(withCommander).toHaveLength(1);
    const map = JSON.parse(readFileSync(join(DIST, `${withCommander[0]}.map`), 'utf8')) as { sources: string[] };
    for (const core of ['src/cli.ts', 'src/context.ts', 'src/core/http.ts', 'src/core/output.ts', 'src/core/profiles.ts', 'src/core/errors.ts']) {
      expect(map.sources.some((s) => s.endsWith(core)), core).toBe(true);
    }
  });

  it('help loads five files at most', async () => {
    for (const args of [['--help'], ['projects', '--help'], ['projects', 'list', '--help']]) {
      const m = await modulesOf(args);
      expect(m.dist.length, `${args.join(' ')}:\n${m.dist.join('\n')}`).toBeLessThanOrEqual(5);
    }
  });

  it('a one-request command exits once its output is flushed, without waiting for its idle connection', async () => {
    const log = join(tempDir('forgectl-exit-'), 'exit.log');
    const res = await forgectl(['projects', 'list', '--per-page', '1', '-o', 'json'], { env: { ...envFor(sandbox()), FORGECTL_EXIT_LOG: log, NODE_OPTIONS: `--import=${EXIT_PROBE}` } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toHaveLength(1);
    // Waiting for the loop to drain would hold the process for the keep-alive socket (10 s idle).
    expect(readFileSync(log, 'utf8')).toBe('exited\n');
  });

  it('help loads commander and no dependency that only commands need', async () => {
    for (const args of [['--help'], ['projects', '--help']]) {
      const m = await modulesOf(args);
      expect(m.external).toEqual([]);
      expect(m.packages).toEqual(['commander']);
      expect(m.sources.filter((s) => s.startsWith('src/api/') || s.startsWith('src/sandbox/'))).toEqual([]);
    }
  });
});

describe('start-up loads only the Node built-ins the command uses', () => {
  // Each is compiled at start-up when any module of the bundle imports it at top level (issue 27's
  // profile: child_process with dgram and net 4.5 ms, http2 5 to 7 ms): child_process from commander
  // and the token helper, http2 from undici, tls and crypto from the TLS options, zlib, perf_hooks
  // and worker_threads from undici's fetch helpers (FormData).
  // Not net: stdout on a pipe (as here) is a net.Socket of Node's own.
  const UNUSED_BY_HELP = ['child_process', 'http2', 'tls', 'crypto', 'http', 'https', 'dgram', 'zlib', 'perf_hooks', 'worker_threads', 'readline'];
  const UNUSED_BY_ONE_REQUEST = ['child_process', 'http2', 'tls', 'crypto', 'https', 'dgram', 'zlib', 'perf_hooks', 'worker_threads', 'readline'];

  it('--help loads none of child_process, http2, tls, crypto, http and the like', async () => {
    for (const path of ['app', 'esm'] as const) {
      for (const args of [['--help'], ['projects', 'list', '--help']]) {
        const loaded = await builtinsOf(args, {}, path);
        expect(loaded.filter((m) => UNUSED_BY_HELP.includes(m)), `${path}: ${args.join(' ')}`).toEqual([]);
      }
    }
  });

  it('one request over http loads http and net, and no child_process, http2, tls, crypto nor fetch helpers', async () => {
    for (const path of ['app', 'esm'] as const) {
      const loaded = await builtinsOf(['projects', 'list', '--per-page', '1', '-o', 'json'], envFor(sandbox()), path);
      // The probe sees the request's own modules: it would report nothing if it saw none.
      expect(loaded, path).toEqual(expect.arrayContaining(['http', 'net']));
      expect(loaded.filter((m) => UNUSED_BY_ONE_REQUEST.includes(m)), path).toEqual([]);
    }
  });
});

describe('the code cache of dist/app.cjs under another Node', () => {
  it('is rejected, the run keeps one per user in a private directory, and the next runs use it alone', async () => {
    const cache = tempDir('forgectl-xdg-');
    const plain = await forgectl(['--help']);
    const first = await underOtherV8(['--help'], { XDG_CACHE_HOME: cache });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toBe(plain.stdout);
    expect(first.stderr).toMatch(/^FORGECTL \d+: app code cache rejected$/m);
    const dir = join(cache, 'forgectl', 'code');
    const files = readdirSync(dir);
    // Named by Node version and the script's hash: a new build or another Node never reads it.
    expect(files).toEqual([expect.stringMatching(new RegExp(`^app-${process.version.replace(/\./g, '\\.')}-${process.arch}-[0-9a-f]{16}\\.cache$`))]);
    expect(first.stderr).toContain(`user code cache written to ${join(dir, files[0])}`);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, files[0])).mode & 0o777).toBe(0o600);

    const second = await underOtherV8(['--help'], { XDG_CACHE_HOME: cache });
    expect(second.stdout).toBe(plain.stdout);
    expect(second.stderr).toMatch(/^FORGECTL \d+: user code cache accepted$/m);
    // The build's cache is not tried (a rejected cache costs a whole compile), nothing written again.
    expect(second.stderr).not.toContain('app code cache');
    expect(second.stderr).not.toContain('written');

    // Back under the V8 that built dist/: the user's cache is rejected and removed, the build's serves.
    const back = await forgectl(['--help'], { env: { XDG_CACHE_HOME: cache, NODE_DEBUG: 'forgectl' } });
    expect(back.stdout).toBe(plain.stdout);
    expect(back.stderr).toMatch(/^FORGECTL \d+: user code cache rejected\nFORGECTL \d+: app code cache accepted$/m);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a new cache replaces the caches of earlier builds for the same Node, and leaves other Nodes\' alone', async () => {
    const cache = tempDir('forgectl-xdg-');
    const dir = join(cache, 'forgectl', 'code');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // An upgrade of forgectl under the same Node would otherwise leave a megabyte or two behind each time.
    const earlierBuild = `app-${process.version}-${process.arch}-0000000000000000.cache`;
    const otherNode = `app-v18.0.0-${process.arch}-0000000000000000.cache`;
    for (const f of [earlierBuild, otherNode]) writeFileSync(join(dir, f), 'x', { mode: 0o600 });
    const res = await underOtherV8(['--help'], { XDG_CACHE_HOME: cache });
    expect(res.stderr).toContain('user code cache written to');
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files).toContain(otherNode);
    expect(files).not.toContain(earlierBuild);
  });

  it('a cache another user could have written is never read: owned by someone else, in a group-writable directory, or a symlink', async () => {
    const cache = tempDir('forgectl-xdg-');
    const plain = await forgectl(['--help']);
    expect((await underOtherV8(['--help'], { XDG_CACHE_HOME: cache })).exitCode).toBe(0);
    const dir = join(cache, 'forgectl', 'code');
    const [name] = readdirSync(dir);
    const file = join(dir, name);
    const good = readFileSync(file);
    const notRead = async () => {
      const res = await underOtherV8(['--help'], { XDG_CACHE_HOME: cache });
      expect(res.stdout).toBe(plain.stdout);
      expect(res.stderr).not.toMatch(/user code cache (accepted|rejected)/);
      return res;
    };

    // A cache is code V8 runs: a file of another user's (the tests run as root) is not read...
    chownSync(file, 65534, 65534);
    await notRead();
    // ...and the run's own cache replaced it.
    expect(statSync(file).uid).toBe(process.getuid!());

    chmodSync(dir, 0o770);
    await notRead();
    chmodSync(dir, 0o700);

    // A symlink planted at the cache's name is neither read nor written through: rename replaces the link.
    const elsewhere = join(tempDir('forgectl-elsewhere-'), 'target');
    writeFileSync(elsewhere, good);
    rmSync(file);
    symlinkSync(elsewhere, file);
    await notRead();
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(elsewhere).equals(good)).toBe(true);
  });

  it('a cache that cannot be kept costs only time: the command still succeeds', async () => {
    // XDG_CACHE_HOME is a file: no directory can be made under it.
    const file = join(tempDir('forgectl-xdg-'), 'not-a-dir');
    writeFileSync(file, '');
    const res = await underOtherV8(['projects', 'list', '--per-page', '1', '-o', 'json'], { ...envFor(sandbox()), XDG_CACHE_HOME: file });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toHaveLength(1);
    expect(res.stderr).toMatch(/user code cache not written/);
    expect(existsSync(join(file, 'forgectl'))).toBe(false);
  });
});

describe('the bundle', () => {
  it('makes a require() only in the chunks that call it (each chunk loaded would make one)', () => {
    const files = [...readdirSync(DIST).filter((f) => f.endsWith('.js')), ...readdirSync(join(DIST, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => `chunks/${f}`)];
    const withBanner = files.filter((f) => readFileSync(join(DIST, f), 'utf8').includes('createRequire as __forgectlRequire'));
    // esbuild's runtime chunk (its __require), and the bundled packages that mention require in code.
    expect(withBanner.length).toBeGreaterThan(0);
    expect(withBanner.length).toBeLessThanOrEqual(3);
    for (const f of withBanner) expect(readFileSync(join(DIST, f), 'utf8')).toMatch(/[^\w$.]require[^\w$]/);
  });

  it('holds zod without its locales (a named `import { z }` would pull in every language)', () => {
    const chunks = readdirSync(join(DIST, 'chunks')).filter((f) => f.endsWith('.js'));
    const withLocale = chunks.filter((f) => readFileSync(join(DIST, 'chunks', f), 'utf8').includes('ltige Eingabe: erwartet'));
    expect(withLocale).toEqual([]);
  });
});
