// A list cut at its first page says so on a terminal ("2 of N; use --all"); scripts (no terminal),
// --all and --limit get no such line.

import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { Context } from '../../src/context.js';
import { tempDir } from '../helpers/cli.js';
import { rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function runTty(argv: string[], tty: boolean) {
  const sb = sandbox();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const ctx = new Context({
    stdin: Readable.from([]),
    stdout,
    stderr,
    env: { FORGECTL_CONFIG_DIR: tempDir(), FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin, NO_COLOR: '1' },
    isTTY: { stdin: false, stdout: tty, stderr: tty },
  });
  const exitCode = await run(argv, ctx);
  return { exitCode, stdout: out, stderr: err };
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
});
