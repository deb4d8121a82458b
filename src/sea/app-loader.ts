// In the single executable, main.ts's `import('./cli.js')` and `import('./context.js')` resolve
// here (scripts/build-executable.mjs redirects them). The CLI proper is an asset compiled with a
// V8 code cache made at build time after a warm-up run, so `--version` compiles none of it and
// the other commands skip most of their compiling. A rejected cache (another V8) only costs time.

import { getAsset } from 'node:sea';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import type { run as runCli } from '../cli.js';
import type { createContext as newContext } from '../context.js';

interface App {
  run: typeof runCli;
  createContext: typeof newContext;
}

let app: App | undefined;

function load(): App {
  if (app) return app;
  // The asset is already `(function (exports, require, module) {…})`, the text the cache was made from.
  // ASCII (the build checks), so latin1 is the same text without UTF-8 decoding.
  const source = Buffer.from(getAsset('app.js')).toString('latin1');
  const script = new Script(source, { filename: 'forgectl-app.js', cachedData: Buffer.from(getAsset('app.cache')) });
  // NODE_DEBUG=forgectl tells whether the cache served: start-up time depends on it.
  debuglog('forgectl')('app code cache %s', script.cachedDataRejected ? 'rejected' : 'accepted');
  const module = { exports: {} as App };
  script.runInThisContext()(module.exports, require, module);
  app = module.exports;
  return app;
}

export const run: typeof runCli = (...args) => load().run(...args);
export const createContext: typeof newContext = (...args) => load().createContext(...args);
