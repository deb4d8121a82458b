import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function profileWith(tokenName: string, name = 'main') {
  const sb = sandbox();
  const configDir = tempDir();
  const res = await forgectl(['profile', 'add', name, '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens[tokenName]}\n` });
  expect(res.exitCode, res.stderr).toBe(0);
  return configDir;
}

function savedToken(configDir: string, profile = 'main'): string {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles[profile].token;
}

describe('token list / get / self', () => {
  it('lists every user’s tokens for an administrator and only their own for a user', async () => {
    const sb = sandbox();
    const admin = json<any[]>(await forgectl(['token', 'list', '--all', '-o', 'json'], { env: envFor(sb, 'admin') }));
    const bob = json<any[]>(await forgectl(['token', 'list', '--all', '-o', 'json'], { env: envFor(sb, 'bob') }));
    expect(new Set(admin.map((t) => t.user_id)).size).toBeGreaterThan(1);
    const bobSelf = json<any>(await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb, 'bob') }));
    expect(bob.length).toBeGreaterThan(0);
    expect(bob.every((t) => t.user_id === bobSelf.user_id)).toBe(true);
  });

  it('sends each filter as the API parameter', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(
      ['token', 'list', '--state', 'inactive', '--revoked', 'true', '--search', 'ci', '--created-after', '2020-01-01T00:00:00Z', '--last-used-before', '2030-01-01', '--user', 'alice', '-o', 'json'],
      { env: envFor(sb) },
    );
    expect(res.exitCode, res.stderr).toBe(0);
    const q = new URLSearchParams(requestsSince(sb, mark)[0].query);
    expect(Object.fromEntries(q)).toMatchObject({
      state: 'inactive',
      revoked: 'true',
      search: 'ci',
      created_after: '2020-01-01T00:00:00Z',
      last_used_before: '2030-01-01',
      user_id: 'alice',
    });
    for (const t of json<any[]>(res)) {
      expect(t.revoked).toBe(true);
      expect(t.name.toLowerCase()).toContain('ci');
    }
  });

  it('lists only active tokens expiring within the window with --expiring-within', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'list', '--all', '--expiring-within', '400d', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const horizon = new Date(Date.now() + 401 * 86_400_000).toISOString().slice(0, 10);
    for (const t of json<any[]>(res)) {
      expect(t.active).toBe(true);
      expect(t.expires_at <= horizon).toBe(true);
    }
  });

  it('refuses bad filter values before sending anything (exit 2)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    for (const args of [
      ['--state', 'sleeping'],
      ['--revoked', 'maybe'],
      ['--created-after', 'last tuesday'],
      ['--expiring-within', 'soon'],
    ]) {
      const res = await forgectl(['token', 'list', ...args], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(/error|invalid/i);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('answers 401 → exit 4 for another user’s filter by a non-administrator', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'list', '--user', 'alice'], { env: envFor(sb, 'bob') });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('401');
  });

  it('gets one token; a missing one is exit 3 for an administrator and 4 for a user', async () => {
    const sb = sandbox();
    const self = json<any>(await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb, 'bob') }));
    const got = json<any>(await forgectl(['token', 'get', String(self.id), '-o', 'json'], { env: envFor(sb, 'admin') }));
    expect(got).toMatchObject({ id: self.id, name: self.name, user_id: self.user_id });
    expect((await forgectl(['token', 'get', '999999'], { env: envFor(sb, 'admin') })).exitCode).toBe(3);
    expect((await forgectl(['token', 'get', '999999'], { env: envFor(sb, 'bob') })).exitCode).toBe(4);
    expect((await forgectl(['token', 'get', 'abc'], { env: envFor(sb, 'bob') })).exitCode).toBe(2);
  });

  it('reports an expired token as not authenticated with a hint', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'self'], { env: envFor(sb, 'expired') });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^error: 401 Unauthorized \(token from FORGECTL_TOKEN\)$/m);
    expect(res.stderr).toMatch(/^hint: /m);
  });
});

describe('token rotate', () => {
  it('--save with a token from the environment: exit 2 naming where the token came from, nothing sent', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', 'self', '--save'], { env: envFor(sb, 'bob') });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: --save needs the token to come from a profile\nhint: this run uses the token of FORGECTL_TOKEN\/GITLAB_TOKEN$/m);
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('rotates the profile’s own token: saves it first, prints it once, the old one stops working', async () => {
    const sb = sandbox();
    const configDir = await profileWith('alice');
    const old = sb.tokens.alice;
    const res = await forgectl(['token', 'rotate', 'self', '--expires-in', '30d', '-o', 'json'], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    const rotated = json<any>(res);
    expect(rotated.token).toMatch(/\S{8,}/);
    expect(rotated.token).not.toBe(old);
    expect(rotated.expires_at).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    // Shown exactly once, and never on stderr.
    expect(res.stdout.split(rotated.token).length - 1).toBe(1);
    expect(res.stderr).not.toContain(rotated.token);
    expect(res.stderr).toContain('Saved the new token to profile main');
    expect(savedToken(configDir)).toBe(rotated.token);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect((await rawGet(sb, '/personal_access_tokens/self', old)).status).toBe(401);
    const after = await forgectl(['token', 'self', '-o', 'json'], { configDir });
    expect(after.exitCode, after.stderr).toBe(0);
    expect(json<any>(after).id).toBe(rotated.id);
  });

  it('rotates by id and prints the secret in table output too', async () => {
    const sb = sandbox();
    const configDir = await profileWith('admin', 'adm');
    const carol = json<any[]>(await forgectl(['token', 'list', '--user', 'carol', '--state', 'active', '-o', 'json'], { configDir }));
    if (!carol.length) return expect.fail('the demo seed should give carol an active token');
    const res = await forgectl(['token', 'rotate', String(carol[0].id), '--yes', '--expires-at', new Date(Date.now() + 86_400_000 * 10).toISOString().slice(0, 10)], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    const secret = /token \(new secret\)\s+(\S+)/.exec(res.stdout)?.[1] ?? /token \(new secret\)\t(\S+)/.exec(res.stdout)?.[1];
    expect(secret).toBeDefined();
    expect((await rawGet(sb, '/personal_access_tokens/self', secret)).status).toBe(200);
    // Not the profile's own token: the profile keeps its secret.
    expect(savedToken(configDir, 'adm')).toBe(sb.tokens.admin);
  });

  it('accepts --expires-at today, which is not in the past, sends it, and warns the token may be expired at once', async () => {
    const sb = sandbox();
    const today = sb.state.clock.today();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', 'self', '--expires-at', today, '--dry-run'], { env: envFor(sb, 'bob') });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/dry run: POST .*\/personal_access_tokens\/self\/rotate/);
    expect(res.stdout).toContain(`"expires_at": "${today}"`);
    expect(res.stderr).toContain(`warning: the new token expires today (${today})`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('checks the expiry before sending anything', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    for (const args of [['--expires-at', '2001-01-01'], ['--expires-at', '2099-01-01'], ['--expires-at', '2025-02-30'], ['--expires-in', '2y'], ['--expires-in', '500d']]) {
      const res = await forgectl(['token', 'rotate', 'self', ...args], { env: envFor(sb, 'bob') });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('revoking a revoked token says it is already revoked and sends no revocation', async () => {
    const sb = sandbox();
    const revoked = json<any[]>(await forgectl(['token', 'list', '--revoked', 'true', '--all', '-o', 'json'], { env: envFor(sb) }));
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', String(revoked[0].id), '--yes'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`Token ${revoked[0].id} .* is already revoked; nothing to do`));
    expect(requestsSince(sb, mark).filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('refuses a duration without a unit or with the ambiguous "m", naming the units (exit 2, nothing sent)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const cases: [string[], RegExp, RegExp][] = [
      [['token', 'list', '--expiring-within', '30'], /error: --expiring-within needs a unit, got "30"/, /hint: for 30 days write 30d; units: s \(seconds\), min \(minutes\), .*mo \(months of 30 days\)/],
      [['token', 'list', '--expiring-within', '1m'], /"m" could mean minutes or months/, /hint: write 1min for minutes or 1mo for months/],
      [['token', 'rotate', 'self', '--expires-in', '90', '--dry-run'], /--expires-in needs a unit/, /write 90d/],
      [['broadcast', 'create', '--message', 'x', '--duration', '30'], /--duration needs a unit/, /write 30min/],
      [['migrate', 'watch', '1', '--interval', '5'], /--interval needs a unit/, /write 5s/],
    ];
    for (const [args, message, hint] of cases) {
      const res = await forgectl(args, { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(message);
      expect(res.stderr).toMatch(hint);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('takes months as mo (30 days) and minutes as min', async () => {
    const sb = sandbox();
    const month = json<any[]>(await forgectl(['token', 'list', '--all', '--expiring-within', '13mo', '-o', 'json'], { env: envFor(sb) }));
    const days = json<any[]>(await forgectl(['token', 'list', '--all', '--expiring-within', '390d', '-o', 'json'], { env: envFor(sb) }));
    expect(month.length).toBeGreaterThan(0);
    expect(month.map((t) => t.id)).toEqual(days.map((t) => t.id));
    const minutes = await forgectl(['token', 'list', '--all', '--expiring-within', '90min', '-o', 'json'], { env: envFor(sb) });
    expect(minutes.exitCode, minutes.stderr).toBe(0);
  });

  it('refuses contradictions and out-of-range values before any request (exit 2)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const cases: [string[], RegExp][] = [
      [['token', 'rotate', 'self', '--save', '--no-save'], /--save and --no-save contradict each other/],
      [['token', 'list', '--expiring-within', '99999999999d'], /--expiring-within must be at most 3650d/],
      [['token', 'list', '--user', ''], /--user is empty/],
      [['token', 'list', '--all', '--page', '2'], /--all with --page needs --per-page/],
      [['token', 'self', '--timeout', '99999999999'], /--timeout must be at most 86400/],
      [['broadcast', 'create', '--message', 'x', '--duration', '99999999999d'], /--duration must be at most 3650d/],
      [['api', '/../../etc/passwd'], /leaves the API \(\/api\/v4\/\)/],
      [['api', '/projects/%2e%2e/%2e%2e/%2e%2e/etc/passwd'], /leaves the API/],
    ];
    for (const [args, message] of cases) {
      const res = await forgectl(args, { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(message);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
    expect(sb.requests.slice(mark).filter((r) => !r.path.startsWith('/api/v4'))).toHaveLength(0);
  });

  it('refuses to rotate a revoked token without --force, sending no rotation', async () => {
    const sb = sandbox();
    const revoked = json<any[]>(await forgectl(['token', 'list', '--revoked', 'true', '--all', '-o', 'json'], { env: envFor(sb) }));
    expect(revoked.length).toBeGreaterThan(0);
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', String(revoked[0].id)], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/already revoked/);
    expect(res.stderr).toMatch(/--force/);
    expect(requestsSince(sb, mark).filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('asks before rotating another user’s token: without a terminal and without --yes exit 2, nothing rotated', async () => {
    const sb = sandbox();
    const [carol] = json<any[]>(await forgectl(['token', 'list', '--user', 'carol', '--state', 'active', '-o', 'json'], { env: envFor(sb) }));
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', String(carol.id)], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    // Named as `state apply` names what it changes: the token, its owner and the instance (issue 44).
    expect(res.stderr.split('\n')).toContain(`error: Rotate token ${carol.id} ("${carol.name}") of carol on ${sb.url}, ending its current secret: confirmation needed`);
    expect(res.stderr).toMatch(/^hint: pass --yes/m);
    expect(requestsSince(sb, mark).filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(json<any>(await forgectl(['token', 'get', String(carol.id), '-o', 'json'], { env: envFor(sb) })).active).toBe(true);
    // The dry run shows the rotation without asking.
    const dry = await forgectl(['token', 'rotate', String(carol.id), '--dry-run'], { env: envFor(sb) });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`dry run: POST`);
  });

  it('with --dry-run shows the request with the credential redacted and changes nothing', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', 'self', '--expires-in', '7d', '--dry-run'], { env: envFor(sb, 'bob') });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/dry run: POST http:\/\/127\.0\.0\.1:\d+\/api\/v4\/personal_access_tokens\/self\/rotate/);
    expect(res.stdout).toContain('PRIVATE-TOKEN: [REDACTED]');
    expect(res.stdout + res.stderr).not.toContain(sb.tokens.bob);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect((await rawGet(sb, '/personal_access_tokens/self', sb.tokens.bob)).status).toBe(200);
  });

  it('rotates an environment token that has only the self_rotate scope, and warns that the old one is dead', async () => {
    const sb = sandbox();
    const old = sb.tokens.readonly_rotate;
    const res = await forgectl(['token', 'rotate', 'self', '-o', 'json'], { env: envFor(sb, 'readonly_rotate') });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/FORGECTL_TOKEN.*now revoked/);
    const fresh = json<any>(res).token;
    expect((await rawGet(sb, '/personal_access_tokens/self', fresh)).status).toBe(200);
    expect((await rawGet(sb, '/personal_access_tokens/self', old)).status).toBe(401);
  });
});

describe('token rotate and the other profiles holding the token', () => {
  function profiles(configDir: string): any {
    return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles;
  }

  it('names every other profile that held the rotated token (by its verified id, or by the secret in the file) and how to fix it', async () => {
    const sb = sandbox();
    const configDir = await profileWith('grace', 'main');
    const twin = await forgectl(['profile', 'add', 'twin', '--url', sb.url, '--token-stdin'], { configDir, input: sb.tokens.grace });
    expect(twin.exitCode, twin.stderr).toBe(0);
    const oldId = profiles(configDir).main.verified.tokenId as number;

    const res = await forgectl(['token', 'rotate', 'self', '-o', 'json'], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    const rotated = json<any>(res);
    expect(res.stderr).toMatch(new RegExp(`^warning: profile twin also holds token ${oldId}, which no longer works: give it the new token with \`forgectl profile set-token twin\`$`, 'm'));
    // The profile saved to now describes its new token, still of the same user.
    expect(profiles(configDir).main.verified).toMatchObject({ tokenId: rotated.id, username: 'grace', expiresAt: rotated.expires_at });

    const fixed = await forgectl(['profile', 'set-token', 'twin', '--token-stdin'], { configDir, input: rotated.token });
    expect(fixed.exitCode, fixed.stderr).toBe(0);
    expect(json<any>(await forgectl(['token', 'self', '-o', 'json', '-p', 'twin'], { configDir })).id).toBe(rotated.id);

    // An administrator rotating it by id from the environment: both profiles are named, first in the dry run.
    const admin = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
    const dry = await forgectl(['token', 'rotate', String(rotated.id), '--yes', '--dry-run'], { configDir, env: admin });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(new RegExp(`^dry run: profiles main, twin also hold token ${rotated.id}, which would stop working`, 'm'));
    const byAdmin = await forgectl(['token', 'rotate', String(rotated.id), '--yes', '-o', 'json'], { configDir, env: admin });
    expect(byAdmin.exitCode, byAdmin.stderr).toBe(0);
    expect(byAdmin.stderr).toMatch(/^warning: profiles main, twin also hold token \d+, which no longer works: give each the new token with `forgectl profile set-token main`, `forgectl profile set-token twin`$/m);

    // A profile saved without verification is found by the secret it keeps in the file.
    const secret = json<any>(byAdmin).token as string;
    expect((await forgectl(['profile', 'add', 'blind', '--url', sb.url, '--token-stdin', '--no-verify', '--storage', 'file'], { configDir, input: secret })).exitCode).toBe(0);
    const fromEnv = await forgectl(['token', 'rotate', 'self', '--no-save', '-o', 'json'], { configDir, env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: secret } });
    expect(fromEnv.exitCode, fromEnv.stderr).toBe(0);
    expect(fromEnv.stderr).toMatch(/^warning: profile blind also holds token \d+, which no longer works/m);
    expect(fromEnv.stdout + fromEnv.stderr).not.toContain(secret);
  });
});

describe('token revoke', () => {
  it('needs --yes without a terminal and sends nothing otherwise', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', 'self'], { env: envFor(sb, 'bob') });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/--yes/);
    expect(requestsSince(sb, mark).filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('revokes the token in use with --yes; it stops working', async () => {
    const sb = sandbox();
    const [carol] = json<any[]>(await forgectl(['token', 'list', '--user', 'carol', '--state', 'active', '-o', 'json'], { env: envFor(sb) }));
    const secret = json<any>(await forgectl(['token', 'rotate', String(carol.id), '--yes', '-o', 'json'], { env: envFor(sb) })).token;
    const res = await forgectl(['token', 'revoke', 'self', '--yes'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: secret } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/Revoked token/);
    expect((await rawGet(sb, '/personal_access_tokens/self', secret)).status).toBe(401);
  });

  it('revokes another user’s token by id for an administrator, and refuses a user', async () => {
    const sb = sandbox();
    const [alice] = json<any[]>(await forgectl(['token', 'list', '--user', 'alice', '--state', 'active', '-o', 'json'], { env: envFor(sb) }));
    const refused = await forgectl(['token', 'revoke', String(alice.id), '--yes'], { env: envFor(sb, 'bob') });
    expect([3, 4]).toContain(refused.exitCode);
    const res = await forgectl(['token', 'revoke', String(alice.id), '--yes'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const after = json<any>(await forgectl(['token', 'get', String(alice.id), '-o', 'json'], { env: envFor(sb) }));
    expect(after.revoked).toBe(true);
  });
});

// Issue 44 item 3: several ids in one revoke, and confirmations that name the instance as `state apply`'s do.
describe('token revoke of several ids', () => {
  const make = async (name: string) => {
    const res = await forgectl(['token', 'create', '--user', 'dave', '--name', name, '--scope', 'read_api', '--expires-in', '30d', '-o', 'json'], { env: envFor(sandbox()) });
    expect(res.exitCode, res.stderr).toBe(0);
    return json<any>(res);
  };

  it('asks once, naming every token, their owners and the instance; without --yes nothing is revoked', async () => {
    const sb = sandbox();
    const [a, b] = [await make('several-a'), await make('several-b')];
    const configDir = await profileWith('admin', 'prod');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', String(a.id), String(b.id), '-p', 'prod'], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr.split('\n')).toContain(`error: Revoke 2 tokens: ${a.id} ("several-a") of dave, ${b.id} ("several-b") of dave on ${sb.url} (profile prod): confirmation needed`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('revokes each once and reports revoked, failed and skipped; one that cannot be read fails the run (exit 1)', async () => {
    const sb = sandbox();
    const [a, b, c] = [await make('several-c'), await make('several-d'), await make('several-e')];
    expect((await forgectl(['token', 'revoke', String(c.id), '--yes'], { env: envFor(sb) })).exitCode).toBe(0);
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', String(a.id), String(b.id), String(c.id), String(a.id), '99999', '--yes', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(1);
    const rows = json<any[]>(res);
    expect(rows.map((r) => [r.id, r.result])).toEqual([
      [a.id, 'revoked'],
      [b.id, 'revoked'],
      [c.id, 'skipped'],
      [99999, 'failed'],
    ]);
    expect(rows.find((r) => r.id === a.id).user).toMatchObject({ username: 'dave' });
    expect(res.stderr).toContain('revoked: 2, failed: 1, skipped: 1');
    const deletes = requestsSince(sb, mark).filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes).toEqual([`/api/v4/personal_access_tokens/${a.id}`, `/api/v4/personal_access_tokens/${b.id}`]);
    for (const t of [a, b]) expect(json<any>(await forgectl(['token', 'get', String(t.id), '-o', 'json'], { env: envFor(sb) })).revoked).toBe(true);
  });

  it('stops before any write when the instance cannot say which token is in use (a 503): revoked first, it would leave the others refused', async () => {
    const sb = sandbox();
    const [own, other] = [await make('several-own'), await make('several-other')];
    sb.addFaults('503:forever@GET:/personal_access_tokens/self');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', String(own.id), String(other.id), '--yes'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: own.token } });
    await sb.clearFaults();
    expect(res.exitCode).toBe(1);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
    for (const t of [own, other]) expect(json<any>(await forgectl(['token', 'get', String(t.id), '-o', 'json'], { env: envFor(sb) })).revoked).toBe(false);
  });

  it('--dry-run sends no revocation; a bad id among them is exit 2 before any request', async () => {
    const sb = sandbox();
    const [a, b] = [await make('several-f'), await make('several-g')];
    const mark = sb.requests.length;
    const dry = await forgectl(['token', 'revoke', String(a.id), String(b.id), '--dry-run'], { env: envFor(sb) });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout.match(/dry run: DELETE/g)).toHaveLength(2);
    expect(dry.stderr).toContain('(dry run: nothing was sent)');
    const bad = await forgectl(['token', 'revoke', String(a.id), 'twelve', '--yes'], { env: envFor(sb) });
    expect(bad.exitCode).toBe(2);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(requestsSince(sb, mark).filter((r) => r.path.includes('twelve'))).toEqual([]);
  });

  it('over several instances, numeric ids are refused wherever they stand (ids differ per instance)', async () => {
    const sb = sandbox();
    const configDir = await profileWith('admin', 'a');
    expect((await forgectl(['profile', 'add', 'b', '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.admin}\n` })).exitCode).toBe(0);
    const mark = sb.requests.length;
    const res = await forgectl(['--profiles', 'a,b', 'token', 'revoke', 'self', '12', '--yes'], { configDir });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain('ids differ per instance');
    expect(res.stderr).toContain('token 12');
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });
});

describe('single-token confirmations name the instance (issue 44)', () => {
  it('token revoke ID asks about the token, its owner and the instance with its profile', async () => {
    const sb = sandbox();
    const [grace] = json<any[]>(await forgectl(['token', 'list', '--user', 'grace', '--state', 'active', '-o', 'json'], { env: envFor(sb) }));
    const configDir = await profileWith('admin', 'prod');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', String(grace.id), '-p', 'prod'], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr.split('\n')).toContain(`error: Revoke token ${grace.id} ("${grace.name}") of grace on ${sb.url} (profile prod): confirmation needed`);
    const rotate = await forgectl(['token', 'rotate', String(grace.id), '-p', 'prod'], { configDir });
    expect(rotate.exitCode).toBe(2);
    expect(rotate.stderr.split('\n')).toContain(`error: Rotate token ${grace.id} ("${grace.name}") of grace on ${sb.url} (profile prod), ending its current secret: confirmation needed`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
