// `migrate watch` in-process with a fake clock (helpers/harness.ts): waits and timeouts of hours take
// no real time, and what the watch says at its limit can be checked exactly.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { FakeClock, runCli } from '../helpers/harness.js';
import { ORIGIN, json } from '../unit/http-helpers.js';

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

describe('migrate watch prints server text visibly', () => {
  it('a failed entity whose path and failure message hold escape sequences: shown as ^[, never sent raw', async () => {
    const fixture = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../fixtures/realdata/bulk_imports/${name}.json`), 'utf8')).body;
    const [entity] = fixture('list_entities');
    const evil = '\x1b]0;pwned\x07\x1b[31m';
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: '/api/v4/bulk_imports/1' }).reply(200, { ...fixture('get'), status: 'finished' }, json).persist();
    // The entity carries its failures, as GitLab 16+ sends them.
    const failures = [{ ...entity.failures[0], exception_message: `boom${evil}` }];
    pool.intercept({ path: (p) => p.startsWith('/api/v4/bulk_imports/1/entities?') }).reply(200, [{ ...entity, status: 'failed', source_full_path: `grp${evil}`, failures }], json).persist();
    const res = await runCli(['migrate', 'watch', '1', '--retries', '0'], { env: { FORGECTL_URL: ORIGIN, FORGECTL_TOKEN: 'glpat-x' }, dispatcher: agent });
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain('grp^[]0;pwned^G^[[31m');
    expect(res.stderr).toContain('boom^[]0;pwned^G^[[31m');
    expect(res.stderr).not.toMatch(/[\x07\x1b]/);
  });
});
