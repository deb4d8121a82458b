import { describe, expect, it } from 'vitest';
import { all, call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor();

const paths = (list: any[]) => list.map((p) => p.path_with_namespace as string);

describe('GET /projects: visibility and shapes', () => {
  it('shows a user public, internal and their private projects, in the full shape', async () => {
    const sb = sandbox();
    const bob = paths(await all(sb, '/projects?per_page=100', sb.tokens.bob));
    expect(bob).toEqual(expect.arrayContaining(['acme/handbook', 'acme/platform/api', 'acme/platform/auth-service', 'research/benchmarks', 'research/ml/models', 'bob/scratch']));
    expect(bob).not.toContain('research/papers');
    expect(bob).not.toContain('alice/notes');
    // Pending deletion and hidden projects are listed for nobody by default.
    expect(bob).not.toContain('acme/legacy-billing');
    expect(bob).not.toContain('opensource/hidden-mirror');
  });

  it('hides internal projects from external users unless they are members', async () => {
    const sb = sandbox();
    const frank = sb.state.findUser('frank')!;
    const now = Date.now();
    sb.state.addToken({ userId: frank.id, name: 'frank', description: null, scopes: ['read_api'], createdAt: now, updatedAt: now, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-frank-external-0000' });
    const list = await all(sb, '/projects', 'glpat-frank-external-0000');
    expect(paths(list)).toContain('acme/platform/infra/terraform');
    expect(list.filter((p) => p.visibility === 'internal')).toEqual([]);
  });

  it('answers simple=true with the simple shape only', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects?simple=true&per_page=5', { token: sb.tokens.bob });
    expect(Object.keys(res.body[0])).toEqual(['id', 'description', 'name', 'name_with_namespace', 'path', 'path_with_namespace', 'created_at', 'default_branch', 'tag_list', 'topics', 'ssh_url_to_repo', 'http_url_to_repo', 'web_url', 'avatar_url', 'star_count', 'last_activity_at', 'namespace']);
  });

  it('lets administrators see projects pending deletion and hidden ones when asked, and nobody else', async () => {
    const sb = sandbox();
    const adminAll = paths(await all(sb, '/projects?include_pending_delete=true&include_hidden=true&per_page=100', sb.tokens.admin));
    expect(adminAll).toEqual(expect.arrayContaining(['acme/legacy-billing', 'opensource/hidden-mirror']));
    const bobAsked = paths(await all(sb, '/projects?include_pending_delete=true&include_hidden=true&per_page=100', sb.tokens.bob));
    expect(bobAsked).not.toContain('opensource/hidden-mirror');
  });
});

describe('GET /projects: filters', () => {
  it('filters by archived, visibility and programming language', async () => {
    const sb = sandbox();
    const archived = await all(sb, '/projects?archived=true', sb.tokens.admin);
    expect(archived.length).toBeGreaterThan(2);
    expect(archived.every((p) => p.archived)).toBe(true);
    const live = await all(sb, '/projects?archived=false', sb.tokens.admin);
    expect(live.every((p) => !p.archived)).toBe(true);
    expect(archived.length + live.length).toBe((await all(sb, '/projects', sb.tokens.admin)).length);
    const priv = await all(sb, '/projects?visibility=private', sb.tokens.admin);
    expect(priv.length).toBeGreaterThan(5);
    expect(priv.every((p) => p.visibility === 'private')).toBe(true);
    const go = paths(await all(sb, '/projects?with_programming_language=go', sb.tokens.admin));
    expect(go).toContain('acme/platform/api');
    expect(go).not.toContain('acme/web/storefront');
  });

  it('matches every topic given (comma-separated), and topic_id', async () => {
    const sb = sandbox();
    const both = await all(sb, '/projects?topic=api,go', sb.tokens.admin);
    expect(paths(both).sort()).toEqual(['acme/platform/api', 'acme/platform/gateway']);
    const anyApi = await all(sb, '/projects?topic=api', sb.tokens.admin);
    expect(anyApi.length).toBeGreaterThan(both.length);
    const goId = sb.state.topics.get('go')!;
    const byId = await all(sb, `/projects?topic_id=${goId}`, sb.tokens.admin);
    expect(byId.length).toBeGreaterThan(2);
    expect(byId.every((p) => p.topics.includes('go'))).toBe(true);
  });

  it('searches names, paths and descriptions, and namespaces with search_namespaces', async () => {
    const sb = sandbox();
    const sdk = await all(sb, '/projects?search=SDK', sb.tokens.admin);
    expect(paths(sdk).sort()).toEqual(['acme/platform/sdk-js', 'acme/platform/sdk-python']);
    expect(paths(await all(sb, '/projects?search=online shop', sb.tokens.admin))).toEqual(['acme/web/storefront']);
    expect(await all(sb, '/projects?search=platform/api', sb.tokens.admin)).toEqual([]);
    expect(paths(await all(sb, '/projects?search=platform/api&search_namespaces=true', sb.tokens.admin))).toEqual(['acme/platform/api']);
  });

  it('limits to owned, starred, member projects and a minimum access level of the caller', async () => {
    const sb = sandbox();
    const owned = paths(await all(sb, '/projects?owned=true', sb.tokens.alice));
    expect(owned).toEqual(expect.arrayContaining(['alice/notes', 'acme/handbook', 'acme/platform/api']));
    expect(owned).not.toContain('opensource/forgectl');
    const starred = paths(await all(sb, '/projects?starred=true', sb.tokens.alice));
    expect(starred.sort()).toEqual(['acme/platform/api', 'acme/web/storefront', 'opensource/forgectl']);
    const member = paths(await all(sb, '/projects?membership=true', sb.tokens.bob));
    expect(member).toContain('research/ml/models');
    expect(member).not.toContain('acme/handbook');
    const maint = paths(await all(sb, '/projects?min_access_level=40', sb.tokens.bob));
    expect(maint.sort()).toEqual(['bob/scratch', 'bob/toolbox', 'opensource/diaspora-client', 'research/benchmarks']);
    // An administrator is not a member by being an administrator.
    expect(paths(await all(sb, '/projects?membership=true', sb.tokens.admin))).not.toContain('acme/platform/api');
    expect(await all(sb, '/projects?owned=true')).toEqual([]);
  });

  it('filters by id, activity and update time; updated_at filters need order_by=updated_at', async () => {
    const sb = sandbox();
    const some = await all(sb, '/projects?id_after=10&id_before=20', sb.tokens.admin);
    expect(some.map((p) => p.id).sort((a, b) => a - b)).toEqual(sb.state.projects.filter((p) => p.id > 10 && p.id < 20 && !p.hidden && !p.pendingDelete).map((p) => p.id));
    const cut = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const active = await all(sb, `/projects?last_activity_after=${cut}`, sb.tokens.admin);
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((p) => p.last_activity_at > cut)).toBe(true);
    const stale = await all(sb, `/projects?last_activity_before=${cut}`, sb.tokens.admin);
    expect(stale.every((p) => p.last_activity_at < cut)).toBe(true);

    const refused = await call(sb, `/projects?updated_after=${cut}`, { token: sb.tokens.admin });
    expect(refused).toMatchObject({ status: 400, body: { message: '400 Bad request - `updated_at` filter and `updated_at` sorting must be paired' } });
    const oldCut = new Date(Date.now() - 500 * 86_400_000).toISOString();
    const updated = await all(sb, `/projects?updated_after=${oldCut}&order_by=updated_at&sort=asc`, sb.tokens.admin);
    expect(updated.length).toBeGreaterThan(0);
    expect(updated.every((p) => p.updated_at > oldCut)).toBe(true);
    expect(updated.map((p) => p.updated_at)).toEqual([...updated.map((p) => p.updated_at)].sort());
  });

  it('filters with_issues_enabled, with_merge_requests_enabled and imported', async () => {
    const sb = sandbox();
    const issues = await all(sb, '/projects?with_issues_enabled=true', sb.tokens.admin);
    expect(issues.every((p) => p.issues_enabled)).toBe(true);
    expect(issues.length).toBeLessThan((await all(sb, '/projects', sb.tokens.admin)).length);
    expect((await all(sb, '/projects?with_merge_requests_enabled=true', sb.tokens.admin)).every((p) => p.merge_requests_enabled)).toBe(true);
    expect(paths(await all(sb, '/projects?imported=true', sb.tokens.alice))).toEqual(['alice/imported-from-github']);
  });

  it('filters custom attributes for administrators only, and shows them with with_custom_attributes', async () => {
    const sb = sandbox();
    const q = '/projects?custom_attributes[location]=Antarctica&custom_attributes[role]=Developer';
    const admin = await all(sb, `${q}&with_custom_attributes=true`, sb.tokens.admin);
    expect(paths(admin)).toEqual(['research/ml/models']);
    expect(admin[0].custom_attributes).toEqual([{ key: 'location', value: 'Antarctica' }, { key: 'role', value: 'Developer' }]);
    const bob = await all(sb, `${q}&with_custom_attributes=true`, sb.tokens.bob);
    expect(bob.length).toBeGreaterThan(1);
    expect(bob[0]).not.toHaveProperty('custom_attributes');
  });

  it('adds statistics for Reporters and above only', async () => {
    const sb = sandbox();
    const list = await all(sb, '/projects?statistics=true&search=api', sb.tokens.bob);
    const api = list.find((p) => p.path_with_namespace === 'acme/platform/api');
    expect(api.statistics).toMatchObject({ commit_count: expect.any(Number), storage_size: expect.any(Number), repository_size: expect.any(Number) });
    const handbook = (await all(sb, '/projects?statistics=true&search=handbook', sb.tokens.bob))[0];
    expect(handbook).not.toHaveProperty('statistics');
    expect((await all(sb, '/projects?search=api', sb.tokens.bob))[0]).not.toHaveProperty('statistics');
  });

  it('refuses values outside the documented ones with 400', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects?order_by=color&visibility=secret&archived=perhaps', { token: sb.tokens.bob });
    expect(res).toMatchObject({ status: 400, body: { message: 'archived is invalid, visibility does not have a valid value, order_by does not have a valid value' } });
  });
});

describe('GET /projects: order', () => {
  it('orders by created_at descending by default, and by the field asked', async () => {
    const sb = sandbox();
    const def = await all(sb, '/projects', sb.tokens.admin);
    expect(def.map((p) => p.created_at)).toEqual([...def.map((p) => p.created_at)].sort().reverse());
    const byName = await all(sb, '/projects?order_by=name&sort=asc', sb.tokens.admin);
    const names = byName.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byActivity = await all(sb, '/projects?order_by=last_activity_at', sb.tokens.admin);
    expect(byActivity.map((p) => p.last_activity_at)).toEqual([...byActivity.map((p) => p.last_activity_at)].sort().reverse());
    const byStars = await all(sb, '/projects?order_by=star_count', sb.tokens.admin);
    expect(byStars[0].path_with_namespace).toBe('opensource/forgectl');
  });

  it('ignores administrator-only orders for others (default order instead)', async () => {
    const sb = sandbox();
    const bobDefault = await all(sb, '/projects', sb.tokens.bob);
    expect(await all(sb, '/projects?order_by=storage_size', sb.tokens.bob)).toEqual(bobDefault);
    const admin = await all(sb, '/projects?order_by=storage_size&statistics=true', sb.tokens.admin);
    const sizes = admin.map((p) => p.statistics.storage_size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('orders by similarity only with a search, among member projects', async () => {
    const sb = sandbox();
    const sim = await all(sb, '/projects?order_by=similarity&search=api', sb.tokens.bob);
    expect(sim[0].path_with_namespace).toBe('acme/platform/api');
    expect(sim.every((p) => p.permissions.project_access || p.permissions.group_access)).toBe(true);
    expect(await all(sb, '/projects?order_by=similarity', sb.tokens.bob)).toEqual(await all(sb, '/projects', sb.tokens.bob));
  });
});

describe('GET /users/:user_id/projects', () => {
  it('lists the projects in the user’s namespace, each with its owner', async () => {
    const sb = sandbox();
    const alice = sb.state.findUser('alice')!;
    const list = await all(sb, '/users/alice/projects', sb.tokens.bob);
    expect(paths(list).sort()).toEqual(['alice/blog', 'alice/dotfiles', 'alice/upstream-mirror']);
    expect(list.every((p) => p.owner.id === alice.id && p.owner.name === 'Alice Liddell' && typeof p.owner.created_at === 'string')).toBe(true);
    expect(paths(await all(sb, `/users/${alice.id}/projects`, sb.tokens.admin)).length).toBe(5);
    expect(paths(await all(sb, '/users/alice/projects?visibility=public'))).toEqual(expect.arrayContaining(['alice/blog', 'alice/dotfiles']));
  });

  it('gives an empty list for a private profile, except to the user and administrators', async () => {
    const sb = sandbox();
    expect(await call(sb, '/users/dave/projects', { token: sb.tokens.bob })).toMatchObject({ status: 200, body: [] });
    expect((await call(sb, '/users/dave/projects')).body).toEqual([]);
    expect(paths(await all(sb, '/users/dave/projects', sb.tokens.admin)).sort()).toEqual(['dave/game', 'dave/public-notes']);
  });

  it('answers 404 for an unknown user and 400 for orders the endpoint does not take', async () => {
    const sb = sandbox();
    expect(await call(sb, '/users/nobody/projects', { token: sb.tokens.bob })).toMatchObject({ status: 404, body: { message: '404 User Not Found' } });
    expect((await call(sb, '/users/alice/projects?order_by=similarity', { token: sb.tokens.bob })).status).toBe(400);
  });
});

describe('GET /projects/:id and renamed projects', () => {
  it('finds a project by id or URL-encoded path, and hides private ones from non-members', async () => {
    const sb = sandbox();
    const byPath = await call(sb, '/projects/acme%2Fplatform%2Fapi', { token: sb.tokens.bob });
    expect(byPath.status).toBe(200);
    expect((await call(sb, `/projects/${byPath.body.id}`, { token: sb.tokens.bob })).body.path_with_namespace).toBe('acme/platform/api');
    expect(await call(sb, '/projects/research%2Fpapers', { token: sb.tokens.bob })).toMatchObject({ status: 404, body: { message: '404 Project Not Found' } });
    expect((await call(sb, '/projects/research%2Fpapers', { token: sb.tokens.admin })).status).toBe(200);
    expect((await call(sb, '/projects/acme%2Fhandbook')).body).not.toHaveProperty('visibility');
  });

  it('redirects an old path with 301 to the numeric address, keeping the rest of the path and the query', async () => {
    const sb = sandbox();
    const store = sb.state.findProject('acme/web/storefront')!.project;
    const res = await call(sb, '/projects/acme%2Fweb%2Fshop?statistics=true', { token: sb.tokens.bob });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${sb.url}/api/v4/projects/${store.id}?statistics=true`);
    expect(res.text).toBe(`This resource has been moved permanently to ${sb.url}/api/v4/projects/${store.id}?statistics=true`);
    const deeper = await call(sb, '/projects/acme%2Fweb%2Fshop/repository/files/src%2Fmain.ts?ref=main');
    expect(deeper.status).toBe(301);
    expect(deeper.headers.get('location')).toBe(`${sb.url}/api/v4/projects/${store.id}/repository/files/src%2Fmain.ts?ref=main`);
    const followed = await fetch(res.headers.get('location')!, { headers: { 'PRIVATE-TOKEN': sb.tokens.bob } });
    expect(((await followed.json()) as any).path_with_namespace).toBe('acme/web/storefront');
  });

  it('answers 301 to writes on an old path too, as the spec says (part 1 §9.5)', async () => {
    const sb = sandbox();
    const store = sb.state.findProject('acme/web/storefront')!.project;
    const res = await call(sb, '/projects/acme%2Fweb%2Fshop/archive', { method: 'POST', token: sb.tokens.admin });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${sb.url}/api/v4/projects/${store.id}/archive`);
    expect(store.archived).toBe(false);
  });

  it('records the old path when a project is renamed', async () => {
    const sb = sandbox();
    const p = sb.state.findProject('carol/recipes')!.project;
    sb.state.renameProject(p, 'cookbook', 'Cookbook');
    const res = await call(sb, '/projects/carol%2Frecipes');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${sb.url}/api/v4/projects/${p.id}`);
    expect((await call(sb, '/projects/carol%2Fcookbook')).body.id).toBe(p.id);
  });
});
