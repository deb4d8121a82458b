// The endpoints every client reads first: who am I (/user), the instance (/version, /metadata),
// users and groups lists with GitLab's filters and paging, and single groups and projects.

import { describe, expect, it } from 'vitest';
import { all, call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });

describe('GET /user, /version, /metadata', () => {
  it('answers who the token belongs to, with the email only the user sees', async () => {
    const sb = sandbox();
    const me = await call(sb, '/user', { token: sb.tokens.alice });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'alice', name: 'Alice Liddell', state: 'active', email: 'alice@example.com', web_url: `${sb.url}/alice` });
    expect(me.body).not.toHaveProperty('is_admin');
    const root = await call(sb, '/user', { token: sb.tokens.admin });
    expect(root.body).toMatchObject({ username: 'root', is_admin: true });
  });

  it('refuses /user without a credential (401) and runs as the Sudo user', async () => {
    const sb = sandbox();
    expect((await call(sb, '/user')).status).toBe(401);
    const as = await call(sb, '/user', { token: sb.tokens.admin, headers: { Sudo: 'bob' } });
    expect(as.body.username).toBe('bob');
  });

  it('accepts a read_api token for /user and /version', async () => {
    const sb = sandbox();
    expect((await call(sb, '/user', { token: sb.tokens.readonly })).body.username).toBe('carol');
    const v = await call(sb, '/version', { token: sb.tokens.readonly });
    expect(v.status).toBe(200);
    expect(v.body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(v.body).toHaveProperty('revision');
    const m = await call(sb, '/metadata', { token: sb.tokens.readonly });
    expect(m.body).toMatchObject({ version: v.body.version, kas: { enabled: false } });
    expect(typeof m.body.enterprise).toBe('boolean');
  });
});

describe('GET /users, /users/:id', () => {
  it('finds a user by username, case-insensitively, and by search', async () => {
    const sb = sandbox();
    const byName = await call(sb, '/users?username=BOB', { token: sb.tokens.alice });
    expect(byName.body.map((u: any) => u.username)).toEqual(['bob']);
    const search = await call(sb, '/users?search=li', { token: sb.tokens.alice });
    expect(search.body.map((u: any) => u.username).sort()).toEqual(['alice', 'dave']);
  });

  it('pages users with X-Total and a next link', async () => {
    const sb = sandbox();
    const first = await call(sb, '/users?per_page=3', { token: sb.tokens.alice });
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('x-total')).toBe(String((await all(sb, '/users?per_page=2', sb.tokens.alice)).length));
    expect(first.headers.get('x-next-page')).toBe('2');
  });

  it('shows one user, less of a private profile to strangers, and 404 for an unknown id', async () => {
    const sb = sandbox();
    const users = await all(sb, '/users', sb.tokens.alice);
    const bob = users.find((u) => u.username === 'bob');
    const one = await call(sb, `/users/${bob.id}`, { token: sb.tokens.alice });
    expect(one.body).toMatchObject({ id: bob.id, username: 'bob' });
    expect(one.body).toHaveProperty('created_at');
    expect(one.body).not.toHaveProperty('email');
    const dave = users.find((u) => u.username === 'dave');
    expect(await call(sb, `/users/${dave.id}`, { token: sb.tokens.alice }).then((r) => r.body)).not.toHaveProperty('created_at');
    expect((await call(sb, '/users/99999', { token: sb.tokens.alice })).status).toBe(404);
  });
});

describe('GET /groups', () => {
  it('lists a regular user’s groups by default and every readable group with all_available', async () => {
    const sb = sandbox();
    const mine = await all(sb, '/groups', sb.tokens.bob);
    expect(mine.map((g) => g.full_path).sort()).toEqual(['acme/platform', 'acme/platform/infra', 'research/ml']);
    const available = await all(sb, '/groups?all_available=true', sb.tokens.bob);
    const paths = available.map((g) => g.full_path);
    expect(paths).toEqual(expect.arrayContaining(['acme', 'acme/web', 'opensource', 'research/ml']));
    // bob has projects under the private research (GitLab's has_projects rule), so he reads it.
    expect(paths).toContain('research');
    // grace has no project under research: it stays hidden.
    expect((await all(sb, '/groups?all_available=true', sb.tokens.grace)).map((g) => g.full_path)).not.toContain('research');
  });

  it('filters by search, min_access_level and owned', async () => {
    const sb = sandbox();
    expect((await all(sb, '/groups?search=plat', sb.tokens.alice)).map((g) => g.full_path)).toEqual(['acme/platform']);
    const maint = await all(sb, '/groups?min_access_level=40', sb.tokens.grace);
    expect(maint.map((g) => g.full_path).sort()).toEqual(['acme/platform', 'acme/platform/infra']);
    const owned = await all(sb, '/groups?owned=true', sb.tokens.alice);
    expect(owned.map((g) => g.full_path)).toContain('acme');
    expect(owned.map((g) => g.full_path)).not.toContain('opensource');
  });

  it('shows anonymous callers the public groups and administrators all of them', async () => {
    const sb = sandbox();
    const anon = await all(sb, '/groups');
    expect(anon.every((g) => g.visibility === 'public')).toBe(true);
    const admin = await all(sb, '/groups', sb.tokens.admin);
    expect(admin.map((g) => g.full_path)).toEqual(expect.arrayContaining(['research', 'research/ml', 'acme/platform/infra']));
  });

  it('pages with X-Total, X-Total-Pages and Link', async () => {
    const sb = sandbox();
    const p = await call(sb, '/groups?per_page=2&page=2', { token: sb.tokens.admin });
    expect(p.body).toHaveLength(2);
    expect(p.headers.get('x-page')).toBe('2');
    expect(Number(p.headers.get('x-total'))).toBeGreaterThan(4);
    expect(p.headers.get('link')).toContain('rel="prev"');
  });

  it('refuses a bad order_by with 400', async () => {
    const sb = sandbox();
    expect((await call(sb, '/groups?order_by=color', { token: sb.tokens.admin })).status).toBe(400);
  });
});

describe('GET /groups/:id, subgroups, projects; /projects/:id', () => {
  it('reads a group by id or URL-encoded path', async () => {
    const sb = sandbox();
    const byPath = await call(sb, '/groups/acme%2Fplatform', { token: sb.tokens.bob });
    expect(byPath.body).toMatchObject({ full_path: 'acme/platform', full_name: 'Acme / Platform', visibility: 'internal' });
    const byId = await call(sb, `/groups/${byPath.body.id}`, { token: sb.tokens.bob });
    expect(byId.body.id).toBe(byPath.body.id);
    expect((await call(sb, '/groups/acme%2Fplatform')).status).toBe(404);
  });

  it('lists subgroups and projects of a group', async () => {
    const sb = sandbox();
    const subs = await all(sb, '/groups/acme/subgroups', sb.tokens.alice);
    expect(subs.map((g) => g.full_path).sort()).toEqual(['acme/platform', 'acme/web']);
    const projects = await all(sb, '/groups/acme/projects?include_subgroups=true', sb.tokens.admin);
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.every((p) => p.path_with_namespace.startsWith('acme/'))).toBe(true);
  });

  it('reads a project by id and by path', async () => {
    const sb = sandbox();
    const [first] = await all(sb, '/projects?per_page=1', sb.tokens.admin).then((l) => l.slice(0, 1));
    const byPath = await call(sb, `/projects/${encodeURIComponent(first.path_with_namespace)}`, { token: sb.tokens.admin });
    expect(byPath.body.id).toBe(first.id);
  });
});
