// The wizard's checks one by one, against answers an instance may give that the sandbox does not:
// an instance too old for personal_access_tokens/self, one without /version, a site that is not an
// instance at all, X-Total left out. And the scripted prompter's search.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import { countGroupProjects } from '../../src/api/instance.js';
import { CancelledError } from '../../src/core/errors.js';
import { searchChecked } from '../../src/commands/migrate/search-prompt.js';
import { Destination } from '../../src/commands/migrate/wizard-destination.js';
import { checkDistinct, entityRequest, parseEntityFlag } from '../../src/commands/migrate/rules.js';
import { checkSourceToken, entitySource, resolveTypedEntity, signedInLine } from '../../src/commands/migrate/wizard-source.js';
import { runCli } from '../helpers/harness.js';
import { ORIGIN, json, mockClient } from './http-helpers.js';

let agents: { assertNoPendingInterceptors(): void }[] = [];
afterEach(() => {
  for (const a of agents) a.assertNoPendingInterceptors();
  agents = [];
});
function client() {
  const m = mockClient({ retries: 0 });
  agents.push(m.agent);
  return m;
}
const USER = { id: 7, username: 'bob', name: 'Bob' };

describe('checkSourceToken', () => {
  it('signs in with scopes, expiry and version', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: '/api/v4/personal_access_tokens/self' }).reply(200, { id: 1, name: 'laptop', revoked: false, scopes: ['api'], expires_at: '2027-01-31' }, json);
    pool.intercept({ path: '/api/v4/user' }).reply(200, USER, json);
    pool.intercept({ path: '/api/v4/version' }).reply(200, { version: '17.2.1-ee', revision: 'abc' }, json);
    const c = await checkSourceToken(http, ORIGIN);
    expect(c.ok).toBe(true);
    if (c.ok) expect(signedInLine(ORIGIN, c)).toBe(`Signed in to ${ORIGIN} as @bob (version 17.2.1-ee; token "laptop"; scopes api; expires 2027-01-31)`);
  });

  it('an instance without personal_access_tokens/self (before 15.5) and without /version still signs in, scopes unknown', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: '/api/v4/personal_access_tokens/self' }).reply(404, { message: '404 Not Found' }, json);
    pool.intercept({ path: '/api/v4/user' }).reply(200, USER, json);
    pool.intercept({ path: '/api/v4/version' }).reply(404, { message: '404 Not Found' }, json);
    const c = await checkSourceToken(http, ORIGIN);
    expect(c.ok && signedInLine(ORIGIN, c)).toBe(`Signed in to ${ORIGIN} as @bob (scopes unknown (the instance does not say))`);
  });

  it('a site that is not an instance sends the URL back to be asked again', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: '/api/v4/personal_access_tokens/self' }).reply(404, '<html>nope</html>', { headers: { 'content-type': 'text/html' } });
    pool.intercept({ path: '/api/v4/user' }).reply(404, '<html>nope</html>', { headers: { 'content-type': 'text/html' } });
    const c = await checkSourceToken(http, ORIGIN);
    expect(c).toMatchObject({ ok: false, retry: 'url', reason: expect.stringContaining('does not answer as a GitLab API v4 instance') });
  });

  it('401 and a token without api send the token back; 403 (insufficient scope) too', async () => {
    const a = client();
    a.pool.intercept({ path: '/api/v4/personal_access_tokens/self' }).reply(401, { message: '401 Unauthorized' }, json);
    expect(await checkSourceToken(a.client, ORIGIN)).toMatchObject({ ok: false, retry: 'token', reason: expect.stringContaining('refused the token (401)') });
    const b = client();
    b.pool.intercept({ path: '/api/v4/personal_access_tokens/self' }).reply(200, { id: 1, name: 'ro', revoked: false, scopes: ['read_api', 'read_user'] }, json);
    b.pool.intercept({ path: '/api/v4/user' }).reply(200, USER, json);
    expect(await checkSourceToken(b.client, ORIGIN)).toMatchObject({ ok: false, retry: 'token', reason: 'the token of @bob has the scopes read_api, read_user; a migration needs api' });
    const c = client();
    c.pool.intercept({ path: '/api/v4/personal_access_tokens/self' }).reply(403, { error: 'insufficient_scope' }, json);
    expect(await checkSourceToken(c.client, ORIGIN)).toMatchObject({ ok: false, retry: 'token' });
  });
});

describe('Ctrl-C while a check is under way', () => {
  it('ends the wizard (CancelledError), never taken for a wrong URL, token or path', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client: http } = mockClient({ retries: 0, signal: controller.signal });
    await expect(checkSourceToken(http, ORIGIN)).rejects.toBeInstanceOf(CancelledError);
    await expect(resolveTypedEntity(http, ORIGIN, 'acme')).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('entity search and typed paths', () => {
  it('searches the last segment and keeps only full paths containing what was typed, exact match first', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: (p) => p.startsWith('/api/v4/groups?') && p.includes('all_available=true') && p.includes('search=web') }).reply(200, [{ id: 1, full_path: 'other/web', visibility: 'private' }, { id: 2, full_path: 'acme/web', visibility: 'public' }], json);
    pool.intercept({ path: (p) => p.startsWith('/api/v4/projects?') && p.includes('search=web') && p.includes('search_namespaces=true') }).reply(200, [{ id: 3, path_with_namespace: 'acme/web/shop', visibility: 'internal' }], json);
    const choices = await entitySource(http)('acme/web');
    expect(choices.map((c) => [c.name, c.value])).toEqual([
      ['acme/web  (group, public)', 'group:acme/web'],
      ['acme/web/shop  (project, internal)', 'project:acme/web/shop'],
    ]);
  });

  it('reads past the first page of the search when the full path typed is not on it', async () => {
    const { pool, client: http } = client();
    const others = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, full_path: `team-${i}/web` }));
    const groups = (page: number) => (p: string) => p.startsWith('/api/v4/groups?') && p.includes('search=web') && p.includes(`page=${page}&`);
    pool.intercept({ path: groups(1) }).reply(200, others, { headers: { 'content-type': 'application/json', 'x-next-page': '2' } });
    pool.intercept({ path: groups(2) }).reply(200, [{ id: 200, full_path: 'zeta/web', visibility: 'private' }], json);
    pool.intercept({ path: (p) => p.startsWith('/api/v4/projects?') && p.includes('search=web') }).reply(200, [], json);
    const choices = await entitySource(http)('zeta/web');
    expect(choices.map((c) => c.value)).toEqual(['group:zeta/web']);
  });

  it('a typed path is a group, else a project, else refused with the reason', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: (p) => p.startsWith('/api/v4/groups/acme%2Fshop') }).reply(404, { message: '404 Group Not Found' }, json);
    pool.intercept({ path: '/api/v4/projects/acme%2Fshop' }).reply(200, { id: 9, path_with_namespace: 'acme/shop' }, json);
    expect(await resolveTypedEntity(http, ORIGIN, 'acme/shop')).toEqual({ kind: 'project' });
    expect(await resolveTypedEntity(http, ORIGIN, 'https://x/acme')).toEqual({ error: expect.stringContaining('not a URL') });
  });

  it('the project count of a group comes from X-Total, and is unknown without it', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: (p) => p.startsWith('/api/v4/groups/acme/projects?') && p.includes('include_subgroups=true') }).reply(200, [{ id: 1 }], { headers: { 'content-type': 'application/json', 'x-total': '42' } });
    pool.intercept({ path: (p) => p.startsWith('/api/v4/groups/big/projects') }).reply(200, [{ id: 1 }], json);
    expect(await countGroupProjects(http, 'acme')).toBe(42);
    expect(await countGroupProjects(http, 'big')).toBeNull();
  });
});

describe('destination group check', () => {
  const alike = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: from + i + 1, full_path: `team-${from + i}/backend` }));
  const groupsOf = (page: number) => (p: string) => p.startsWith('/api/v4/groups?') && p.includes('search=backend') && p.includes('min_access_level=40') && p.includes(`page=${page}&`);

  it('a Maintainer of more groups named alike than one page holds may still create in the last of them', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: '/api/v4/user' }).reply(200, USER, json);
    pool.intercept({ path: (p) => p.startsWith('/api/v4/groups/zeta%2Fbackend?') }).reply(200, { id: 500, full_path: 'zeta/backend' }, json);
    pool.intercept({ path: groupsOf(1) }).reply(200, alike(100), { headers: { 'content-type': 'application/json', 'x-next-page': '2' } });
    pool.intercept({ path: groupsOf(2) }).reply(200, [...alike(5, 100), { id: 500, full_path: 'zeta/backend' }], json);
    expect(await new Destination(http, ORIGIN).checkNamespace('zeta/backend')).toBe(true);
  });

  it('a search that fails on page two is a reason to ask again, not the end of the wizard', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: '/api/v4/user' }).reply(200, USER, json);
    pool.intercept({ path: (p) => p.startsWith('/api/v4/groups/zeta%2Fbackend?') }).reply(200, { id: 500, full_path: 'zeta/backend' }, json);
    pool.intercept({ path: groupsOf(1) }).reply(200, alike(100), { headers: { 'content-type': 'application/json', 'x-next-page': '2' } });
    pool.intercept({ path: groupsOf(2) }).reply(500, { message: '500 Internal Server Error' }, json);
    expect(await new Destination(http, ORIGIN).checkNamespace('zeta/backend')).toMatch(/^cannot check your role in zeta\/backend on https:\/\/git\.example\.com: /);
  });

  it('a group where the caller is not Maintainer is refused after every page was read', async () => {
    const { pool, client: http } = client();
    pool.intercept({ path: '/api/v4/user' }).reply(200, USER, json);
    pool.intercept({ path: (p) => p.startsWith('/api/v4/groups/zeta%2Fbackend?') }).reply(200, { id: 500, full_path: 'zeta/backend' }, json);
    pool.intercept({ path: groupsOf(1) }).reply(200, alike(100), { headers: { 'content-type': 'application/json', 'x-next-page': '2' } });
    pool.intercept({ path: groupsOf(2) }).reply(200, alike(3, 100), json);
    expect(await new Destination(http, ORIGIN).checkNamespace('zeta/backend')).toMatch(/^you may not create groups or projects in zeta\/backend/);
  });
});

describe('searchChecked: Enter before the list for the latest text loaded', () => {
  /** A prompt that answers Enter at once after the text: the highlighted choice is the one of the previous list. */
  function hastyPrompter(texts: string[]) {
    return {
      async search(_m: string, source: (t: string | undefined) => Promise<{ value: string }[]>, o: { validate: (v: string) => Promise<true | string> }) {
        const before = await source(undefined);
        void source(texts.shift());
        const v = before[0].value;
        const ok = await o.validate(v);
        if (ok !== true) throw new Error(`refused: ${ok}`);
        return v;
      },
    };
  }
  function fakeCtx(prompt: unknown) {
    const said: string[] = [];
    return { ctx: { prompt, warn: (m: string) => said.push(`warning: ${m}`), notice: (m: string) => said.push(m) } as unknown as Context, said };
  }
  const source = async (term: string | undefined) => {
    const all = ['acme', 'acme/web', 'zeta'];
    const hits = all.filter((p) => !term || p.includes(term)).map((p) => ({ name: p, value: p }));
    return term && !hits.some((h) => h.value === term) ? [...hits, { name: term, value: `?:${term}` }] : hits;
  };
  const check = async (v: string) => (v.startsWith('?:') ? `${v.slice(2)}: no such path` : (true as const));

  it('a stale pick is replaced by the first match of the latest text', async () => {
    const { ctx, said } = fakeCtx(hastyPrompter(['web']));
    expect(await searchChecked(ctx, 'pick', source, check)).toBe('acme/web');
    expect(said).toEqual(['Enter came before the list for "web" had loaded: took its first match.']);
  });

  it('a stale pick whose latest text does not exist is refused and asked again', async () => {
    const { ctx, said } = fakeCtx(hastyPrompter(['acmex', 'zeta']));
    expect(await searchChecked(ctx, 'pick', source, check)).toBe('zeta');
    expect(said[0]).toBe('warning: acmex: no such path; asking again');
  });
});

describe('migrate entity get on the documented answer', () => {
  it('shows the realdata entity (GET /bulk_imports/:id/entities/:entity_id) with its failure count and names the failures command', async () => {
    const fixture = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/realdata/bulk_imports/get_entity.json'), 'utf8'));
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent.get(ORIGIN).intercept({ path: '/api/v4/bulk_imports/1/entities/1' }).reply(200, fixture.body, json).times(2);
    const run1 = (argv: string[]) => runCli(argv, { env: { FORGECTL_URL: ORIGIN, FORGECTL_TOKEN: 'glpat-x' }, dispatcher: agent });
    const table = await run1(['migrate', 'entity', 'get', '1', '1']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^destination\tdestination\/full_path$/m);
    expect(table.stdout).toMatch(/^failures\t1$/m);
    expect(table.stderr).toContain('forgectl migrate failures 1 1');
    const asJson = await run1(['migrate', 'entity', 'get', '1', '1', '-o', 'json']);
    expect(JSON.parse(asJson.stdout)).toEqual(fixture.body);
    agent.assertNoPendingInterceptors();
  });
});

describe('the top level as destination (an empty namespace)', () => {
  it('takes a group there, by --entity KIND:SOURCE=:SLUG, and refuses a project', () => {
    const e = parseEntityFlag('group:acme/web=:web', true);
    expect(entityRequest(e)).toMatchObject({ destination_namespace: '', destination_slug: 'web' });
    expect(() => parseEntityFlag('project:acme/web/storefront=:shop', true)).toThrow(/a project goes into a group/);
    expect(() => checkDistinct([e, parseEntityFlag('group:other/web=', true)])).toThrow(/two entities would be imported to web$/);
  });
});
