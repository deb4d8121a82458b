// Issue 41 item 10: bounded input. A state, plan, environments or settings file above 10 MB is
// refused (exit 2) before it is parsed and before any request; a profile name read from the config
// file is checked as `profile add` checks it, so `{profile}` cannot climb out of a directory.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** A file of valid YAML just above 10 MB: one comment line after another. */
function bigFile(name: string): string {
  const path = join(tempDir(), name);
  const line = `# ${'x'.repeat(1021)}\n`;
  writeFileSync(path, `${line.repeat(10 * 1024)}settings: {}\n`);
  return path;
}

describe('an input file above 10 MB', () => {
  const big = bigFile('instance.yaml');
  const cases: [string, string[]][] = [
    ['state plan -f', ['state', 'plan', '-f', big]],
    ['state apply -f', ['state', 'apply', '-f', big, '--yes']],
    ['state apply --plan', ['state', 'apply', '--plan', big, '--yes']],
    ['envs apply -f', ['envs', 'apply', 'acme', '-f', big, '--yes']],
    ['settings set -f', ['settings', 'set', '-f', big, '--yes']],
    ['settings diff -f', ['settings', 'diff', '-f', big]],
  ];
  for (const [what, args] of cases) {
    it(`${what}: exit 2, one line naming the file, no request`, async () => {
      const sb = sandbox();
      const mark = sb.requests.length;
      const res = await forgectl(args, { env: envFor(sb) });
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toContain(`error: ${big} is larger than 10 MB, the most forgectl reads as an input file`);
      expect(requestsSince(sb, mark)).toEqual([]);
    });
  }

  it('from standard input too (-f -)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['state', 'plan', '-f', '-'], { env: envFor(sb), input: `# ${'x'.repeat(10 * 2 ** 20)}\nsettings: {}\n` });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain('error: standard input is larger than 10 MB');
    expect(requestsSince(sb, mark)).toEqual([]);
  });
});

describe('profile names read from the config file', () => {
  it('a name that would climb out of a directory through {profile} is an error naming it (exit 2, no request, no file read)', async () => {
    const sb = sandbox();
    const home = tempDir('forgectl-cfg-');
    mkdirSync(join(home, 'forgectl'), { mode: 0o700 });
    const profile = { url: sb.url, token: sb.tokens.admin, tokenType: 'personal' };
    writeFileSync(join(home, 'forgectl', 'config.json'), JSON.stringify({ default: '../../etc/x', profiles: { '../../etc/x': profile, good: profile } }), { mode: 0o600 });
    const env = { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home };
    const mark = sb.requests.length;
    const res = await forgectl(['state', 'plan', '-f', 'instances/{profile}.yaml'], { env });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toMatch(/^error: config file \S+config\.json: invalid profile name "\.\.\/\.\.\/etc\/x"$/m);
    expect(res.stderr).not.toContain('cannot read');
    expect(requestsSince(sb, mark)).toEqual([]);
    // Over the fleet: that instance fails with the same error, the others run.
    const fleet = await forgectl(['--all-profiles', 'token', 'self'], { env });
    expect(fleet.exitCode, fleet.stderr).toBe(2);
    expect(fleet.stderr).toMatch(/^\.\.\/\.\.\/etc\/x: error: config file \S+: invalid profile name "\.\.\/\.\.\/etc\/x"$/m);
    expect(fleet.stderr).toMatch(/good ok/);
  });
});
