// Runs the CLI in this process (`run(argv, ctx)`) with captured streams and no terminal: for large
// tables of cases where starting the binary for each would be slow. Requests still go over HTTP to
// the sandbox.

import { PassThrough, Readable } from 'node:stream';
import { run } from '../../src/cli.js';
import { Context } from '../../src/context.js';
import { tempDir } from './cli.js';

export interface InProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  return () => Buffer.concat(chunks).toString('utf8');
}

export async function runInProcess(argv: string[], env: Record<string, string | undefined>, input = ''): Promise<InProcessResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out = collect(stdout);
  const err = collect(stderr);
  const ctx = new Context({
    stdin: Readable.from([Buffer.from(input)]),
    stdout,
    stderr,
    env: { FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-'), ...env } as NodeJS.ProcessEnv,
    isTTY: { stdin: false, stdout: false, stderr: false },
  });
  const exitCode = await run(argv, ctx);
  return { exitCode, stdout: out(), stderr: err() };
}
