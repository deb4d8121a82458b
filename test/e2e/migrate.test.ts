// `forgectl migrate …` end to end: the built binary against a destination sandbox that really reads
// a second, source sandbox. The destination's clock runs 200× faster, so a migration takes moments.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { requestsSince, useMigrationSandboxes } from '../helpers/sandbox.js';

const { source, dest } = useMigrationSandboxes();

const env = (extra: Record<string, string | undefined> = {}) => ({ FORGECTL_URL: dest().url, FORGECTL_TOKEN: dest().tokens.admin, ...extra });
const srcToken = () => source().tokens.bob;
const FAST = ['--interval', '100ms'];

function postsSince(mark: number) {
  return requestsSince(dest(), mark).filter((r) => r.method === 'POST' && r.path === '/api/v4/bulk_imports');
}

const expectedConfiguration = () => ({ url: source().url, access_token: srcToken() });

describe('migrate start: the request', () => {
  it('builds the body of spec part 1 §4.6 from --entity flags (slug defaults to the last segment; destination_name never sent)', async () => {
    const mark = dest().requests.length;
    const res = await forgectl(
      [
        'migrate', 'start', '--source-url', source().url, '--source-token-stdin',
        '--entity', 'group:acme/web=opensource:web-flags',
        '--entity', 'project:acme/platform/api=opensource',
        '-o', 'json',
      ],
      { env: env(), input: srcToken() },
    );
    expect(res.exitCode, res.stderr).toBe(0);
    const migration = json(res);
    expect(migration).toMatchObject({ id: expect.any(Number), status: 'created', source_url: source().url });
    expect(res.stderr).toContain(`forgectl migrate watch ${migration.id}`);
    const [post] = postsSince(mark);
    expect(post.body).toEqual({
      configuration: expectedConfiguration(),
      entities: [
        { source_type: 'group_entity', source_full_path: 'acme/web', destination_slug: 'web-flags', destination_namespace: 'opensource', migrate_projects: true },
        { source_type: 'project_entity', source_full_path: 'acme/platform/api', destination_slug: 'api', destination_namespace: 'opensource' },
      ],
    });
    expect(res.stdout + res.stderr).not.toContain(srcToken());
  });

  it('--no-projects sends migrate_projects=false for groups; the token may come from FORGECTL_SOURCE_TOKEN', async () => {
    const mark = dest().requests.length;
    const res = await forgectl(['migrate', 'start', '--source-url', source().url, '--entity', 'group:acme=opensource:acme-shallow', '--no-projects'], {
      env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }),
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect((postsSince(mark)[0].body as { entities: unknown }).entities).toEqual([
      { source_type: 'group_entity', source_full_path: 'acme', destination_slug: 'acme-shallow', destination_namespace: 'opensource', migrate_projects: false },
    ]);
  });

  it('a ,no-projects or ,projects suffix sets migrate_projects for that group alone, over --no-projects', async () => {
    const mark = dest().requests.length;
    const res = await forgectl(
      [
        'migrate', 'start', '--source-url', source().url, '--dry-run',
        '--entity', 'group:acme/web=opensource:web-suffix,no-projects', '--no-check',
        '--entity', 'group:acme/platform=opensource:platform-suffix',
      ],
      { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) },
    );
    expect(res.exitCode, res.stderr).toBe(0);
    expect(postsSince(mark)).toEqual([]);
    const sent = JSON.parse(res.stdout.slice(res.stdout.indexOf('{')));
    expect(sent.entities.map((e: any) => [e.destination_slug, e.migrate_projects])).toEqual([['web-suffix', false], ['platform-suffix', true]]);
    const overridden = await forgectl(
      ['migrate', 'start', '--source-url', source().url, '--dry-run', '--no-check', '--no-projects', '--entity', 'group:acme/web=opensource:web-suffix', '--entity', 'group:acme/platform=opensource,projects'],
      { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) },
    );
    expect(overridden.exitCode, overridden.stderr).toBe(0);
    const body = JSON.parse(overridden.stdout.slice(overridden.stdout.indexOf('{')));
    expect(body.entities.map((e: any) => [e.destination_slug, e.migrate_projects])).toEqual([['web-suffix', false], ['platform', true]]);
  });

  it('builds the same body from a plan file, the token read from the variable the plan names', async () => {
    const dir = tempDir();
    const plan = join(dir, 'plan.yaml');
    writeFileSync(
      plan,
      [
        'source:',
        `  url: ${source().url}`,
        '  token_env: OLD_GITLAB_TOKEN',
        'entities:',
        '  - kind: group',
        '    source: acme/platform',
        '    destination_namespace: opensource',
        '    slug: platform-plan',
        '    migrate_projects: false',
        '  - kind: project',
        '    source: acme/web/storefront',
        '    destination_namespace: opensource',
      ].join('\n'),
    );
    const mark = dest().requests.length;
    const res = await forgectl(['migrate', 'start', '-f', plan], { env: env({ OLD_GITLAB_TOKEN: srcToken() }) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(postsSince(mark)[0].body).toEqual({
      configuration: expectedConfiguration(),
      entities: [
        { source_type: 'group_entity', source_full_path: 'acme/platform', destination_slug: 'platform-plan', destination_namespace: 'opensource', migrate_projects: false },
        { source_type: 'project_entity', source_full_path: 'acme/web/storefront', destination_slug: 'storefront', destination_namespace: 'opensource' },
      ],
    });
  });

  it('--dry-run prints the request with the source token redacted and sends nothing', async () => {
    const mark = dest().requests.length;
    const srcMark = source().requests.length;
    const res = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', 'group:acme=opensource:dry', '--dry-run', '--no-check', '--watch', '-o', 'json', '-v'], {
      env: env(),
      input: srcToken(),
    });
    expect(res.exitCode, res.stderr).toBe(0);
    const printed = json(res);
    expect(printed).toMatchObject({ dry_run: true, method: 'POST' });
    expect(printed.body.configuration).toEqual({ url: source().url, access_token: '[REDACTED]' });
    expect(printed.body.entities[0]).toMatchObject({ source_full_path: 'acme', destination_slug: 'dry' });
    expect(res.stdout + res.stderr).not.toContain(srcToken());
    expect(requestsSince(dest(), mark)).toEqual([]);
    expect(source().requests.length).toBe(srcMark);
  });

  it('refuses a plain-http source that is not loopback unless --allow-insecure-http (its token would travel in clear)', async () => {
    const mark = dest().requests.length;
    const args = ['migrate', 'start', '--source-url', 'http://old.example.com', '--source-token-stdin', '--entity', 'group:acme=opensource:clear'];
    const res = await forgectl(args, { env: env(), input: srcToken() });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: the source http:\/\/old\.example\.com is plain http:\/\/: the source token would be sent in clear$/m);
    expect(requestsSince(dest(), mark)).toEqual([]);
    const allowed = await forgectl([...args, '--allow-insecure-http', '--dry-run', '--no-check'], { env: env(), input: srcToken() });
    expect(allowed.exitCode, allowed.stderr).toBe(0);
  });

  it('checks the entities first: one that cannot start is named with why (exit 1) and nothing is sent', async () => {
    const mark = dest().requests.length;
    const res = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', 'group:acme/web=opensource:web-checked', '--entity', 'group:acme/nothing-here=opensource'], {
      env: env(),
      input: srcToken(),
    });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('group acme/nothing-here: acme/nothing-here: no group or project with this path on');
    expect(res.stderr).not.toContain('acme/web:');
    expect(postsSince(mark)).toEqual([]);
    expect(requestsSince(dest(), mark).every((r) => r.method === 'GET')).toBe(true);
  });

  it('--dry-run prints the check with what will move, and the request it would send', async () => {
    const res = await forgectl(['migrate', 'start', '--source-url', source().url, '--entity', 'group:acme/web=opensource:web-dry', '--dry-run'], { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^dry run: POST http:.*\/api\/v4\/bulk_imports$/m);
    expect(res.stdout).toMatch(/^ok +group acme\/web → opensource\/web-dry$/m);
    expect(res.stdout).toMatch(/project acme\/web\/storefront: 2 merge requests \(2 opened\), 2 releases/);
  });

  it('passes the service’s refusal on (exit 1) without showing the source token', async () => {
    const res = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', 'group:acme=no-such-group', '--no-check', '-v'], {
      env: env(),
      input: srcToken(),
    });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: 422 Import failed\. Destination 'no-such-group' is invalid, or you don't have permission\.$/m);
    expect(res.stderr).not.toContain(srcToken());
  });
});

describe('migrate start: invalid input is refused before anything is sent (exit 2)', () => {
  // The full list of checks runs in-process (test/commands/migrate.test.ts); these prove the binary exits 2.
  const cases: [string, () => string[], string][] = [
    ['no entities without a terminal', () => ['migrate', 'start', '--source-url', source().url], 'nothing to migrate'],
    ['a slug the service refuses', () => ['migrate', 'start', '--source-url', source().url, '--entity', 'group:acme=opensource:bad..slug'], 'slug "bad..slug"'],
    ['no source token', () => ['migrate', 'start', '--source-url', source().url, '--entity', 'group:acme=opensource'], 'the source token is missing'],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const mark = dest().requests.length;
      const srcMark = source().requests.length;
      const res = await forgectl(args(), { env: env() });
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr.split('\n')[0]).toMatch(/^error: /);
      expect(res.stderr).toContain(message);
      expect(dest().requests.length).toBe(mark);
      expect(source().requests.length).toBe(srcMark);
    });
  }
});

describe('migrate start --watch and migrate watch', () => {
  it('watches a migration with a failing entity to the end: exit 1, one line per change, failure records printed', async () => {
    const res = await forgectl(
      ['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', 'group:acme/web=opensource:web-watched', '--entity', 'group:no/such-group=opensource:ghost', '--no-check', '--watch', ...FAST],
      { env: env(), input: srcToken() },
    );
    expect(res.exitCode, res.stderr).toBe(1);
    const lines = res.stderr.split('\n');
    expect(lines.some((l) => /entity \d+ group acme\/web → opensource\/web-watched: finished/.test(l))).toBe(true);
    expect(lines.some((l) => /project acme\/web\/storefront → opensource\/web-watched\/storefront: finished/.test(l))).toBe(true);
    expect(lines.some((l) => /group no\/such-group → opensource\/ghost: failed/.test(l))).toBe(true);
    // Each state shows once per entity: lines are changes, not polls.
    expect(lines.filter((l) => /acme\/web → opensource\/web-watched: finished/.test(l))).toHaveLength(1);
    expect(res.stderr).toMatch(/failed: entity \d+ group no\/such-group → opensource\/ghost\n {2}group\/extractor: BulkImports::Error: Source group 'no\/such-group' does not exist or is not visible to the source token.*\(correlation id [0-9a-f]{32}\)/);
    // Final state on stdout (tab-separated in a pipe).
    expect(res.stdout).toMatch(/\tno\/such-group\topensource\/ghost\tfailed\t1\t/);
    expect(res.stdout).toMatch(/\tacme\/web\topensource\/web-watched\tfinished\t0\t/);
  });

  it('exits 0 when every entity finished; -o json prints the final state with every field', async () => {
    const res = await forgectl(
      ['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', 'group:acme/platform=opensource:platform-ok', '--watch', ...FAST, '-o', 'json'],
      { env: env(), input: srcToken() },
    );
    expect(res.exitCode, res.stderr).toBe(0);
    const final = json(res);
    expect(final.status).toBe('finished');
    expect(final.has_failures).toBe(false);
    expect(final.entities.length).toBeGreaterThan(3);
    expect(final.entities.every((e: any) => e.status === 'finished')).toBe(true);
    // Fields the CLI does not know are kept.
    expect(final.entities[0]).toHaveProperty('stats');
    expect(final.entities[0]).toHaveProperty('migrate_memberships', true);
    // The group really exists on the destination now.
    const check = await forgectl(['api', '/groups/opensource%2Fplatform-ok%2Finfra'], { env: env() });
    expect(json(check).full_path).toBe('opensource/platform-ok/infra');
  });

  it('keeps watching through 5xx, 429 and dropped connections while polling', async () => {
    const started = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', 'project:acme/web/landing-page=opensource:landing-faults', '-o', 'json'], {
      env: env(),
      input: srcToken(),
    });
    const id = json(started).id;
    dest().addFaults('503:1,reset:1,429:1,502:1');
    const res = await forgectl(['migrate', 'watch', String(id), ...FAST, '--retries', '0'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const troubles = res.stderr.split('\n').filter((l) => l.startsWith(`warning: polling migration ${id} failed`));
    expect(troubles.length).toBeGreaterThanOrEqual(3);
    expect(res.stderr).toContain('503');
    expect(res.stderr).toMatch(new RegExp(`migration ${id} finished: 1 of 1 finished`));
  });

  // --timeout is tested in-process with a fake clock (test/commands/migrate-watch.test.ts).

  // Ctrl-C (and SIGTERM, SIGHUP) during a watch: test/e2e/migrate-watch-signals.test.ts.

  it('a migration that does not exist is "not found" (exit 3)', async () => {
    const res = await forgectl(['migrate', 'watch', '99999', ...FAST], { env: env() });
    expect(res.exitCode).toBe(3);
  });
});

describe('migrate list, get, entities, failures', () => {
  it('list: status, sort and paging parameters are sent as §4.6 names them; rows are the migrations', async () => {
    const mark = dest().requests.length;
    const res = await forgectl(['migrate', 'list', '--status', 'finished', '--sort', 'asc', '--per-page', '2', '-o', 'json'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const items = json(res);
    expect(items.length).toBeLessThanOrEqual(2);
    expect(items.every((i: any) => i.status === 'finished')).toBe(true);
    const query = new URLSearchParams(requestsSince(dest(), mark)[0].query);
    expect([query.get('status'), query.get('sort'), query.get('per_page')]).toEqual(['finished', 'asc', '2']);
    const all = json(await forgectl(['migrate', 'list', '--all', '-o', 'json'], { env: env() }));
    expect(all.length).toBeGreaterThan(3);
    expect(all[0].id).toBeGreaterThan(all[1].id);
  });

  it('get, entities (of one and of all migrations) and failures', async () => {
    const all = json(await forgectl(['migrate', 'entities', '--status', 'failed', '--all', '-o', 'json'], { env: env() }));
    const ghost = all.find((e: any) => e.source_full_path === 'no/such-group');
    expect(ghost).toBeDefined();
    const one = json(await forgectl(['migrate', 'get', String(ghost.bulk_import_id), '-o', 'json'], { env: env() }));
    expect(one).toMatchObject({ id: ghost.bulk_import_id, has_failures: true });
    const ofOne = json(await forgectl(['migrate', 'entities', String(ghost.bulk_import_id), '--all', '-o', 'json'], { env: env() }));
    expect(ofOne.every((e: any) => e.bulk_import_id === ghost.bulk_import_id)).toBe(true);
    expect(ofOne.length).toBeGreaterThan(1);

    const failures = await forgectl(['migrate', 'failures', String(ghost.bulk_import_id), String(ghost.id), '-o', 'json'], { env: env() });
    expect(failures.exitCode).toBe(0);
    expect(json(failures)[0]).toMatchObject({ relation: 'group', exception_class: 'BulkImports::Error', source_title: 'no/such-group' });
    const table = await forgectl(['migrate', 'failures', String(ghost.bulk_import_id), String(ghost.id)], { env: env() });
    expect(table.stdout).toContain('BulkImports::Error');
  });

  it('entity get: one entity in every format, failures named; unknown ids are not found (3), bad ids usage (2)', async () => {
    const all = json(await forgectl(['migrate', 'entities', '--status', 'failed', '--all', '-o', 'json'], { env: env() }));
    const ghost = all.find((e: any) => e.source_full_path === 'no/such-group');
    const ids = [String(ghost.bulk_import_id), String(ghost.id)];
    const mark = dest().requests.length;
    const one = await forgectl(['migrate', 'entity', 'get', ...ids, '-o', 'json'], { env: env() });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(requestsSince(dest(), mark).map((r) => r.path)).toEqual([`/api/v4/bulk_imports/${ids[0]}/entities/${ids[1]}`]);
    expect(json(one)).toMatchObject({ id: ghost.id, bulk_import_id: ghost.bulk_import_id, status: 'failed', source_full_path: 'no/such-group' });
    expect(json(one).failures[0]).toMatchObject({ exception_class: 'BulkImports::Error' });
    expect(one.stderr).toContain(`forgectl migrate failures ${ids[0]} ${ids[1]}`);

    const table = await forgectl(['migrate', 'entity', 'get', ...ids], { env: env() });
    expect(table.stdout).toMatch(/^source\tno\/such-group$/m);
    expect(table.stdout).toMatch(/^status\tfailed$/m);
    expect(table.stdout).toMatch(/^failures\t1$/m);
    const yaml = await forgectl(['migrate', 'entity', 'get', ...ids, '-o', 'yaml'], { env: env() });
    expect(yaml.stdout).toContain('source_full_path: no/such-group');
    const nd = await forgectl(['migrate', 'entity', 'get', ...ids, '-o', 'ndjson'], { env: env() });
    expect(nd.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(nd.stdout).id).toBe(ghost.id);

    expect((await forgectl(['migrate', 'entity', 'get', ids[0], '999999'], { env: env() })).exitCode).toBe(3);
    const before = dest().requests.length;
    const bad = await forgectl(['migrate', 'entity', 'get', ids[0], 'x'], { env: env() });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('entity id must be an integer');
    expect(dest().requests.length).toBe(before);
  });

  it('every migrate command has help with examples', async () => {
    for (const sub of ['start', 'list', 'get', 'entities', 'failures', 'watch']) {
      const res = await forgectl(['migrate', sub, '--help']);
      expect(res.exitCode).toBe(0);
      expect(res.stdout).toContain('Examples:');
      expect(res.stdout).toContain(`$ forgectl migrate ${sub}`);
    }
    const entity = await forgectl(['migrate', 'entity', 'get', '--help']);
    expect(entity.stdout).toContain('$ forgectl migrate entity get 12 40');
  });
});

describe('plan file written by hand matches the realdata request', () => {
  it('produces the body of the documented example', async () => {
    const example = JSON.parse(readFileSync(new URL('../fixtures/realdata/bulk_imports/start_request.json', import.meta.url), 'utf8')).body;
    const e = example.entities[0];
    const dir = tempDir();
    const plan = join(dir, 'doc.json');
    writeFileSync(plan, JSON.stringify({ source: { url: example.configuration.url, token_env: 'T' }, entities: [{ kind: 'group', source: e.source_full_path, destination_namespace: e.destination_namespace, slug: e.destination_slug }] }));
    const res = await forgectl(['migrate', 'start', '-f', plan, '--dry-run', '--no-check', '-o', 'json'], { env: env({ T: 'doc-token' }) });
    expect(res.exitCode, res.stderr).toBe(0);
    const body = json(res).body;
    // The doc example leaves migrate_projects to its default (true); the CLI states it.
    expect(body.entities[0]).toEqual({ ...e, migrate_projects: true });
    expect(body.configuration.url).toBe(example.configuration.url);
  });
});
