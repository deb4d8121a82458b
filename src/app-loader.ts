// In dist/launch.cjs, the CommonJS build of main.ts that bin/forgectl requires, main.ts's
// `import('./cli.js')` resolves here (scripts/build.mjs redirects it): no ES module loader starts.
// Node 20 has no code cache for ES modules, so the CLI proper is also built as one CommonJS script,
// dist/app.cjs, compiled here with the V8 code cache the build made after a warm-up run
// (dist/app.cache): a run then compiles almost none of undici, zod or the command tree. That cache
// serves only the Node that built it; under another Node the script is compiled from source and
// the cache of that run is kept per user for the next ones. No cache problem ever fails the
// command: it only costs compiling time. Node 20 maps no stack trace of a vm script to its source
// map, so with --enable-source-maps bin/forgectl runs the ES module chunks (dist/main.js) instead.

import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import type { run as runCli } from './cli.js';
import type { createContext as newContext } from './context.js';
import { makePrivateDir, readPrivateFile, userCacheDir, writePrivateFile } from './core/private-files.js';

interface App {
  run: typeof runCli;
  createContext: typeof newContext;
}

const log = debuglog('forgectl');
// Bundled into dist/launch.cjs, beside the script.
const DIST = __dirname;

declare const __FORGECTL_APP_HASH__: string;
declare const __FORGECTL_APP_CACHE_NODE__: string;

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The per-user cache for this Node and this script, or undefined without a home directory. */
function userCacheFile(): string | undefined {
  try {
    return join(userCacheDir('code'), `app-${process.version}-${process.arch}-${__FORGECTL_APP_HASH__}.cache`);
  } catch {
    return undefined;
  }
}

/**
 * Keeps the cache in a 0700 directory of ours, written aside and renamed. The caches of earlier builds
 * for this Node go: no run of this install reads them, and each upgrade would leave one behind.
 */
function keep(file: string, data: Buffer): void {
  try {
    const dir = dirname(file);
    makePrivateDir(dir);
    writePrivateFile(file, data);
    log('user code cache written to %s', file);
    const sameNode = `app-${process.version}-${process.arch}-`;
    for (const f of readdirSync(dir)) if (f.startsWith(sameNode) && f.endsWith('.cache') && f !== basename(file)) rmSync(join(dir, f), { force: true });
  } catch (err) {
    log('user code cache not written: %s', (err as Error).message);
  }
}

/**
 * The script's name in stack traces. Code from a cache keeps the name it was made with (the build's),
 * so the name is the same whether a cache served or not, and says nothing of the build machine.
 */
const NAME = 'forgectl/dist/app.cjs';

/**
 * A rejected cache costs a whole compile, so each run tries at most what can serve: the user's
 * cache when there is one (only written where the build's was rejected), then the build's, only
 * on the Node that made it. Where no cache served, this run's is kept for the next ones.
 */
function load(): App {
  const filename = join(DIST, 'app.cjs');
  // Already `(function (exports, require, module) {…})`, the text the caches are made from. The build
  // keeps it ASCII, so latin1 reads the same text about four times faster than UTF-8 decoding.
  const source = readFileSync(filename, 'latin1');
  const mine = userCacheFile();
  let script: Script | undefined;
  // Code cache is code: one another user could have written, or a symlink, is never read.
  const cached = mine ? readPrivateFile(mine) : undefined;
  if (cached) {
    script = new Script(source, { filename: NAME, cachedData: cached });
    // NODE_DEBUG=forgectl tells whether a cache served: start-up time depends on it.
    log('user code cache %s', script.cachedDataRejected ? 'rejected' : 'accepted');
    // Made under other V8 flags: gone, or every later run would pay for trying it.
    if (script.cachedDataRejected) {
      try {
        rmSync(mine!, { force: true });
      } catch {
        // Tried again next time.
      }
    }
  }
  if (!script || script.cachedDataRejected) {
    const builtHere = `${process.version}-${process.arch}` === __FORGECTL_APP_CACHE_NODE__;
    const shipped = builtHere ? readOrUndefined(join(DIST, 'app.cache')) : undefined;
    // A rejected cache has already been compiled from source: no second compile without a cache.
    if (shipped || !script) script = new Script(source, { filename: NAME, cachedData: shipped });
    log('app code cache %s', shipped ? (script.cachedDataRejected ? 'rejected' : 'accepted') : builtHere ? 'missing' : `made for node ${__FORGECTL_APP_CACHE_NODE__}`);
    // No cache in dist/ on the Node that built it means a build in progress (its warm-up runs the
    // sandbox): nothing is kept.
    if (mine && (shipped ? script.cachedDataRejected : !builtHere)) {
      const compiled = script;
      // At exit, so the cache holds the functions this run compiled, not only the top level.
      process.once('exit', () => {
        try {
          keep(mine, compiled.createCachedData());
        } catch (err) {
          log('user code cache not written: %s', (err as Error).message);
        }
      });
    }
  }
  const module = { exports: {} as App };
  script.runInThisContext()(module.exports, createRequire(filename), module);
  return module.exports;
}

export const { run, createContext } = load();
