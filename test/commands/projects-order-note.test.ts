// `projects list --all` without --order-by reads in id order (for the keyset switch): a person at a
// terminal is told in one stderr line; --limit, --order-by and scripts get no such line.

import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/harness.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

function runTty(argv: string[], stderrTty: boolean) {
  return runCli(argv, { env: envFor(sandbox(), 'admin', { NO_COLOR: '1' }), tty: { stdin: false, stdout: false, stderr: stderrTty } });
}

describe('projects list --all on a terminal', () => {
  it('says once that it lists by id, newest first (oldest with --sort asc)', async () => {
    const res = await runTty(['projects', 'list', '--all', '--fields', 'id'], true);
    expect(res.exitCode, res.stderr).toBe(0);
    const notes = res.stderr.split('\n').filter((l) => l.includes('Listing by id'));
    expect(notes).toEqual(['Listing by id, newest first: --all pages by id; --order-by sets another order']);
    expect(notes[0].length).toBeLessThan(80);
    const asc = await runTty(['projects', 'list', '--all', '--sort', 'asc', '--fields', 'id'], true);
    expect(asc.stderr).toMatch(/^Listing by id, oldest first: /m);
  });

  it('says nothing when the order is the one asked for, or without a terminal', async () => {
    for (const [args, tty] of [
      [['--all'], false],
      [['--limit', '3'], true],
      [['--all', '--order-by', 'id'], true],
      [['--all', '--order-by', 'name'], true],
    ] as const) {
      const res = await runTty(['projects', 'list', ...args, '--fields', 'id'], tty);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stderr, args.join(' ')).not.toMatch(/Listing by id/);
    }
  });
});
