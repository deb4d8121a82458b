// Fidelity of the merge request and merge train answers to the real examples copied from
// shared/realdata (test/fixtures/realdata/merge_requests, merge_trains): every field of an example
// is in the sandbox's answer with the same JSON type (recursively), error bodies are equal, and
// the JSON schemas' required fields are present (the merge train schema allows no other field).

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { addMergeRequest } from '../../src/sandbox/merge-requests/seed.js';
import { call, sandboxFor, type Answer } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });
const FIXTURES = new URL('../fixtures/realdata/', import.meta.url);
const API = '/projects/acme%2Fplatform%2Fapi';

interface Example {
  source: string;
  endpoint: string;
  kind: string;
  status: number | null;
  body: any;
}

/** Fields that are null in one state and a value in another (the example shows one of them). */
const NULLABLE = new Set([
  'merged_by',
  'merge_user',
  'merged_at',
  'closed_by',
  'closed_at',
  'assignee',
  'milestone',
  'merge_commit_sha',
  'squash_commit_sha',
  'discussion_locked',
  'should_remove_source_branch',
  'merge_error',
  'merge_after',
  'latest_build_started_at',
  'latest_build_finished_at',
  'first_deployed_to_production_at',
  'pipeline',
  'description',
  'merge_request.description',
  'milestone.due_date',
  'milestone.start_date',
  'merged_at',
  'duration',
]);

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function compare(example: unknown, actual: unknown, path: string, out: string[]): void {
  const [te, ta] = [jsonType(example), jsonType(actual)];
  if (te === 'null' || ta === 'null') {
    // avatar_url: string or null in GitLab's user/basic schema.
    if (te !== ta && !NULLABLE.has(path) && !path.endsWith('avatar_url')) out.push(`${path}: example ${te}, sandbox ${ta}`);
    return;
  }
  if (te !== ta) return void out.push(`${path}: example ${te}, sandbox ${ta}`);
  if (te === 'array') {
    const [e, a] = [example as unknown[], actual as unknown[]];
    if (e.length) for (const item of a) compare(e[0], item, path, out);
    return;
  }
  if (te === 'object') {
    const [e, a] = [example as Record<string, unknown>, actual as Record<string, unknown>];
    for (const k of Object.keys(e)) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in a)) out.push(`${p}: missing in the sandbox's answer`);
      else compare(e[k], a[k], p, out);
    }
  }
}

/** For a list: the mismatches of the best-matching sandbox item. */
function mismatches(example: unknown, actual: unknown): string[] {
  if (!Array.isArray(example)) {
    const out: string[] = [];
    compare(example, actual, '', out);
    return out;
  }
  if (!Array.isArray(actual) || !actual.length) return ['sandbox answered no items'];
  let best: string[] | undefined;
  for (const candidate of actual) {
    const m: string[] = [];
    compare(example[0], candidate, '', m);
    if (!best || m.length < best.length) best = m;
  }
  return best!;
}

function fixture(name: string): Example {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Example;
}

/** A merged merge request with everything set, as the examples show. */
function richMr(sb: Sandbox, title: string) {
  return addMergeRequest(sb.state, {
    project: 'acme/platform/api',
    title,
    author: 'bob',
    assignees: ['bob'],
    reviewers: ['grace'],
    labels: ['bug'],
    milestone: 'v1.0',
    pipeline: { startedAgoMs: 60_000, durationMs: 1000, outcome: 'success' },
  });
}

const CASES: Record<string, (sb: Sandbox) => Promise<Answer>> = {
  'merge_requests/list_global.json': (sb) => call(sb, '/merge_requests?scope=all&state=merged', { token: sb.tokens.admin }),
  'merge_requests/list_global_17_x.json': (sb) => call(sb, '/merge_requests?scope=all&state=merged', { token: sb.tokens.admin }),
  'merge_requests/list_project.json': (sb) => call(sb, `${API}/merge_requests?state=merged`, { token: sb.tokens.admin }),
  'merge_requests/update.json': async (sb) => call(sb, `${API}/merge_requests/${richMr(sb, 'Fidelity update').iid}`, { method: 'PUT', token: sb.tokens.grace, json: { title: 'Fidelity update 2' } }),
  'merge_requests/merge.json': async (sb) => call(sb, `${API}/merge_requests/${richMr(sb, 'Fidelity merge').iid}/merge`, { method: 'PUT', token: sb.tokens.grace, json: { should_remove_source_branch: true } }),
  'merge_requests/merge_error_409.json': (sb) => call(sb, `${API}/merge_requests/1/merge`, { method: 'PUT', token: sb.tokens.grace, json: { sha: 'f'.repeat(40) } }),
  'merge_requests/merge_error_422.json': (sb) => call(sb, `${API}/merge_requests/3/merge`, { method: 'PUT', token: sb.tokens.grace, json: {} }),
  'merge_trains/add_mr.json': (sb) => call(sb, `/projects/opensource%2Fforgectl/merge_trains/merge_requests/1`, { method: 'POST', token: sb.tokens.admin, json: {} }),
  'merge_trains/get_mr_status.json': (sb) => call(sb, `/projects/opensource%2Fforgectl/merge_trains/merge_requests/1`, { token: sb.tokens.admin }),
  'merge_trains/list_project.json': (sb) => call(sb, `/projects/opensource%2Fforgectl/merge_trains`, { token: sb.tokens.admin }),
  'merge_trains/list_branch.json': (sb) => call(sb, `/projects/opensource%2Fforgectl/merge_trains/main`, { token: sb.tokens.admin }),
};

/** Error examples are compared whole. */
const EQUAL = new Set(['merge_requests/merge_error_409.json', 'merge_requests/merge_error_422.json']);

describe('realdata merge requests and merge trains', () => {
  for (const family of ['merge_requests', 'merge_trains']) {
    // Sorted so the train entry exists (add_mr) before it is read.
    const names = readdirSync(new URL(`${family}/`, FIXTURES)).filter((f) => f.endsWith('.json')).sort();
    for (const file of names) {
      const name = `${family}/${file}`;
      const ex = fixture(name);
      if (ex.kind !== 'response') continue;
      it(`${name}: ${ex.endpoint} answers with the example's status and shape`, async () => {
        expect(ex.source).toMatch(/^[\w.-]+\/[\w.-]+:\S+$/);
        const request = CASES[name];
        expect(request, `no request defined for ${name}`).toBeDefined();
        const res = await request(sandbox());
        expect(res.status).toBe(ex.status);
        if (EQUAL.has(name)) expect(res.body).toEqual(ex.body);
        else expect(mismatches(ex.body, res.body)).toEqual([]);
      });
    }
  }

  it('has every required field of GitLab’s merge request, simple, milestone and user schemas', async () => {
    const sb = sandbox();
    const mr = (await call(sb, `${API}/merge_requests/1`, { token: sb.tokens.admin })).body;
    expect(Object.keys(mr)).toEqual(expect.arrayContaining(fixture('merge_requests/schema_merge_request.json').body.required));
    // The old list schema differs only by approvals_before_merge, deprecated (spec part 2 §9.2).
    const old = fixture('merge_requests/schema_merge_requests_old.json').body.items.required.filter((k: string) => k !== 'approvals_before_merge');
    const listed = (await call(sb, `${API}/merge_requests`, { token: sb.tokens.admin })).body;
    for (const item of listed) expect(Object.keys(item)).toEqual(expect.arrayContaining(old));
    const simple = (await call(sb, `${API}/merge_requests?view=simple`, { token: sb.tokens.admin })).body;
    expect(Object.keys(simple[0])).toEqual(expect.arrayContaining(fixture('merge_requests/schema_merge_request_simple.json').body.required));
    expect(Object.keys(mr.author)).toEqual(expect.arrayContaining(fixture('merge_requests/schema_user_basic.json').body.required));
    const milestoneRequired = fixture('merge_requests/schema_milestone.json').body.required as string[];
    expect(Object.keys(mr.milestone)).toEqual(expect.arrayContaining(milestoneRequired));
  });

  it('a train entry has only the fields of GitLab’s merge_train schema (additionalProperties false)', async () => {
    const sb = sandbox();
    const schema = fixture('merge_trains/schema_merge_train.json').body;
    const entries = (await call(sb, `/projects/opensource%2Fforgectl/merge_trains`, { token: sb.tokens.admin })).body;
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(Object.keys(e)).toEqual(expect.arrayContaining(schema.required));
      expect(Object.keys(e).filter((k) => !(k in schema.properties))).toEqual([]);
    }
  });
});
