// Commands with an option of their own named like a global one say so in their definition
// (`replacesGlobals`). This is the whole list: a new pair must be added here on purpose.

import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { replacedGlobals } from '../../src/core/command.js';
import { docsProgram } from '../../src/docs/generate.js';
import { runCli } from '../helpers/harness.js';

function pairs(cmd: Command, path: string[] = []): string[] {
  const own = replacedGlobals(cmd).map((flag) => `${path.join(' ')} ${flag}`);
  return [...own, ...cmd.commands.flatMap((c) => pairs(c, [...path, c.name()]))];
}

describe('options that replace a global option', () => {
  it('are exactly these (command, flag) pairs', () => {
    expect(pairs(docsProgram()).sort()).toEqual(
      [
        'alerts resolve --url',
        'alerts send --url',
        'dashboards unstar --all',
        'hooks create --url',
        'hooks delete --url',
        'hooks test --url',
        'migrate watch --timeout',
        'profile add --ca-file',
        'profile add --client-cert',
        'profile add --client-key',
        'profile add --insecure',
        'profile add --sudo',
        'profile add --token',
        'profile add --token-type',
        'profile add --url',
        'profile set-token --token',
      ].sort(),
    );
  });

  it('are marked in --help, which lists the global options the command keeps', async () => {
    const res = await runCli(['hooks', 'create', '--help']);
    expect(res.exitCode).toBe(0);
    const flat = res.stdout.replace(/\s+/g, ' ');
    expect(flat).toContain('--url <url> where deliveries go (http or https) (not the global --url)');
    // The global --url is not offered a second time; other globals still are.
    expect(flat.match(/--url </g)).toHaveLength(1);
    expect(flat).toContain('--token <token>');
    const watch = (await runCli(['migrate', 'watch', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(watch).toContain('stop watching after this long, e.g. 90min or 2h (default 2h; a number and a unit: s, min, h, d, w or mo (30 days)) (not the global --timeout)');
  });
});
