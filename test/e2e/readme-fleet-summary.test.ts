// README "Several instances": the drift example's summary line is the one forgectl prints. The
// instances of --all-profiles run in the order of their names, so the summary lists them that way.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
const sandbox = useSandbox();

describe('README: the fleet summary line', () => {
  it('the drift example over prod-eu, staging (drifted) and dr (401) ends stderr with the summary the README shows', async () => {
    const block = /```sh\n(forgectl --all-profiles state plan [^\n]*)\n((?:#[^\n]*\n)+)```/.exec(README);
    expect(block, 'README has the fleet drift example').not.toBeNull();
    const summary = /^# (.+? · .+?)\s+\(on stderr, by name; exit (\d+)/m.exec(block![2]!);
    expect(summary, 'the example shows the summary line').not.toBeNull();

    const home = tempDir('forgectl-fleet-summary-');
    mkdirSync(join(home, 'forgectl'), { mode: 0o700 });
    const { url, tokens } = sandbox();
    const profile = (token: string) => ({ url, token, tokenType: 'personal' });
    const profiles = { 'prod-eu': profile(tokens.admin), staging: profile(tokens.admin), dr: profile('glpat-refusedrefusedrefus') };
    writeFileSync(join(home, 'forgectl', 'config.json'), JSON.stringify({ default: 'prod-eu', profiles }), { mode: 0o600 });
    const dir = tempDir();
    mkdirSync(join(dir, 'instances'));
    const signup = (await forgectl(['settings', 'get', 'signup_enabled', '-o', 'json'], { env: { FORGECTL_URL: url, FORGECTL_TOKEN: tokens.admin } })).stdout;
    const now = JSON.parse(signup).signup_enabled as boolean;
    writeFileSync(join(dir, 'base.yaml'), `settings:\n  signup_enabled: ${now}\n`);
    writeFileSync(join(dir, 'instances', 'staging.yaml'), `settings:\n  signup_enabled: ${!now}\n`);

    const args = block![1]!.split(' ').slice(1).map((a) => a.replace(/^'(.*)'$/, '$1'));
    const res = await forgectl(args, { cwd: dir, env: { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home } });
    expect(res.exitCode, res.stderr).toBe(Number(summary![2]));
    expect(res.stderr.trim().split('\n').at(-1)).toBe(summary![1]);
  });

  it('the summary the README describes (an --all-profiles run) names the instances by name, as forgectl runs them', () => {
    const line = /stderr ends with one summary, the instances in the order of `--profiles` \(by name for `--all-profiles` and\s+globs\): `([^`]+)`/.exec(README);
    expect(line).not.toBeNull();
    const names = line![1]!.split(' \u00b7 ').map((part) => part.split(' ')[0]!);
    expect(names).toEqual([...names].sort());
  });
});
