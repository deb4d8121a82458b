// A fleet (--profiles, --all-profiles) against three sandboxes as three profiles a, b, c, in a config
// written to a temporary XDG_CONFIG_HOME.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { ScriptedPrompter, runCli } from '../helpers/harness.js';
import { rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandboxes = { a: useSandbox(), b: useSandbox(), c: useSandbox() };
type Name = keyof typeof sandboxes;
const NAMES: Name[] = ['a', 'b', 'c'];

/** A config home with one profile per entry: `[url, token]`. */
function configHome(profiles: Record<string, [string, string]>): string {
  const home = tempDir('forgectl-fleet-');
  const dir = join(home, 'forgectl');
  mkdirSync(dir, { mode: 0o700 });
  const data = Object.fromEntries(Object.entries(profiles).map(([name, [url, token]]) => [name, { url, token, tokenType: 'personal' }]));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ default: Object.keys(profiles)[0], profiles: data }), { mode: 0o600 });
  return home;
}

/** Profiles a, b, c for the three sandboxes (admin tokens unless `tokens` says otherwise), plus `extra`. */
function fleetHome(tokens: Partial<Record<Name, string>> = {}, extra: Record<string, [string, string]> = {}): string {
  const profiles: Record<string, [string, string]> = {};
  for (const n of NAMES) profiles[n] = [sandboxes[n]().url, sandboxes[n]().tokens[tokens[n] ?? 'admin']];
  return configHome({ ...profiles, ...extra });
}

function run(args: string[], home: string, env: Record<string, string | undefined> = {}, input?: string) {
  return forgectl(args, { env: { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home, ...env }, input });
}

function marks(): Record<Name, number> {
  return { a: sandboxes.a().requests.length, b: sandboxes.b().requests.length, c: sandboxes.c().requests.length };
}

function sentSince(mark: Record<Name, number>, name: Name) {
  return requestsSince(sandboxes[name](), mark[name]);
}

describe('one command over three instances', () => {
  it('gives one result per profile, keyed by profile, each with its url and exit code', async () => {
    const home = fleetHome({ b: 'alice' });
    const res = await run(['--profiles', 'a,b,c', 'token', 'self', '-o', 'json'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    const out = json(res);
    expect(Object.keys(out)).toEqual(['a', 'b', 'c']);
    for (const n of NAMES) expect(out[n]).toMatchObject({ url: sandboxes[n]().url, exit_code: 0 });
    // Each instance got its own profile's credential.
    expect(out.a.result.name).toBe('admin');
    expect(out.b.result.name).toBe('alice-laptop');
    expect(res.stderr).toMatch(/^a ok \u00b7 b ok \u00b7 c ok$/m);
  });

  it('warns once of a --fields name no item has, as one instance does, when lines stream', async () => {
    const home = fleetHome();
    const res = await run(['--profiles', 'a,c', 'projects', 'list', '--limit', '1', '-o', 'ndjson', '--fields', 'id,nmae'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr.match(/^warning: --fields: nmae is not a field of this output$/gm)).toHaveLength(1);
  });

  it('says how many items of a streamed list were printed before it stopped, as one run says', async () => {
    const home = fleetHome();
    sandboxes.a().addFaults('502:forever@GET:/personal_access_tokens?page=2');
    try {
      const res = await run(['--profiles', 'a,c', 'token', 'list', '--limit', '6', '--per-page', '2', '-o', 'ndjson', '--fields', 'id', '--retries', '0'], home);
      expect(res.exitCode).toBe(1);
      expect(res.stdout.trim().split('\n').filter((l) => JSON.parse(l).instance === 'a')).toHaveLength(2);
      expect(res.stderr).toMatch(/^a: error: the list stopped at page 2, 2 items printed before it: /m);
    } finally {
      await sandboxes.a().clearFaults();
    }
  });

  it('prints the others when one instance is down, and exits 1', async () => {
    const down: Sandbox = await startSandbox({ port: 0, host: '127.0.0.1', seed: 'demo' });
    const url = down.url;
    const token = down.tokens.admin;
    await down.close();
    const home = configHome({ a: [sandboxes.a().url, sandboxes.a().tokens.admin], gone: [url, token], c: [sandboxes.c().url, sandboxes.c().tokens.admin] });
    const res = await run(['--all-profiles', 'token', 'self', '-o', 'json', '--retries', '0'], home);
    expect(res.exitCode).toBe(1);
    const out = json(res);
    expect(out.a.result.name).toBe('admin');
    expect(out.c.result.name).toBe('admin');
    expect(out.gone).toMatchObject({ url, exit_code: 1, error: { message: expect.any(String) } });
    expect(res.stderr).toMatch(/^gone: error: /m);
    expect(res.stderr).toMatch(/^a ok \u00b7 c ok \u00b7 gone unreachable$/m);
  });

  it('names the instance in every NDJSON line and in the first column of a table', async () => {
    const home = fleetHome();
    const nd = await run(['--profiles', 'a,c', 'projects', 'list', '--limit', '2', '-o', 'ndjson'], home);
    expect(nd.exitCode, nd.stderr).toBe(0);
    // Printed as they come: the instances' lines may interleave, each names its own.
    const lines = nd.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.instance).sort()).toEqual(['a', 'a', 'c', 'c']);
    expect(lines.every((l) => typeof l.id === 'number')).toBe(true);
    const table = await run(['--profiles', 'a,c', 'projects', 'list', '--limit', '2'], home, { FORGECTL_FORCE_TTY: '1' });
    expect(table.exitCode, table.stderr).toBe(0);
    // A column with one value on every row is said once, under the table (issue 37.3).
    const rows = table.stdout.trim().split('\n').filter((r) => !r.startsWith('Every row: '));
    expect(rows[0]).toMatch(/^INSTANCE\s+ID\s+PATH/);
    // The rows, before any line the table adds under them.
    expect(rows.slice(1, 5).map((r) => r.split(/\s+/)[0])).toEqual(['a', 'a', 'c', 'c']);
  });

  it('prints a record per instance as one row in a pipe, as -o csv has it; one instance keeps its record', async () => {
    const home = fleetHome();
    const args = ['settings', 'get', 'signup_enabled', 'default_project_visibility'];
    const piped = await run(['--profiles', 'a,b', ...args], home);
    expect(piped.exitCode, piped.stderr).toBe(0);
    const rows = piped.stdout.trim().split('\n');
    expect(rows).toHaveLength(2);
    for (const [i, n] of (['a', 'b'] as const).entries()) {
      const s = (await rawGet(sandboxes[n](), '/application/settings', sandboxes[n]().tokens.admin)).body;
      expect(rows[i]).toBe(`${n}\t${s.signup_enabled}\t${s.default_project_visibility}`);
    }
    const csv = await run(['--profiles', 'a,b', ...args, '-o', 'csv'], home);
    expect(csv.stdout.trim().split('\r\n').slice(1).map((r) => r.split(',').join('\t'))).toEqual(rows);
    const one = await run(['-p', 'a', ...args], home);
    expect(one.stdout.trim().split('\n').map((l) => l.split('\t')[0])).toEqual(['signup_enabled', 'default_project_visibility']);
  });

  it('never prints an instance token, in the trace of --verbose neither', async () => {
    const res = await run(['--profiles', 'a,b', 'token', 'self', '-o', 'json', '--verbose'], fleetHome());
    expect(res.exitCode, res.stderr).toBe(0);
    // The trace is there, under each instance's name.
    expect(res.stderr).toMatch(/^a: .*GET .*personal_access_tokens\/self/m);
    expect(res.stderr).toMatch(/^b: .*GET .*personal_access_tokens\/self/m);
    for (const n of ['a', 'b'] as const) expect(res.stdout + res.stderr).not.toContain(sandboxes[n]().tokens.admin);
  });

  it('keys `api` answers by profile too, as the JSON they are (api prints JSON by default)', async () => {
    const res = await run(['--profiles', 'a,b', 'api', '/version'], fleetHome());
    expect(res.exitCode, res.stderr).toBe(0);
    const out = json(res);
    expect(out.a.result).toMatchObject({ version: expect.any(String) });
    expect(out.b.url).toBe(sandboxes.b().url);
  });

  it('exits 5 when one instance drifts from the state file, naming it', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = join(dir, 'instance.yaml');
    writeFileSync(file, 'settings:\n  default_projects_limit: 100000\n');
    const changed = await run(['-p', 'b', 'settings', 'set', 'default_projects_limit=7', '--yes'], home);
    expect(changed.exitCode, changed.stderr).toBe(0);
    try {
      const res = await run(['--all-profiles', 'state', 'plan', '-f', file, '--exit-code'], home);
      expect(res.exitCode, res.stderr).toBe(5);
      expect(res.stdout).toContain(`==> b (${sandboxes.b().url}) <==`);
      const b = res.stdout.slice(res.stdout.indexOf('==> b'), res.stdout.indexOf('==> c'));
      expect(b).toMatch(/default_projects_limit/);
      expect(res.stderr).toMatch(/^a ok \u00b7 b 1 change \u00b7 c ok$/m);
      const data = json(await run(['--all-profiles', 'state', 'plan', '-f', file, '--exit-code', '-o', 'json'], home));
      expect([data.a.exit_code, data.b.exit_code, data.c.exit_code]).toEqual([0, 5, 0]);
      // One state file over the fleet, with a file per instance layered on it (issue 35.5): b's own
      // file expects what b now holds, so only c, whose file asks for another value, drifts.
      mkdirSync(join(dir, 'instances'));
      writeFileSync(join(dir, 'instances', 'a.yaml'), 'settings:\n  signup_enabled: true\n');
      writeFileSync(join(dir, 'instances', 'b.yaml'), 'settings:\n  default_projects_limit: 7\n');
      writeFileSync(join(dir, 'instances', 'c.yaml'), 'settings:\n  default_projects_limit: 8\n');
      const layered = await run(['--all-profiles', 'state', 'plan', '-f', file, '-f', join(dir, 'instances', '{profile}.yaml'), '--exit-code'], home);
      expect(layered.exitCode, layered.stderr).toBe(5);
      expect(layered.stderr).toMatch(/^a ok \u00b7 b ok \u00b7 c 1 change$/m);
      expect(layered.stdout.slice(layered.stdout.indexOf('==> c'))).toMatch(/default_projects_limit: 100000 \u2192 8/);
    } finally {
      await run(['-p', 'b', 'settings', 'set', 'default_projects_limit=100000', '--yes'], home);
    }
  });
});

describe('options that name one instance', () => {
  it('says which profile a mistyped name was most likely meant to be, before anything is sent', async () => {
    const home = fleetHome({}, { production: [sandboxes.a().url, sandboxes.a().tokens.admin] });
    const mark = marks();
    const fleet = await run(['--profiles', 'a,prodution', 'token', 'self'], home);
    expect(fleet.exitCode).toBe(2);
    expect(fleet.stderr).toMatch(/^error: --profiles: no profile named "prodution"\nhint: did you mean production\?$/m);
    const one = await run(['-p', 'prodution', 'token', 'self'], home);
    expect(one.exitCode).toBe(2);
    expect(one.stderr).toMatch(/^error: no profile named prodution\nhint: did you mean production\?$/m);
    for (const n of NAMES) expect(sentSince(mark, n)).toEqual([]);
  });

  it('refuses -p given twice and --profiles with -p, --url or --token, before anything is sent', async () => {
    const home = fleetHome();
    const mark = marks();
    for (const args of [
      ['-p', 'a', '-p', 'b', 'token', 'self'],
      ['-p', 'a', 'token', 'self', '-p', 'b'],
      ['--profiles', 'a,b', '-p', 'a', 'token', 'self'],
      ['--profiles', 'a,b', 'token', 'self', '--url', sandboxes.a().url],
      ['--all-profiles', 'token', 'self', '--token', sandboxes.a().tokens.admin],
      ['--profiles', 'a', '--all-profiles', 'token', 'self'],
      ['--profiles', 'nosuch', 'token', 'self'],
      ['--serial', 'token', 'self'],
    ]) {
      const res = await run(args, home);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr.trim().split('\n')[0], args.join(' ')).toMatch(/^error: /);
    }
    for (const n of NAMES) expect(sentSince(mark, n)).toEqual([]);
  });

  it('refuses a fleet for commands that reach no instance; profile list shows the selection', async () => {
    const home = fleetHome({}, { 'prod-eu': [sandboxes.a().url, 'glpat-aaaaaaaaaaaaaaaaaaaa'], 'prod-us': [sandboxes.b().url, 'glpat-bbbbbbbbbbbbbbbbbbbb'] });
    for (const args of [['profile', 'show', 'a'], ['profile', 'use', 'b'], ['profile', 'remove', 'a', '--yes'], ['sandbox'], ['completion', 'bash'], ['man'], ['licenses'], ['state', 'schema']]) {
      const res = await run(['--profiles', 'a,b', ...args], home);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr, args.join(' ')).toMatch(/reaches no instance/);
    }
    const listed = await run(['profile', 'list', '--profiles', 'prod-*', '-o', 'json'], home);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(json<{ name: string }[]>(listed).map((p) => p.name)).toEqual(['prod-eu', 'prod-us']);
  });

  it('never sends FORGECTL_URL, FORGECTL_TOKEN or the CI variables to a fleet instance', async () => {
    const home = fleetHome();
    const mark = marks();
    const env = {
      FORGECTL_URL: sandboxes.c().url,
      FORGECTL_TOKEN: sandboxes.c().tokens.alice,
      CI_SERVER_URL: sandboxes.a().url,
      CI_JOB_TOKEN: sandboxes.a().tokens.job,
      FORGECTL_PROFILE: 'c',
    };
    const res = await run(['--profiles', 'a,b', 'token', 'self', '-o', 'json'], home, env);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/FORGECTL_PROFILE, FORGECTL_URL, FORGECTL_TOKEN are ignored with --profiles/);
    const out = json(res);
    expect([out.a.result.name, out.b.result.name]).toEqual(['admin', 'admin']);
    expect(sentSince(mark, 'c')).toEqual([]);
    for (const n of ['a', 'b'] as const) {
      const sent = sentSince(mark, n);
      expect(sent.length).toBeGreaterThan(0);
      for (const r of sent) {
        const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v]));
        expect(headers['job-token']).toBeUndefined();
        expect(headers['private-token']).toBe(sandboxes[n]().tokens.admin);
      }
    }
  });
});

describe('the fleet from the environment, and standard input', () => {
  it('FORGECTL_PROFILES selects a fleet unless the command line names one instance', async () => {
    const home = fleetHome();
    const fleet = await run(['token', 'self', '-o', 'json'], home, { FORGECTL_PROFILES: 'c,a' });
    expect(fleet.exitCode, fleet.stderr).toBe(0);
    expect(Object.keys(json(fleet))).toEqual(['c', 'a']);
    const one = await run(['-p', 'b', 'token', 'self', '-o', 'json'], home, { FORGECTL_PROFILES: 'c,a' });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(json(one).name).toBe('admin');
    expect(one.stderr).not.toMatch(/ ok/);
    // A standing FORGECTL_PROFILES does not stop the commands that reach no instance.
    const local = await run(['completion', 'bash'], home, { FORGECTL_PROFILES: 'c,a' });
    expect(local.exitCode, local.stderr).toBe(0);
    expect(local.stdout).toMatch(/complete/);
  });

  it('FORGECTL_PROFILES with FORGECTL_URL/FORGECTL_TOKEN or FORGECTL_PROFILE is exit 2 naming both, before any request', async () => {
    const home = fleetHome();
    const mark = marks();
    const url = sandboxes.c().url;
    const token = sandboxes.c().tokens.admin;
    for (const [env, named] of [
      [{ FORGECTL_URL: url, FORGECTL_TOKEN: token }, 'FORGECTL_URL, FORGECTL_TOKEN'],
      [{ FORGECTL_PROFILE: 'c' }, 'FORGECTL_PROFILE'],
    ] as const) {
      const res = await run(['broadcast', 'create', '--message', 'one instance only', '--yes'], home, { FORGECTL_PROFILES: 'a,b', ...env });
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr.split('\n')[0]).toBe(`error: FORGECTL_PROFILES names a fleet and ${named} one instance: both are set`);
      const self = await run(['token', 'self'], home, { FORGECTL_PROFILES: 'a,b', ...env });
      expect(self.exitCode, self.stderr).toBe(2);
    }
    for (const n of NAMES) expect(sentSince(mark, n)).toEqual([]);
    // The command line decides: the fleet, or the one instance.
    const fleet = await run(['--profiles', 'a,b', 'token', 'self', '-o', 'json'], home, { FORGECTL_PROFILES: 'a,b', FORGECTL_PROFILE: 'c' });
    expect(fleet.exitCode, fleet.stderr).toBe(0);
    expect(Object.keys(json(fleet))).toEqual(['a', 'b']);
    // A command that reaches no instance is not stopped by them.
    const local = await run(['completion', 'bash'], home, { FORGECTL_PROFILES: 'a,b', FORGECTL_URL: url, FORGECTL_TOKEN: token });
    expect(local.exitCode, local.stderr).toBe(0);
  });

  it('under a fleet FORGECTL_SUDO and FORGECTL_TOKEN_TYPE are ignored with a warning naming the variable set', async () => {
    const home = fleetHome();
    const mark = marks();
    const res = await run(['token', 'self', '-o', 'json'], home, { FORGECTL_PROFILES: 'a,b', FORGECTL_SUDO: 'alice', FORGECTL_TOKEN_TYPE: 'oauth', GITLAB_HOST: sandboxes.c().url });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/^warning: FORGECTL_TOKEN_TYPE, FORGECTL_SUDO, GITLAB_HOST are ignored with FORGECTL_PROFILES: /m);
    expect(res.stderr).not.toMatch(/--profiles/);
    const out = json(res);
    expect([out.a.result.name, out.b.result.name]).toEqual(['admin', 'admin']);
    for (const n of ['a', 'b'] as const) {
      for (const r of sentSince(mark, n)) {
        const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v]));
        expect(headers.sudo).toBeUndefined();
        expect(headers.authorization).toBeUndefined();
        expect(headers['private-token']).toBe(sandboxes[n]().tokens.admin);
      }
    }
  });

  it('reads standard input once and gives it to every instance (a hook secret)', async () => {
    const home = fleetHome();
    const mark = marks();
    const res = await run(['--profiles', 'a,b', 'hooks', 'create', '--url', 'https://audit.example.com/signed', '--secret-stdin', '--yes'], home, {}, 'fleet-hook-secret\n');
    expect(res.exitCode, res.stderr).toBe(0);
    for (const n of ['a', 'b'] as const) {
      const post = sentSince(mark, n).find((r) => r.method === 'POST');
      expect(post?.body).toMatchObject({ url: 'https://audit.example.com/signed', token: 'fleet-hook-secret' });
    }
    expect(res.stdout + res.stderr).not.toContain('fleet-hook-secret');
  });
});

describe('writes across a fleet', () => {
  const hookArgs = (name: string) => ['hooks', 'create', '--url', `https://audit.example.com/${name}`, '--name', name];
  const posts = (mark: Record<Name, number>, n: Name) => sentSince(mark, n).filter((r) => r.method === 'POST');

  it('needs --yes without a terminal, and sends nothing to any instance without it', async () => {
    const home = fleetHome();
    const mark = marks();
    const res = await run(['--all-profiles', ...hookArgs('unconfirmed')], home);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/writing to a, b, c: confirmation needed/);
    expect(res.stderr).toMatch(/--yes/);
    for (const n of NAMES) expect(posts(mark, n)).toEqual([]);
  });

  it('--dry-run shows each instance its requests under its heading and sends none', async () => {
    const home = fleetHome();
    const mark = marks();
    const res = await run(['--all-profiles', ...hookArgs('dry'), '--dry-run'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const n of NAMES) {
      expect(res.stdout).toContain(`==> ${n} (${sandboxes[n]().url}) <==\ndry run: POST ${sandboxes[n]().url}/api/v4/hooks`);
      expect(posts(mark, n)).toEqual([]);
    }
    const data = json(await run(['--all-profiles', ...hookArgs('dry'), '--dry-run', '-o', 'json'], home));
    expect(data.b.dry_run).toEqual([expect.objectContaining({ method: 'POST', url: `${sandboxes.b().url}/api/v4/hooks` })]);
  });

  it('with --yes writes to every instance; --serial stops at the first failure and reports the rest not run', async () => {
    const home = fleetHome();
    let mark = marks();
    const all = await run(['--all-profiles', ...hookArgs('everywhere'), '--yes'], home);
    expect(all.exitCode, all.stderr).toBe(0);
    for (const n of NAMES) expect(posts(mark, n)).toHaveLength(1);
    // One instance at a time: each waits at the gate without holding the only slot.
    mark = marks();
    const oneAtATime = await run(['--all-profiles', '--fleet-concurrency', '1', ...hookArgs('one-at-a-time'), '--yes'], home);
    expect(oneAtATime.exitCode, oneAtATime.stderr).toBe(0);
    for (const n of NAMES) expect(posts(mark, n)).toHaveLength(1);

    // b's token may not create hooks: a (the canary) is written, b fails, c is never tried.
    const serialHome = fleetHome({ b: 'readonly' });
    mark = marks();
    const res = await run(['--profiles', 'a,b,c', '--serial', ...hookArgs('canary'), '--yes'], serialHome);
    expect(res.exitCode).toBe(4);
    expect(posts(mark, 'a')).toHaveLength(1);
    expect(posts(mark, 'c')).toEqual([]);
    expect(res.stderr).toMatch(/^c: not run: b failed$/m);
    expect(res.stderr).toMatch(/^a ok \u00b7 b 403 \u00b7 c not run$/m);
  });

  it('on a terminal asks once, naming every instance and what it would do; "no" writes nowhere', async () => {
    const home = fleetHome();
    // A seeded hook, the same on each instance: named by its URL (an id may differ per instance).
    const id = '1';
    const hookUrl = async (n: Name): Promise<string | undefined> =>
      (await rawGet(sandboxes[n](), '/hooks', sandboxes[n]().tokens.admin)).body.find((h: { id: number }) => String(h.id) === id)?.url;
    const seededUrl = await hookUrl('a');
    expect(seededUrl).toMatch(/^https:/);
    for (const n of NAMES) expect(await hookUrl(n)).toBe(seededUrl);
    const env = { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home };

    const declined = new ScriptedPrompter([false]);
    let mark = marks();
    const no = await runCli(['--all-profiles', 'hooks', 'delete', '--url', seededUrl!], { env, tty: true, prompt: declined });
    expect(no.exitCode).toBe(130);
    expect(declined.asked).toHaveLength(1);
    for (const n of NAMES) {
      expect(declined.asked[0]).toContain(`${n}: Delete system hook ${id} (${seededUrl})?`);
      expect(sentSince(mark, n).filter((r) => r.method === 'DELETE')).toEqual([]);
    }

    const accepted = new ScriptedPrompter([true]);
    mark = marks();
    const yes = await runCli(['--profiles', 'c,a,b', '--serial', 'hooks', 'delete', '--url', seededUrl!], { env, tty: true, prompt: accepted });
    expect(yes.exitCode, yes.stderr).toBe(0);
    expect(accepted.asked).toHaveLength(1);
    expect(accepted.asked[0]).toMatch(/one after another/);
    for (const n of NAMES) {
      expect(sentSince(mark, n).filter((r) => r.method === 'DELETE')).toHaveLength(1);
      expect(await hookUrl(n)).toBeUndefined();
    }
    // --serial: c first (as given), then a, then b, one after another.
    const deletedAt = (n: Name) => sentSince(mark, n).find((r) => r.method === 'DELETE')!.at;
    expect([deletedAt('c') <= deletedAt('a'), deletedAt('a') <= deletedAt('b')]).toEqual([true, true]);
  });
  it('token create makes the token on every instance in one command, each secret in its own file', async () => {
    const home = fleetHome();
    const dir = tempDir();
    let mark = marks();
    const bare = await run(['--profiles', 'a,b', 'token', 'create', '--user', 'alice', '--name', 'drift', '--scope', 'read_api', '--secrets-to', join(dir, 'drift.json'), '--yes'], home);
    expect(bare.exitCode).toBe(2);
    expect(bare.stderr).toContain('would be written by each of the 2 instances');
    expect(bare.stderr).toContain("put {profile} in the name");
    for (const n of NAMES) expect(posts(mark, n)).toEqual([]);

    mark = marks();
    const res = await run(['--profiles', 'a,b', 'token', 'create', '--user', 'alice', '--name', 'drift', '--scope', 'read_api', '--expires-in', '30d', '--secrets-to', join(dir, 'drift-{profile}.json'), '--yes'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(posts(mark, 'c')).toEqual([]);
    for (const n of ['a', 'b'] as const) {
      expect(posts(mark, n)).toHaveLength(1);
      const [saved] = JSON.parse(readFileSync(join(dir, `drift-${n}.json`), 'utf8'));
      expect(res.stdout).not.toContain(saved.token);
      // Each secret works on its own instance.
      const self = await forgectl(['token', 'self', '-o', 'json'], { env: { FORGECTL_URL: sandboxes[n]().url, FORGECTL_TOKEN: saved.token } });
      expect(json(self)).toMatchObject({ id: saved.id, name: 'drift', scopes: ['read_api'] });
    }
  });
});

describe('writes over a fleet name objects by what is the same everywhere (issue 41.6)', () => {
  it('a numeric id over several instances is exit 2 before any request, --yes or not', async () => {
    const home = fleetHome();
    const mark = marks();
    for (const args of [
      ['--profiles', 'a,b', 'broadcast', 'delete', '1', '--yes'],
      ['--profiles', 'a,b', 'broadcast', 'update', '1', '--message', 'x'],
      ['--all-profiles', 'hooks', 'delete', '1', '--yes'],
      ['--profiles', 'a,b', 'hooks', 'test', '1'],
      ['--profiles', 'a,b', 'token', 'revoke', '7', '--yes'],
      ['--profiles', 'a,b', 'mr', 'close', '1!1', '--yes'],
      ['--profiles', 'a,b', 'envs', 'protect', 'acme', 'staging', '--deploy', 'user=4', '--dry-run'],
      ['--profiles', 'a,b', 'discussion', 'reply', 'acme/api#1', 'abc123', '--body', 'hi'],
      ['--profiles', 'a,b', 'api', 'DELETE', '/hooks/1'],
      ['--profiles', 'a,b', 'api', '/users/4/personal_access_tokens', '-f', 'name=x'],
    ]) {
      const res = await run(args, home);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr.split('\n')[0], args.join(' ')).toMatch(/^error: ids differ per instance: /);
    }
    const res = await run(['--profiles', 'a,b', 'broadcast', 'delete', '1', '--yes'], home);
    expect(res.stderr.trim().split('\n')).toEqual([
      'error: ids differ per instance: broadcast delete names broadcast message 1 by id, which is a different object (or none) on each of a, b',
      'hint: name it by what is the same everywhere (--message TEXT), or run it on one instance with -p NAME',
    ]);
    for (const n of NAMES) expect(sentSince(mark, n)).toEqual([]);
    // One instance: its ids are its own.
    const one = await run(['--profiles', 'a', 'broadcast', 'delete', '999999', '--yes'], home);
    expect(one.exitCode).toBe(3);
  });

  it('envs apply: an entry of the file naming a user or group by id is exit 2 before any request, naming the file and entry; paths and usernames go to each', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = join(dir, 'envs.yaml');
    writeFileSync(file, 'production:\n  deploy: [{access_level: 40}, {group: acme/platform}]\n  approvals: [{group: 13, required: 2}]\n');
    const mark = marks();
    const res = await run(['--profiles', 'a,b', 'envs', 'apply', 'acme', '-f', file, '--yes'], home);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr.trim().split('\n')).toEqual([
      `error: ids differ per instance: ${file}: production.approvals[0] names group 13 by id, which is a different object (or none) on each of a, b`,
      'hint: name it by what is the same everywhere (group: PATH, such as acme/platform), or run it on one instance with -p NAME',
    ]);
    // A user by id, given on standard input, the list form `envs list -o yaml` prints.
    const listed = '- name: staging\n  deploy_access_levels:\n    - access_level: 40\n    - user_id: 4\n';
    const fromStdin = await run(['--profiles', 'a,b', 'envs', 'apply', 'acme', '-f', '-', '--yes'], home, {}, listed);
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(2);
    expect(fromStdin.stderr).toContain('error: ids differ per instance: standard input: staging.deploy[1] names user 4 by id');
    expect(fromStdin.stderr).toContain('hint: name it by what is the same everywhere (user: USERNAME)');
    for (const n of NAMES) expect(sentSince(mark, n)).toEqual([]);
    // By path and username, read once from standard input, each instance plans it with its own ids.
    const byName = await run(['--profiles', 'a,b', 'envs', 'apply', 'acme', '-f', '-', '--dry-run'], home, {}, 'production:\n  deploy: [{access_level: 40}, {group: acme/platform}]\n');
    expect(byName.exitCode, byName.stderr).toBe(0);
    for (const n of ['a', 'b'] as const) expect(byName.stderr).toContain(`${n}: Plan for acme:`);
    // One instance: its ids are its own.
    const one = await run(['--profiles', 'a', 'envs', 'apply', 'acme', '-f', file, '--dry-run'], home);
    expect(one.stderr).not.toContain('ids differ');
  });

  it('broadcast delete --message deletes the message with that text on each instance', async () => {
    const home = fleetHome();
    const text = 'fleet-41 maintenance window';
    const created = await run(['--profiles', 'a,b', 'broadcast', 'create', '--message', text, '--duration', '2h', '--yes', '-o', 'json'], home);
    expect(created.exitCode, created.stderr).toBe(0);
    const ids = { a: json(created).a.result.id as number, b: json(created).b.result.id as number };
    const mark = marks();
    const res = await run(['--profiles', 'a,b', 'broadcast', 'delete', '--message', text, '--yes'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const n of ['a', 'b'] as const) {
      expect(sentSince(mark, n).filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/v4/broadcast_messages/${ids[n]}`]);
      expect((await rawGet(sandboxes[n](), `/api/v4/broadcast_messages/${ids[n]}`)).status).toBe(404);
    }
  });

  it('an instance with no message or several with that text fails, naming the ids; the others go on', async () => {
    const home = fleetHome();
    const text = 'fleet-41 twice on c';
    for (let i = 0; i < 2; i++) expect((await run(['-p', 'c', 'broadcast', 'create', '--message', text, '--yes'], home)).exitCode).toBe(0);
    expect((await run(['-p', 'b', 'broadcast', 'create', '--message', text, '--yes'], home)).exitCode).toBe(0);
    const mark = marks();
    const res = await run(['--profiles', 'a,b,c', 'broadcast', 'delete', '--message', text, '--yes'], home);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^a: error: no broadcast message with the text "fleet-41 twice on c"$/m);
    expect(res.stderr).toMatch(/^c: error: 2 broadcast messages with the text "fleet-41 twice on c" \(ids \d+, \d+\): cannot tell which$/m);
    expect(sentSince(mark, 'b').filter((r) => r.method === 'DELETE')).toHaveLength(1);
    for (const n of ['a', 'c'] as const) expect(sentSince(mark, n).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('hooks delete --url deletes the hook with that URL on each instance; alerts send refuses a fleet', async () => {
    const home = fleetHome();
    const url = 'https://audit.example.com/fleet-41';
    const created = await run(['--profiles', 'a,b', 'hooks', 'create', '--url', url, '--yes', '-o', 'json'], home);
    expect(created.exitCode, created.stderr).toBe(0);
    const mark = marks();
    const res = await run(['--profiles', 'a,b', 'hooks', 'delete', '--url', url, '--yes'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const n of ['a', 'b'] as const) {
      expect(sentSince(mark, n).filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/v4/hooks/${json(created)[n].result.id}`]);
    }
    const alert = await run(['--profiles', 'a,b', 'alerts', 'send', '--url', 'http://127.0.0.1:9/alerts/notify.json', '--title', 'x'], home, { FORGECTL_ALERT_KEY: 'k' });
    expect(alert.exitCode).toBe(2);
    expect(alert.stderr.split('\n')[0]).toBe('error: forgectl alerts send does not take --profiles: it runs once, not once per instance');
  });
});
