// `migrate watch` in-process with a fake clock (helpers/harness.ts): waits and timeouts of hours take
// no real time, and what the watch says at its limit can be checked exactly.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { FakeClock, runCli } from '../helpers/harness.js';

let source: Sandbox;
let dest: Sandbox;
beforeAll(async () => {
  source = await startSandbox({ seed: 'demo' });
  dest = await startSandbox({ seed: 'demo' });
});
afterAll(async () => {
  await source?.close();
  await dest?.close();
});

const env = () => ({ FORGECTL_URL: dest.url, FORGECTL_TOKEN: dest.tokens.admin });

describe('migrate watch with a fake clock', () => {
  it('stops after the default --timeout of 2h (exit 1), says where it stood and how to resume', async () => {
    const started = await runCli(['migrate', 'start', '--source-url', source.url, '--source-token-stdin', '--entity', 'project:acme/web/admin-portal=opensource:portal-clock', '-o', 'json'], {
      env: env(),
      input: source.tokens.bob,
    });
    expect(started.exitCode, started.stderr).toBe(0);
    const id = JSON.parse(started.stdout).id as number;
    // Every poll fails: the watch cannot see the end before its limit.
    dest.addFaults('503:1000');
    const clock = new FakeClock();
    try {
      const res = await runCli(['migrate', 'watch', String(id), '--retries', '0'], { env: env(), clock });
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toContain(`error: migration ${id} has not ended after 2h00m (no answer yet)`);
      expect(res.stderr).toContain(`hint: watch again with: forgectl migrate watch ${id}`);
      // Polls slow down while they fail (5s doubled, at most 30s apart), and the waits add up to the limit.
      expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(2 * 3600_000);
      expect(Math.max(...clock.sleeps)).toBe(30_000);
      expect(clock.sleeps[0]).toBe(10_000);
    } finally {
      dest.state.faults.clear();
    }
  });

  it('takes --timeout and --interval in the watch’s own terms', async () => {
    dest.addFaults('503:1000');
    const clock = new FakeClock();
    try {
      const res = await runCli(['migrate', 'watch', '1', '--retries', '0', '--interval', '30s', '--timeout', '90s'], { env: env(), clock });
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toContain('has not ended after 1m30s');
      expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(90_000);
    } finally {
      dest.state.faults.clear();
    }
  });
});
