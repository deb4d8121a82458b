import { lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir, unwritableDir } from '../helpers/cli.js';
import { requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

function config(configDir: string): any {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
}

async function addProfile(configDir: string, name: string, tokenName: string, extra: string[] = []) {
  const sb = sandbox();
  return forgectl(['profile', 'add', name, '--url', sb.url, '--token-stdin', ...extra], { configDir, input: `${sb.tokens[tokenName]}\n` });
}

describe('profile add / list / show', () => {
  it('verifies the token, saves it in a private file and never prints it whole', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const res = await addProfile(configDir, 'work', 'alice');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/Verified token "alice-laptop"/);
    expect(config(configDir).profiles.work).toMatchObject({ url: sb.url, token: sb.tokens.alice, tokenType: 'personal' });
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o077).toBe(0);
    for (const args of [['profile', 'list'], ['profile', 'show', 'work'], ['profile', 'list', '-o', 'json'], ['profile', 'show', '-o', 'yaml']]) {
      const out = await forgectl(args, { configDir });
      expect(out.exitCode, out.stderr).toBe(0);
      expect(out.stdout + out.stderr).not.toContain(sb.tokens.alice);
    }
    // The masked token says nothing in a table (every token starts glpa); it stays in show and JSON.
    expect((await forgectl(['profile', 'show', 'work'], { configDir })).stdout).toContain(sb.tokens.alice.slice(0, 4));
  });

  it('on a terminal says it in one sentence; the record comes in a pipe and with -o json', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const onTerminal = await forgectl(['profile', 'add', 'tty', '--url', sb.url, '--token-stdin', '--storage', 'file'], {
      configDir,
      input: `${sb.tokens.alice}\n`,
      env: { FORGECTL_FORCE_TTY: '1' },
    });
    expect(onTerminal.exitCode, onTerminal.stderr).toBe(0);
    expect(onTerminal.stdout).toBe('');
    const said = onTerminal.stderr.trim().split('\n');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Saved profile tty \(default\) to .*config\.json: token "alice-laptop" \(id \d+\) of user alice/);
    const asJson = await forgectl(['profile', 'add', 'js', '--url', sb.url, '--token-stdin', '--storage', 'file', '-o', 'json'], {
      configDir,
      input: `${sb.tokens.alice}\n`,
      env: { FORGECTL_FORCE_TTY: '1' },
    });
    expect(asJson.exitCode, asJson.stderr).toBe(0);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ name: 'js', url: sb.url, user: 'alice' });
  });

  it('refuses a token the instance rejects (exit 4) and saves nothing', async () => {
    const configDir = tempDir();
    const res = await addProfile(configDir, 'bad', 'revoked');
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^error: /m);
    const listed = await forgectl(['profile', 'list', '-o', 'json'], { configDir });
    expect(json<any[]>(listed)).toEqual([]);
  });

  it('saves without a request with --no-verify', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const mark = sb.requests.length;
    const res = await addProfile(configDir, 'offline', 'revoked', ['--no-verify']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(requestsSince(sb, mark)).toHaveLength(0);
    expect(config(configDir).profiles.offline.token).toBe(sb.tokens.revoked);
  });

  it('warns once that a token given as a flag is visible to other users', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'self', '--url', sb.url, '--token', sb.tokens.bob]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr.match(/process list/g)?.length).toBe(1);
    expect(res.stderr).not.toContain(sb.tokens.bob);
  });

  it('checks names and URLs before saving (exit 2)', async () => {
    const configDir = tempDir();
    for (const args of [
      ['profile', 'add', 'x', '--url', 'not a url', '--token-stdin', '--no-verify'],
      ['profile', 'add', 'bad name!', '--url', 'https://gitlab.example.com', '--token-stdin', '--no-verify'],
      ['profile', 'add', 'x', '--url', 'https://gitlab.example.com', '--token-type', 'cookie', '--token-stdin', '--no-verify'],
    ]) {
      const res = await forgectl(args, { configDir, input: 'glpat-abcdefghijklmnop\n' });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
    }
    expect(json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir }))).toEqual([]);
  });

  it('--token-stdin with nothing (or only blanks) on standard input is one plain error (exit 2)', async () => {
    const configDir = tempDir();
    for (const input of ['', '  \n\n']) {
      const res = await forgectl(['profile', 'add', 'x', '--url', 'https://gitlab.example.com', '--token-stdin', '--no-verify'], { configDir, input });
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toBe('error: no token on standard input');
    }
    expect(json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir }))).toEqual([]);
  });
});

describe('profile list tells who each token is', () => {
  it('shows the user and whether an administrator, as verified, without a request; an unverified or older entry says so', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const admin = await addProfile(configDir, 'ops', 'admin');
    expect(admin.stderr).toMatch(/Verified token "admin" \(id \d+\) of user root \(id 1\), an administrator/);
    expect((await addProfile(configDir, 'work', 'alice')).exitCode).toBe(0);
    expect((await addProfile(configDir, 'blind', 'bob', ['--no-verify'])).exitCode).toBe(0);
    const stored = config(configDir).profiles;
    expect(stored.ops.verified).toMatchObject({ username: 'root', isAdmin: true, userId: 1, scopes: ['api', 'sudo', 'read_user', 'admin_mode'] });
    expect(stored.work.verified).toMatchObject({ username: 'alice', isAdmin: false, tokenId: expect.any(Number), expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(Date.parse(stored.work.verified.verifiedAt)).not.toBeNaN();
    expect(stored.blind.verified).toBeUndefined();
    expect(JSON.stringify(stored.work.verified)).not.toContain(sb.tokens.alice);

    const mark = sb.requests.length;
    const table = await forgectl(['profile', 'list'], { configDir });
    expect(table.exitCode, table.stderr).toBe(0);
    const rows = Object.fromEntries(table.stdout.split('\n').filter(Boolean).map((line) => [line.split('\t')[1], line.split('\t')]));
    // A pipe gets booleans as CSV writes them (issue 44): true/false, not yes/no.
    expect(rows.ops!.slice(3, 5)).toEqual(['root', 'true']);
    expect(rows.work!.slice(3, 5)).toEqual(['alice', 'false']);
    expect(rows.blind!.slice(3, 5)).toEqual(['—', '—']);
    expect(rows.blind!.at(-1)).toBe('not verified');
    expect(table.stdout).not.toMatch(/glpa\*/);
    const listed = json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir }));
    expect(listed.find((p) => p.name === 'ops')).toMatchObject({ user: 'root', admin: true, verified_at: stored.ops.verified.verifiedAt });
    expect(listed.find((p) => p.name === 'blind')).toMatchObject({ user: null, admin: null, verified_at: null });
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });
});

describe('profile add with a token that may not read its user', () => {
  it('saves it all the same; list shows the user id and "—" for administrator', async () => {
    const sb = sandbox();
    const carol = sb.state.findUser('carol')!;
    const now = Date.now();
    const secret = 'glpat-onlyselfrotate0001';
    sb.state.addToken({ userId: carol.id, name: 'rotate-only', description: null, scopes: ['self_rotate'], createdAt: now, updatedAt: now, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret });
    const configDir = tempDir();
    const res = await forgectl(['profile', 'add', 'narrow', '--url', sb.url, '--token-stdin'], { configDir, input: secret });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`Verified token "rotate-only" \\(id \\d+\\) of user ${carol.id}, scopes self_rotate, no expiry`));
    expect(config(configDir).profiles.narrow.verified).toMatchObject({ userId: carol.id, tokenName: 'rotate-only', expiresAt: null });
    expect(config(configDir).profiles.narrow.verified.username).toBeUndefined();
    const listed = json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir }));
    expect(listed[0]).toMatchObject({ user: `#${carol.id}`, user_id: carol.id, admin: null });
    const table = await forgectl(['profile', 'list'], { configDir });
    expect(table.stdout.split('\t').slice(3, 7)).toEqual([`#${carol.id}`, '—', 'file', 'never']);
  });
});

describe('profile set-token', () => {
  it('replaces the token in place, keeping the other settings, and records who it is', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    expect((await addProfile(configDir, 'other', 'bob')).exitCode).toBe(0);
    expect((await addProfile(configDir, 'work', 'alice', ['--default', '--storage', 'file'])).exitCode).toBe(0);
    const res = await forgectl(['profile', 'set-token', 'work', '--token-stdin'], { configDir, input: `${sb.tokens.rotated_current}\n` });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/Verified token "ci-pipeline"/);
    expect(res.stderr).toContain(`Replaced the token of profile work (in ${join(configDir, 'config.json')})`);
    expect(res.stderr).not.toMatch(/warning/);
    expect(res.stdout + res.stderr).not.toContain(sb.tokens.rotated_current);
    expect(config(configDir)).toMatchObject({
      default: 'work',
      profiles: { work: { url: sb.url, token: sb.tokens.rotated_current, tokenType: 'personal', verified: { username: 'alice', tokenName: 'ci-pipeline' } } },
    });
    const self = await forgectl(['token', 'self', '-o', 'json'], { configDir });
    expect(json<any>(self).name).toBe('ci-pipeline');
  });

  it('warns when the new token belongs to another user; --dry-run verifies and changes nothing', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    expect((await addProfile(configDir, 'work', 'alice')).exitCode).toBe(0);
    const before = readFileSync(join(configDir, 'config.json'), 'utf8');
    const dry = await forgectl(['profile', 'set-token', 'work', '--token-stdin', '--dry-run'], { configDir, input: sb.tokens.bob });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/^warning: the new token belongs to user bob \(id \d+\), not to alice \(id \d+\) as the old one did$/m);
    expect(dry.stderr).toMatch(/^dry run: would replace the token of profile work/m);
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(before);
    const real = await forgectl(['profile', 'set-token', 'work', '--token-stdin'], { configDir, input: sb.tokens.bob });
    expect(real.exitCode, real.stderr).toBe(0);
    expect(real.stderr).toMatch(/^warning: the new token belongs to user bob/m);
    expect(config(configDir).profiles.work).toMatchObject({ token: sb.tokens.bob, verified: { username: 'bob' } });
  });

  it('refuses before any request: no such profile, no token, a helper profile, two token sources (exit 2)', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    expect((await addProfile(configDir, 'work', 'alice')).exitCode).toBe(0);
    expect((await forgectl(['profile', 'add', 'vault', '--url', sb.url, '--token-command', 'printf x', '--no-verify'], { configDir })).exitCode).toBe(0);
    const mark = sb.requests.length;
    const cases: [string[], string, RegExp][] = [
      [['profile', 'set-token', 'nope', '--token-stdin'], sb.tokens.bob, /^error: no profile named nope$/m],
      [['profile', 'set-token', 'work'], '', /^error: no token given\nhint: pass it on standard input/m],
      [['profile', 'set-token', 'work', '--token-stdin'], '', /^error: no token on standard input$/m],
      [['profile', 'set-token', 'vault', '--token-stdin'], sb.tokens.bob, /^error: profile vault reads its token from `printf x`; forgectl stores no token for it$/m],
      [['profile', 'set-token', 'work', '--token-stdin', '--token', 'glpat-abcdefghijklmnop'], '', /^error: --token and --token-stdin cannot be used together$/m],
    ];
    for (const [args, input, message] of cases) {
      const res = await forgectl(args, { configDir, input });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(message);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
    expect(config(configDir).profiles.work.token).toBe(sb.tokens.alice);
  });

  it('a token the instance rejects is not saved (exit 4)', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    expect((await addProfile(configDir, 'work', 'alice')).exitCode).toBe(0);
    const res = await forgectl(['profile', 'set-token', 'work', '--token-stdin'], { configDir, input: sb.tokens.revoked });
    expect(res.exitCode).toBe(4);
    expect(config(configDir).profiles.work.token).toBe(sb.tokens.alice);
  });
});

describe('profile use / remove and precedence', () => {
  it('switches the default and removes a profile', async () => {
    const configDir = tempDir();
    expect((await addProfile(configDir, 'a', 'alice')).exitCode).toBe(0);
    expect((await addProfile(configDir, 'b', 'bob')).exitCode).toBe(0);
    const whoAmI = async (extra: string[] = [], env: Record<string, string> = {}) =>
      json<any>(await forgectl(['token', 'self', '-o', 'json', ...extra], { configDir, env })).name;
    expect(await whoAmI()).toBe('alice-laptop'); // the first profile became the default
    expect((await forgectl(['profile', 'use', 'b'], { configDir })).exitCode).toBe(0);
    expect(await whoAmI()).toBe('bob-workstation');
    expect(await whoAmI(['-p', 'a'])).toBe('alice-laptop');
    expect(await whoAmI([], { FORGECTL_PROFILE: 'a' })).toBe('alice-laptop');
    // Environment beats the profile, a flag beats both.
    const sb = sandbox();
    expect(await whoAmI([], { FORGECTL_TOKEN: sb.tokens.readonly })).toBe('carol-readonly');
    expect(await whoAmI(['--token', sb.tokens.admin], { FORGECTL_TOKEN: sb.tokens.readonly })).toBe('admin');
    const missing = await forgectl(['profile', 'use', 'nope'], { configDir });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/no profile named nope/);
    const removed = await forgectl(['profile', 'remove', 'b', '--yes'], { configDir });
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir })).map((p) => p.name)).toEqual(['a']);
  });

  it('uses CI_SERVER_URL and CI_JOB_TOKEN as a job token when nothing else is set', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    await forgectl(['projects', 'list'], { env: { CI_SERVER_URL: sb.url, CI_JOB_TOKEN: sb.tokens.job } });
    const [req] = requestsSince(sb, mark);
    expect(req.headers['job-token']).toBe(sb.tokens.job);
    expect(req.headers['private-token']).toBeUndefined();
  });

  it('sends an OAuth token as a Bearer credential', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['projects', 'list', '--owned', '-o', 'json'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.oauth_alice, FORGECTL_TOKEN_TYPE: 'oauth' } });
    expect(res.exitCode, res.stderr).toBe(0);
    const withPat = json<any[]>(await forgectl(['projects', 'list', '--owned', '-o', 'json'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.alice } }));
    expect(json<any[]>(res).map((p) => p.id)).toEqual(withPat.map((p) => p.id));
    expect(requestsSince(sb, mark)[0].headers.authorization).toBe(`Bearer ${sb.tokens.oauth_alice}`);
  });

  it('acts as another user with --sudo, and explains a refused sudo (exit 4)', async () => {
    const sb = sandbox();
    const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
    const owned = json<any[]>(await forgectl(['projects', 'list', '--owned', '--sudo', 'bob', '-o', 'json'], { env }));
    expect(owned.length).toBeGreaterThan(0);
    const asBob = json<any[]>(await forgectl(['projects', 'list', '--owned', '-o', 'json'], { env: { ...env, FORGECTL_TOKEN: sb.tokens.bob } }));
    expect(owned.map((p) => p.id)).toEqual(asBob.map((p) => p.id));
    const asAdmin = json<any[]>(await forgectl(['projects', 'list', '--owned', '-o', 'json'], { env }));
    expect(owned.map((p) => p.id)).not.toEqual(asAdmin.map((p) => p.id));
    const refused = await forgectl(['projects', 'list', '--sudo', 'bob'], { env: { ...env, FORGECTL_TOKEN: sb.tokens.bob } });
    expect(refused.exitCode).toBe(4);
    expect(refused.stderr).toMatch(/sudo/i);
  });
});

describe('profile add checks and stores TLS files; replacing and removing say what happens', () => {
  // A real certificate: profile add checks with the client's own reader, which refuses a garbled block.
  const PEM = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'tls', 'other-name.pem'), 'utf8');

  it('stores --ca-file as an absolute path, refuses a missing or non-PEM one (exit 2)', async () => {
    const sb = sandbox();
    const work = tempDir();
    writeFileSync(join(work, 'cert.pem'), PEM);
    writeFileSync(join(work, 'notes.txt'), 'not a certificate');
    const configDir = tempDir();
    const add = (file: string) =>
      forgectl(['profile', 'add', 'tls', '--url', sb.url, '--token', 'glpat-tls-token-1234', '--no-verify', '--ca-file', file, '--yes'], { configDir, cwd: work });
    const ok = await add('cert.pem');
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(config(configDir).profiles.tls.caFile).toBe(join(work, 'cert.pem'));
    const missing = await add('nope.pem');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/^error: --ca-file .*nope\.pem: cannot read it \(no such file\)$/m);
    const notPem = await add('notes.txt');
    expect(notPem.exitCode).toBe(2);
    expect(notPem.stderr).toMatch(/notes\.txt holds no PEM certificate$/m);
    writeFileSync(join(work, 'garbled.pem'), '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n');
    const garbled = await add('garbled.pem');
    expect(garbled.exitCode).toBe(2);
    expect(garbled.stderr).toMatch(/garbled\.pem holds no PEM certificate$/m);
    // The file vanishes later: the error names the profile and the option, and nothing is sent.
    rmSync(join(work, 'cert.pem'));
    const mark = sb.requests.length;
    const later = await forgectl(['token', 'self', '-p', 'tls'], { configDir, cwd: tempDir() });
    expect(later.exitCode).toBe(2);
    expect(later.stderr).toMatch(/^error: profile tls: its --ca-file .*cert\.pem cannot be read$/m);
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('refuses to replace an existing profile without --yes before verifying anything', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    expect((await addProfile(configDir, 'work', 'alice')).exitCode).toBe(0);
    const mark = sb.requests.length;
    const again = await addProfile(configDir, 'work', 'bob');
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/profile work exists/);
    expect(requestsSince(sb, mark)).toHaveLength(0);
    expect((await forgectl(['profile', 'add', 'x', '--url', sb.url, '--token', ''], { configDir })).exitCode).toBe(2);
  });

  it('says what the default is after the default profile is removed', async () => {
    const configDir = tempDir();
    for (const n of ['a', 'b', 'c']) expect((await addProfile(configDir, n, 'alice', ['--no-verify'])).exitCode).toBe(0);
    const first = await forgectl(['profile', 'remove', 'a', '--yes'], { configDir });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/warning: a was the default profile; there is no default now: choose one with `forgectl profile use NAME`/);
    expect(config(configDir).default).toBeUndefined();
    expect((await forgectl(['profile', 'use', 'b'], { configDir })).exitCode).toBe(0);
    const second = await forgectl(['profile', 'remove', 'b', '--yes'], { configDir });
    expect(second.stderr).toMatch(/b was the default profile; c, the only one left, is the default now/);
    expect(config(configDir).default).toBe('c');
  });
});

describe('the config file on disk', () => {
  it('a config.json that is a symbolic link is written through it, the link kept', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const dotfiles = tempDir();
    const target = join(dotfiles, 'forgectl.json');
    writeFileSync(target, JSON.stringify({ default: 'old', profiles: { old: { url: sb.url, token: sb.tokens.bob } } }), { mode: 0o600 });
    symlinkSync(target, join(configDir, 'config.json'));
    const res = await addProfile(configDir, 'work', 'alice', ['--no-verify']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(lstatSync(join(configDir, 'config.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(configDir, 'config.json'))).toBe(target);
    expect(Object.keys(JSON.parse(readFileSync(target, 'utf8')).profiles)).toEqual(['old', 'work']);
    // No temporary file left beside the target or the link.
    expect(readdirSync(dotfiles)).toEqual(['forgectl.json']);
    expect(readdirSync(configDir).filter((f) => f !== 'config.json.lock')).toEqual(['config.json']);
    expect((await forgectl(['token', 'self', '-p', 'work'], { configDir })).exitCode).toBe(0);
  });

  it('a config directory that cannot be written says so (exit 2), with no lock file to remove', async (t) => {
    const sb = sandbox();
    const locked = unwritableDir();
    if (!locked) t.skip('no way to make a directory unwritable here (root without chattr +i)');
    const { dir, undo } = locked!;
    try {
      const res = await forgectl(['profile', 'add', 'w', '--url', sb.url, '--token-stdin', '--no-verify', '--storage', 'file'], { configDir: dir, input: `${sb.tokens.alice}\n` });
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toMatch(new RegExp(`^error: config directory ${dir} is not writable \\((permission denied|operation not permitted)\\)$`, 'm'));
      expect(res.stderr).not.toMatch(/\.lock/);
      // Below it, the directory cannot be created: the same advice.
      const below = await forgectl(['profile', 'add', 'w', '--url', sb.url, '--token-stdin', '--no-verify', '--storage', 'file'], { configDir: join(dir, 'sub'), input: `${sb.tokens.alice}\n` });
      expect(below.exitCode, below.stderr).toBe(2);
      expect(below.stderr).toMatch(new RegExp(`^error: config directory ${dir}/sub cannot be created \\((permission denied|operation not permitted)\\)$`, 'm'));
    } finally {
      undo();
    }
  });
});

describe('a config file edited by hand', () => {
  function writeConfig(configDir: string, content: unknown): string {
    const path = join(configDir, 'config.json');
    writeFileSync(path, JSON.stringify(content), { mode: 0o600 });
    return path;
  }

  it('a default that names no profile says so, naming the file (exit 2)', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const path = writeConfig(configDir, { default: 'gone', profiles: { a: { url: sb.url, token: sb.tokens.alice }, b: { url: sb.url, token: sb.tokens.bob } } });
    const before = sb.requests.length;
    const res = await forgectl(['token', 'self'], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(new RegExp(`^error: the default profile gone named in ${path} does not exist$`, 'm'));
    expect(res.stderr).toMatch(/^hint: .*forgectl profile use NAME/m);
    expect(sb.requests.length).toBe(before);
    const shown = await forgectl(['profile', 'show'], { configDir });
    expect(shown.exitCode).toBe(2);
    expect(shown.stderr).toMatch(new RegExp(`^error: the default profile gone named in ${path} does not exist$`, 'm'));
  });

  it('a field of the wrong type is traced to the file and the profile, never sent (exit 2); the other profiles still work', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const path = writeConfig(configDir, {
      default: 'good',
      profiles: {
        good: { url: sb.url, token: sb.tokens.alice },
        numtoken: { url: sb.url, token: 12345678901234 },
        numurl: { url: 42, token: sb.tokens.alice },
        badurl: { url: 'gitlab example', token: sb.tokens.alice },
      },
    });
    const before = sb.requests.length;
    const cases: [string, string][] = [
      ['numtoken', `config file ${path}: profile "numtoken": "token" is a number, not a string`],
      ['numurl', `config file ${path}: profile "numurl": "url" is a number, not a string`],
      ['badurl', `profile badurl in ${path}: invalid instance URL: gitlab example`],
    ];
    for (const [name, message] of cases) {
      const res = await forgectl(['token', 'self', '-p', name], { configDir });
      expect(res.exitCode, `${name}: ${res.stderr}`).toBe(2);
      expect(res.stderr.split('\n')[0]).toBe(`error: ${message}`);
      expect(res.stderr).not.toMatch(/undici|TypeError|12345678901234/);
    }
    expect(sb.requests.length).toBe(before);
    const good = await forgectl(['token', 'self', '-o', 'json'], { configDir });
    expect(good.exitCode, good.stderr).toBe(0);
    expect(json<any>(good).name).toBe('alice-laptop');
  });

  it('a stored token with a control character is refused before it is sent (exit 4)', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    writeConfig(configDir, { default: 'ctl', profiles: { ctl: { url: sb.url, token: `${sb.tokens.alice}\u0007` } } });
    const before = sb.requests.length;
    const res = await forgectl(['token', 'self'], { configDir });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^error: the token stored for profile ctl cannot be sent: it holds characters a token cannot have/m);
    expect(res.stderr).not.toContain(sb.tokens.alice);
    expect(res.stderr).not.toMatch(/undici|UND_ERR/);
    expect(sb.requests.length).toBe(before);
  });
});
