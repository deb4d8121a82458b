// The fault matrix shared by test/e2e/faults-*.test.ts: every fault of issue 13 with what a command
// must say about it, and a runner that injects one fault into the file's sandbox around one CLI call.

import { expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { forgectl, type CliResult } from './cli.js';
import { envFor, requestsSince } from './sandbox.js';

export interface FaultCase {
  kind: string;
  /** The stderr line a read that gave up prints. */
  stderr: RegExp;
  /** The server answered with an error status: a write is known not to have been lost. */
  status?: boolean;
  /** Actions (POST, mr merge) are repeated only after these. */
  actionRetried?: boolean;
  /** Nothing reaches the server at all. */
  refused?: boolean;
  /** Fails at the first answer, never asked again (a 200 web page: a proxy's sign-in page). */
  final?: boolean;
}

export const FAULTS: FaultCase[] = [
  { kind: 'refused', stderr: /ECONNREFUSED/, refused: true },
  { kind: 'reset', stderr: /ECONNRESET|UND_ERR_SOCKET/ },
  { kind: 'reset-body', stderr: /the answer stopped part way \((ECONNRESET|UND_ERR_SOCKET)\)/ },
  { kind: 'short-body', stderr: /the answer stopped part way|shorter than its Content-Length/ },
  { kind: 'not-json', stderr: /the answer is not JSON \(text\/plain, 3 bytes\)/ },
  { kind: 'html', stderr: /the answer is a web page, not the API: check --url \/ a proxy in the way/, final: true },
  { kind: 'html-502', stderr: /502 Bad Gateway \(the answer is a web page, not the API: check --url \/ a proxy in the way\)/, status: true },
  { kind: '429', stderr: /429 Too Many Requests/, status: true, actionRetried: true },
  { kind: '429-date', stderr: /429 Too Many Requests/, status: true, actionRetried: true },
  { kind: 'hang', stderr: /TIMEOUT/ },
  { kind: 'hang-body', stderr: /the answer stopped part way \(TIMEOUT\)/ },
];

/** Global flags of every matrix run: one retry, a short backoff, a one-second request timeout. */
export const FAST = ['--retries', '1', '--timeout', '1'];
const FAST_ENV = { FORGECTL_RETRY_BASE_MS: '1' };

export interface FaultRun extends CliResult {
  requests: ReturnType<typeof requestsSince>;
}

/** Runs the CLI with `spec` pending (KIND:COUNT@SELECTOR), then drops whatever is left of it. */
export async function runWithFault(sb: Sandbox, spec: string, args: string[], token = 'admin'): Promise<FaultRun> {
  await sb.clearFaults();
  if (spec) sb.addFaults(spec);
  const mark = sb.requests.length;
  try {
    const res = await forgectl([...args, ...FAST], { env: envFor(sb, token, FAST_ENV) });
    return { ...res, requests: requestsSince(sb, mark) };
  } finally {
    await sb.clearFaults();
  }
}

/** The spec for a fault on the requests a selector picks; `refused` applies to the whole server. */
export function specFor(f: FaultCase, count: number | 'forever', selector: string): string {
  return f.refused ? `refused:forever` : `${f.kind}:${count}@${selector}`;
}

/** What no failed command may print: HTML, an empty list, or JSON that parses as a whole answer. */
export function expectNoFalseAnswer(res: CliResult): void {
  expect(res.stdout).not.toMatch(/<html|<!doctype/i);
  expect(res.stdout.trim()).not.toBe('[]');
  if (res.stdout.trim()) expect(() => JSON.parse(res.stdout)).toThrow();
}

/** How many times a request is sent with `--retries 1`: reads and updates twice, actions once. */
export function expectedAttempts(f: FaultCase, action: boolean): number {
  if (f.refused) return 0;
  if (f.final) return 1;
  if (action) return f.actionRetried ? 2 : 1;
  return 2;
}
