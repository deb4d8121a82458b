// `state plan --out` names the command that applies the saved plan. A plan made over an inventory given
// with --inventory (or profiles of a --config-dir) is applied with it too: the command it prints must carry it.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('state plan --out: the apply command it prints', () => {
  it('prints an apply command that works as printed (with --inventory), and the config directory stays unused', async () => {
    const dir = tempDir();
    const { url, tokens } = sandbox();
    writeFileSync(join(dir, 'inventory.yaml'), `instances:\n  eu:\n    url: ${url}\n    token: {env: EU_TOKEN}\n`);
    writeFileSync(join(dir, 'base.yaml'), 'settings:\n  signup_enabled: false\n');
    const env = { EU_TOKEN: tokens.admin };
    const planned = await forgectl(['--inventory', 'inventory.yaml', 'state', 'plan', '-f', 'base.yaml', '--out', 'plan.json'], { cwd: dir, env });
    expect(planned.exitCode, planned.stderr).toBe(0);
    const printed = /`(forgectl [^`]*state apply [^`]+)` applies/.exec(planned.stderr);
    expect(printed, planned.stderr).not.toBeNull();
    const args = printed![1]!.split(' ').slice(1);
    const applied = await forgectl([...args, '--dry-run'], { cwd: dir, env });
    expect(applied.exitCode, `${printed![1]}: ${applied.stderr}`).toBe(0);
    expect(applied.stdout + applied.stderr).toContain('signup_enabled');
  });

  it('over a profile of --config-dir DIR, the printed apply command carries --config-dir DIR', async () => {
    const dir = tempDir();
    const { url, tokens } = sandbox();
    mkdirSync(join(dir, 'conf'), { mode: 0o700 });
    writeFileSync(join(dir, 'conf', 'config.json'), JSON.stringify({ default: 'eu', profiles: { eu: { url, token: tokens.admin, tokenType: 'personal' } } }), { mode: 0o600 });
    writeFileSync(join(dir, 'base.yaml'), 'settings:\n  signup_enabled: false\n');
    const planned = await forgectl(['--config-dir', 'conf', 'state', 'plan', '-f', 'base.yaml', '--out', 'plan.json'], { cwd: dir });
    expect(planned.exitCode, planned.stderr).toBe(0);
    const printed = /`(forgectl [^`]*state apply [^`]+)` applies/.exec(planned.stderr);
    expect(printed, planned.stderr).not.toBeNull();
    const applied = await forgectl([...printed![1]!.split(' ').slice(1), '--dry-run'], { cwd: dir });
    expect(applied.exitCode, `${printed![1]}: ${applied.stderr}`).toBe(0);
  });
});
