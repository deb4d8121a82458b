// What the `state` end-to-end tests share: a run of the CLI with the requests it sent, instance files
// written as YAML, and writes made to the sandbox directly (as another administrator would).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { stringify } from 'yaml';
import type { Sandbox } from '../../src/sandbox/index.js';
import { forgectl, type CliResult } from './cli.js';
import { envFor, requestsSince } from './sandbox.js';

export type Sent = ReturnType<typeof requestsSince>;

/** Runs the CLI as the administrator of the sandbox (or with `configDir`'s profile) and returns what it sent. */
export function stateRunner(sandbox: () => Sandbox) {
  return async (args: string[], env: Record<string, string> = {}, opts: { cwd?: string; configDir?: string } = {}): Promise<{ res: CliResult; sent: Sent }> => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(args, { env: opts.configDir ? env : envFor(sb, 'admin', env), cwd: opts.cwd, configDir: opts.configDir });
    return { res, sent: requestsSince(sb, mark) };
  };
}

/** Writes `content` (YAML of an object, or text as given) to `dir/name`. */
export function yamlFile(dir: string, name: string, content: object | string): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : stringify(content));
  return path;
}

/** The writes among the requests, as `METHOD /path` under /api/v4. */
export function writesOf(sent: Sent): string[] {
  return sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace('/api/v4', '')}`);
}

/** A write to the sandbox by its administrator, not through the CLI; the answer (get-one arrays unwrapped). */
export async function adminWrite(sb: Sandbox, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: object): Promise<any> {
  const res = await fetch(`${sb.url}/api/v4${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': sb.tokens.admin, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  const text = await res.text();
  const answer = text ? JSON.parse(text) : null;
  return Array.isArray(answer) && answer.length === 1 ? answer[0] : answer;
}
