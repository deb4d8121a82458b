// A list cut at its first page says so when stderr is a terminal ("2 of N; use --all"), even with
// stdout in a pipe; scripts (no terminal), --all and --limit get no such line.

import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/harness.js';
import { envFor, rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

function runTty(argv: string[], tty: boolean, stdoutTty = tty) {
  return runCli(argv, { env: envFor(sandbox(), 'admin', { NO_COLOR: '1' }), tty: { stdin: false, stdout: stdoutTty, stderr: tty } });
}

describe('a list cut at one page', () => {
  it('says how many of how many were shown and how to get the rest, on a terminal only', async () => {
    const sb = sandbox();
    const total = (await rawGet(sb, '/projects?per_page=100', sb.tokens.admin)).body.length as number;
    expect(total).toBeGreaterThan(2);
    const res = await runTty(['projects', 'list', '--per-page', '2'], true);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`^Showing 2 of ${total}; use --all for every page, or --page 2 for the next\\.$`, 'm'));
    for (const [args, tty] of [[['projects', 'list', '--per-page', '2'], false], [['projects', 'list', '--per-page', '2', '--all'], true], [['projects', 'list', '--limit', '2'], true]] as const) {
      const quiet = await runTty([...args], tty);
      expect(quiet.exitCode, quiet.stderr).toBe(0);
      expect(quiet.stderr, args.join(' ')).not.toMatch(/use --all/);
    }
  });

  it('says so when stdout is a pipe and stderr a terminal (`projects list | grep x`)', async () => {
    const sb = sandbox();
    const total = (await rawGet(sb, '/projects?per_page=100', sb.tokens.admin)).body.length as number;
    for (const format of [[], ['-o', 'json']]) {
      const res = await runTty(['projects', 'list', '--per-page', '2', ...format], true, false);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout.trim()).not.toBe('');
      expect(res.stderr, format.join(' ')).toMatch(new RegExp(`^Showing 2 of ${total}; use --all for every page, or --page 2 for the next\\.$`, 'm'));
    }
  });
});
