// Issue 33.8: standard output on a full device (`> /dev/full`, ENOSPC) is one error line and exit 1
// for every command (tables, streamed lists, help, dry runs), never a stack trace.

import { closeSync, existsSync, openSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ extraProjects: 300 });
const hasFullDevice = existsSync('/dev/full');
// The descriptor itself is the child's stdout (as a shell's `>` makes it), not a pipe to a file.
const full = hasFullDevice ? openSync('/dev/full', 'w') : -1;
afterAll(() => {
  if (hasFullDevice) closeSync(full);
});

function toFullDevice(args: string[]): Promise<{ exitCode: number | null; stderr: string }> {
  const child = spawn(BIN, args, {
    env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-'), ...envFor(sandbox()) }),
    stdio: ['ignore', full, 'pipe'],
    timeout: 60_000,
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  return new Promise((resolve) => child.on('close', (exitCode) => resolve({ exitCode, stderr })));
}

describe.skipIf(!hasFullDevice)('standard output on a full device', () => {
  const commands = [
    ['hooks', 'list'],
    ['projects', 'list', '--all', '-o', 'ndjson'],
    ['projects', 'list', '--all', '-o', 'json'],
    ['projects', 'list', '--all'],
    ['token', 'self', '-o', 'yaml'],
    ['hooks', 'create', '--url', 'https://hooks.example.com/x', '--dry-run'],
    ['hooks', '--help'],
    ['--verbose', '--version'],
  ];
  it.each(commands.map((args) => [args.join(' '), args] as const))('%s: one error line, exit 1', async (_line, args) => {
    const res = await toFullDevice([...args]);
    expect(res.stderr).toMatch(/^error: cannot write to standard output: ENOSPC: no space left on device, write\n?$/);
    expect(res.exitCode).toBe(1);
  });
});
