// The single executable is a copy of node and must carry Node's LICENSE: the build finds it beside
// the running node or where FORGECTL_NODE_LICENSE points, and stops with a clear message otherwise.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeLicense } from '../../scripts/licenses.mjs';
import { tempDir } from '../helpers/cli.js';

const NODE_TEXT = 'Node.js is licensed for use as follows:\r\n\r\n"""\r\nCopyright Node.js contributors.\r\n';

describe("finding Node's LICENSE for the executable", () => {
  it("takes PREFIX/LICENSE of a nodejs.org tarball's node, with LF line ends", () => {
    const prefix = tempDir('forgectl-node-prefix-');
    mkdirSync(join(prefix, 'bin'));
    writeFileSync(join(prefix, 'LICENSE'), NODE_TEXT);
    const found = nodeLicense(join(prefix, 'bin/node'), {});
    expect(found.file).toBe(join(prefix, 'bin/../LICENSE'));
    expect(found.text).toBe('Node.js is licensed for use as follows:\n\n"""\nCopyright Node.js contributors.');
  });

  it('takes the Debian and NodeSource place, PREFIX/share/doc/nodejs/LICENSE', () => {
    const prefix = tempDir('forgectl-node-prefix-');
    mkdirSync(join(prefix, 'share/doc/nodejs'), { recursive: true });
    writeFileSync(join(prefix, 'share/doc/nodejs/LICENSE'), NODE_TEXT);
    expect(nodeLicense(join(prefix, 'bin/node'), {}).text).toMatch(/^Node\.js is licensed for use as follows:/);
  });

  it('without one, stops the build naming the places looked at and FORGECTL_NODE_LICENSE', () => {
    const prefix = tempDir('forgectl-node-prefix-');
    expect(() => nodeLicense(join(prefix, 'bin/node'), {})).toThrow(/^Node\.js's LICENSE not found for .*bin\/node \(looked at .*\/LICENSE, .*\): .*Set FORGECTL_NODE_LICENSE/);
  });

  it('FORGECTL_NODE_LICENSE must name Node\'s LICENSE, not another file', () => {
    const dir = tempDir('forgectl-node-license-');
    writeFileSync(join(dir, 'LICENSE'), 'MIT License\n\nCopyright (c) someone else\n');
    expect(() => nodeLicense('/nowhere/bin/node', { FORGECTL_NODE_LICENSE: join(dir, 'LICENSE') })).toThrow(/is not Node\.js's LICENSE/);
    writeFileSync(join(dir, 'NODE'), NODE_TEXT);
    expect(nodeLicense('/nowhere/bin/node', { FORGECTL_NODE_LICENSE: join(dir, 'NODE') }).file).toBe(join(dir, 'NODE'));
    expect(() => nodeLicense('/nowhere/bin/node', { FORGECTL_NODE_LICENSE: join(dir, 'gone') })).toThrow(/FORGECTL_NODE_LICENSE names no file/);
  });
});
