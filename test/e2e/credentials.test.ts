// A stored credential is bound to its instance: no way of naming another URL (flag, FORGECTL_URL,
// GITLAB_HOST, CI_SERVER_URL, -p with --url) sends a profile's token to it. The other instance is a
// server on 127.0.0.1 that records every request's headers.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

let other: Server;
let otherUrl = '';
const captured: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  other = createServer((req, res) => {
    captured.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url?.startsWith('/api/v4/projects') ? [] : { id: 1, name: 'captured', scopes: ['api'], active: true, revoked: false }));
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const addr = other.address();
  otherUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => other.close(() => r())));

/** A config dir with profile `home` (the default) for the sandbox, holding alice's token. */
async function homeProfile(): Promise<string> {
  const sb = sandbox();
  const configDir = tempDir();
  const res = await forgectl(['profile', 'add', 'home', '--url', sb.url, '--token-stdin', '--no-verify'], { configDir, input: `${sb.tokens.alice}\n` });
  expect(res.exitCode, res.stderr).toBe(0);
  return configDir;
}

function sentTokens(): string[] {
  return captured.flatMap((h) => [h['private-token'], h['job-token'], h.authorization].filter((v): v is string => typeof v === 'string'));
}

describe('a profile token goes only to its own origin', () => {
  const ways: { name: string; args: string[]; env: Record<string, string> }[] = [
    { name: '--url', args: ['--url', '__OTHER__'], env: {} },
    { name: 'FORGECTL_URL', args: [], env: { FORGECTL_URL: '__OTHER__' } },
    { name: 'GITLAB_HOST', args: [], env: { GITLAB_HOST: '__OTHER__' } },
    { name: 'CI_SERVER_URL', args: [], env: { CI_SERVER_URL: '__OTHER__' } },
  ];
  for (const way of ways) {
    it(`${way.name} naming another instance: exit 4 naming the host, nothing sent`, async () => {
      const configDir = await homeProfile();
      const before = captured.length;
      const env = Object.fromEntries(Object.entries(way.env).map(([k, v]) => [k, v.replace('__OTHER__', otherUrl)]));
      const res = await forgectl(['token', 'self', ...way.args.map((a) => a.replace('__OTHER__', otherUrl))], { configDir, env });
      expect(res.exitCode, res.stderr).toBe(4);
      expect(res.stderr).toContain(new URL(otherUrl).host);
      expect(res.stderr).toMatch(/profile add/);
      expect(res.stderr.trim().split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
      expect(captured.length).toBe(before);
    });
  }

  it('-p NAME with a URL of another origin is exit 2 and sends nothing', async () => {
    const configDir = await homeProfile();
    const before = captured.length;
    for (const opts of [{ args: ['-p', 'home', '--url', otherUrl], env: {} }, { args: ['-p', 'home'], env: { FORGECTL_URL: otherUrl } }, { args: [], env: { FORGECTL_PROFILE: 'home', GITLAB_HOST: otherUrl } }]) {
      const res = await forgectl(['token', 'self', ...opts.args], { configDir, env: opts.env });
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toMatch(/profile home is for http:\/\/127\.0\.0\.1:\d+, but .* names http:\/\/127\.0\.0\.1:\d+/);
    }
    expect(captured.length).toBe(before);
  });

  it('a token given with the URL (flag or environment) is sent there, never the stored one', async () => {
    const sb = sandbox();
    const configDir = await homeProfile();
    const before = captured.length;
    const viaEnv = await forgectl(['token', 'self', '-o', 'json'], { configDir, env: { GITLAB_HOST: otherUrl, GITLAB_TOKEN: 'glpat-given-for-other' } });
    expect(viaEnv.exitCode, viaEnv.stderr).toBe(0);
    const viaFlag = await forgectl(['token', 'self', '-o', 'json', '--url', otherUrl, '--token', 'glpat-flag-for-other'], { configDir });
    expect(viaFlag.exitCode, viaFlag.stderr).toBe(0);
    const sent = captured.slice(before).map((h) => h['private-token']);
    expect(sent).toEqual(['glpat-given-for-other', 'glpat-flag-for-other']);
    expect(sentTokens()).not.toContain(sb.tokens.alice);
  });

  it("GITLAB_TOKEN (glab's, for another host) is never sent to a profile's instance", async () => {
    const sb = sandbox();
    const configDir = await homeProfile();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'self', '-o', 'json'], { configDir, env: { GITLAB_TOKEN: 'glpat-for-gitlab-com' } });
    expect(res.exitCode, res.stderr).toBe(0);
    // The profile's own token went to the profile's instance, not glab's.
    expect(json(res).name).toBe('alice-laptop');
    const sent = sb.requests.slice(mark).map((r) => r.headers['private-token']);
    expect(sent).not.toContain('glpat-for-gitlab-com');
    expect(sent).toContain(sb.tokens.alice);
  });

  it('a URL override picks the profile with that origin (default or not)', async () => {
    const sb = sandbox();
    const configDir = await homeProfile();
    const res = await forgectl(['profile', 'add', 'elsewhere', '--url', otherUrl, '--token', 'glpat-stored-for-other', '--no-verify', '--default'], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    // The default is now `elsewhere`, but FORGECTL_URL names the sandbox: `home`'s token goes there.
    const who = await forgectl(['token', 'self', '-o', 'json'], { configDir, env: { FORGECTL_URL: `${sb.url}/` } });
    expect(who.exitCode, who.stderr).toBe(0);
    expect(json(who).name).toBe('alice-laptop');
    // The chosen profile with a URL of its own origin is fine.
    const chosen = await forgectl(['token', 'self', '-o', 'json', '-p', 'home', '--url', sb.url], { configDir });
    expect(chosen.exitCode, chosen.stderr).toBe(0);
    expect(json(chosen).name).toBe('alice-laptop');
    const before = captured.length;
    const there = await forgectl(['token', 'self', '--url', otherUrl], { configDir });
    expect(there.exitCode, there.stderr).toBe(0);
    expect(captured.slice(before).map((h) => h['private-token'])).toEqual(['glpat-stored-for-other']);
  });

  it('CI_JOB_TOKEN goes only to CI_SERVER_URL', async () => {
    const sb = sandbox();
    const before = captured.length;
    const res = await forgectl(['token', 'self'], { env: { FORGECTL_URL: otherUrl, CI_SERVER_URL: sb.url, CI_JOB_TOKEN: sb.tokens.job } });
    expect(res.exitCode).toBe(4);
    expect(captured.length).toBe(before);
  });

  it('commands that need no credentials (public projects) go there without any token, and say so', async () => {
    const configDir = await homeProfile();
    const before = captured.length;
    const res = await forgectl(['projects', 'list', '-o', 'json'], { configDir, env: { FORGECTL_URL: otherUrl } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/warning: no profile for http:\/\/127\.0\.0\.1:\d+: asking without a token \(public data only\)/);
    expect(captured.length).toBeGreaterThan(before);
    expect(captured.slice(before).flatMap((h) => [h['private-token'], h['job-token'], h.authorization].filter(Boolean))).toEqual([]);
  });

  it('--token "" is exit 2, not a fallback to the profile', async () => {
    const configDir = await homeProfile();
    const res = await forgectl(['token', 'self', '--token', ''], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: --token is empty/m);
  });

  it('a given token with a control character or a blank is exit 2 naming its source, nothing sent (not a raw HTTP-library error)', async () => {
    const before = captured.length;
    const env = await forgectl(['token', 'self', '--url', otherUrl], { env: { FORGECTL_TOKEN: 'glpat-abcd\u0001efghijklmnop' } });
    expect(env.exitCode, env.stderr).toBe(2);
    expect(env.stderr).toMatch(/^error: the token in FORGECTL_TOKEN cannot be sent: it holds characters a token cannot have/m);
    const flag = await forgectl(['token', 'self', '--url', otherUrl, '--token', 'glpat-abcd efghijklmnop']);
    expect(flag.exitCode, flag.stderr).toBe(2);
    expect(flag.stderr).toMatch(/^error: the token given with --token cannot be sent/m);
    expect(env.stderr + flag.stderr).not.toMatch(/UND_ERR|efghijklmnop/);
    expect(captured.length).toBe(before);
  });

  it('no instance at all is a usage error (exit 2): nothing was sent', async () => {
    const res = await forgectl(['token', 'self']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: no instance configured/m);
  });
});

describe('https:// to a port that speaks plain HTTP', () => {
  it('gets one error line and the hint that the server answered plain HTTP', async () => {
    const plain = createTcpServer((c) => c.once('data', () => c.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    try {
      const port = (plain.address() as { port: number }).port;
      const res = await forgectl(['token', 'self', '--retries', '0'], { env: { FORGECTL_URL: `https://127.0.0.1:${port}`, FORGECTL_TOKEN: 'glpat-plain-http-1234' } });
      expect(res.exitCode).toBe(1);
      expect(res.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^error: GET https:\/\/127\.0\.0\.1:\d+\/api\/v4\/personal_access_tokens\/self failed: /),
        'hint: the server answered plain HTTP: use an http:// URL for this port (or the port that serves HTTPS)',
      ]);
    } finally {
      plain.close();
    }
  });
});

describe('reading writes nothing', () => {
  it('works with URL and token from the environment when home cannot exist', async () => {
    const sb = sandbox();
    const base = tempDir();
    writeFileSync(join(base, 'file'), 'not a directory');
    const home = join(base, 'file', 'home'); // even root cannot create this
    const env = { HOME: home, XDG_CONFIG_HOME: undefined, FORGECTL_CONFIG_DIR: undefined, FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.alice };
    const res = await forgectl(['token', 'self', '-o', 'json'], { env });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res).name).toBe('alice-laptop');
    // Without credentials in the environment, a read still only reads: no mkdir error.
    const listed = await forgectl(['profile', 'list', '-o', 'json'], { env: { ...env, FORGECTL_URL: undefined, FORGECTL_TOKEN: undefined } });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(json(listed)).toEqual([]);
  });

  it('profile list/show and API reads never create, lock or rewrite the config', async () => {
    const empty = tempDir();
    expect((await forgectl(['profile', 'list'], { configDir: empty })).exitCode).toBe(0);
    expect(readdirSync(empty)).toEqual([]);

    const configDir = await homeProfile();
    const file = join(configDir, 'config.json');
    const before = { text: readFileSync(file, 'utf8'), mtime: statSync(file).mtimeMs, entries: readdirSync(configDir) };
    for (const args of [['profile', 'list'], ['profile', 'show'], ['token', 'self'], ['projects', 'list', '--limit', '1']]) {
      const res = await forgectl(args, { configDir });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(0);
    }
    expect(readFileSync(file, 'utf8')).toBe(before.text);
    expect(statSync(file).mtimeMs).toBe(before.mtime);
    expect(readdirSync(configDir)).toEqual(before.entries);
  });

  it('a corrupt or unusable config is one error line naming the file', async () => {
    const configDir = tempDir();
    writeFileSync(join(configDir, 'config.json'), '{"profiles": {');
    const res = await forgectl(['profile', 'list'], { configDir });
    expect(res.exitCode).toBe(1);
    const errors = res.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(errors).toEqual([expect.stringContaining(`config file ${join(configDir, 'config.json')} is not valid JSON`)]);
    expect(res.stderr).not.toMatch(/at .*\.js:\d+/);

    // A file that cannot be read (here: a directory in its place; as root, modes cannot be used).
    const blocked = tempDir();
    mkdirSync(join(blocked, 'config.json'));
    const unreadable = await forgectl(['profile', 'list'], { configDir: blocked });
    expect(unreadable.exitCode).toBe(1);
    expect(unreadable.stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual([`error: cannot read config file ${join(blocked, 'config.json')}: is a directory`]);

    const notDir = join(tempDir(), 'hostname');
    writeFileSync(notDir, 'box\n');
    for (const args of [['profile', 'list'], ['profile', 'add', 'x', '--url', 'https://gitlab.example.com', '--no-verify', '--token', 'glpat-xxxxxxxxxxxx']]) {
      const bad = await forgectl([...args, '--config-dir', notDir]);
      expect(bad.exitCode, bad.stderr).toBe(2);
      expect(bad.stderr).toMatch(new RegExp(`^error: config directory ${notDir} is not a directory`, 'm'));
      expect(bad.stderr).not.toMatch(/EEXIST|ENOTDIR/);
    }
  });
});

describe('config writes under concurrency', () => {
  it('ten parallel `profile add` keep ten profiles', async () => {
    const configDir = tempDir();
    const names = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const results = await Promise.all(
      names.map((n) => forgectl(['profile', 'add', n, '--url', `https://${n}.example.com`, '--token-stdin', '--no-verify'], { configDir, input: `glpat-${n}-secret-token\n` })),
    );
    for (const r of results) expect(r.exitCode, r.stderr).toBe(0);
    const stored = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
    expect(Object.keys(stored.profiles).sort()).toEqual(names);
    for (const n of names) expect(stored.profiles[n].token).toBe(`glpat-${n}-secret-token`);
    expect(readdirSync(configDir).sort()).toEqual(['config.json']); // no lock or temporary file left
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});

describe('credentials inside URLs never reach the output', () => {
  it('profile list/show and hooks create --dry-run mask user:password@', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const added = await forgectl(['profile', 'add', 'basic', '--url', 'https://deploy:hunter2-pass@git.example.com', '--token', 'glpat-basic-token-1234', '--no-verify'], { configDir });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stdout + added.stderr).not.toContain('hunter2-pass');
    for (const args of [['profile', 'list'], ['profile', 'show', 'basic'], ['profile', 'list', '-o', 'json'], ['profile', 'show', '-o', 'yaml']]) {
      const res = await forgectl(args, { configDir });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout + res.stderr, args.join(' ')).not.toContain('hunter2-pass');
      expect(res.stdout).toContain('deploy:********@git.example.com');
    }
    for (const format of ['table', 'json']) {
      const dry = await forgectl(['hooks', 'create', '--url', 'https://hookuser:hook-pass-999@audit.example.com/hook', '--dry-run', '-o', format], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin } });
      expect(dry.exitCode, dry.stderr).toBe(0);
      expect(dry.stdout + dry.stderr).not.toContain('hook-pass-999');
      expect(dry.stdout).toContain('hookuser:********@audit.example.com');
    }
  });

  it('server data with escape sequences is shown visibly in table and TSV output', async () => {
    const sb = sandbox();
    const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
    const made = await forgectl(['broadcast', 'create', '--message', 'maintenance \x1b[31mNOW\x1b[0m \x1b]0;pwned\x07', '-o', 'json'], { env });
    expect(made.exitCode, made.stderr).toBe(0);
    const id = json(made).id;
    for (const extra of [[], ['-o', 'table']]) {
      const res = await forgectl(['broadcast', 'get', String(id), ...extra], { env: { ...env, FORGECTL_FORCE_TTY: extra.length ? '1' : undefined } });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      expect(res.stdout).toContain('maintenance ^[[31mNOW^[[0m ^[]0;pwned^G');
    }
    // JSON keeps the exact value.
    expect(json(await forgectl(['broadcast', 'get', String(id), '-o', 'json'], { env })).message).toBe('maintenance \x1b[31mNOW\x1b[0m \x1b]0;pwned\x07');
  });
});

describe('token rotate saves under the same lock', () => {
  it('keeps the rotated secret and every profile added in parallel', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const added = await forgectl(['profile', 'add', 'main', '--url', sb.url, '--token-stdin', '--no-verify'], { configDir, input: sb.tokens.grace });
    expect(added.exitCode, added.stderr).toBe(0);
    const names = ['q0', 'q1', 'q2', 'q3', 'q4'];
    const [rotated, ...adds] = await Promise.all([
      forgectl(['token', 'rotate', 'self', '-o', 'json'], { configDir }),
      ...names.map((n) => forgectl(['profile', 'add', n, '--url', `https://${n}.example.com`, '--token', `glpat-${n}-parallel-1234`, '--no-verify'], { configDir })),
    ]);
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    for (const a of adds) expect(a.exitCode, a.stderr).toBe(0);
    const stored = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
    expect(stored.profiles.main.token).toBe(json(rotated).token);
    expect(Object.keys(stored.profiles).sort()).toEqual(['main', ...names]);
  });
});
