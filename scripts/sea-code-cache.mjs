// Makes the V8 code cache of the single executable's app (run by scripts/build-executable.mjs) and
// of dist/app.cjs (run by scripts/build.mjs):
// compiles the wrapped bundle as src/sea/app-loader.ts will, runs the commands most runs start
// with against a sandbox, so the functions they compiled are in the cache too, then writes it.
//   node scripts/sea-code-cache.mjs APP.js OUT.cache [NAME]
// NAME is the script's name in stack traces: the cache keeps the one it was made with.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Script } from 'node:vm';
import { startSandboxProcess } from './lib.mjs';

const [appFile, cacheFile, name = 'forgectl-app.js'] = process.argv.slice(2);
const script = new Script(readFileSync(appFile, 'utf8'), { filename: name });
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(appFile), module);
const { run, createContext } = module.exports;

const sandbox = await startSandboxProcess();
// A config directory of the warm-up's own (never the builder's), gone with it: every build made one.
const configDir = mkdtempSync(join(tmpdir(), 'forgectl-sea-cache-'));
try {
  const sink = () => new Writable({ write: (_chunk, _enc, done) => done() });
  const env = {
    FORGECTL_CONFIG_DIR: configDir,
    FORGECTL_URL: sandbox.url,
    FORGECTL_TOKEN: sandbox.tokens.admin,
  };
  const runs = [
    ['--help'],
    ['projects', 'list', '--help'],
    ['token', 'self'],
    ['projects', 'list', '--per-page', '2', '-o', 'json'],
    ['projects', 'list', '--per-page', '2'],
  ];
  for (const argv of runs) {
    const code = await run(argv, createContext({ stdout: sink(), stderr: sink(), env }));
    if (code !== 0) throw new Error(`warm-up run forgectl ${argv.join(' ')} exited ${code}`);
  }
} finally {
  await sandbox.stop();
  rmSync(configDir, { recursive: true, force: true });
}
writeFileSync(cacheFile, script.createCachedData());
// Keep-alive sockets of the warm-up runs must not hold the build.
process.exit(0);
