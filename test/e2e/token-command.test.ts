// Credential helpers: a profile names a command that prints its token. Real commands run here: a
// script that succeeds (and records the argv it got, to prove there is no shell), one that fails,
// one that hangs, and one that does not exist.

import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { filesContaining } from '../helpers/keyring.js';
import { rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** A helper script: prints the token (plus a second line, as `pass` entries have) and logs its arguments. */
function helper(dir: string, token: string): string {
  const path = join(dir, 'print-token');
  writeFileSync(path, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${dir}/argv"\nprintf '  %s  \\nlogin: admin\\n' '${token}'\n`);
  chmodSync(path, 0o755);
  return path;
}

function config(configDir: string): any {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
}

describe('profiles with --token-command', () => {
  it('runs the helper without a shell, uses the first line of its output, and stores no token', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const script = helper(dir, sb.tokens.alice);
    const command = `${script} 'forge/admin token' "say \\"hi\\"" '$HOME' *`;
    const added = await forgectl(['profile', 'add', 'pass', '--url', sb.url, '--token-command', command], { configDir });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/Verified token "alice-laptop"/);
    // Words split as a shell would, but `*` reached the helper as written: no shell globbed it.
    expect(readFileSync(join(dir, 'argv'), 'utf8')).toBe('forge/admin token\nsay "hi"\n$HOME\n*\n');
    expect(config(configDir).profiles.pass).toMatchObject({ tokenCommand: command });
    expect(filesContaining(configDir, sb.tokens.alice)).toEqual([]);

    const shown = json<any>(await forgectl(['profile', 'show', 'pass', '-o', 'json'], { configDir }));
    expect(shown).toMatchObject({ storage: 'command', token_command: command, token: null });

    const self = await forgectl(['token', 'self', '-o', 'json', '--verbose'], { configDir });
    expect(self.exitCode, self.stderr).toBe(0);
    expect(json<any>(self).name).toBe('alice-laptop');
    // Never logged, not even in the HTTP trace.
    expect(self.stderr).toMatch(/GET /);
    expect(self.stderr).not.toContain(sb.tokens.alice);
  });

  it('a failing helper exits 4 with its stderr, and nothing is saved', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const res = await forgectl(['profile', 'add', 'v', '--url', sb.url, '--token-command', `sh -c 'echo "vault: permission denied" >&2; exit 2'`], { configDir });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^error: the token command of profile v failed \(sh, exit 2\): vault: permission denied$/m);
    expect(json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir }))).toEqual([]);

    // Saved without verifying, the failure shows when the profile is used.
    expect((await forgectl(['profile', 'add', 'v', '--url', sb.url, '--no-verify', '--token-command', 'sh -c "echo locked >&2; exit 1"'], { configDir })).exitCode).toBe(0);
    const used = await forgectl(['token', 'self'], { configDir });
    expect(used.exitCode).toBe(4);
    expect(used.stderr).toMatch(/failed \(sh, exit 1\): locked/);

    // What a failing helper printed on stdout may be the secret: only its stderr is quoted.
    const leaky = `sh -c 'echo glpat-printed-then-failed; echo denied >&2; exit 3'`;
    expect((await forgectl(['profile', 'add', 'leaky', '--url', sb.url, '--no-verify', '--token-command', leaky], { configDir })).exitCode).toBe(0);
    const failed = await forgectl(['token', 'self', '-p', 'leaky', '--verbose'], { configDir });
    expect(failed.exitCode).toBe(4);
    expect(failed.stderr).toMatch(/failed \(sh, exit 3\): denied$/m);
    expect(failed.stderr + failed.stdout).not.toContain('glpat-printed-then-failed');
  });

  it('a hanging helper is stopped after --timeout and exits 4; a missing one exits 4; an empty one exits 4', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const add = (name: string, command: string) => forgectl(['profile', 'add', name, '--url', sb.url, '--no-verify', '--token-command', command], { configDir });
    expect((await add('hang', 'sleep 300')).exitCode).toBe(0);
    const hung = await forgectl(['token', 'self', '-p', 'hang', '--timeout', '1'], { configDir, timeout: 60_000 });
    expect(hung.exitCode).toBe(4);
    expect(hung.stderr).toMatch(/^error: the token command of profile hang \(sleep\) did not finish within 1s$/m);

    expect((await add('gone', 'forgectl-no-such-helper show x')).exitCode).toBe(0);
    const gone = await forgectl(['token', 'self', '-p', 'gone'], { configDir });
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toMatch(/was not found: forgectl-no-such-helper/);

    expect((await add('mute', 'true')).exitCode).toBe(0);
    const mute = await forgectl(['token', 'self', '-p', 'mute'], { configDir });
    expect(mute.exitCode).toBe(4);
    expect(mute.stderr).toMatch(/printed no token/);
  });

  it('refuses shell syntax and conflicting options before anything is saved (exit 2)', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    for (const extra of [
      ['--token-command', 'pass show forge/admin | head -1'],
      ['--token-command', 'vault kv get -field=token secret/$ENV'],
      ['--token-command', "pass show 'unclosed"],
      ['--token-command', '   '],
      ['--token-command', 'pass show x', '--token-stdin'],
      ['--token-command', 'pass show x', '--storage', 'keyring'],
    ]) {
      const res = await forgectl(['profile', 'add', 'x', '--url', sb.url, '--no-verify', ...extra], { configDir, input: 'glpat-abcdefghijklmnop\n' });
      expect(res.exitCode, `${extra.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(/^error: /m);
    }
    expect(json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir }))).toEqual([]);
  });

  it('token rotate does not write to a helper-backed profile: prints the secret with a reminder', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const script = helper(dir, sb.tokens.readonly_rotate);
    expect((await forgectl(['profile', 'add', 'h', '--url', sb.url, '--token-command', script], { configDir })).exitCode).toBe(0);
    const before = readFileSync(join(configDir, 'config.json'), 'utf8');
    const res = await forgectl(['token', 'rotate', 'self', '-o', 'json'], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    const secret = json<any>(res).token as string;
    expect((await rawGet(sb, '/personal_access_tokens/self', secret)).status).toBe(200);
    expect(res.stderr).toMatch(new RegExp(`^warning: profile h reads its token from \`${script}\`; .*update that command's source`, 'm'));
    expect(res.stderr).not.toContain(secret);
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(before);
    rmSync(join(dir, 'argv'));
    const save = await forgectl(['token', 'rotate', 'self', '--save'], { configDir });
    expect(save.exitCode).toBe(2);
    expect(save.stderr).toMatch(/^error: profile h takes its token from a command; forgectl cannot save to it$/m);
    // Refused before the helper was asked for a token it would not need.
    expect(existsSync(join(dir, 'argv'))).toBe(false);
  });
});

describe('a helper runs only when its token is sent to its own instance', () => {
  it('not for profile list/show, not when FORGECTL_TOKEN replaces it, not for a URL of another origin', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const script = helper(dir, sb.tokens.alice);
    const added = await forgectl(['profile', 'add', 'pass', '--url', sb.url, '--token-command', script, '--no-verify'], { configDir });
    expect(added.exitCode, added.stderr).toBe(0);
    const ran = () => existsSync(join(dir, 'argv'));
    expect(ran()).toBe(false);

    for (const args of [['profile', 'list', '-o', 'json'], ['profile', 'show', 'pass']]) {
      const res = await forgectl(args, { configDir });
      expect(res.exitCode, res.stderr).toBe(0);
    }
    expect(ran()).toBe(false);

    const viaEnv = await forgectl(['token', 'self', '-o', 'json'], { configDir, env: { FORGECTL_TOKEN: sb.tokens.bob } });
    expect(viaEnv.exitCode, viaEnv.stderr).toBe(0);
    expect(json<any>(viaEnv).name).toBe('bob-workstation');
    expect(ran()).toBe(false);

    const other = await forgectl(['token', 'self', '--url', 'http://127.0.0.2:9'], { configDir });
    expect(other.exitCode, other.stderr).toBe(4);
    expect(other.stderr).toContain('no token for 127.0.0.2:9');
    expect(ran()).toBe(false);

    // Its own instance: now it runs.
    const own = await forgectl(['token', 'self', '-o', 'json'], { configDir });
    expect(own.exitCode, own.stderr).toBe(0);
    expect(ran()).toBe(true);
  });

  it('not when adding a job-token profile, which is never verified', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const script = helper(dir, sb.tokens.alice);
    const added = await forgectl(['profile', 'add', 'ci', '--url', sb.url, '--token-type', 'job', '--token-command', script], { configDir });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toContain('Not verifying: job tokens');
    expect(existsSync(join(dir, 'argv'))).toBe(false);
  });
});

/** A helper script in its own directory; `body` is shell, run by /bin/sh. */
function script(dir: string, name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** Alive, as opposed to gone or a zombie waiting to be reaped (which is dead). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** One `error:` line (a hint may follow), and never a stack trace. */
function expectOneErrorLine(stderr: string, pattern: RegExp): void {
  expect(stderr.match(/^error: /gm), stderr).toHaveLength(1);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toMatch(/RangeError|TypeError|undici|heap/i);
}

describe('a helper that misbehaves ends with exit 4 and one line, in bounded memory', () => {
  // A heap far smaller than what the old unbounded read needed: collecting the output crashes here.
  const smallHeap = { NODE_OPTIONS: '--max-old-space-size=64' };

  it('one that prints forever (yes) or a 300 MB line is stopped after a few KiB', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const add = (name: string, command: string) => forgectl(['profile', 'add', name, '--url', sb.url, '--no-verify', '--token-command', command], { configDir });
    expect((await add('forever', script(dir, 'forever', 'exec yes glpat-repeated-forever'))).exitCode).toBe(0);
    expect((await add('huge', script(dir, 'huge', "head -c 300000000 /dev/zero | tr '\\0' a"))).exitCode).toBe(0);
    for (const name of ['forever', 'huge']) {
      const res = await forgectl(['token', 'self', '-p', name, '--timeout', '600'], { configDir, env: smallHeap, timeout: 120_000 });
      expect(res.exitCode, `${name}: ${res.stderr}`).toBe(4);
      expectOneErrorLine(res.stderr, new RegExp(`^error: the token command of profile ${name} \\(.*/${name}\\) printed more than 16 KiB; a token is one short line$`, 'm'));
      expect(res.stderr).not.toContain('glpat-repeated-forever');
    }
    expect(sb.requests.some((r) => r.headers['private-token']?.includes('aaaaaaaa'))).toBe(false);
  });

  it('on timeout, what the helper started is ended with it', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const pidFile = join(dir, 'child.pid');
    const hangs = script(dir, 'spawns', `sleep 300 & echo $! > '${pidFile}'\nwait`);
    expect((await forgectl(['profile', 'add', 'spawns', '--url', sb.url, '--no-verify', '--token-command', hangs], { configDir })).exitCode).toBe(0);
    const res = await forgectl(['token', 'self', '-p', 'spawns', '--timeout', '1'], { configDir, timeout: 60_000 });
    expect(res.exitCode).toBe(4);
    expectOneErrorLine(res.stderr, /^error: the token command of profile spawns \(.*\/spawns\) did not finish within 1s$/m);
    const child = Number(readFileSync(pidFile, 'utf8'));
    expect(child).toBeGreaterThan(0);
    // SIGKILL was sent before forgectl exited; the kernel may take a moment to finish the process.
    for (let i = 0; i < 100 && running(child); i++) await new Promise((r) => setTimeout(r, 20));
    const alive = running(child);
    if (alive) process.kill(child, 'SIGKILL');
    expect(alive).toBe(false);
  });

  it('a token with control characters or blanks is refused before anything is sent', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const before = sb.requests.length;
    const cases = { ctrl: "printf 'glpat-abc\\001defghijklmnop\\n'", blank: "printf 'glpat-abc defghijklmnop\\n'", bell: "printf 'glpat-abcdefghijklmnop\\a\\n'" };
    for (const [name, body] of Object.entries(cases)) {
      expect((await forgectl(['profile', 'add', name, '--url', sb.url, '--no-verify', '--token-command', script(dir, name, body)], { configDir })).exitCode).toBe(0);
      const res = await forgectl(['token', 'self', '-p', name], { configDir });
      expect(res.exitCode, `${name}: ${res.stderr}`).toBe(4);
      expectOneErrorLine(res.stderr, new RegExp(`^error: the token command of profile ${name} \\(.*\\) printed a first line that is not a token: it holds characters a token cannot have`, 'm'));
      expect(res.stderr).not.toContain('glpat-abc');
    }
    expect(sb.requests.length).toBe(before);
  });

  it("token-shaped text on a failing helper's stderr is masked", async () => {
    const sb = sandbox();
    const dir = tempDir();
    const configDir = tempDir();
    const leaks = script(dir, 'leaks', 'echo glpat-Printed9First8Then >&1\necho "token glpat-Zx9Yw8Vu7Ts6Rq5Po4Nm expired; vault hvs.CAESIJ1k2l3m4n5o6p7q8r9s0t denied; glpat-Printed9First8Then" >&2\nexit 1');
    expect((await forgectl(['profile', 'add', 'leaks', '--url', sb.url, '--no-verify', '--token-command', leaks], { configDir })).exitCode).toBe(0);
    const res = await forgectl(['token', 'self', '-p', 'leaks'], { configDir });
    expect(res.exitCode).toBe(4);
    expectOneErrorLine(res.stderr, /^error: the token command of profile leaks failed \(.*\/leaks, exit 1\): token \[REDACTED\] expired; vault \[REDACTED\] denied; \[REDACTED\]$/m);
    for (const secret of ['Zx9Yw8Vu7Ts6Rq5Po4Nm', 'CAESIJ1k2l3m4n5o6p7q8r9s0t', 'Printed9First8Then']) expect(res.stderr).not.toContain(secret);
  });
});
