// Issue 36 item 4: `token revoke --where` and `token rotate --where`: listed, confirmed once, each
// token sent once, a report of revoked/rotated, failed and skipped; the caller's token is skipped.

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, profileWith, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

// Issue 44 item 3. First in the file: the later tests revoke the tokens these pick.
describe('--where twice means both, and --user/--exclude-user narrow it', () => {
  const picked = (stderr: string) => [...stderr.matchAll(/^ {2}(\d+) {2}(\S+) {2}(\S+) {2}(.*)$/gm)].map((m) => `${m[2]} ${m[3]} ${m[4]}`);

  it('token revoke --where no-expiry --where unused:90d --dry-run lists only the tokens with both', async () => {
    const sb = sandbox();
    const audit = json<any[]>(await forgectl(['token', 'audit', '-o', 'json'], { env: envFor(sb) }));
    const both = audit.filter((r) => r.findings.includes('no-expiry') && r.findings.includes('unused'));
    expect(both.map((r) => r.name)).toEqual(['forgotten-integration']);
    // Either alone picks more: dave-scripts has no expiry but is used, old-deploy-key is unused but expires.
    expect(audit.filter((r) => r.findings.includes('no-expiry') || r.findings.includes('unused')).length).toBeGreaterThan(2);
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', '--where', 'no-expiry', '--where', 'unused:90d', '--dry-run'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('1 token to revoke (--where no-expiry --where unused:90d):');
    expect(picked(res.stderr)).toEqual(['forgotten-integration grace no-expiry unused']);
    expect(res.stdout.match(/dry run: DELETE \S+/g)).toEqual([`dry run: DELETE ${sb.url}/api/v4/personal_access_tokens/${both[0].id}`]);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
    const rotate = await forgectl(['token', 'rotate', '--where', 'unused', '--where', 'no-expiry', '--dry-run'], { env: envFor(sb) });
    expect(rotate.exitCode, rotate.stderr).toBe(0);
    expect(picked(rotate.stderr)).toEqual(['forgotten-integration grace no-expiry unused']);
  });

  it('a finding given twice is refused (exit 2), nothing sent', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', '--where', 'unused:90d', '--where', 'unused:30d', '--dry-run'], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('--where: each finding at most once');
    expect(requestsSince(sb, mark)).toEqual([]);
  });

  it('--user and --exclude-user narrow a bulk action by username', async () => {
    const sb = sandbox();
    const only = await forgectl(['token', 'revoke', '--where', 'no-expiry', '--user', 'dave', '--dry-run'], { env: envFor(sb) });
    expect(only.exitCode, only.stderr).toBe(0);
    expect(only.stderr).toContain('(--where no-expiry --user dave)');
    expect(picked(only.stderr)).toEqual(['dave-scripts dave no-expiry']);
    const two = await forgectl(['token', 'revoke', '--where', 'no-expiry', '--user', 'dave', '--user', 'grace', '--dry-run'], { env: envFor(sb) });
    expect(picked(two.stderr).sort()).toEqual(['dave-scripts dave no-expiry', 'forgotten-integration grace no-expiry']);
    const but = await forgectl(['token', 'rotate', '--where', 'no-expiry', '--exclude-user', 'grace', '--dry-run'], { env: envFor(sb) });
    expect(but.exitCode, but.stderr).toBe(0);
    expect(picked(but.stderr)).toEqual(['dave-scripts dave no-expiry']);
  });

  it('an unknown username is exit 3 (not found) naming it, before any write; contradictions are exit 2 before any request', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', '--where', 'no-expiry', '--exclude-user', 'dave', '--exclude-user', 'nosuch', '--yes'], { env: envFor(sb) });
    expect(res.exitCode).toBe(3);
    expect(res.stderr.split('\n')[0]).toBe(`error: --exclude-user nosuch: no user named nosuch on ${sb.url}`);
    const rotate = await forgectl(['token', 'rotate', '--where', 'no-expiry', '--user', 'nosuch', '--yes'], { env: envFor(sb) });
    expect(rotate.exitCode).toBe(3);
    expect(rotate.stderr.split('\n')[0]).toBe(`error: --user nosuch: no user named nosuch on ${sb.url}`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
    const mark2 = sb.requests.length;
    for (const args of [['--where', 'no-expiry', '--user', 'dave', '--exclude-user', 'grace'], ['42', '--user', 'dave'], ['--where', 'no-expiry', '--user', ' ']]) {
      const bad = await forgectl(['token', 'revoke', ...args, '--yes'], { env: envFor(sb) });
      expect(bad.exitCode, `${args.join(' ')}: ${bad.stderr}`).toBe(2);
    }
    expect(requestsSince(sb, mark2)).toEqual([]);
  });
});

describe('token revoke --where', () => {
  it('needs --yes without a terminal, and --dry-run sends nothing', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const refused = await forgectl(['token', 'revoke', '--where', 'unused:90d'], { env: envFor(sb) });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    // The tokens are listed before the question.
    expect(refused.stderr).toContain('old-deploy-key');
    const dry = await forgectl(['token', 'revoke', '--where', 'unused:90d', '--dry-run', '-o', 'json'], { env: envFor(sb) });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('dry run: nothing was sent');
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('revokes exactly the tokens the audit lists as unused, once each, and reports them', async () => {
    const sb = sandbox();
    const audit = json<any[]>(await forgectl(['token', 'audit', '-o', 'json'], { env: envFor(sb) }));
    const unused = audit.filter((r) => r.findings.includes('unused')).map((r) => r.id).sort();
    expect(unused.length).toBeGreaterThan(1);
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', '--where', 'unused:90d', '--yes', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const report = json<any[]>(res);
    expect(report.filter((r) => r.result === 'revoked').map((r) => r.id).sort()).toEqual(unused);
    expect(report.every((r) => r.result === 'revoked')).toBe(true);
    expect(res.stderr).toContain(`revoked: ${unused.length}, failed: 0, skipped: 0`);
    const deletes = requestsSince(sb, mark).filter((r) => r.method === 'DELETE').map((r) => r.path).sort();
    expect(deletes).toEqual(unused.map((id) => `/api/v4/personal_access_tokens/${id}`).sort());
    const after = json<any[]>(await forgectl(['token', 'audit', '-o', 'json'], { env: envFor(sb) }));
    expect(after.filter((r) => r.findings.includes('unused'))).toEqual([]);
    // Asked again, nothing is left to revoke.
    const again = await forgectl(['token', 'revoke', '--where', 'unused:90d', '--yes', '-o', 'json'], { env: envFor(sb) });
    expect(again.exitCode).toBe(0);
    expect(json<any[]>(again)).toEqual([]);
  });

  it('skips the caller’s own token and says so', async () => {
    const sb = sandbox();
    // alice runs with her laptop token, which expires in 90 days, as her ci-pipeline token does in 20.
    const res = await forgectl(['token', 'revoke', '--where', 'expiring:100d', '--yes', '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(res.exitCode, res.stderr).toBe(0);
    const report = json<any[]>(res);
    const self = json<any>(await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb, 'alice') }));
    expect(report.find((r) => r.id === self.id)).toMatchObject({ result: 'skipped', reason: 'the token in use' });
    expect(report.filter((r) => r.result === 'revoked').map((r) => r.name)).toEqual(['ci-pipeline']);
    expect(res.stderr).toContain('revoked: 1, failed: 0, skipped: 1');
    expect(json<any>(await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb, 'alice') })).active).toBe(true);
  });

  it('touches nothing when the service cannot say which token is in use (a 503, not a refusal)', async () => {
    const sb = sandbox();
    sb.addFaults('503:forever@GET:/personal_access_tokens/self');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', '--where', 'expiring:100d', '--yes', '-o', 'json'], { env: envFor(sb, 'alice') });
    await sb.clearFaults();
    expect(res.exitCode).not.toBe(0);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(json<any>(await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb, 'alice') })).active).toBe(true);
  });

  // Issue 41 item 1: a refusal of /personal_access_tokens/self used to read as "not a personal access
  // token", and the token in use was revoked with the others.
  for (const fault of ['404', '403', '401', 'other-shape']) {
    it(`stops before any write when /personal_access_tokens/self answers ${fault === 'other-shape' ? 'something that is not a token' : fault}: cannot tell which token is yours (exit 1)`, async () => {
      const sb = sandbox();
      const before = json<any[]>(await forgectl(['token', 'list', '--no-expiry', '-o', 'json'], { env: envFor(sb) }));
      expect(before.length).toBeGreaterThan(0);
      for (const verb of ['revoke', 'rotate']) {
        sb.addFaults(`${fault}:forever@GET:/personal_access_tokens/self`);
        const mark = sb.requests.length;
        const res = await forgectl(['token', verb, '--where', 'no-expiry', '--yes', '-o', 'json'], { env: envFor(sb) });
        await sb.clearFaults();
        expect(res.exitCode, res.stderr).toBe(1);
        expect(res.stderr).toContain('cannot tell which token is yours');
        expect(res.stderr).toContain(`nothing was ${verb}d`);
        expect(res.stderr).toContain('--own-token ID');
        expect(res.stdout).toBe('');
        expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
      }
      const after = json<any[]>(await forgectl(['token', 'list', '--no-expiry', '-o', 'json'], { env: envFor(sb) }));
      expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
    });
  }

  it('--own-token names the token in use where the instance cannot tell it: skipped, the others go', async () => {
    const sb = sandbox();
    const self = json<any>(await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb) }));
    sb.addFaults('404:forever@GET:/personal_access_tokens/self');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', '--where', 'expiring:400d', '--own-token', String(self.id), '--dry-run'], { env: envFor(sb) });
    await sb.clearFaults();
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain(`skipped: ${self.id}  ${self.name}, the token this command runs with`);
    // Every other token would be revoked: one DELETE each, kept back by --dry-run.
    const others = Number(/(\d+) tokens? to revoke/.exec(res.stderr)![1]);
    expect(others).toBeGreaterThan(1);
    expect(res.stdout.match(/DELETE /g)).toHaveLength(others);
    expect(res.stdout).not.toContain(`/personal_access_tokens/${self.id}\n`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('--own-token over several instances is refused before anything is sent: ids differ per instance (exit 2)', async () => {
    const sb = sandbox();
    const configDir = await profileWith(sb, 'admin', 'a');
    const added = await forgectl(['profile', 'add', 'b', '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.alice}\n` });
    expect(added.exitCode, added.stderr).toBe(0);
    const mark = sb.requests.length;
    const res = await forgectl(['--profiles', 'a,b', 'token', 'revoke', '--where', 'no-expiry', '--own-token', '5', '--yes'], { configDir });
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain('ids differ per instance');
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('an OAuth token, which the service never lists with personal access tokens, goes on when /self refuses it', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'revoke', '--where', 'expiring:100d', '--dry-run', '-o', 'json'], { env: envFor(sb, 'oauth_alice', { FORGECTL_TOKEN_TYPE: 'oauth' }) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('cannot tell');
  });

  it('--own-token that is not the token the instance names stops before any write; a bad one or one without --where is exit 2', async () => {
    const sb = sandbox();
    const self = json<any>(await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb, 'alice') }));
    let mark = sb.requests.length;
    const wrong = await forgectl(['token', 'revoke', '--where', 'expiring:100d', '--own-token', String(self.id + 1000), '--yes'], { env: envFor(sb, 'alice') });
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toContain(`the instance says the token in use is ${self.id}`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
    mark = sb.requests.length;
    for (const args of [['--where', 'no-expiry', '--own-token', 'mine'], ['--where', 'no-expiry', '--own-token', '0'], ['42', '--own-token', '7']]) {
      const res = await forgectl(['token', 'revoke', ...args, '--yes'], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain('--own-token');
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('a revoke that fails is reported failed, not repeated, and the others still go (exit 1)', async () => {
    const sb = sandbox();
    const picked = json<any[]>(await forgectl(['token', 'list', '--no-expiry', '-o', 'json'], { env: envFor(sb) }));
    expect(picked.length).toBeGreaterThan(0);
    const [first] = picked;
    sb.addFaults(`503:forever@DELETE:/personal_access_tokens/${first.id}`);
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'revoke', '--where', 'no-expiry', '--yes', '-o', 'json'], { env: envFor(sb) });
    await sb.clearFaults();
    expect(res.exitCode).toBe(1);
    const report = json<any[]>(res);
    expect(report.find((r) => r.id === first.id)).toMatchObject({ result: 'failed', reason: expect.stringContaining('503') });
    expect(report.filter((r) => r.result === 'revoked')).toHaveLength(picked.length - 1);
    const deletes = requestsSince(sb, mark).filter((r) => r.method === 'DELETE');
    expect(deletes.filter((r) => r.path.endsWith(`/${first.id}`))).toHaveLength(1);
    expect(res.stderr).toContain(`revoked: ${picked.length - 1}, failed: 1, skipped: 0`);
  });

  it('refuses bad --where values and an id with --where before sending anything', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    // --limit would not cap what is acted on: refused rather than ignored.
    for (const args of [['--where', 'stale:90d'], ['--where', 'unused:90'], ['--where', 'no-expiry:3d'], ['42', '--where', 'unused'], [], ['--where', 'unused', '--limit', '1']]) {
      const res = await forgectl(['token', 'revoke', ...args, '--yes'], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });
});

describe('token rotate --where', () => {
  it('refuses no id and no --where, an id with --where, and --secrets-to without --where (exit 2, nothing sent)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const cases: [string[], string][] = [
      [[], 'token rotate needs a token id, self, or --where FINDING'],
      [['42', '--where', 'expiring'], 'give a token id or --where, not both'],
      [['42', '--secrets-to', 'x.json'], '--secrets-to applies with --where'],
      [['--where', 'expiring', '--save'], '--save applies to one token'],
      [['--where', 'expiring', '--secrets-to', '/nonexistent-dir/x.json'], 'is not a directory'],
      [['--where', 'expiring', '--limit', '1'], 'forgectl token rotate does not take --limit'],
      [['--where', 'expiring', '--page', '3'], 'forgectl token rotate does not take --page'],
    ];
    for (const [args, message] of cases) {
      const res = await forgectl(['token', 'rotate', ...args, '--yes'], { env: envFor(sb) });
      expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain(message);
    }
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('rotates each expiring token once and prints each new secret once', async () => {
    const sb = sandbox();
    const audit = json<any[]>(await forgectl(['token', 'audit', '--expiring-within', '14d', '-o', 'json'], { env: envFor(sb) }));
    const expiring = audit.filter((r) => r.findings.includes('expiring')).map((r) => r.id).sort();
    expect(expiring.length).toBeGreaterThan(0);
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', '--where', 'expiring:14d', '--expires-in', '90d', '--yes', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const report = json<any[]>(res);
    expect(report.map((r) => r.id).sort()).toEqual(expiring);
    const posts = requestsSince(sb, mark).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path).sort()).toEqual(expiring.map((id) => `/api/v4/personal_access_tokens/${id}/rotate`).sort());
    for (const r of report) {
      expect(r.result).toBe('rotated');
      expect(r.token).toMatch(/\S{10,}/);
      expect(res.stdout.split(r.token)).toHaveLength(2);
      expect(res.stderr).not.toContain(r.token);
    }
  });

  it('refuses an expiry of today (every new token would be expired from 00:00 UTC), nothing sent', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', '--where', 'expiring:30d', '--expires-at', sb.state.clock.today(), '--yes'], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('expiry of today');
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('--secrets-to refuses a file that exists (secrets of an earlier run are never overwritten), nothing sent', async () => {
    const sb = sandbox();
    const file = join(tempDir(), 'earlier-tokens.json');
    writeFileSync(file, '[{"id": 1, "token": "glpat-earlier-secret"}]\n', { mode: 0o600 });
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', '--where', 'expiring:30d', '--secrets-to', file, '--yes'], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('already exists');
    expect(readFileSync(file, 'utf8')).toContain('glpat-earlier-secret');
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('--secrets-to writes the new secrets to a 0600 file and prints none', async () => {
    const sb = sandbox();
    const file = join(tempDir(), 'new-tokens.json');
    const res = await forgectl(['token', 'rotate', '--where', 'expiring:30d', '--expires-in', '60d', '--secrets-to', file, '--yes', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as any[];
    const report = json<any[]>(res);
    expect(secrets.length).toBe(report.filter((r) => r.result === 'rotated').length);
    expect(secrets.length).toBeGreaterThan(0);
    for (const s of secrets) {
      expect(s.token).toMatch(/\S{10,}/);
      expect(res.stdout).not.toContain(s.token);
      expect(res.stderr).not.toContain(s.token);
      expect(report.find((r) => r.id === s.rotated_from)).toMatchObject({ new_id: s.id, result: 'rotated' });
    }
    // The new tokens work.
    const me = await forgectl(['token', 'self', '-o', 'json'], { env: { ...envFor(sb, null), FORGECTL_TOKEN: secrets[0].token } });
    expect(me.exitCode, me.stderr).toBe(0);
    expect(json<any>(me).id).toBe(secrets[0].id);
  });
});

describe('--where and the other profiles holding a token it picks (issue 41.6)', () => {
  it('names the profile before the confirmation, as token rotate ID does, for revoke and rotate', async () => {
    const sb = sandbox();
    const configDir = tempDir('forgectl-holders-');
    const added = await forgectl(['profile', 'add', 'laptop', '--url', sb.url, '--token-stdin'], { configDir, input: sb.tokens.alice });
    expect(added.exitCode, added.stderr).toBe(0);
    const laptop = json<any>(await forgectl(['token', 'self', '-o', 'json', '-p', 'laptop'], { configDir }));
    const admin = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
    const mark = sb.requests.length;
    // alice's laptop token expires within 100 days: an administrator's --where picks it.
    const revoke = await forgectl(['token', 'revoke', '--where', 'expiring:100d'], { configDir, env: admin });
    expect(revoke.exitCode).toBe(2);
    const warning = `warning: profile laptop holds token ${laptop.id} (${laptop.name}), which this revokes: it stops working there; give it another token with \`forgectl profile set-token laptop\``;
    expect(revoke.stderr.split('\n')).toContain(warning);
    expect(revoke.stderr.indexOf(warning)).toBeLessThan(revoke.stderr.indexOf('confirmation needed'));
    const rotate = await forgectl(['token', 'rotate', '--where', 'expiring:100d', '--yes', '--dry-run'], { configDir, env: admin });
    expect(rotate.exitCode, rotate.stderr).toBe(0);
    expect(rotate.stderr).toContain(`warning: profile laptop holds token ${laptop.id} (${laptop.name}), which this rotates: it stops working there; give it its new secret with`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
