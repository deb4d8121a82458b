// scripts/lazy-builtins.mjs: a package's require() of a chosen built-in gets a stand-in that loads
// the real module on the first read of a property, so bundling the package costs nothing at start-up.

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lazyBuiltins, type LazyBuiltin } from '../../scripts/lazy-builtins.mjs';
import { tempDir } from '../helpers/cli.js';

/** A package that requires http2 and child_process at load and destructures http2's constants, as undici does. */
function project(): string {
  const dir = tempDir('forgectl-lazy-builtins-');
  for (const pkg of ['lazy-user', 'other-user']) {
    mkdirSync(join(dir, 'node_modules', pkg), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', pkg, 'index.js'),
      "const http2 = require('node:http2');\nconst cp = require('child_process');\nconst { constants: { HTTP2_HEADER_PATH, NGHTTP2_CANCEL } } = http2;\nmodule.exports = { http2, cp, HTTP2_HEADER_PATH, NGHTTP2_CANCEL };\n",
    );
  }
  writeFileSync(
    join(dir, 'entry.js'),
    `const loaded = (m) => process.moduleLoadList.includes('NativeModule ' + m);
const m = require('lazy-user');
const out = { atLoad: { http2: loaded('http2'), child_process: loaded('child_process') }, path: m.HTTP2_HEADER_PATH, cancel: m.NGHTTP2_CANCEL };
out.connectIsReal = m.http2.connect === process.getBuiltinModule('node:http2').connect;
out.afterRead = { http2: loaded('http2'), child_process: loaded('child_process') };
out.constants = JSON.stringify(m.http2.constants) === JSON.stringify(require('node:http2').constants);
out.spawnIsReal = m.cp.spawn === require('node:child_process').spawn;
out.keys = Object.keys(m.cp).sort().join() === Object.keys(require('node:child_process')).sort().join();
out.otherIsReal = require('other-user').http2 === require('node:http2');
process.stdout.write(JSON.stringify(out));
`,
  );
  return dir;
}

async function bundleAndRun(dir: string, wanted: Record<string, LazyBuiltin>) {
  await build({ absWorkingDir: dir, entryPoints: ['entry.js'], outfile: 'out.cjs', bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent', plugins: [lazyBuiltins(wanted)] });
  const res = spawnSync(process.execPath, [join(dir, 'out.cjs')], { encoding: 'utf8' });
  expect(res.status, res.stderr).toBe(0);
  return JSON.parse(res.stdout);
}

describe('lazy-builtins', () => {
  it('defers the chosen built-ins of the chosen package to the first read, and hands over the real module then', async () => {
    const out = await bundleAndRun(project(), {
      'node:http2': { packages: ['lazy-user'], inline: ['constants'] },
      'node:child_process': { packages: ['lazy-user'], inline: [] },
    });
    // Destructured at load from the copied constants, without loading http2.
    expect(out.atLoad).toEqual({ http2: false, child_process: false });
    expect([out.path, out.cancel]).toEqual([':path', 8]);
    expect(out.connectIsReal).toBe(true);
    expect(out.afterRead).toEqual({ http2: true, child_process: false });
    expect(out.constants).toBe(true);
    expect(out.spawnIsReal).toBe(true);
    expect(out.keys).toBe(true);
    // A package not named gets the module itself.
    expect(out.otherIsReal).toBe(true);
  });

  it('without the plugin the same package loads both at once (what the stand-in saves)', async () => {
    const out = await bundleAndRun(project(), {});
    expect(out.atLoad).toEqual({ http2: true, child_process: true });
  });

  it('refuses to copy a property that is not plain data', async () => {
    const dir = project();
    await expect(build({ absWorkingDir: dir, entryPoints: ['entry.js'], write: false, bundle: true, platform: 'node', logLevel: 'silent', plugins: [lazyBuiltins({ 'node:http2': { packages: ['lazy-user'], inline: ['connect'] } })] })).rejects.toThrow(/node:http2 connect is not plain data/);
  });
});
