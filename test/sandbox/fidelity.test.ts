// Fidelity: for every real response example of the token and project families (copied from
// shared/realdata into test/fixtures/realdata, data only), the sandbox's answer to the same request
// has the same status, field names and JSON types, recursively.
//
// - `exact` examples (current docs) must match the key set both ways; `subset` ones (older docs,
//   *_15_x, or the partial user-projects example, whose spec says "further fields: not shown") must
//   have all their keys in the sandbox's answer, which may add the fields newer versions add.
// - In a list, each example item must be matched by some item of the sandbox's answer.
// - null against a value is allowed only for the fields in NULLABLE, each with its reason.
// - Duplicate keys in list_user.json (import_status, import_error) collapse when parsed, as the
//   realdata README says; the parsed form is what is compared.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { call, sandboxFor, type Answer } from './helpers.js';

const sandbox = sandboxFor();
const FIXTURES = new URL('../fixtures/realdata/', import.meta.url);

interface Example {
  source: string;
  endpoint: string;
  kind: 'response' | 'request' | 'schema' | 'headers';
  status: number | null;
  body: any;
}

const NULLABLE: Record<string, string> = {
  'tokens:last_used_at': 'datetime or null (spec part 1 §2.1)',
  'tokens:expires_at': 'date or null (spec part 1 §2.1)',
  'projects:description': 'string or null in GitLab’s projects schema (schema_projects_simple.json)',
  'projects:default_branch': 'string or null in GitLab’s projects schema',
  'projects:readme_url': 'string or null in GitLab’s projects schema',
  'projects:avatar_url': 'string or null in GitLab’s projects schema; list_user.json has both',
  'projects:namespace.parent_id': 'integer or null in GitLab’s projects schema',
  'projects:namespace.avatar_url': 'null in list_simple.json, a URL in list_full.json',
  'projects:permissions.project_access': 'null in list_full.json, an object in list_user.json',
  'projects:permissions.group_access': 'null in list_full.json, an object in list_user.json',
  'projects:allow_merge_on_skipped_pipeline': 'null in list_full.json, false in list_user.json',
  'projects:external_authorization_classification_label': '"" in list_full.json, null in list_user.json',
};

type Case = { mode: 'exact' | 'subset' | 'equal'; request: (sb: Sandbox) => Promise<Answer> };

const admin = (sb: Sandbox) => ({ token: sb.tokens.admin });

async function freshToken(sb: Sandbox): Promise<number> {
  return (await call(sb, '/personal_access_tokens/self', { token: sb.tokens.grace })).body.id;
}

const CASES: Record<string, Case> = {
  'tokens/get_self_15_x.json': { mode: 'subset', request: (sb) => call(sb, '/personal_access_tokens/self', { token: sb.tokens.alice }) },
  'tokens/list.json': { mode: 'exact', request: (sb) => call(sb, `/personal_access_tokens?user_id=alice&created_before=${new Date().toISOString()}`, admin(sb)) },
  'tokens/list_all_15_x.json': { mode: 'subset', request: (sb) => call(sb, '/personal_access_tokens', admin(sb)) },
  'tokens/list_by_user_15_x.json': { mode: 'subset', request: (sb) => call(sb, '/personal_access_tokens?user_id=3', admin(sb)) },
  'tokens/list_revoked_15_x.json': { mode: 'subset', request: (sb) => call(sb, '/personal_access_tokens?revoked=true', admin(sb)) },
  'tokens/rotate.json': { mode: 'exact', request: async (sb) => call(sb, `/personal_access_tokens/${await freshToken(sb)}/rotate`, { method: 'POST', ...admin(sb) }) },
  'projects/error_401_unauthorized.json': { mode: 'equal', request: (sb) => call(sb, '/projects', { token: 'glpat-unknown-000000000000' }) },
  'projects/error_403_insufficient_scope.json': { mode: 'equal', request: (sb) => call(sb, '/projects', { token: sb.tokens.admin_nosudo, headers: { Sudo: 'alice' } }) },
  'projects/error_403_sudo_not_admin.json': { mode: 'equal', request: (sb) => call(sb, '/projects', { token: sb.tokens.bob, headers: { Sudo: 'alice' } }) },
  'projects/error_404_sudo_user_not_found.json': { mode: 'equal', request: (sb) => call(sb, '/projects', { token: sb.tokens.admin, headers: { Sudo: '123' } }) },
  // A signed-in caller who is a member of few projects, as in the example (permissions null).
  'projects/list_full.json': { mode: 'exact', request: (sb) => call(sb, '/projects?per_page=100', { token: sb.tokens.readonly }) },
  'projects/list_simple.json': { mode: 'exact', request: (sb) => call(sb, '/projects?per_page=100') },
  'projects/list_user.json': { mode: 'subset', request: (sb) => call(sb, '/users/alice/projects?statistics=true', admin(sb)) },
};

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function compare(family: string, example: unknown, actual: unknown, path: string, mode: 'exact' | 'subset', out: string[]): void {
  const te = jsonType(example);
  const ta = jsonType(actual);
  if (te === 'null' || ta === 'null') {
    if (te !== ta && !NULLABLE[`${family}:${path}`]) out.push(`${path}: example ${te}, sandbox ${ta}`);
    return;
  }
  if (te !== ta && !(te === 'number' && ta === 'integer')) {
    out.push(`${path}: example ${te}, sandbox ${ta}`);
    return;
  }
  if (te === 'array') {
    const [e, a] = [example as unknown[], actual as unknown[]];
    if (e.length && a.length) for (const item of a) compare(family, e[0], item, path, mode, out);
    return;
  }
  if (te === 'object') {
    const [e, a] = [example as Record<string, unknown>, actual as Record<string, unknown>];
    for (const k of Object.keys(e)) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in a)) out.push(`${p}: missing in the sandbox's answer`);
      else compare(family, e[k], a[k], p, mode, out);
    }
    if (mode === 'exact') for (const k of Object.keys(a)) if (!(k in e)) out.push(`${path ? `${path}.` : ''}${k}: not in the example`);
  }
}

/** Mismatches of the best-matching sandbox item for each example item (lists), or of the object. */
function shapeMismatches(family: string, example: unknown, actual: unknown, mode: 'exact' | 'subset'): string[] {
  if (!Array.isArray(example)) {
    const out: string[] = [];
    compare(family, example, actual, '', mode, out);
    return out;
  }
  if (!Array.isArray(actual) || actual.length === 0) return [`sandbox answered ${jsonType(actual)} (${Array.isArray(actual) ? 'empty' : ''}) for a list`];
  const out: string[] = [];
  example.forEach((item, i) => {
    let best: string[] | undefined;
    for (const candidate of actual) {
      const m: string[] = [];
      compare(family, item, candidate, '', mode, m);
      if (!best || m.length < best.length) best = m;
      if (!m.length) break;
    }
    out.push(...best!.map((m) => `item ${i}: ${m}`));
  });
  return out;
}

function load(family: string): [string, Example][] {
  return readdirSync(new URL(`${family}/`, FIXTURES))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [`${family}/${f}`, JSON.parse(readFileSync(new URL(`${family}/${f}`, FIXTURES), 'utf8')) as Example]);
}

for (const family of ['tokens', 'projects']) {
  describe(`realdata ${family}`, () => {
    const examples = load(family);

    it('keeps the source of every example', () => {
      expect(examples.length).toBeGreaterThan(0);
      for (const [, ex] of examples) expect(ex.source).toMatch(/^[\w.-]+\/[\w.-]+:\S+$/);
    });

    for (const [name, ex] of examples.filter(([, e]) => e.kind === 'response')) {
      it(`${name}: ${ex.endpoint} answers with the example's status and shape`, async () => {
        const c = CASES[name];
        expect(c, `no sandbox request is defined for the response example ${name}`).toBeDefined();
        const res = await c.request(sandbox());
        expect(res.status).toBe(ex.status);
        if (c.mode === 'equal') expect(res.body).toEqual(ex.body);
        else expect(shapeMismatches(family, ex.body, res.body, c.mode)).toEqual([]);
      });
    }
  });
}

describe('realdata projects headers', () => {
  const byName = new Map(load('projects'));

  it('keyset: the next link has the shape of pagination_keyset_headers.json', async () => {
    const sb = sandbox();
    const ex = byName.get('projects/pagination_keyset_headers.json')!;
    const q = byName.get('projects/pagination_keyset_request_query.json')!.body as Record<string, string>;
    const res = await call(sb, `/projects?${new URLSearchParams({ ...q, per_page: '5' })}`, admin(sb));
    const pattern = (ex.body.Link as string).replace('https://gitlab.example.com', sb.url).replace('per_page=50', 'per_page=5').replace(/id_after=\d+/, 'id_after=ID');
    expect(res.headers.get('link')!.replace(/id_after=\d+/, 'id_after=ID')).toBe(pattern);
  });

  it('offset: the sandbox sends every header of pagination_offset_headers.json that belongs to pagination', async () => {
    const sb = sandbox();
    const ex = byName.get('projects/pagination_offset_headers.json')!;
    const res = await call(sb, '/projects?per_page=3&page=2', admin(sb));
    for (const h of Object.keys(ex.body).filter((k) => k === 'link' || k.startsWith('x-')).filter((k) => !['x-request-id', 'x-runtime'].includes(k))) {
      expect(res.headers.get(h), h).not.toBeNull();
    }
  });

  it('redirect: Location names the project by numeric id, as in redirect_moved_headers.json', async () => {
    const sb = sandbox();
    const ex = byName.get('projects/redirect_moved_headers.json')!;
    const res = await call(sb, '/projects/acme%2Fweb%2Fshop', admin(sb));
    expect(res.status).toBe(ex.status);
    const shape = (url: string) => new URL(url).pathname.replace(/\d+$/, 'ID');
    expect(shape(res.headers.get('location')!)).toBe(shape(ex.body.Location));
  });
});
