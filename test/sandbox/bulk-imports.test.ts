// Migration by direct transfer in the sandbox: a destination sandbox (test-driven clock) reads a second,
// source sandbox with the token given in the request. Shapes are compared with the realdata
// examples (test/fixtures/realdata/bulk_imports).

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { all, call } from './helpers.js';

let source: Sandbox;
let dest: Sandbox;
// The destination's clock moves only when a test steps it: an entity's 2 s queue and 10–15 s of
// work then pass in a few steps, and a loaded machine cannot skip a status between two reads.
let destNow = Date.now();
beforeAll(async () => {
  source = await startSandbox({ seed: 'demo' });
  dest = await startSandbox({ seed: 'demo', now: () => destNow });
});

/** One sandbox second passes; the real pause lets the background source checks run. */
async function step(): Promise<void> {
  destNow += 1_000;
  await new Promise((r) => setTimeout(r, 10));
}
afterAll(async () => {
  await source?.close();
  await dest?.close();
});

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/realdata/bulk_imports/${name}.json`, import.meta.url), 'utf8'));

function body(entities: object[], token = source.tokens.bob, url = source.url) {
  return { configuration: { url, access_token: token }, entities };
}

const group = (path: string, slug: string, ns = 'opensource', extra: object = {}) => ({
  source_type: 'group_entity',
  source_full_path: path,
  destination_slug: slug,
  destination_namespace: ns,
  ...extra,
});

async function start(entities: object[], token = dest.tokens.admin) {
  return call(dest, '/bulk_imports', { method: 'POST', token, json: body(entities) });
}

async function waitForEnd(id: number, token = dest.tokens.admin): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const imp = await call(dest, `/bulk_imports/${id}`, { token });
    if (imp.body.status === 'finished' || imp.body.status === 'failed') return imp.body;
    await step();
  }
  throw new Error(`import ${id} did not end`);
}

const keysOf = (o: object) => Object.keys(o).sort();

describe('POST /bulk_imports', () => {
  it('answers 201 with the import in the realdata shape, status created', async () => {
    const res = await start([group('acme/web', 'web-a')]);
    expect(res.status).toBe(201);
    expect(keysOf(res.body)).toEqual(keysOf(fixture('start').body));
    expect(res.body).toMatchObject({ status: 'created', source_type: 'gitlab', source_url: source.url, has_failures: false });
  });

  it('answers with the import as created however much time passes while it is answered', async () => {
    // A clock that jumps 5 s (past the 2 s queue) every time it is read, as a fast clock on a loaded machine can.
    let t = Date.now();
    const racing = await startSandbox({ seed: 'demo', now: () => (t += 5_000) });
    try {
      const res = await call(racing, '/bulk_imports', { method: 'POST', token: racing.tokens.admin, json: body([group('acme/web', 'web-race')]) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'created', has_failures: false });
      expect(res.body.updated_at).toBe(res.body.created_at);
      // Read again, it has moved on.
      expect((await call(racing, `/bulk_imports/${res.body.id}`, { token: racing.tokens.admin })).body.status).not.toBe('created');
    } finally {
      await racing.close();
    }
  });

  it('reports every missing or invalid parameter at once (400), nothing created', async () => {
    const before = (await all(dest, '/bulk_imports', dest.tokens.admin)).length;
    const res = await call(dest, '/bulk_imports', {
      method: 'POST',
      token: dest.tokens.admin,
      json: {
        configuration: { url: source.url },
        entities: [
          { source_type: 'user_entity', source_full_path: 'https://example.com/acme', destination_namespace: '/opensource/', destination_slug: '-bad', destination_name: 'x' },
          { source_type: 'group_entity', source_full_path: 'acme' },
        ],
      },
    });
    expect(res.status).toBe(400);
    const m: string = res.body.message;
    expect(m).toContain('configuration[access_token] is missing');
    expect(m).toContain('entities[0][source_type] does not have a valid value');
    expect(m).toContain('entities[0][source_full_path] must have a relative path structure');
    expect(m).toContain('entities[0][destination_namespace] must have a relative path structure');
    expect(m).toContain('entities[0][destination_slug], entities[0][destination_name] are mutually exclusive');
    expect(m).toContain('entities[1][destination_namespace] is missing');
    expect(m).toContain('entities[1][destination_slug], entities[1][destination_name] are missing');
    expect((await all(dest, '/bulk_imports', dest.tokens.admin)).length).toBe(before);
  });

  it('rejects a slug the service would not accept', async () => {
    for (const slug of ['a..b', 'end.', 'has/slash', 'spa ce']) {
      const res = await start([group('acme', slug)]);
      expect(res.status, slug).toBe(400);
      expect(res.body.message).toContain('entities[0][destination_slug] cannot start with a non-alphanumeric character');
    }
  });

  it('needs an existing destination group the caller may create in, and a free destination path (422)', async () => {
    const missing = await start([group('acme', 'x', 'no-such-group')]);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe("Import failed. Destination 'no-such-group' is invalid, or you don't have permission.");
    // A personal namespace is not a group.
    expect((await start([group('acme', 'x', 'alice')])).status).toBe(422);
    // bob is only a Developer of acme/platform.
    const notAllowed = await start([group('acme', 'x', 'acme/platform')], dest.tokens.bob);
    expect(notAllowed.status).toBe(422);
    const taken = await start([group('acme', 'platform', 'acme')]);
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe("Import failed. 'acme/platform' already exists. Change the destination and try again.");
  });

  it('takes an empty destination namespace as the top level, for a group only (422 for a project or a path taken)', async () => {
    const project = { source_type: 'project_entity', source_full_path: 'acme/web/storefront', destination_slug: 'x', destination_namespace: '' };
    const refused = await start([project]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("Import failed. Destination '' is invalid, or you don't have permission.");
    const taken = await start([group('acme/web', 'acme', '')]);
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe("Import failed. 'acme' already exists. Change the destination and try again.");
    const res = await start([group('acme/web', 'top-web', '', { migrate_projects: false })]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const end = await waitForEnd(res.body.id);
    expect(end.status).toBe('finished');
    const made = await call(dest, '/groups/top-web', { token: dest.tokens.admin });
    expect(made.body).toMatchObject({ full_path: 'top-web', parent_id: null });
    const entities = await call(dest, `/bulk_imports/${res.body.id}/entities`, { token: dest.tokens.admin });
    expect(entities.body[0]).toMatchObject({ destination_namespace: '', destination_full_path: 'top-web' });
  });

  it('checks the source token against the source instance (422 when invalid, without api scope, or unreachable)', async () => {
    const bad = await call(dest, '/bulk_imports', { method: 'POST', token: dest.tokens.admin, json: body([group('acme', 'a1')], 'glpat-not-a-token') });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain("does not have the required 'api' scope or is no longer valid");
    const readOnly = await call(dest, '/bulk_imports', { method: 'POST', token: dest.tokens.admin, json: body([group('acme', 'a2')], source.tokens.readonly) });
    expect(readOnly.status).toBe(422);
    const sourceChecks = source.requests.filter((r) => r.path === '/api/v4/personal_access_tokens/self');
    expect(sourceChecks.length).toBeGreaterThanOrEqual(2);
    const down = await call(dest, '/bulk_imports', { method: 'POST', token: dest.tokens.admin, json: body([group('acme', 'a3')], source.tokens.bob, 'http://127.0.0.1:9') });
    expect(down.status).toBe(422);
    expect(down.body.message).toContain('not possible to connect to the source instance');
  });

  it('needs authentication (401)', async () => {
    expect((await call(dest, '/bulk_imports', { method: 'POST', json: body([group('acme', 'x')]) })).status).toBe(401);
    expect((await call(dest, '/bulk_imports')).status).toBe(401);
  });
});

describe('bulk_import_enabled', () => {
  it('is false on a fresh instance (GitLab\'s default), and every /bulk_imports route answers 404 before authentication', async () => {
    const fresh = await startSandbox({ seed: 'empty' });
    try {
      const settings = await call(fresh, '/application/settings', { token: fresh.tokens.admin });
      expect(settings.body).toMatchObject({ bulk_import_enabled: false });
      for (const [path, token] of [['/bulk_imports', fresh.tokens.admin], ['/bulk_imports/1/entities', fresh.tokens.admin], ['/bulk_imports', undefined]] as const) {
        const res = await call(fresh, path, { token });
        expect([path, res.status, res.body]).toEqual([path, 404, { message: '404 Not Found' }]);
      }
      const post = await call(fresh, '/bulk_imports', { method: 'POST', token: fresh.tokens.admin, json: body([group('acme', 'x')]) });
      expect(post.status).toBe(404);
      // An administrator turns it on: the API answers.
      const put = await call(fresh, '/application/settings', { method: 'PUT', token: fresh.tokens.admin, json: { bulk_import_enabled: true } });
      expect(put.body).toMatchObject({ bulk_import_enabled: true });
      expect((await call(fresh, '/bulk_imports', { token: fresh.tokens.admin })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('is on in the demo instance, which receives migrations', async () => {
    expect((await call(dest, '/application/settings', { token: dest.tokens.admin })).body).toMatchObject({ bulk_import_enabled: true });
  });
});

describe('a migration between two sandboxes', () => {
  it('moves a group with its subgroups and projects created → started → finished, and creates them on the destination', async () => {
    const res = await start([group('acme/platform', 'platform-copy')]);
    expect(res.status).toBe(201);
    const id = res.body.id;
    const seen: string[] = [];
    let imp: any;
    for (let i = 0; i < 300; i++) {
      imp = (await call(dest, `/bulk_imports/${id}`, { token: dest.tokens.admin })).body;
      if (seen.at(-1) !== imp.status) seen.push(imp.status);
      if (imp.status === 'finished') break;
      await step();
    }
    expect(seen).toEqual(['created', 'started', 'finished']);
    const entities = await all(dest, `/bulk_imports/${id}/entities?sort=asc`, dest.tokens.admin);
    const paths = entities.map((e) => `${e.entity_type}:${e.source_full_path}→${e.destination_full_path}`);
    // bob (the source token's owner) sees platform, its internal and private projects he is member of, and infra.
    expect(paths).toContain('group:acme/platform→opensource/platform-copy');
    expect(paths).toContain('group:acme/platform/infra→opensource/platform-copy/infra');
    expect(paths).toContain('project:acme/platform/api→opensource/platform-copy/api');
    expect(paths).toContain('project:acme/platform/infra/terraform→opensource/platform-copy/infra/terraform');
    expect(entities.every((e) => e.status === 'finished')).toBe(true);
    const root = entities.find((e) => e.source_full_path === 'acme/platform');
    expect(entities.filter((e) => e.parent_id === root.id).length).toBeGreaterThan(1);
    // The imported group and projects exist on the destination.
    const copied = await call(dest, '/projects/opensource%2Fplatform-copy%2Finfra%2Fterraform', { token: dest.tokens.admin });
    expect(copied.status).toBe(200);
    expect(copied.body.name).toBe('Terraform'); // the name is copied from the source
    const rootAfter = (await call(dest, `/bulk_imports/${id}/entities/${root.id}`, { token: dest.tokens.admin })).body;
    expect(rootAfter.namespace_id).toEqual(expect.any(Number));
    // The source was asked with the token of the request, never the destination's.
    const asked = source.requests.filter((r) => r.path.startsWith('/api/v4/groups/acme%2Fplatform'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.headers['private-token'] === source.tokens.bob)).toBe(true);
  });

  it('without migrate_projects brings no projects', async () => {
    const res = await start([group('acme/web', 'web-groups-only', 'opensource', { migrate_projects: false })]);
    await waitForEnd(res.body.id);
    const entities = await all(dest, `/bulk_imports/${res.body.id}/entities`, dest.tokens.admin);
    expect(entities.map((e) => e.entity_type)).toEqual(['group']);
    expect(entities[0].migrate_projects).toBe(false);
  });

  it('fails an entity whose source is missing or not visible to the token, with failure records; the rest finishes', async () => {
    const res = await start([
      group('acme/web', 'web-b'),
      group('no/such-group', 'ghost'),
      // research is private and bob is no member of it (only of research/ml, which shows the path, not the projects).
      { source_type: 'project_entity', source_full_path: 'research/papers', destination_slug: 'papers', destination_namespace: 'opensource' },
    ]);
    expect(res.status).toBe(201);
    const imp = await waitForEnd(res.body.id);
    expect(imp).toMatchObject({ status: 'finished', has_failures: true });
    const entities = await all(dest, `/bulk_imports/${res.body.id}/entities?status=failed`, dest.tokens.admin);
    expect(entities.map((e) => e.source_full_path).sort()).toEqual(['no/such-group', 'research/papers']);
    const ghost = entities.find((e) => e.source_full_path === 'no/such-group');
    expect(ghost.has_failures).toBe(true);
    expect(keysOf(ghost.failures[0])).toEqual(keysOf(fixture('get_entity').body.failures[0]));
    expect(ghost.failures[0]).toMatchObject({ relation: 'group', step: 'extractor', exception_class: 'BulkImports::Error' });
    expect(ghost.failures[0].exception_message).toContain("Source group 'no/such-group' does not exist or is not visible");
    expect(ghost.failures[0].correlation_id_value).toMatch(/^[0-9a-f]{32}$/);

    const failures = await call(dest, `/bulk_imports/${res.body.id}/entities/${ghost.id}/failures`, { token: dest.tokens.admin });
    expect(failures.status).toBe(200);
    expect(Array.isArray(failures.body)).toBe(true);
    expect(keysOf(failures.body[0])).toEqual(keysOf(fixture('entity_failures').body));
    expect(failures.body[0].correlation_id_value).toBe(ghost.failures[0].correlation_id_value);
  });

  it('ends failed when every entity failed', async () => {
    const res = await start([group('nothing/here', 'nothing')]);
    expect((await waitForEnd(res.body.id)).status).toBe('failed');
  });
});

describe('reading migrations', () => {
  it('shows an entity in the realdata shape and lists with per_page, page, sort and status', async () => {
    const list = await call(dest, '/bulk_imports?per_page=2&sort=asc', { token: dest.tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body[0].id).toBeLessThan(list.body[1].id);
    expect(keysOf(list.body[0])).toEqual(keysOf(fixture('list').body[0]));
    expect(list.headers.get('x-total')).toEqual(expect.any(String));
    const desc = await call(dest, '/bulk_imports?per_page=2', { token: dest.tokens.admin });
    expect(desc.body[0].id).toBeGreaterThan(desc.body[1].id);
    const page2 = await call(dest, '/bulk_imports?per_page=1&page=2&sort=asc', { token: dest.tokens.admin });
    expect(page2.body[0].id).toBe(list.body[1].id);
    const failed = await all(dest, '/bulk_imports?status=failed', dest.tokens.admin);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((i) => i.status === 'failed')).toBe(true);

    const entities = await call(dest, '/bulk_imports/entities?per_page=3&status=finished', { token: dest.tokens.admin });
    expect(entities.body).toHaveLength(3);
    expect(entities.body.every((e: any) => e.status === 'finished')).toBe(true);
    expect(keysOf(entities.body[0])).toEqual(keysOf(fixture('list_all_entities').body[0]));
    const one = await call(dest, `/bulk_imports/${entities.body[0].bulk_import_id}/entities/${entities.body[0].id}`, { token: dest.tokens.admin });
    expect(keysOf(one.body)).toEqual(keysOf(fixture('get_entity').body));
  });

  it('checks parameters (400) and hides other users’ migrations (404)', async () => {
    expect((await call(dest, '/bulk_imports?status=done', { token: dest.tokens.admin })).body.message).toBe('status does not have a valid value');
    expect((await call(dest, '/bulk_imports/entities?sort=up', { token: dest.tokens.admin })).status).toBe(400);
    expect((await call(dest, '/bulk_imports/abc', { token: dest.tokens.admin })).status).toBe(400);
    expect((await call(dest, '/bulk_imports/1', { token: dest.tokens.alice })).status).toBe(404);
    expect(await all(dest, '/bulk_imports', dest.tokens.alice)).toEqual([]);
    expect((await call(dest, '/bulk_imports/9999', { token: dest.tokens.admin })).status).toBe(404);
    expect((await call(dest, '/bulk_imports/1/entities/9999', { token: dest.tokens.admin })).status).toBe(404);
  });
});

describe('GET /groups (read by a destination)', () => {
  it('shows a group, its subgroups and projects to those who may see them', async () => {
    const g = await call(source, '/groups/acme%2Fplatform', { token: source.tokens.bob });
    expect(g.body).toMatchObject({ full_path: 'acme/platform', visibility: 'internal' });
    expect((await call(source, '/groups/acme%2Fplatform')).status).toBe(404);
    expect((await call(source, '/groups/research', { token: source.tokens.bob })).status).toBe(200);
    expect((await call(source, '/groups/research', { token: source.tokens.alice })).status).toBe(404);
    const subs = await all(source, '/groups/acme/subgroups', source.tokens.bob);
    expect(subs.map((s) => s.full_path).sort()).toEqual(['acme/platform', 'acme/web']);
    const projects = await all(source, '/groups/acme%2Fplatform/projects', source.tokens.bob);
    expect(projects.map((p) => p.path)).toContain('api');
    expect(projects.every((p) => p.namespace.full_path === 'acme/platform')).toBe(true);
  });
});
