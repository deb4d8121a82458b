// Issue 25, what a newcomer meets in the first hour: errors that name what they are about and where
// the refused token came from, secrets nobody thought to hide, Admin Mode.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('a 404 names what was not found and where', () => {
  it('token get, token list --user, migrate watch and mr merge name their object and the instance', async () => {
    const sb = sandbox();
    const cases: [string[], string][] = [
      [['token', 'get', '999'], `error: token 999 not found on ${sb.url} (404 Not Found)`],
      [['token', 'list', '--user', 'nobody'], `error: user nobody not found on ${sb.url} (404 Not Found)`],
      [['migrate', 'watch', '99'], `error: migration 99 not found on ${sb.url} (404 Not found)`],
      [['mr', 'merge', 'acme/platform/api!9999', '--yes'], `error: merge request acme/platform/api!9999 not found on ${sb.url}`],
      [['mr', 'view', 'acme/nothing-here', '1'], `error: merge request !1 of project acme/nothing-here not found on ${sb.url} (404 Project Not Found)`],
    ];
    for (const [argv, line] of cases) {
      const res = await forgectl(argv, { env: envFor(sb) });
      expect(res.exitCode, argv.join(' ')).toBe(3);
      expect(res.stderr.split('\n')[0], argv.join(' ')).toContain(line);
    }
  });
});

describe('a refused token says where it came from and what to do next', () => {
  it('a refused FORGECTL_TOKEN names FORGECTL_TOKEN, and the profile it overrode', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const added = await forgectl(['profile', 'add', 'sbx', '--url', sb.url, '--token-stdin', '--storage', 'file'], { configDir, input: sb.tokens.admin });
    expect(added.exitCode, added.stderr).toBe(0);
    const res = await forgectl(['token', 'list'], { configDir, env: { FORGECTL_TOKEN: sb.tokens.revoked } });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('error: 401 Unauthorized (token from FORGECTL_TOKEN)\nhint: unset FORGECTL_TOKEN to use profile sbx');
    expect(res.stderr).not.toContain(sb.tokens.revoked);
    // Without a profile for the instance, the next step is a valid token or a profile.
    const bare = await forgectl(['token', 'list'], { env: envFor(sb, 'expired') });
    expect(bare.stderr).toContain(`error: 401 Unauthorized (token from FORGECTL_TOKEN)\nhint: give a valid token for ${sb.url}, or save one with \`forgectl profile add NAME`);
  });

  it('a refused profile token names the profile and how to replace its token', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    await forgectl(['profile', 'add', 'sbx', '--url', sb.url, '--token-stdin', '--storage', 'file', '--no-verify'], { configDir, input: sb.tokens.expired });
    const res = await forgectl(['projects', 'list'], { configDir });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain(`error: 401 Unauthorized (token from profile sbx)\nhint: save a new token in profile sbx with \`forgectl profile set-token sbx --token-stdin\``);
  });

  it('a 401 from a token that works is a missing access, not a bad token', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'get', '1'], { env: envFor(sb, 'alice') });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('error: 401 Unauthorized (the token from FORGECTL_TOKEN works, but gives no access to this)');
  });
});

describe('the server’s reason for a 401', () => {
  it('an expired token keeps invalid_token and "Token has expired." instead of a generic line', async () => {
    // GitLab answers an expired or revoked token in the OAuth form; the sandbox keeps the spec's `{message}`.
    const server = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="Protected by OAuth 2.0", error="invalid_token"' });
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'Token has expired.' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await forgectl(['token', 'self'], { env: { FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-expired-expired-000' } });
      expect(res.exitCode).toBe(4);
      expect(res.stderr).toContain('error: 401 invalid_token: Token has expired. (token from FORGECTL_TOKEN)\nhint: give a valid token for');
    } finally {
      server.close();
    }
  });
});

describe('Admin Mode', () => {
  it('an administrator’s token without admin_mode is told that Admin Mode needs that scope', async () => {
    const sb = sandbox();
    sb.state.instance.adminMode = true;
    try {
      const res = await forgectl(['plan-limits', 'get'], { env: envFor(sb, 'admin_nosudo') });
      expect(res.exitCode).toBe(4);
      expect(res.stderr).toContain('error: 403 Forbidden (token from FORGECTL_TOKEN, scopes: api)');
      expect(res.stderr).toMatch(/^hint: .*Admin Mode on: use a token with the admin_mode scope/m);
      // The token with admin_mode goes through.
      expect((await forgectl(['plan-limits', 'get'], { env: envFor(sb, 'admin') })).exitCode).toBe(0);
    } finally {
      sb.state.instance.adminMode = false;
    }
  });
});

describe('secrets a newcomer would not think of', () => {
  it('projects list -o json and ndjson show no runner token unless --show-secrets', async () => {
    const sb = sandbox();
    const runnersToken = (await rawGet(sb, '/projects?per_page=1&order_by=id&sort=asc', sb.tokens.admin)).body[0].runners_token as string;
    expect(runnersToken).toMatch(/^GR1348941/);
    for (const format of ['json', 'ndjson', 'yaml']) {
      const res = await forgectl(['projects', 'list', '--limit', '3', '-o', format], { env: envFor(sb) });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout).not.toContain('GR1348941');
      expect(res.stdout).toContain('runners_token');
    }
    const shown = await forgectl(['projects', 'list', '--limit', '1', '-o', 'json', '--show-secrets', '--order-by', 'id', '--sort', 'asc'], { env: envFor(sb) });
    expect(json(shown)[0].runners_token).toBe(runnersToken);
  });
});
