// One sandbox per test file, started in-process on 127.0.0.1 and a free port.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { forgectl, tempDir } from './cli.js';

export function useSandbox(opts: SandboxOptions = {}): () => Sandbox {
  let sb: Sandbox | undefined;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, host: '127.0.0.1', seed: 'demo', ...opts });
  });
  afterAll(async () => {
    await sb?.close();
  });
  return () => {
    if (!sb) throw new Error('sandbox not started');
    return sb;
  };
}

/**
 * The pair migration tests need, one per test file: a source sandbox and a destination that really
 * reads it, whose clock runs 200× faster so a migration takes moments.
 */
export function useMigrationSandboxes(): { source: () => Sandbox; dest: () => Sandbox } {
  return { source: useSandbox(), dest: useSandbox({ clockSpeed: 200 }) };
}

/** Environment that points the CLI at the sandbox with one of its seeded tokens. */
export function envFor(sb: Sandbox, token: string | null = 'admin', extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { FORGECTL_URL: sb.url, FORGECTL_TOKEN: token ? sb.tokens[token] : undefined, ...extra };
}

/** Requests the sandbox received since `mark` (a length of `sb.requests` taken earlier). */
export function requestsSince(sb: Sandbox, mark: number) {
  return sb.requests.slice(mark).filter((r) => r.path.startsWith('/api/v4'));
}

/** Asks the sandbox directly (not through the CLI) with a raw token. */
export async function rawGet(sb: Sandbox, path: string, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sb.url}/api/v4${path}`, { headers: token ? { 'PRIVATE-TOKEN': token } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A fresh config dir with profile `name` holding one of the sandbox's seeded tokens (saved in config.json). */
export async function profileWith(sb: Sandbox, tokenName: string, name = 'main'): Promise<string> {
  const configDir = tempDir();
  const res = await forgectl(['profile', 'add', name, '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens[tokenName]}\n` });
  expect(res.exitCode, res.stderr).toBe(0);
  return configDir;
}

/** The token profile `name` keeps in config.json. */
export function savedToken(configDir: string, name = 'main'): string {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles[name].token;
}
