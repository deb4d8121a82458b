// `state plan --out` names the command that applies the saved plan. A plan made over an inventory given
// with --inventory is applied with that inventory too: the command it prints must carry it.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('state plan --out over --inventory', () => {
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
});
