// `token create` (issue 42.2) against the sandbox, which serves POST /users/:user_id/personal_access_tokens
// as GitLab does: administrators only, scopes checked, a year's lifetime when none is asked.

import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { runWithFault } from '../helpers/faults.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const posts = (mark: number) => requestsSince(sandbox(), mark).filter((r) => r.method === 'POST');

/** The secret of a key/value record printed in a pipe. */
function secretOf(stdout: string): string {
  const line = stdout.split('\n').find((l) => l.startsWith('token (new secret)\t'));
  expect(line, stdout).toBeDefined();
  return line!.split('\t')[1];
}

async function rawPost(path: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sandbox().url}/api/v4${path}`, { method: 'POST', headers: { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe('token create', () => {
  it('prints a token for alice that then reads token self', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'create', '--user', 'alice', '--name', 'drift', '--scope', 'read_api', '--expires-in', '30d'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`^Created token \\d+ \\("drift"\\) for alice, expiring ${daysAhead(30)}\\.$`, 'm'));
    const [post] = posts(mark);
    expect(post.path).toBe(`/api/v4/users/${sb.state.findUser('alice')!.id}/personal_access_tokens`);
    expect(post.body).toEqual({ name: 'drift', scopes: ['read_api'], expires_at: daysAhead(30) });

    const self = await forgectl(['token', 'self', '-o', 'json'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: secretOf(res.stdout) } });
    expect(self.exitCode, self.stderr).toBe(0);
    expect(json(self)).toMatchObject({ name: 'drift', scopes: ['read_api'], user_id: sb.state.findUser('alice')!.id, expires_at: daysAhead(30) });
  });

  it('without an expiry lets the instance choose, and says the date it got', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'create', '--user', 'bob', '--name', 'nightly', '--scope', 'read_api,read_repository', '--description', 'Nightly backup', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(posts(mark)[0].body).toEqual({ name: 'nightly', scopes: ['read_api', 'read_repository'], description: 'Nightly backup' });
    const made = json(res);
    expect(made).toMatchObject({ name: 'nightly', description: 'Nightly backup', expires_at: daysAhead(365) });
    expect(made.token).toMatch(/^glpat-/);
    expect(res.stderr).toContain(`expiring ${daysAhead(365)} (the date the instance set: none was asked)`);
  });

  it.each([
    [['--scope', 'reed_api'], /^error: --scope: "reed_api" is not a token scope; did you mean read_api\?$/m],
    [['--scope', 'read_api', '--expires-at', '2020-01-01'], /^error: expiry 2020-01-01 is in the past/m],
    [['--scope', 'read_api', '--expires-at', daysAhead(0)], /^error: an expiry of today .* makes a token that has already expired$/m],
    [['--scope', 'read_api', '--expires-at', daysAhead(10), '--expires-in', '5d'], /^error: --expires-at and --expires-in cannot be used together$/m],
    [['--scope', 'read_api', '--description', 'x'.repeat(256)], /^error: --description is 256 characters; the most is 255$/m],
  ])('refuses %j before any request (exit 2)', async (extra, message) => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'create', '--user', 'alice', '--name', 'drift', ...extra], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('names a user the instance does not know (exit 3, not found, as for every command), and sends no POST', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'create', '--user', 'nobody', '--name', 'drift', '--scope', 'read_api'], { env: envFor(sb) });
    expect(res.exitCode).toBe(3);
    expect(res.stderr.split('\n')[0]).toBe(`error: no user named nobody on ${sb.url}`);
    expect(posts(mark)).toHaveLength(0);
  });

  it('is refused to a user who is not an administrator (403, exit 4)', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'create', '--user', 'alice', '--name', 'mine', '--scope', 'read_api'], { env: envFor(sb, 'alice') });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/403 Forbidden/);
  });

  it('the sandbox refuses an unknown scope with 400 and a year and a day with 422, as GitLab does', async () => {
    const sb = sandbox();
    const alice = sb.state.findUser('alice')!.id;
    expect(await rawPost(`/users/${alice}/personal_access_tokens`, sb.tokens.admin, { name: 'x', scopes: ['everything'] })).toMatchObject({ status: 400, body: { message: 'scopes does not have a valid value' } });
    expect((await rawPost(`/users/${alice}/personal_access_tokens`, sb.tokens.admin, { name: 'x', scopes: ['api'], expires_at: daysAhead(366) })).status).toBe(422);
    expect((await rawPost(`/users/${alice}/personal_access_tokens`, sb.tokens.alice, { name: 'x', scopes: ['api'] })).status).toBe(403);
  });

  it('--secrets-to writes the secret to a new file of mode 0600 and prints none', async () => {
    const sb = sandbox();
    const file = join(tempDir(), 'drift.json');
    const res = await forgectl(['token', 'create', '--user', 'alice', '--name', 'drift', '--scope', 'read_api', '--secrets-to', file, '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [saved] = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved).toMatchObject({ name: 'drift', username: 'alice', scopes: ['read_api'] });
    expect(res.stdout).not.toContain(saved.token);
    expect(res.stderr).not.toContain(saved.token);
    expect(json(res).token).toBeUndefined();
    expect(res.stderr).toContain(`The secret is in ${file} (mode 0600), not printed.`);
    const self = await forgectl(['token', 'self', '-o', 'json'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: saved.token } });
    expect(json(self).id).toBe(saved.id);
  });

  it('--secrets-to an existing file is refused before any request', async () => {
    const sb = sandbox();
    const file = join(tempDir(), 'old.json');
    writeFileSync(file, '[]\n');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'create', '--user', 'alice', '--name', 'drift', '--scope', 'read_api', '--secrets-to', file], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('already exists; give a new file');
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('--dry-run shows the request and makes nothing (no file, no secret)', async () => {
    const sb = sandbox();
    const file = join(tempDir(), 'dry.json');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'create', '--user', 'alice', '--name', 'dry', '--scope', 'read_api', '--secrets-to', file, '--dry-run'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^dry run: POST http:\/\/127\.0\.0\.1:\d+\/api\/v4\/users\/\d+\/personal_access_tokens$/m);
    expect(res.stdout).toContain('"name": "dry"');
    expect(res.stdout + res.stderr).not.toContain(sb.tokens.admin);
    expect(posts(mark)).toHaveLength(0);
    expect(existsSync(file)).toBe(false);
  });

  it('a lost answer is not sent again, and says the token may exist and how to look', async () => {
    const sb = sandbox();
    const res = await runWithFault(sb, 'reset-body:1@POST:/users/*', ['token', 'create', '--user', 'alice', '--name', 'lost', '--scope', 'read_api']);
    expect(res.exitCode).toBe(1);
    expect(res.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(res.stderr).toMatch(/may have been applied/);
    expect(res.stderr).toContain('hint: check before trying again: `forgectl token list --user alice --search "lost"`');
  });
});
