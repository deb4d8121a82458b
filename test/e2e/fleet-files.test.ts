// Issue 40 items 5-7: files a fleet writes never collide ({profile} in every name a fleet writes),
// an output path is a regular file or `-`, and a fleet's Markdown and JSON reports name every
// instance, failed ones with their error.

import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { BIN, cleanEnv, forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandboxes = { a: useSandbox(), b: useSandbox() };
type Name = keyof typeof sandboxes;

/** A config home with profiles a and b (admin tokens), plus `extra` (`[url, token]`). */
function fleetHome(extra: Record<string, [string, string]> = {}): string {
  const home = tempDir('forgectl-fleet-files-');
  mkdirSync(join(home, 'forgectl'), { mode: 0o700 });
  const profiles: Record<string, [string, string]> = { a: [sandboxes.a().url, sandboxes.a().tokens.admin], b: [sandboxes.b().url, sandboxes.b().tokens.admin], ...extra };
  const data = Object.fromEntries(Object.entries(profiles).map(([name, [url, token]]) => [name, { url, token, tokenType: 'personal' }]));
  writeFileSync(join(home, 'forgectl', 'config.json'), JSON.stringify({ default: 'a', profiles: data }), { mode: 0o600 });
  return home;
}

const run = (args: string[], home: string) => forgectl(args, { env: { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home } });

function marks(): Record<Name, number> {
  return { a: sandboxes.a().requests.length, b: sandboxes.b().requests.length };
}
const sentSince = (mark: Record<Name, number>, n: Name) => requestsSince(sandboxes[n](), mark[n]);

function stateFile(dir: string): string {
  const file = join(dir, 'instance.yaml');
  writeFileSync(file, 'broadcast_messages:\n  - message: Fleet files\n');
  return file;
}

describe('files a fleet writes', () => {
  it('state plan --out without {profile} over two instances is exit 2, before any request; with it, one plan per instance', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = stateFile(dir);
    const mark = marks();
    const refused = await run(['--profiles', 'a,b', 'state', 'plan', '-f', file, '--out', join(dir, 'p.json')], home);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`--out ${join(dir, 'p.json')} would be written by each of the 2 instances`);
    expect(refused.stderr).toContain(`--out '${join(dir, 'p-{profile}.json')}'`);
    expect(existsSync(join(dir, 'p.json'))).toBe(false);
    for (const n of ['a', 'b'] as const) expect(sentSince(mark, n)).toEqual([]);

    const res = await run(['--profiles', 'a,b', 'state', 'plan', '-f', file, '--out', join(dir, 'p-{profile}.json')], home);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const n of ['a', 'b'] as const) {
      const doc = JSON.parse(readFileSync(join(dir, `p-${n}.json`), 'utf8'));
      expect(doc.instance).toEqual({ url: sandboxes[n]().url, profile: n });
      expect(res.stderr).toContain(`${n}: Saved the plan to ${join(dir, `p-${n}.json`)}`);
    }
    expect(existsSync(join(dir, 'p-{profile}.json'))).toBe(false);
  });

  it('one instance may name one file; two names of one file (a link) are refused', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = stateFile(dir);
    const single = await run(['--profiles', 'a', 'state', 'plan', '-f', file, '--out', join(dir, 'only.json')], home);
    expect(single.exitCode, single.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'only.json'), 'utf8')).instance.profile).toBe('a');
    // p-a.json is a link to p-b.json: both instances would write the same file.
    writeFileSync(join(dir, 'p-b.json'), '{}\n');
    symlinkSync(join(dir, 'p-b.json'), join(dir, 'p-a.json'));
    const mark = marks();
    const res = await run(['--profiles', 'a,b', 'state', 'plan', '-f', file, '--out', join(dir, 'p-{profile}.json')], home);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('are one file');
    expect(readFileSync(join(dir, 'p-b.json'), 'utf8')).toBe('{}\n');
    for (const n of ['a', 'b'] as const) expect(sentSince(mark, n)).toEqual([]);
  });

  it('state export -f over a fleet needs {profile} too, and writes one export per instance', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const mark = marks();
    const refused = await run(['--all-profiles', 'state', 'export', '--only', 'broadcast_messages', '-f', join(dir, 'export.yaml')], home);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('{profile}');
    for (const n of ['a', 'b'] as const) expect(sentSince(mark, n)).toEqual([]);
    const res = await run(['--all-profiles', 'state', 'export', '--only', 'broadcast_messages', '-f', join(dir, 'export-{profile}.yaml')], home);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const n of ['a', 'b'] as const) {
      expect(readFileSync(join(dir, `export-${n}.yaml`), 'utf8')).toContain(`state export of ${sandboxes[n]().url}`);
      expect(res.stderr).toContain(`${n}: Wrote ${join(dir, `export-${n}.yaml`)}.`);
    }
  });

  it('token rotate --where --secrets-to over a fleet is exit 2 before any rotation; with {profile} each file names its instance', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const mark = marks();
    const refused = await run(['--profiles', 'a,b', 'token', 'rotate', '--where', 'expiring:30d', '--expires-in', '60d', '--secrets-to', join(dir, 's.json'), '--yes'], home);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--secrets-to');
    expect(existsSync(join(dir, 's.json'))).toBe(false);
    for (const n of ['a', 'b'] as const) expect(sentSince(mark, n)).toEqual([]);

    const res = await run(['--profiles', 'a,b', 'token', 'rotate', '--where', 'expiring:30d', '--expires-in', '60d', '--secrets-to', join(dir, 's-{profile}.json'), '--yes'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const n of ['a', 'b'] as const) {
      const secrets = JSON.parse(readFileSync(join(dir, `s-${n}.json`), 'utf8')) as any[];
      expect(secrets.length).toBeGreaterThan(0);
      for (const s of secrets) expect(s).toMatchObject({ profile: n, url: sandboxes[n]().url, token: expect.any(String) });
      expect(statSync(join(dir, `s-${n}.json`)).mode & 0o777).toBe(0o600);
    }
  });
});

describe('- over a fleet', () => {
  it('every file option given - over several instances is exit 2 before any request, one line naming {profile}; one instance may', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = stateFile(dir);
    const mark = marks();
    const cases: [string, string[]][] = [
      ['--out', ['state', 'plan', '-f', file, '--out', '-']],
      ['-f', ['state', 'export', '--only', 'broadcast_messages', '-f', '-']],
      ['--secrets-to', ['token', 'create', '--user', 'root', '--name', 'fleet', '--scope', 'read_api', '--expires-in', '30d', '--secrets-to', '-', '--yes']],
      ['--secrets-to', ['token', 'rotate', '--where', 'expiring:30d', '--expires-in', '60d', '--secrets-to', '-', '--yes']],
    ];
    for (const [flag, args] of cases) {
      const res = await run(['--profiles', 'a,b', ...args], home);
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr.trim().split('\n'), args.join(' ')).toEqual([`error: ${flag} - would print the 2 instances' documents one after the other on standard output: give a file name with {profile} instead, one file per instance`]);
      expect(res.stdout).toBe('');
    }
    for (const n of ['a', 'b'] as const) expect(sentSince(mark, n)).toEqual([]);
    const one = await run(['--profiles', 'a', 'state', 'plan', '-f', file, '--out', '-'], home);
    expect(one.exitCode, one.stderr).toBe(0);
    expect(one.stdout).toContain('"format_version": 2');
  });

  it('one instance given - prints the document alone on standard output, as -p does: no heading, no instance key', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = stateFile(dir);
    for (const format of [[], ['-o', 'json']]) {
      const plan = await run(['--profiles', 'a', 'state', 'plan', '-f', file, '--out', '-', ...format], home);
      expect(plan.exitCode, plan.stderr).toBe(0);
      expect(plan.stdout).not.toContain('==>');
      expect(json(plan).instance).toEqual({ url: sandboxes.a().url, profile: 'a' });
      // What stdout holds (`> plan.json`) is a plan `state show` reads.
      writeFileSync(join(dir, 'plan.json'), plan.stdout);
      const shown = await forgectl(['state', 'show', join(dir, 'plan.json')]);
      expect(shown.exitCode, shown.stderr).toBe(0);
      expect(shown.stdout).toContain('Fleet files');
      // Which instance it was is still said, on standard error.
      expect(plan.stderr).toContain('a ok');
    }
    const single = await run(['-p', 'a', 'state', 'export', '--only', 'broadcast_messages', '-f', '-'], home);
    const exported = await run(['--profiles', 'a', 'state', 'export', '--only', 'broadcast_messages', '-f', '-'], home);
    expect(exported.exitCode, exported.stderr).toBe(0);
    const noTime = (s: string) => s.replace(/ at \S+Z$/m, '');
    expect(noTime(exported.stdout)).toBe(noTime(single.stdout));
    const created = await run(['--profiles', 'a', 'token', 'create', '--user', 'root', '--name', 'alone', '--scope', 'read_api', '--expires-in', '30d', '--secrets-to', '-', '--yes', '-o', 'json'], home);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(json(created)).toMatchObject({ name: 'alone', token: expect.any(String) });
    const rotated = await run(['--profiles', 'a', 'token', 'rotate', '--where', 'expiring:30d', '--expires-in', '60d', '--secrets-to', '-', '--yes', '-o', 'json'], home);
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    const rows = json<any[]>(rotated);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ result: 'rotated', token: expect.any(String) });
  });
});

describe('an output path is a regular file or standard output', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await new Promise((resolve) => s.close(resolve));
  });

  async function socketAt(path: string): Promise<void> {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(path, resolve));
  }

  it('refuses a FIFO, a socket, a directory and a device (through a link), exit 2 before any request; each stays as it was', async () => {
    const sb = sandboxes.a();
    const dir = tempDir();
    const file = stateFile(dir);
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const socket = join(dir, 'sock');
    await socketAt(socket);
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    // A device without touching one: a link in the temporary directory to /dev/null.
    const device = join(dir, 'null');
    symlinkSync('/dev/null', device);
    const cases: [string, string][] = [
      [fifo, 'a FIFO'],
      [socket, 'a socket'],
      [folder, 'a directory'],
      [device, 'a character device'],
    ];
    const mark = sb.requests.length;
    for (const [path, kind] of cases) {
      for (const args of [
        ['state', 'plan', '-f', file, '--out', path],
        ['state', 'export', '-f', path],
        ['token', 'rotate', '--where', 'expiring:30d', '--secrets-to', path, '--yes'],
      ]) {
        const res = await forgectl(args, { env: envFor(sb) });
        expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
        if (args[0] === 'state') expect(res.stderr).toContain(`${path} is ${kind}`);
      }
    }
    expect(requestsSince(sb, mark)).toEqual([]);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(lstatSync(socket).isSocket()).toBe(true);
    expect(lstatSync(folder).isDirectory()).toBe(true);
    expect(readlinkSync(device)).toBe('/dev/null');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('refuses a link to standard output (as /dev/stdout is), a pipe or the file it is redirected to', async () => {
    const sb = sandboxes.a();
    const dir = tempDir();
    const file = stateFile(dir);
    // /dev/stdout itself is never named: a regression would replace it. A link of the same kind, here.
    const stdout = join(dir, 'stdout');
    symlinkSync('/proc/self/fd/1', stdout);
    const piped = await forgectl(['state', 'plan', '-f', file, '--out', stdout], { env: envFor(sb) });
    expect(piped.exitCode).toBe(2);
    // Node's pipes are sockets; a shell's are FIFOs.
    expect(piped.stderr).toMatch(/stdout is a (socket|FIFO)/);
    // Standard output a regular file: the plan would be renamed over it, and the text lost.
    const redirected = join(dir, 'out.txt');
    // Not spawnSync: the sandbox answers from this process.
    const sh = await execa('sh', ['-c', '"$0" state plan -f "$1" --out "$2" > "$3"', BIN, file, stdout, redirected], { env: cleanEnv({ ...envFor(sb), FORGECTL_CONFIG_DIR: tempDir() }), extendEnv: false, reject: false });
    expect(sh.exitCode, String(sh.stderr)).toBe(2);
    expect(sh.stderr).toContain("is this run's standard output or error");
    expect(readlinkSync(stdout)).toBe('/proc/self/fd/1');
  });

  it('writes through a link to a regular file, leaving the link', async () => {
    const sb = sandboxes.a();
    const dir = tempDir();
    const file = stateFile(dir);
    mkdirSync(join(dir, 'kept'));
    const target = join(dir, 'kept', 'plan.json');
    writeFileSync(target, 'old\n');
    const link = join(dir, 'plan.json');
    symlinkSync(target, link);
    const res = await forgectl(['state', 'plan', '-f', file, '--out', link], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8')).format_version).toEqual(expect.any(Number));
  });

  it('- is standard output: the plan document for --out, the export for -f; no file named -', async () => {
    const sb = sandboxes.a();
    const dir = tempDir();
    const file = stateFile(dir);
    const plan = await forgectl(['state', 'plan', '-f', file, '--out', '-'], { env: envFor(sb), cwd: dir });
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout).instance.url).toBe(sb.url);
    // The plan text is still shown, on standard error.
    expect(plan.stderr).toContain(`Plan for ${sb.url}`);
    const exported = await forgectl(['state', 'export', '--only', 'broadcast_messages', '-f', '-'], { env: envFor(sb), cwd: dir });
    expect(exported.exitCode, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('broadcast_messages:');
    expect(existsSync(join(dir, '-'))).toBe(false);
    const clash = await forgectl(['state', 'plan', '-f', file, '--out', '-', '-o', 'markdown'], { env: envFor(sb), cwd: dir });
    expect(clash.exitCode).toBe(2);
  });
});

describe('{profile} in one run', () => {
  it('is the profile in use; with none (URL and token from the environment) it is exit 2 before any request', async () => {
    const dir = tempDir();
    const file = stateFile(dir);
    const named = await run(['-p', 'b', 'state', 'plan', '-f', file, '--out', join(dir, 'plan-{profile}.json')], fleetHome());
    expect(named.exitCode, named.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'plan-b.json'), 'utf8')).instance.url).toBe(sandboxes.b().url);
    const sb = sandboxes.a();
    const mark = sb.requests.length;
    const none = await forgectl(['state', 'plan', '-f', file, '--out', join(dir, 'x-{profile}.json')], { env: envFor(sb) });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('{profile} names the profile in use, and there is none');
    expect(requestsSince(sb, mark)).toEqual([]);
  });

  it('--out naming the instance file, through {profile} or a link, is refused before any request', async () => {
    const dir = tempDir();
    const instance = join(dir, 'inst-a.yaml');
    writeFileSync(instance, 'broadcast_messages:\n  - message: Kept\n');
    symlinkSync(instance, join(dir, 'link.json'));
    const mark = marks();
    for (const out of [join(dir, 'inst-{profile}.yaml'), join(dir, 'link.json')]) {
      const res = await run(['-p', 'a', 'state', 'plan', '-f', join(dir, 'inst-{profile}.yaml'), '--out', out], fleetHome());
      expect(res.exitCode, `${out}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain('is the instance file given with -f');
    }
    expect(readFileSync(instance, 'utf8')).toBe('broadcast_messages:\n  - message: Kept\n');
    expect(sentSince(mark, 'a')).toEqual([]);
  });
});

describe('fleet reports carry the failures', () => {
  it('-o markdown has a heading per instance and names the one that failed with its error; -o json has it too', async () => {
    const down = await startSandbox({ port: 0, host: '127.0.0.1', seed: 'demo' });
    const gone: [string, string] = [down.url, down.tokens.admin];
    await down.close();
    const home = fleetHome({ dr: [sandboxes.b().url, 'glpat-not-a-valid-token-00'], gone });
    const file = stateFile(tempDir());
    const md = await run(['--all-profiles', 'state', 'plan', '-f', file, '-o', 'markdown', '--retries', '0'], home);
    expect(md.exitCode).toBe(1);
    expect(md.stdout).not.toContain('==>');
    expect(md.stdout).toMatch(new RegExp(`^## a \\(\`${sandboxes.a().url}\`\\)$`, 'm'));
    expect(md.stdout).toMatch(/^### Plan for /m);
    const dr = md.stdout.slice(md.stdout.indexOf('## dr'));
    expect(dr).toMatch(/^## dr \(/);
    expect(dr).toMatch(/\*\*Failed:\*\* `dr: 401 Unauthorized/);
    expect(md.stdout).toMatch(/^## gone \(/m);
    expect(md.stdout.slice(md.stdout.indexOf('## gone'))).toMatch(/\*\*Failed:\*\* `gone: /);

    const data = json(await run(['--all-profiles', 'state', 'plan', '-f', file, '-o', 'json', '--retries', '0'], home));
    expect(Object.keys(data).sort()).toEqual(['a', 'b', 'dr', 'gone']);
    expect(data.dr).toMatchObject({ exit_code: 4, error: { message: expect.stringMatching(/^401 Unauthorized/) } });
    expect(data.a.result.instance.profile).toBe('a');
  });
});
