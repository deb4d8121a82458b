// A "no" at a confirmation is the user's choice, not a failure: stderr says "cancelled" and what was
// left alone, without the `error:` of a failed command; the exit code stays 130 as documented.

import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/core/errors.js';
import { reportedError, runCli, ScriptedPrompter } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('a "no" at a confirmation', () => {
  it('prints "cancelled", not error:, exits 130 and sends no write', async () => {
    const sb = sandbox();
    const listed = await runCli(['token', 'list', '--user', 'carol', '--state', 'active', '-o', 'json'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin } });
    const [token] = JSON.parse(listed.stdout) as { id: number }[];
    const mark = sb.requests.length;
    const res = await runCli(['token', 'revoke', String(token.id)], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin }, tty: true, prompt: new ScriptedPrompter([false]) });
    expect(res.exitCode).toBe(130);
    expect(res.stderr).toBe('cancelled: nothing was changed\n');
    expect(sb.requests.slice(mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('an interruption', () => {
  it('says what stopped, without error: (130)', () => {
    for (const [err, line] of [
      [new CancelledError('interrupted'), 'interrupted'],
      [new CancelledError('cancelled at the prompt'), 'cancelled at the prompt'],
      [new CancelledError('stopped watching migration 5; it continues on the instance', 'watch again with: forgectl migrate watch 5'), 'stopped watching migration 5; it continues on the instance'],
    ] as const) {
      const reported = reportedError(err);
      expect(reported.exitCode).toBe(130);
      expect(reported.stderr.split('\n')[0]).toBe(line);
    }
  });
});
