// Issue 36 item 5: `users list` / `users get`, read-only, fields as GitLab returns them.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const realdata = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/realdata/users', name), 'utf8'));

async function run(args: string[], token = 'admin') {
  const res = await forgectl(args, { env: envFor(sandbox(), token) });
  expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(0);
  return res;
}

describe('users list', () => {
  it('--admins lists the administrators and only them', async () => {
    const all = json<any[]>(await run(['users', 'list', '--all', '-o', 'json']));
    const admins = json<any[]>(await run(['users', 'list', '--admins', '-o', 'json']));
    expect(admins.map((u) => u.username)).toEqual(all.filter((u) => u.is_admin).map((u) => u.username));
    expect(admins.map((u) => u.username)).toEqual(['root']);
    expect(all.length).toBeGreaterThan(admins.length);
    const table = await run(['users', 'list', '--admins']);
    expect(table.stdout.trim().split('\n')).toHaveLength(1);
    expect(table.stdout).toContain('root\tAdministrator\tactive\ttrue');
  });

  it('--admins reads every page when the service ignores `admins` (an instance older than the parameter)', async () => {
    // Page 1: a non-administrator; page 2: the administrator. `admins` is not honoured.
    const pages = [[{ id: 2, username: 'alice', is_admin: false }], [{ id: 1, username: 'root', is_admin: true }]];
    const server = createServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
      res.writeHead(200, { 'content-type': 'application/json', 'x-page': String(page), 'x-total-pages': '2', 'x-next-page': page < 2 ? String(page + 1) : '' });
      res.end(JSON.stringify(pages[page - 1] ?? []));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const res = await forgectl(['users', 'list', '--admins', '-o', 'json'], { env: { FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-not-a-real-token-000' } });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(json<any[]>(res).map((u) => u.username)).toEqual(['root']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('--admins is refused for a caller the service does not tell who is an administrator', async () => {
    const res = await forgectl(['users', 'list', '--admins'], { env: envFor(sandbox(), 'alice') });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('--admins needs an administrator');
    expect(res.stdout).toBe('');
  });

  it('--blocked, --active and --search are sent as GitLab’s parameters', async () => {
    const sb = sandbox();
    const blocked = json<any[]>(await run(['users', 'list', '--blocked', '-o', 'json']));
    expect(blocked.map((u) => u.username)).toEqual(['eve']);
    const active = json<any[]>(await run(['users', 'list', '--active', '--all', '-o', 'json']));
    expect(active.every((u) => u.state === 'active')).toBe(true);
    const mark = sb.requests.length;
    const found = json<any[]>(await run(['users', 'list', '--search', 'ali', '-o', 'json']));
    expect(found.map((u) => u.username)).toEqual(['alice']);
    expect(new URLSearchParams(requestsSince(sb, mark)[0].query).get('search')).toBe('ali');
  });

  it('refuses --active with --blocked before sending anything', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['users', 'list', '--active', '--blocked'], { env: envFor(sb) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('--active and --blocked cannot be used together');
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });
});

describe('users get', () => {
  it('shows a user by username or id with the fields of GitLab’s administrator view', async () => {
    const byName = json<any>(await run(['users', 'get', 'alice', '-o', 'json']));
    const byId = json<any>(await run(['users', 'get', String(byName.id), '-o', 'json']));
    expect(byId).toEqual(byName);
    expect(byName.username).toBe('alice');
    // Every key of the documented administrator view, none dropped (EE-only plan/trial aside).
    const documented = Object.keys(realdata('get_admin.json').body).filter((k) => !['plan', 'trial', 'bio_html'].includes(k));
    for (const k of documented) expect(byName, k).toHaveProperty(k);
  });

  it('says a missing user is not found (exit 3)', async () => {
    const res = await forgectl(['users', 'get', 'nobody'], { env: envFor(sandbox()) });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toContain('no user named nobody');
  });

  it('an unknown @name is told as every command tells an unknown user: the name and the instance (exit 3)', async () => {
    const sb = sandbox();
    const res = await forgectl(['users', 'get', '@nobody'], { env: envFor(sb) });
    expect(res.exitCode).toBe(3);
    expect(res.stderr.split('\n')[0]).toBe(`error: no user named nobody on ${sb.url}`);
    expect(res.stderr).toContain('or give the numeric id');
  });
});
