// `forgectl sandbox`, run in-process: a command tree with only this command, and a Context whose
// streams are buffers.

import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerSandbox } from '../../src/commands/sandbox.js';
import { addGlobalOptions, type Registry } from '../../src/core/command.js';
import { exitCodeFor, UsageError } from '../../src/core/errors.js';
import { createContext } from '../../src/context.js';
import { startSandbox } from '../../src/sandbox/index.js';

function runCommand(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const ctx = createContext({ stdin: new PassThrough(), stdout, stderr, env: {}, isTTY: { stdin: false, stdout: false, stderr: false } });
  const reg: Registry = { ctx };
  const program = new Command('forgectl').exitOverride();
  registerSandbox(program, reg);
  for (const sub of program.commands) {
    addGlobalOptions(sub);
    sub.exitOverride();
  }
  const done = program.parseAsync(['sandbox', ...args], { from: 'user' });
  return { ctx, done, out: () => out, err: () => err };
}

async function firstLine(read: () => string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const text = read();
    if (text.includes('\n')) return text.split('\n')[0];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the sandbox printed nothing');
}

describe('forgectl sandbox', () => {
  it('prints one JSON line with the URL and tokens, serves the API, and stops cleanly on Ctrl-C', async () => {
    const run = runCommand(['--port', '0', '-o', 'json']);
    const info = JSON.parse(await firstLine(run.out));
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(info.tokens)).toEqual(expect.arrayContaining(['admin', 'admin_nosudo', 'alice', 'bob', 'readonly', 'revoked', 'expired', 'oauth_alice', 'job']));
    const res = await fetch(`${info.url}/api/v4/personal_access_tokens/self`, { headers: { 'PRIVATE-TOKEN': info.tokens.admin } });
    expect(res.status).toBe(200);
    expect(run.err()).toContain(`Sandbox listening at ${info.url}`);

    run.ctx.abort.abort();
    await expect(run.done).resolves.toBeDefined();
    expect(run.err()).toContain('Sandbox stopped.');
    await expect(fetch(`${info.url}/api/v4/projects`)).rejects.toThrow();
  });

  it('prints the URL and a name/token table by default, and stops on SIGTERM', async () => {
    const before = process.listenerCount('SIGTERM');
    const run = runCommand(['--seed', 'empty', '--extra-projects', '3']);
    const line = await firstLine(run.out);
    expect(line).toMatch(/^URL: http:\/\/127\.0\.0\.1:\d+$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(run.out().split('\n')[1]).toMatch(/^admin\tglpat-\S+$/);
    const url = line.slice('URL: '.length);
    const listed = await fetch(`${url}/api/v4/projects`, { headers: { 'PRIVATE-TOKEN': run.out().split('\n')[1].split('\t')[1] } });
    expect(((await listed.json()) as unknown[]).length).toBe(3);

    // Call the command's own SIGTERM handler rather than signalling the test runner.
    const handler = process.listeners('SIGTERM').at(-1) as () => void;
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    handler();
    await run.done;
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('refuses bad options with a usage error (exit 2) before starting anything', async () => {
    for (const args of [['--seed', 'full'], ['--port', '70000'], ['--latency', '-5'], ['--fault', '418:1'], ['--fault', '503'], ['--clock-speed', '0'], ['--extra-projects', 'many']]) {
      const run = runCommand(args);
      const err = await run.done.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, args.join(' ')).toBeInstanceOf(UsageError);
      expect(exitCodeFor(err)).toBe(2);
    }
  });

  it('says so when the port is taken', async () => {
    const other = await startSandbox({ seed: 'empty' });
    try {
      const run = runCommand(['--port', String(other.port)]);
      await expect(run.done).rejects.toThrow(/already in use/);
    } finally {
      await other.close();
    }
  });

  it('loads the simulator only when the command runs', () => {
    const source = readFileSync(new URL('../../src/commands/sandbox.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import[^;]*from '\.\.\/sandbox/m);
    expect(source).toContain("await import('../sandbox/index.js')");
  });
});
