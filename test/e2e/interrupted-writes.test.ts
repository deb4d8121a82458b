// Issue 41 item 3: Ctrl-C after a write was sent is no "cancelled". The sandbox holds the answer to
// the write (a hang fault), the test sends SIGINT once the request has reached it: the command says
// the change may have been applied and how to check, and exits 130, a bulk rotation too. A fleet's
// summary says "interrupted (may have applied)" (plainly "interrupted" when every write sent was
// answered), and a write whose answer was lost "unknown (may have applied)", never "unreachable".

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { BIN, cleanEnv, forgectl, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** Two profiles, a and b, both on the file's sandbox. */
function fleetHome(sb: Sandbox): string {
  const home = tempDir('forgectl-fleet-');
  mkdirSync(join(home, 'forgectl'), { mode: 0o700 });
  const profile = { url: sb.url, token: sb.tokens.admin, tokenType: 'personal' };
  writeFileSync(join(home, 'forgectl', 'config.json'), JSON.stringify({ default: 'a', profiles: { a: profile, b: profile } }), { mode: 0o600 });
  return home;
}

/**
 * Runs the CLI with `fault` pending and sends SIGINT once `arrived` requests match `method path`
 * (the sandbox has them, and holds their answers); the fault is dropped after.
 */
async function interruptAt(args: string[], fault: string, method: string, path: RegExp, env: Record<string, string | undefined>, arrived = 1) {
  const sb = sandbox();
  await sb.clearFaults();
  sb.addFaults(fault);
  const mark = sb.requests.length;
  const matching = () => sb.requests.slice(mark).filter((r) => r.method === method && path.test(r.path));
  try {
    const child = execa(BIN, [...args, '--retries', '0'], { env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir(), ...env }), extendEnv: false, reject: false, timeout: 30_000 });
    while (matching().length < arrived) {
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGINT');
    const res = await child;
    expect(res.timedOut).toBe(false);
    return { exitCode: res.exitCode, stdout: String(res.stdout), stderr: String(res.stderr), sent: matching() };
  } finally {
    await sb.clearFaults();
  }
}

async function hookCount(): Promise<number> {
  return (await rawGet(sandbox(), '/hooks?per_page=100', sandbox().tokens.admin)).body.length;
}

describe('Ctrl-C while a write is in flight', () => {
  it('hooks create: exit 130, "may have been applied" and the command that checks; never "cancelled"', async () => {
    const before = await hookCount();
    // hang-body: the hook is created, and its answer never ends.
    const res = await interruptAt(['hooks', 'create', '--url', 'https://hooks.example.com/interrupted'], 'hang-body:1@POST:/hooks', 'POST', /\/hooks$/, envFor(sandbox()));
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.sent).toHaveLength(1);
    expect(res.stderr).toMatch(/^interrupted after POST http:\/\/127\.0\.0\.1:\d+\/api\/v4\/hooks was sent: the change may have been applied$/m);
    expect(res.stderr).toContain('hint: check before trying again: forgectl api /hooks');
    expect(res.stderr).not.toMatch(/cancelled/);
    // It was: re-running the create blindly would make a second one.
    expect(await hookCount()).toBe(before + 1);
  });

  it('state apply: the write in flight is "unknown", the rest not tried, exit 130 (also in its JSON report)', async () => {
    const url = 'https://hooks.example.com/apply-interrupted';
    const file = join(tempDir(), 'instance.yaml');
    writeFileSync(file, `system_hooks:\n  - url: ${url}\nbroadcast_messages:\n  - message: After the hook\n`);
    const res = await interruptAt(['state', 'apply', '-f', file, '--yes', '-o', 'json'], 'hang-body:1@POST:/hooks', 'POST', /\/hooks$/, envFor(sandbox()));
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.stderr).toContain(`unknown: create system_hooks ${url} (POST /hooks): interrupted after POST`);
    expect(res.stderr).toContain('not tried: create broadcast_messages');
    expect(res.stderr).toContain('hint: check before trying again: forgectl api /hooks');
    const report = JSON.parse(res.stdout);
    expect(report.exit_code).toBe(130);
    expect(report.writes.map((w: { status: string }) => w.status)).toEqual(['unknown', 'not tried']);
  });

  it('a read interrupted is still only "interrupted" (nothing was sent that could change anything)', async () => {
    const res = await interruptAt(['hooks', 'list'], 'hang:1@GET:/hooks', 'GET', /\/hooks$/, envFor(sandbox()));
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.stderr).not.toContain('may have been applied');
  });

  it('token rotate --where: exit 130 (not 1); the token in flight may be rotated, its old secret may be dead; the rest not sent', async () => {
    const res = await interruptAt(['token', 'rotate', '--where', 'no-expiry', '--yes', '-o', 'json'], 'hang:forever@POST:/personal_access_tokens/*', 'POST', /\/rotate$/, envFor(sandbox()));
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.sent).toHaveLength(1);
    const rows = JSON.parse(res.stdout) as { id: number; result: string; reason?: string }[];
    const inFlight = rows.find((r) => res.sent[0]!.path.endsWith(`/${r.id}/rotate`))!;
    expect(inFlight.result).toBe('unknown');
    expect(inFlight.reason).toMatch(/^interrupted after POST \S+\/rotate was sent: the change may have been applied; the old secret may already be dead$/);
    const rest = rows.filter((r) => r !== inFlight && r.reason !== 'the token in use');
    expect(rest.length).toBeGreaterThan(0);
    for (const r of rest) expect(r).toMatchObject({ result: 'skipped', reason: 'interrupted before it was sent' });
    expect(res.stderr).toContain('hint: check before trying again: forgectl token list --all');
  });

  it('token revoke --where: exit 130; the revocation in flight unknown, the rest not sent', async () => {
    const res = await interruptAt(['token', 'revoke', '--where', 'no-expiry', '--yes', '-o', 'json'], 'hang:forever@DELETE:/personal_access_tokens/*', 'DELETE', /\/personal_access_tokens\/\d+$/, envFor(sandbox()));
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.sent).toHaveLength(1);
    const rows = JSON.parse(res.stdout) as { id: number; result: string; reason?: string }[];
    expect(rows.filter((r) => r.result === 'unknown').map((r) => r.id)).toEqual([Number(res.sent[0]!.path.split('/').pop())]);
    expect(rows.filter((r) => r.result === 'unknown')[0]!.reason).toMatch(/^interrupted after DELETE \S+ was sent: the change may have been applied$/);
    expect(rows.filter((r) => r.result === 'revoked' || r.result === 'failed')).toEqual([]);
  });

  it('a fleet: each instance "interrupted (may have applied)", exit 130', async () => {
    const home = fleetHome(sandbox());
    const res = await interruptAt(
      ['--profiles', 'a,b', 'hooks', 'create', '--url', 'https://hooks.example.com/fleet-interrupted', '--yes'],
      'hang:forever@POST:/hooks',
      'POST',
      /\/hooks$/,
      { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home },
      2,
    );
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.stderr).toMatch(/^a: interrupted after POST \S+\/hooks was sent: the change may have been applied$/m);
    expect(res.stderr).toMatch(/^a interrupted \(may have applied\) \u00b7 b interrupted \(may have applied\)$/m);
  });
});

describe('Ctrl-C after every write sent was answered', () => {
  it('a fleet says plainly "interrupted", not "may have applied": each POST was refused (429) and Ctrl-C came while waiting to retry', async () => {
    const sb = sandbox();
    const home = fleetHome(sb);
    await sb.clearFaults();
    sb.addFaults('429:forever@POST:/hooks');
    const before = await hookCount();
    try {
      const child = execa(BIN, ['--profiles', 'a,b', 'hooks', 'create', '--url', 'https://hooks.example.com/fleet-answered', '--yes', '--retries', '3', '--verbose'], {
        env: cleanEnv({ XDG_CONFIG_HOME: home }),
        extendEnv: false,
        reject: false,
        timeout: 30_000,
      });
      // The trace says "retrying" once the 429 has been read, before the wait: both answers are in.
      let err = '';
      await new Promise<void>((resolve) => {
        child.stderr!.on('data', (d: Buffer) => {
          err += String(d);
          if (/^a: \* retrying POST/m.test(err) && /^b: \* retrying POST/m.test(err)) resolve();
        });
        void child.then(() => resolve());
      });
      child.kill('SIGINT');
      const res = await child;
      expect(res.timedOut).toBe(false);
      expect(res.exitCode, String(res.stderr)).toBe(130);
      expect(String(res.stderr)).toMatch(/^a interrupted \u00b7 b interrupted$/m);
      expect(String(res.stderr)).not.toContain('may have applied');
      expect(await hookCount()).toBe(before);
    } finally {
      await sb.clearFaults();
    }
  });
});

describe('a write whose answer was lost', () => {
  it('a fleet says "unknown (may have applied)", not "unreachable"', async () => {
    const sb = sandbox();
    const home = fleetHome(sb);
    await sb.clearFaults();
    sb.addFaults('reset-body:forever@POST:/hooks');
    try {
      const res = await forgectl(['--profiles', 'a,b', 'hooks', 'create', '--url', 'https://hooks.example.com/fleet-lost', '--yes', '--retries', '0'], { env: { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home } });
      expect(res.exitCode, res.stderr).toBe(1);
      expect(res.stderr).toMatch(/^a unknown \(may have applied\) \u00b7 b unknown \(may have applied\)$/m);
      expect(res.stderr).not.toContain('unreachable');
    } finally {
      await sb.clearFaults();
    }
  });

  it('a bulk rotation says the old secret may already be dead (exit 1)', async () => {
    const sb = sandbox();
    await sb.clearFaults();
    sb.addFaults('reset-body:1@POST:/personal_access_tokens/*');
    try {
      const res = await forgectl(['token', 'rotate', '--where', 'no-expiry', '--yes', '-o', 'json', '--retries', '0'], { env: envFor(sb) });
      expect(res.exitCode, res.stderr).toBe(1);
      const rows = JSON.parse(res.stdout) as { result: string; reason?: string }[];
      const lost = rows.filter((r) => r.result === 'unknown');
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toMatch(/the change may have been applied; the old secret may already be dead$/);
    } finally {
      await sb.clearFaults();
    }
  });
});
