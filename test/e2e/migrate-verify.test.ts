// Signing a migration off, end to end against two sandboxes: the destination copies content from the
// source (merge requests, releases, epics, wiki pages), `migrate verify` compares both sides, and the
// sandbox's drop fault leaves items out for verify to find.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { profileWith, rawGet, requestsSince as requestsSinceOn, useMigrationSandboxes } from '../helpers/sandbox.js';

const { source, dest } = useMigrationSandboxes();

const env = (extra: Record<string, string | undefined> = {}) => ({ FORGECTL_URL: dest().url, FORGECTL_TOKEN: dest().tokens.admin, ...extra });
const srcToken = () => source().tokens.admin;
const FAST = ['--interval', '100ms'];

/** Starts a migration of these entities and watches it to the end; returns its id. */
async function migrate(...entities: string[]): Promise<number> {
  const res = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', ...entities.flatMap((e) => ['--entity', e]), '--watch', ...FAST, '-o', 'json'], {
    env: env(),
    input: srcToken(),
  });
  expect(res.exitCode, res.stderr).toBe(0);
  return json(res).id;
}

const drop = (relation: string, every: number) => fault('drop', relation, every);

/** A migration of `entity` started while the fault is on (off again after). */
async function migrateWith(kind: 'drop' | 'swap', relation: string, every: number, entity: string): Promise<number> {
  await fault(kind, relation, every);
  try {
    return await migrate(entity);
  } finally {
    await fault(kind, relation, 0);
  }
}

/** The destination's drop or swap fault for the migrations started from now on (every 0 ends it). */
async function fault(kind: 'drop' | 'swap', relation: string, every: number): Promise<void> {
  const res = await fetch(`${dest().url}/-/sandbox/bulk_imports/${kind}`, {
    method: 'PUT',
    headers: { 'PRIVATE-TOKEN': dest().tokens.admin, 'content-type': 'application/json' },
    body: JSON.stringify({ relation, every }),
  });
  expect(res.status).toBe(200);
}

const mrs = async (sb: () => { url: string; tokens: Record<string, string> }, path: string) =>
  (await rawGet(sb() as never, `/projects/${encodeURIComponent(path)}/merge_requests?state=all&per_page=100`, sb().tokens.admin)).body.map((m: any) => [m.iid, m.title, m.state, m.description]);

describe('the sandbox copies content by direct transfer', () => {
  it('merge requests (iid, title, state, description), releases, epics and group wiki pages arrive', async () => {
    await migrate('group:acme=opensource:acme-copy');
    expect(await mrs(dest, 'opensource/acme-copy/platform/api')).toEqual(await mrs(source, 'acme/platform/api'));
    const tags = async (sb: () => any, path: string) => (await rawGet(sb(), `/projects/${encodeURIComponent(path)}/releases`, sb().tokens.admin)).body.map((r: any) => r.tag_name).sort();
    expect(await tags(dest, 'opensource/acme-copy/web/storefront')).toEqual(['2024.1', '2024.2']);
    const epics = async (sb: () => any, path: string) =>
      (await rawGet(sb(), `/groups/${encodeURIComponent(path)}/epics?include_descendant_groups=false&per_page=100`, sb().tokens.admin)).body.map((e: any) => [e.iid, e.title, e.state]).sort();
    expect(await epics(dest, 'opensource/acme-copy')).toEqual(await epics(source, 'acme'));
    const wiki = (await rawGet(dest(), `/groups/${encodeURIComponent('opensource/acme-copy')}/wikis`, dest().tokens.admin)).body.map((p: any) => p.slug);
    expect(wiki).toEqual(['deploy', 'development', 'home']);
  });

  it('the drop fault leaves every third merge request out and records a failure for each; the entity still finishes', async () => {
    await drop('merge_requests', 3);
    try {
      const id = await migrate('project:acme/platform/api=opensource:api-dropped');
      const source_ = await mrs(source, 'acme/platform/api');
      const arrived = await mrs(dest, 'opensource/api-dropped');
      expect(arrived.length).toBe(source_.length - Math.floor(source_.length / 3));
      const ents = json(await forgectl(['migrate', 'entities', String(id), '-o', 'json'], { env: env() }));
      expect(ents[0]).toMatchObject({ status: 'finished', has_failures: true });
      expect(ents[0].stats.merge_requests).toEqual({ source: source_.length, fetched: source_.length, imported: arrived.length });
      const failures = json(await forgectl(['migrate', 'failures', String(id), String(ents[0].id), '-o', 'json'], { env: env() }));
      const third = source_.sort((a: any, b: any) => a[0] - b[0])[2];
      expect(failures[0]).toMatchObject({ relation: 'merge_requests', source_title: third[1] });
      // Watching it says items were left out, not only '1 of 1 finished'.
      const watched = await forgectl(['migrate', 'watch', String(id)], { env: env() });
      expect(watched.exitCode, watched.stderr).toBe(0);
      expect(watched.stderr).toContain(`migration ${id} finished: 1 of 1 finished, 1 with failure records (items left out: forgectl migrate failures ${id})`);
    } finally {
      await drop('merge_requests', 0);
    }
  });
});

describe('migrate verify', () => {
  const verify = (id: number, ...args: string[]) => forgectl(['migrate', 'verify', String(id), ...args], { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) });

  it('exits 0 with --exit-code when everything arrived; items compared per relation, one list request each', async () => {
    const id = await migrate('group:acme/web=opensource:web-verified');
    const srcMark = source().requests.length;
    const res = await verify(id, '--exit-code');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('Everything arrived.');
    expect(res.stdout).toMatch(/ok {6}project acme\/web\/storefront → opensource\/web-verified\/storefront \(finished\)/);
    expect(res.stdout).toMatch(/merge_requests opened\s+2 → 2\s+ok/);
    expect(res.stdout).toMatch(/releases\s+2 → 2\s+ok/);
    // Items compared, not counts: each relation listed once (a page of 100 holds it), nothing counted apart.
    const lists = requestsSinceOn(source(), srcMark).filter((r) => /merge_requests|releases/.test(r.path));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((r) => r.query.includes('per_page=100'))).toBe(true);
    expect(new Set(lists.map((r) => `${r.path}?${r.query}`)).size).toBe(lists.length);
    const data = json(await verify(id, '-o', 'json'));
    expect(data.complete).toBe(true);
    expect(data.entities.map((e: any) => e.source_full_path)).toContain('acme/web/storefront');
    // A saved profile of the source instead of a token in the environment.
    const configDir = await profileWith(source(), 'admin', 'old');
    const viaProfile = await forgectl(['migrate', 'verify', String(id), '--source-profile', 'old', '--exit-code'], { env: env(), configDir });
    expect(viaProfile.exitCode, viaProfile.stderr).toBe(0);
    expect(viaProfile.stdout).toContain('Everything arrived.');
    const clash = await forgectl(['migrate', 'verify', String(id), '--source-profile', 'old', '--source-token-stdin'], { env: env(), configDir, input: 'x' });
    expect(clash.exitCode).toBe(2);
    expect(clash.stderr).toContain('--source-profile and --source-token-stdin cannot be used together');
  });

  it('a list the source refuses (403) for a project with the feature on is no proof: exit 5, never "Everything arrived."', async () => {
    const id = await migrate('project:acme/web/landing-page=opensource:landing-refused');
    // The four merge request lists (one per state) of the source answer 403, as to a token that may not read them.
    const refuse = async () => {
      const queued = await fetch(`${source().url}/-/sandbox/faults`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': source().tokens.admin, 'content-type': 'application/json' },
        body: JSON.stringify({ spec: `403:4@GET:/projects/${encodeURIComponent('acme/web/landing-page')}/merge_requests` }),
      });
      expect(queued.ok).toBe(true);
    };
    await refuse();
    const res = await verify(id, '--exit-code');
    expect(res.exitCode, res.stdout + res.stderr).toBe(5);
    expect(res.stdout).not.toContain('Everything arrived.');
    expect(res.stdout).toMatch(/PARTIAL project acme\/web\/landing-page/);
    expect(res.stdout).toMatch(/merge_requests opened\s+- → 0\s+not compared {2}not available on the source/);
    expect(res.stdout).toContain('could not be compared in full');
    // The note has a column of its own: in `missing` it read as an item that did not come across.
    await refuse();
    const csv = await verify(id, '-o', 'csv');
    expect(csv.stdout).toMatch(/,merge_requests opened,,0,not compared,not available on the source,,,\r?$/m);
    await refuse();
    const md = await verify(id, '-o', 'markdown');
    expect(md.stdout).toContain('| merge_requests opened | - | 0 | not compared: not available on the source |  |  |');
  });

  it('an expired source token: exit 4, the source named as refusing it, not the destination token\'s hint', async () => {
    const id = await migrate('project:acme/web/old-site=opensource:old-site-expired');
    const res = await forgectl(['migrate', 'verify', String(id), '--exit-code'], { env: env({ FORGECTL_SOURCE_TOKEN: source().tokens.expired }) });
    expect(res.exitCode, res.stderr).toBe(4);
    expect(res.stderr).toContain(`error: ${source().url} refused the source token (401)`);
    expect(res.stderr).not.toContain('forgectl token self');
    expect(res.stdout).not.toContain('Everything arrived.');
    expect(res.stdout + res.stderr).not.toContain(source().tokens.expired);
  });

  it('after a merge request is deleted on the destination: exit 5, the missing one named by iid and title', async () => {
    const id = await migrate('project:acme/web/storefront=opensource:storefront-deleted');
    const del = await forgectl(['api', '-X', 'DELETE', `/projects/${encodeURIComponent('opensource/storefront-deleted')}/merge_requests/2`], { env: env() });
    expect(del.exitCode, del.stderr).toBe(0);
    const res = await verify(id, '--exit-code');
    expect(res.exitCode, res.stdout + res.stderr).toBe(5);
    expect(res.stdout).toMatch(/DIFFERS project acme\/web\/storefront → opensource\/storefront-deleted/);
    expect(res.stdout).toContain('missing: !2 Cart total rounding');
    expect(res.stdout).toContain('1 of 1 entity differs.');
    // Without --exit-code the comparison itself succeeded.
    expect((await verify(id)).exitCode).toBe(0);
    const md = await verify(id, '-o', 'markdown');
    expect(md.stdout).toContain('| merge_requests opened | 2 | 1 | differs | `!2` Cart total rounding |  |');
    const csv = await verify(id, '-o', 'csv');
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('entity_id,entity_type,source,destination,relation,source_count,destination_count,status,note,missing,unexpected,failures');
    expect(csv.stdout).toContain(',merge_requests opened,2,1,differs,,!2 Cart total rounding,,');
  });

  it('one merge request swapped for another (the counts agree): exit 5, the missing one and the one in its place named', async () => {
    const id = await migrateWith('swap', 'merge_requests', 2, 'project:acme/web/storefront=opensource:storefront-swapped');
    const res = await verify(id, '--exit-code');
    expect(res.exitCode, res.stdout + res.stderr).toBe(5);
    expect(res.stdout).not.toContain('Everything arrived.');
    expect(res.stdout).toMatch(/merge_requests opened\s+2 → 2\s+differs  missing: !2 Cart total rounding  unexpected: !3 Cart total rounding$/m);
    const data = json(await verify(id, '-o', 'json'));
    const opened = data.entities[0].relations.find((r: any) => r.relation === 'merge_requests opened');
    expect(opened).toMatchObject({ source: 2, destination: 2, status: 'differs', missing: [{ key: '2', title: 'Cart total rounding' }], unexpected: [{ key: '3', title: 'Cart total rounding' }] });
    const md = await verify(id, '-o', 'markdown');
    expect(md.stdout).toContain('| merge_requests opened | 2 | 2 | differs | `!2` Cart total rounding | `!3` Cart total rounding |');
  });

  it('a relation the destination refuses to list (403) while the source has items is no proof they arrived: exit 5', async () => {
    const id = await migrate('project:acme/web/storefront=opensource:storefront-hidden');
    dest().addFaults(`403:forever@GET:/projects/${encodeURIComponent('opensource/storefront-hidden')}/releases`);
    try {
      const res = await verify(id, '--exit-code');
      expect(res.stdout).not.toContain('Everything arrived.');
      expect(res.exitCode, res.stdout + res.stderr).toBe(5);
      expect(res.stdout).toMatch(/releases\s+2 → -\s+differs {2}not available on the destination \(2 on the source\)/);
    } finally {
      await dest().clearFaults();
    }
  });

  it('a release swapped for another tag is named too', async () => {
    const id = await migrateWith('swap', 'releases', 1, 'project:acme/web/storefront=opensource:storefront-tags');
    const res = await verify(id, '--exit-code');
    expect(res.exitCode, res.stdout + res.stderr).toBe(5);
    expect(res.stdout).toMatch(/releases\s+2 → 2\s+differs  missing: 2024\.\d.*  unexpected: 2024\.\d-swapped/);
  });

  it('with the drop fault: exit 5, every missing merge request named, the failure records beside the rows', async () => {
    const id = await migrateWith('drop', 'merge_requests', 3, 'group:acme/platform=opensource:platform-dropped');
    const res = await verify(id, '--exit-code', '-o', 'json');
    expect(res.exitCode, res.stderr).toBe(5);
    const data = json(res);
    const api = data.entities.find((e: any) => e.source_full_path === 'acme/platform/api');
    expect(api.complete).toBe(false);
    const missing = api.relations.flatMap((r: any) => r.missing);
    expect(missing.length).toBeGreaterThan(0);
    expect(api.failures.map((f: any) => f.source_title).sort()).toEqual(missing.map((m: any) => m.title).sort());
    const text = await verify(id);
    expect(text.stdout).toMatch(/failure {2}merge_requests: ActiveRecord::RecordInvalid: .*\(.+\)/);
  });

  it('an entity that failed is missing on the destination: exit 5, its failure record beside it', async () => {
    const started = await forgectl(
      ['migrate', 'start', '--source-url', source().url, '--entity', 'group:acme/nothing-here=opensource:ghost-verify', '--no-check', '--watch', ...FAST, '-o', 'json'],
      { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) },
    );
    expect(started.exitCode).toBe(1);
    const id = json(started).id;
    const res = await verify(id, '--exit-code');
    expect(res.exitCode).toBe(5);
    expect(res.stdout).toMatch(/^MISSING group acme\/nothing-here → opensource\/ghost-verify \(failed\)\n {4}not found on the destination\n {4}failure {2}group: BulkImports::Error: Source group 'acme\/nothing-here' does not exist/m);
    expect(res.stdout).toContain('1 of 1 entity differs (1 missing on the destination).');
  });

  it('warns when the source given is not the instance the migration read', async () => {
    const id = await migrate('project:acme/web/landing-page=opensource:landing-verify');
    const other = source().url.replace('127.0.0.1', 'localhost');
    const res = await verify(id, '--source-url', other);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain(`warning: migration ${id} read from ${source().url}; comparing with ${other} instead`);
  });

  it('a wiki list answered with JSON that is no list is not a count of 0: exit 1, never "Everything arrived."', async () => {
    const id = await migrate('group:acme/web=opensource:web-wiki-shape');
    const wikis = `${source().url}/api/v4/groups/${encodeURIComponent('acme/web')}/wikis`;
    const headers = { 'PRIVATE-TOKEN': srcToken(), 'content-type': 'application/json' };
    const added = await fetch(wikis, { method: 'POST', headers, body: JSON.stringify({ title: 'Runbook', content: 'on call' }) });
    expect(added.status).toBe(201);
    // A gateway answers the source's wiki list in the API's place: the page made after the migration goes unseen.
    source().addFaults('other-shape:forever@GET:/groups/acme%2Fweb/wikis');
    try {
      const res = await verify(id, '--exit-code');
      expect(res.stdout).not.toContain('Everything arrived.');
      expect(res.exitCode, res.stdout + res.stderr).toBe(1);
    } finally {
      await source().clearFaults();
      await fetch(`${wikis}/runbook`, { method: 'DELETE', headers });
    }
  });

  it('a migration whose entity list comes back empty is never "Everything arrived.": exit 1', async () => {
    // A server nobody here wrote: it knows migration 1 and lists no entity for it.
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      const body = path === '/api/v4/bulk_imports/1' ? { id: 1, status: 'finished', source_type: 'gitlab', source_url: 'http://127.0.0.1' } : path === '/api/v4/bulk_imports/1/entities' ? [] : undefined;
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json', 'x-total': '0', 'x-total-pages': '1', 'x-page': '1' });
      res.end(JSON.stringify(body ?? { message: '404 Not Found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await forgectl(['migrate', 'verify', '1', '--exit-code', '--source-url', url], { env: { FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-00000000000000000000', FORGECTL_SOURCE_TOKEN: 'glpat-11111111111111111111' } });
      expect(res.stdout).not.toContain('Everything arrived.');
      expect(res.exitCode, res.stdout + res.stderr).toBe(1);
      expect(res.stderr).toMatch(/^error: migration 1 on http:\/\/127\.0\.0\.1:\d+ lists no entities: nothing to verify$/m);
    } finally {
      server.close();
    }
  });

  it('a missing token is a usage error before any request', async () => {
    const mark = dest().requests.length;
    const res = await forgectl(['migrate', 'verify', '1'], { env: env() });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/source token is missing/);
    expect(dest().requests.length).toBe(mark);
  });
});

/**
 * An instance nobody here wrote, for verify's requests alone: migration 1 with 12 project entities,
 * each project's opened merge requests `mrs` items long at one item a page (Link, X-Total), every other
 * relation empty. Answers wait a moment, so what is asked at once is in flight at once; `inFlight`
 * holds how many were in flight as each request arrived, `answered` how many had been answered then.
 */
async function fakeInstance(mrs: number, headers: Record<string, string> = {}) {
  const seen = { inFlight: [] as number[], answered: [] as number[] };
  let open = 0;
  let done = 0;
  const server = createServer((req, res) => {
    open++;
    seen.inFlight.push(open);
    seen.answered.push(done);
    const url = new URL(req.url ?? '/', origin);
    const page = Number(url.searchParams.get('page') ?? '1');
    let body: unknown = [];
    const paging: Record<string, string> = { 'x-total': '0', 'x-total-pages': '1', 'x-page': String(page) };
    if (url.pathname === '/api/v4/bulk_imports/1') body = { id: 1, status: 'finished', source_type: 'gitlab', source_url: origin };
    else if (url.pathname === '/api/v4/bulk_imports/1/entities') {
      body = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, bulk_import_id: 1, status: 'finished', entity_type: 'project', source_full_path: `src/p${i}`, destination_slug: `p${i}`, destination_namespace: 'dst', has_failures: false }));
      paging['x-total'] = '12';
    } else if (/\/merge_requests$/.test(url.pathname) && url.searchParams.get('state') === 'opened' && mrs > 0) {
      body = page <= mrs ? [{ id: page, iid: page, title: `Change ${page}` }] : [];
      Object.assign(paging, { 'x-total': String(mrs), 'x-total-pages': String(mrs), 'x-per-page': url.searchParams.get('per_page') ?? '20' });
      const at = (n: number) => `<${origin}${url.pathname}?page=${n}&per_page=${url.searchParams.get('per_page')}&scope=all&state=opened>`;
      paging.link = [page < mrs ? `${at(page + 1)}; rel="next"` : '', `${at(1)}; rel="first"`, `${at(mrs)}; rel="last"`].filter(Boolean).join(', ');
      if (page < mrs) paging['x-next-page'] = String(page + 1);
    }
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json', ...paging, ...headers });
      res.end(JSON.stringify(body));
      open--;
      done++;
    }, 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * An instance that knows nothing: every request answered 404 (with `headers`), as GitLab answers a
 * token that cannot see a project. Answers wait a moment; `seen` as in fakeInstance.
 */
async function emptyInstance(headers: Record<string, string> = {}) {
  const seen = { inFlight: [] as number[], answered: [] as number[] };
  let open = 0;
  let done = 0;
  const server = createServer((_req, res) => {
    seen.inFlight.push(++open);
    seen.answered.push(done);
    setTimeout(() => {
      res.writeHead(404, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({ message: '404 Project Not Found' }));
      open--;
      done++;
    }, 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('migrate verify against an instance of its own', () => {
  const run = (destUrl: string, sourceUrl: string) =>
    forgectl(['migrate', 'verify', '1', '--exit-code', '--source-url', sourceUrl, '-o', 'json'], { env: { FORGECTL_URL: destUrl, FORGECTL_TOKEN: 'glpat-00000000000000000000', FORGECTL_SOURCE_TOKEN: 'glpat-11111111111111111111' } });

  it('lists every page of every relation with at most 8 requests in flight per instance', async () => {
    // Counts differ (4 on the source, 3 on the destination): every list is read, page by page.
    const [src, dst] = await Promise.all([fakeInstance(4), fakeInstance(3)]);
    try {
      const res = await run(dst.origin, src.origin);
      expect(res.exitCode, res.stderr).toBe(5);
      const p0 = json(res).entities[0].relations.find((r: any) => r.relation === 'merge_requests opened');
      expect(p0).toMatchObject({ source: 4, destination: 3, missing: [{ key: '4', title: 'Change 4' }] });
      expect(Math.max(...src.seen.inFlight)).toBeLessThanOrEqual(8);
      expect(Math.max(...dst.seen.inFlight)).toBeLessThanOrEqual(8);
      // Per project: 4 pages of opened merge requests, one each of the other states and of releases.
      expect(src.seen.inFlight.length).toBe(12 * 8);
    } finally {
      await Promise.all([src.close(), dst.close()]);
    }
  });

  it('an entity the source does not show (404 for every list) is no proof it arrived: exit 5, never "Everything arrived."', async () => {
    const [src, dst] = await Promise.all([emptyInstance(), fakeInstance(0)]);
    try {
      const res = await run(dst.origin, src.origin);
      expect(res.exitCode, res.stderr).toBe(5);
      expect(json(res).complete).toBe(false);
      const text = await forgectl(['migrate', 'verify', '1', '--source-url', src.origin], { env: { FORGECTL_URL: dst.origin, FORGECTL_TOKEN: 'glpat-00000000000000000000', FORGECTL_SOURCE_TOKEN: 'glpat-11111111111111111111' } });
      expect(text.stdout).not.toContain('Everything arrived.');
      expect(text.stdout).toContain('12 of 12 entities differ (12 not found on the source).');
    } finally {
      await Promise.all([src.close(), dst.close()]);
    }
  });

  it('slows its listings when the instance says it has one request left (RateLimit-Remaining), as every list does', async () => {
    const [src, dst] = await Promise.all([fakeInstance(4, { 'ratelimit-remaining': '1' }), fakeInstance(3)]);
    try {
      const res = await run(dst.origin, src.origin);
      expect(res.exitCode, res.stderr).toBe(5);
      // Once the first requests were answered, one at a time.
      const later = src.seen.inFlight.filter((_, i) => src.seen.answered[i] >= 8);
      expect(later.length).toBeGreaterThan(12 * 4);
      expect(Math.max(...later)).toBe(1);
    } finally {
      await Promise.all([src.close(), dst.close()]);
    }
  });

  it('slows as well when the one request left is said by error answers (404 with RateLimit-Remaining: 1)', async () => {
    const [src, dst] = await Promise.all([emptyInstance({ 'ratelimit-remaining': '1', 'ratelimit-reset': '60' }), fakeInstance(0)]);
    try {
      const res = await run(dst.origin, src.origin);
      expect(res.exitCode, res.stderr).toBe(5);
      const later = src.seen.inFlight.filter((_, i) => src.seen.answered[i] >= 8);
      expect(later.length).toBeGreaterThan(12);
      expect(Math.max(...later)).toBe(1);
    } finally {
      await Promise.all([src.close(), dst.close()]);
    }
  });
});

/**
 * An instance nobody here wrote, for `migrate check`: an administrator behind every token, direct
 * transfer allowed, and no group or project anywhere (404). Answers wait a moment, so what is asked at
 * once is in flight at once; `inFlight` holds how many were as each request arrived.
 */
async function bareInstance() {
  const inFlight: number[] = [];
  let open = 0;
  const server = createServer((req, res) => {
    inFlight.push(++open);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = path === '/api/v4/user' ? { id: 1, username: 'root', name: 'Root', is_admin: true } : path === '/api/v4/application/settings' ? { bulk_import_enabled: true } : undefined;
    setTimeout(() => {
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { message: '404 Not Found' }));
      open--;
    }, 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, inFlight, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('migrate check against an instance of its own', () => {
  it('checks many entities with at most 8 requests in flight on the destination, as on the source', async () => {
    const [src, dst] = await Promise.all([bareInstance(), bareInstance()]);
    try {
      const entities = Array.from({ length: 12 }, (_, i) => ['--entity', `project:src/p${i}=dst${i}`]).flat();
      const res = await forgectl(['migrate', 'check', '--source-url', src.origin, ...entities, '-o', 'json'], {
        env: { FORGECTL_URL: dst.origin, FORGECTL_TOKEN: 'glpat-00000000000000000000', FORGECTL_SOURCE_TOKEN: 'glpat-11111111111111111111' },
      });
      expect(res.exitCode, res.stderr).toBe(1);
      expect(json(res).entities).toHaveLength(12);
      expect(dst.inFlight.length).toBeGreaterThan(12 * 3);
      expect(Math.max(...dst.inFlight)).toBeLessThanOrEqual(8);
      expect(Math.max(...src.inFlight)).toBeLessThanOrEqual(8);
    } finally {
      await Promise.all([src.close(), dst.close()]);
    }
  });
});

describe('migrate failures ID (every entity)', () => {
  it('lists the failure records of every entity, each with its entity', async () => {
    const id = await migrateWith('drop', 'merge_requests', 4, 'group:acme/platform=opensource:platform-failures');
    const res = await forgectl(['migrate', 'failures', String(id), '-o', 'json'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const rows = json(res);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ entity_id: expect.any(Number), source_full_path: 'acme/platform/api', destination_full_path: 'opensource/platform-failures/api', relation: 'merge_requests' });
    const table = await forgectl(['migrate', 'failures', String(id)], { env: env() });
    expect(table.stdout).toMatch(/acme\/platform\/api\topensource\/platform-failures\/api\tmerge_requests/);
  });
});

describe('migrate check', () => {
  const check = (...args: string[]) => forgectl(['migrate', 'check', '--source-url', source().url, ...args], { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) });

  it('names the projects and merge requests a group will bring, exits 0, and sends no write', async () => {
    const mark = dest().requests.length;
    const srcMark = source().requests.length;
    const res = await check('--entity', 'group:acme/web=');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^ok +group acme\/web → web \(top level\)$/m);
    expect(res.stdout).toMatch(/will move: 0 subgroups, 9 projects, .*merge requests.*, 2 releases/);
    expect(res.stdout).toContain('project acme/web/storefront: 2 merge requests (2 opened), 2 releases');
    expect(res.stdout).toContain('The entity can start.');
    const sent = [...requestsSinceOn(dest(), mark), ...requestsSinceOn(source(), srcMark)];
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.method === 'GET')).toBe(true);

    const data = json(await check('--entity', 'group:acme/web=', '-o', 'json'));
    expect(data.can_start).toBe(true);
    const storefront = data.entities[0].items.find((i: any) => i.path === 'acme/web/storefront');
    expect(storefront.counts).toMatchObject({ 'merge_requests opened': 2, 'merge_requests merged': 0, releases: 2 });
    const md = await check('--entity', 'group:acme/web=', '-o', 'markdown');
    expect(md.stdout).toContain('| project | `acme/web/storefront` | 2 merge requests (2 opened), 2 releases |');
  });

  it('a destination group that does not exist: told to create it, not to pick one of a list it never showed', async () => {
    const res = await check('--entity', 'group:acme/web=no-such-group');
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toContain(`no-such-group: no such group on ${dest().url} (create it first)`);
    expect(res.stdout).not.toContain('pick one of the list');
  });

  it('exits 1 naming each entity that cannot start and why: a source path that does not exist, a kind that is wrong, a taken slug', async () => {
    const res = await check('--entity', 'group:acme/does-not-exist=opensource', '--entity', 'group:acme/web/storefront=opensource', '--entity', 'project:acme/platform/api=opensource:forgectl', '--entity', 'group:acme/platform=opensource:platform-free');
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toMatch(/^CANNOT group acme\/does-not-exist → opensource\/does-not-exist\n +acme\/does-not-exist: no group or project with this path on http/m);
    expect(res.stdout).toContain('acme/web/storefront is a project on');
    expect(res.stdout).toMatch(/opensource\/forgectl already exists on .* \(a project\); forgectl-2 is free/);
    expect(res.stdout).toMatch(/^ok +group acme\/platform → opensource\/platform-free$/m);
    expect(res.stdout).toContain('3 of 4 entities cannot start.');
    const csv = await check('--entity', 'group:acme/does-not-exist=opensource', '-o', 'csv');
    expect(csv.exitCode).toBe(1);
    expect(csv.stdout).toMatch(/^group,acme\/does-not-exist,opensource\/does-not-exist,false,acme\/does-not-exist: no group or project/m);
  });

  it('a token the source refuses fails every entity, named once per entity', async () => {
    const res = await forgectl(['migrate', 'check', '--source-url', source().url, '--entity', 'group:acme/web=opensource:w2'], { env: env({ FORGECTL_SOURCE_TOKEN: 'glpat-not-a-real-token-000' }) });
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toMatch(/refused the token \(401\)/);
  });

  const transfer = async (enabled: boolean) => {
    const res = await fetch(`${dest().url}/api/v4/application/settings`, {
      method: 'PUT',
      headers: { 'PRIVATE-TOKEN': dest().tokens.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ bulk_import_enabled: enabled }),
    });
    expect(res.status).toBe(200);
  };

  it('reports bulk_import_enabled; turned off, every entity fails the check with what to change, and start refuses', async () => {
    const on = await check('--entity', 'group:acme/web=', '-o', 'json');
    expect(json(on)).toMatchObject({ bulk_import_enabled: true, direct_transfer: 'allowed (bulk_import_enabled is true)', can_start: true });
    await transfer(false);
    try {
      const res = await check('--entity', 'group:acme/web=', '--entity', 'project:acme/platform/api=opensource:api-off');
      expect(res.exitCode, res.stderr).toBe(1);
      expect(res.stdout).toContain(`Destination: ${dest().url}; direct transfer turned off (bulk_import_enabled is false)\n  hint: an administrator turns it on with \`forgectl settings set bulk_import_enabled=true\``);
      expect(res.stdout.split('\n').filter((l) => l.trim() === `direct transfer is turned off on ${dest().url} (bulk_import_enabled is false)`)).toHaveLength(2);
      expect(json(await check('--entity', 'group:acme/web=', '-o', 'json'))).toMatchObject({ bulk_import_enabled: false, can_start: false });
      const mark = dest().requests.length;
      const start = await forgectl(['migrate', 'start', '--source-url', source().url, '--entity', 'group:acme/web=opensource:web-off'], { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) });
      expect(start.exitCode).toBe(1);
      expect(start.stderr).toContain('hint: nothing was sent; an administrator turns it on with `forgectl settings set bulk_import_enabled=true`');
      expect(requestsSinceOn(dest(), mark).filter((r) => r.method === 'POST')).toEqual([]);
      // Without the check the instance answers 404, as GitLab does: the hint says why.
      const unchecked = await forgectl(['migrate', 'start', '--source-url', source().url, '--entity', 'group:acme/web=opensource:web-off', '--no-check'], { env: env({ FORGECTL_SOURCE_TOKEN: srcToken() }) });
      expect(unchecked.exitCode).not.toBe(0);
      expect(unchecked.stderr).toContain(`error: 404 direct transfer is turned off on ${dest().url} (bulk_import_enabled is false)\nhint: an administrator turns it on`);
      // A token that cannot read the settings: the 404 may be either, and the hint says so.
      const mine = await forgectl(['migrate', 'get', '1'], { env: { ...env(), FORGECTL_TOKEN: dest().tokens.bob } });
      expect(mine.exitCode).toBe(3);
      expect(mine.stderr).toContain(`error: migration 1 not found on ${dest().url} (404 Not Found)\nhint: direct transfer may be turned off on ${dest().url} (bulk_import_enabled): an administrator turns it on`);
    } finally {
      await transfer(true);
    }
  });

  it('a destination token that cannot read the settings: bulk_import_enabled not known, and no failure for it', async () => {
    const res = await forgectl(['migrate', 'check', '--source-url', source().url, '--entity', 'group:acme/web=', '-o', 'json'], { env: { ...env({ FORGECTL_SOURCE_TOKEN: srcToken() }), FORGECTL_TOKEN: dest().tokens.bob } });
    const data = json(res);
    expect(data).toMatchObject({ bulk_import_enabled: null, direct_transfer: 'not known (the settings could not be read: they are for administrators)' });
    expect(data.entities[0].problems.join(' ')).not.toContain('direct transfer');
  });

  it('refuses a --source-profile holding an OAuth or job token before anything is sent: direct transfer takes a personal access token', async () => {
    const configDir = await profileWith(source(), 'admin', 'old');
    const oauth = await forgectl(['profile', 'add', 'sso', '--url', source().url, '--token-type', 'oauth', '--token-stdin'], { configDir, input: `${srcToken()}\n` });
    expect(oauth.exitCode, oauth.stderr).toBe(0);
    const [srcMark, destMark] = [source().requests.length, dest().requests.length];
    for (const command of [['check', '--entity', 'project:acme/web/storefront=opensource:sf-oauth'], ['verify', '1'], ['start', '--entity', 'project:acme/web/storefront=opensource:sf-oauth', '--yes']]) {
      const res = await forgectl(['migrate', ...command, '--source-profile', 'sso'], { env: env(), configDir });
      expect(res.exitCode, `${command[0]}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain('--source-profile sso holds a token of type oauth');
      expect(res.stderr).toContain('personal access token');
    }
    expect(requestsSinceOn(source(), srcMark)).toEqual([]);
    expect(requestsSinceOn(dest(), destMark)).toEqual([]);
  });

  it('takes --source-profile for the source URL and token', async () => {
    const configDir = await profileWith(source(), 'admin', 'old');
    const res = await forgectl(['migrate', 'check', '--source-profile', 'old', '--entity', 'project:acme/web/storefront=opensource:sf-profile', '-o', 'json'], { env: env(), configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res).entities[0].will_move).toMatchObject({ 'merge_requests opened': 2, releases: 2 });
  });
});
