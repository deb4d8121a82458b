// `migrate watch` in-process with a fake clock (helpers/harness.ts): waits and timeouts of hours take
// no real time, and what the watch says at its limit can be checked exactly.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';
import { FakeClock, runCli } from '../helpers/harness.js';
import { ORIGIN, json } from '../unit/http-helpers.js';

const sourceSandbox = useSandbox();
const destSandbox = useSandbox();

const env = () => ({ FORGECTL_URL: destSandbox().url, FORGECTL_TOKEN: destSandbox().tokens.admin });

describe('migrate watch with a fake clock', () => {
  it('stops after the default --timeout of 2h (exit 1), says where it stood and how to resume', async () => {
    const started = await runCli(['migrate', 'start', '--source-url', sourceSandbox().url, '--source-token-stdin', '--entity', 'project:acme/web/admin-portal=opensource:portal-clock', '-o', 'json'], {
      env: env(),
      input: sourceSandbox().tokens.bob,
    });
    expect(started.exitCode, started.stderr).toBe(0);
    const id = JSON.parse(started.stdout).id as number;
    // Every poll fails: the watch cannot see the end before its limit.
    destSandbox().addFaults('503:1000');
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
      destSandbox().state.faults.clear();
    }
  });

  it('takes --timeout and --interval in the watch’s own terms', async () => {
    destSandbox().addFaults('503:1000');
    const clock = new FakeClock();
    try {
      const res = await runCli(['migrate', 'watch', '1', '--retries', '0', '--interval', '30s', '--timeout', '90s'], { env: env(), clock });
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toContain('has not ended after 1m30s');
      expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(90_000);
    } finally {
      destSandbox().state.faults.clear();
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

/** Watches migration 1 of 40 entities, running for two polls, on a terminal of the given size. */
async function watchOnTerminal(rows: number, columns: number) {
  const fixture = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../fixtures/realdata/bulk_imports/${name}.json`), 'utf8')).body;
  const [entity] = fixture('list_entities');
  const entities = Array.from({ length: 40 }, (_, i) => ({
    ...entity,
    id: i + 1,
    status: 'finished',
    failures: [],
    source_full_path: `acme/platform/service-${String(i).padStart(2, '0')}`,
    destination_full_path: `opensource/acme-copy/platform/service-${String(i).padStart(2, '0')}`,
  }));
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  // Two polls while it runs (the spinner redraws every 80 ms), then the end.
  pool.intercept({ path: '/api/v4/bulk_imports/1' }).reply(200, { ...fixture('get'), status: 'started' }, json).times(2);
  pool.intercept({ path: '/api/v4/bulk_imports/1' }).reply(200, { ...fixture('get'), status: 'finished' }, json).persist();
  pool.intercept({ path: (p) => p.startsWith('/api/v4/bulk_imports/1/entities?') }).reply(200, entities, json).persist();
  return runCli(['migrate', 'watch', '1', '--retries', '0', '--interval', '200ms'], {
    env: { FORGECTL_URL: ORIGIN, FORGECTL_TOKEN: 'glpat-x' },
    dispatcher: agent,
    tty: true,
    // A terminal as ora drives it: its size, and the cursor moves it erases the last frame with.
    prepare: (ctx) =>
      Object.assign(ctx.stderr, {
        isTTY: true,
        rows,
        columns,
        cursorTo: (x: number) => ctx.stderr.write(`\x1b[${x + 1}G`),
        moveCursor: (_dx: number, dy: number) => ctx.stderr.write(`\x1b[${-dy}A`),
        clearLine: () => ctx.stderr.write('\x1b[2K'),
      }),
  });
}

describe('migrate watch live view on a terminal of a known size', () => {
  it('24 rows, 80 columns: each frame in at most 23 lines, none wrapping, the rest summed up as "… N more"', async () => {
    const res = await watchOnTerminal(24, 80);
    expect(res.exitCode, res.stderr).toBe(0);
    // Each redraw is wrapped in synchronized-output marks.
    const frames = res.stderr
      .split('\x1b[?2026h')
      .slice(1)
      .map((chunk) => stripVTControlCharacters(chunk.split('\x1b[?2026l')[0]));
    const tables = frames.filter((f) => f.includes('migration 1 started'));
    expect(tables.length, res.stderr).toBeGreaterThan(0);
    for (const frame of tables) {
      const lines = frame.split('\n');
      expect(lines.length).toBeLessThanOrEqual(23);
      for (const line of lines) expect(line.length, line).toBeLessThan(80);
      expect(lines.at(-1)).toMatch(/^ {2}… \d+ more \(\d+ finished\)$/);
      expect(frame).not.toContain('content truncated');
    }
  });

  it('4 rows, too few for an entity and "… N more": one line per change instead', async () => {
    const res = await watchOnTerminal(4, 80);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('\x1b[?2026h');
    expect(res.stderr).toMatch(/\[\d+s\] entity 40 group acme\/platform\/service-39 → opensource\/acme-copy\/platform\/service-39: finished/);
  });
});
