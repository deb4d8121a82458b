// Sandbox answers of the activity feed, notification settings and group wikis: shapes against the
// real examples copied from shared/realdata (test/fixtures/realdata/{events,notification_settings,
// group_wikis}), and the rules of spec part 2 §4.4, §4.7, §4.8.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });
const FIXTURES = new URL('../fixtures/realdata/', import.meta.url);
const API = '/projects/acme%2Fplatform%2Fapi';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as { source: string; body: any };

/** Fields null in one event and a value in another. */
const NULLABLE = new Set(['target_id', 'target_iid', 'target_type', 'target_title', 'data', 'title', 'avatar_url', 'note.noteable_iid']);

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Every field of the example is in the answer with the same JSON type. */
function mismatches(example: unknown, actual: unknown, path = ''): string[] {
  const [te, ta] = [jsonType(example), jsonType(actual)];
  const key = path.split('.').slice(-1)[0];
  if (te === 'null' || ta === 'null') return te === ta || NULLABLE.has(key) || NULLABLE.has(path) ? [] : [`${path}: example ${te}, sandbox ${ta}`];
  if (te !== ta) return [`${path}: example ${te}, sandbox ${ta}`];
  if (te !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(example as object)) {
    const p = path ? `${path}.${k}` : k;
    if (!(k in (actual as object))) out.push(`${p}: missing`);
    else out.push(...mismatches(v, (actual as Record<string, unknown>)[k], p));
  }
  return out;
}

/** For each example item, the sandbox item of the same kind that matches it best must match fully. */
function listMismatches(examples: any[], actual: any[]): string[] {
  const out: string[] = [];
  for (const ex of examples) {
    const same = actual.filter((a) => (a.target_type === null) === (ex.target_type === null) && ('note' in a) === ('note' in ex) && ('push_data' in a) === ('push_data' in ex));
    if (!same.length) {
      out.push(`no sandbox event like example ${ex.id}`);
      continue;
    }
    out.push(...same.map((a) => mismatches(ex, a)).sort((x, y) => x.length - y.length)[0]);
  }
  return out;
}

describe('activity events', () => {
  it('answer with the shapes of the real examples', async () => {
    const sb = sandbox();
    const res = await call(sb, `${API}/events?per_page=100`, { token: sb.tokens.admin });
    expect(res.status).toBe(200);
    for (const name of ['events/list_own.json', 'events/list_project.json', 'events/list_user.json']) {
      expect(listMismatches(fixture(name).body, res.body), name).toEqual([]);
    }
  });

  it('filters by action, target_type and exclusive dates, newest first unless sort=asc', async () => {
    const sb = sandbox();
    const all = (await call(sb, `${API}/events?per_page=100`, { token: sb.tokens.admin })).body as any[];
    const times = all.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const commented = (await call(sb, `${API}/events?action=commented`, { token: sb.tokens.admin })).body;
    expect(commented.map((e: any) => e.action_name)).toEqual(['commented on']);
    expect(commented[0].note.body).toContain('600 requests');
    const issues = (await call(sb, `${API}/events?target_type=issue&sort=asc`, { token: sb.tokens.admin })).body;
    expect(issues.map((e: any) => e.action_name)).toEqual(['opened', 'closed']);
    // The 4-year-old event is gone (retention of three years).
    expect(all.some((e) => e.target_title === 'Ancient history')).toBe(false);
    const day = issues[0].created_at.slice(0, 10);
    const onDay = (await call(sb, `${API}/events?target_type=issue&after=${day}`, { token: sb.tokens.admin })).body;
    expect(onDay.map((e: any) => e.action_name)).toEqual(['closed']);
    const beforeDay = (await call(sb, `${API}/events?target_type=issue&before=${day}`, { token: sb.tokens.admin })).body;
    expect(beforeDay).toEqual([]);
  });

  it('rejects upper-case target types and unknown actions with 400', async () => {
    const sb = sandbox();
    expect((await call(sb, `${API}/events?target_type=Issue`, { token: sb.tokens.admin })).body).toEqual({ message: 'target_type does not have a valid value' });
    expect((await call(sb, `${API}/events?action=opened`, { token: sb.tokens.admin })).status).toBe(400);
  });

  it('refuses a read_api token for own and user events (read_user or api), not for project events', async () => {
    const sb = sandbox();
    for (const path of ['/events', '/users/grace/events']) {
      const res = await call(sb, path, { token: sb.tokens.readonly });
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe('insufficient_scope');
      expect(res.body.scope).toBe('api read_user');
    }
    expect((await call(sb, '/projects/acme%2Fplatform%2Fapi/events', { token: sb.tokens.readonly })).status).toBe(200);
  });

  it('gives every note event its note with the note’s author', async () => {
    const sb = sandbox();
    const events: any[] = [];
    for (const project of ['acme%2Fplatform%2Fapi', 'acme%2Fplatform%2Fgateway']) {
      events.push(...(await call(sb, `/projects/${project}/events?target_type=note&per_page=100`, { token: sb.tokens.admin })).body);
    }
    const withNote = events.filter((e) => e.note);
    expect(withNote.length).toBeGreaterThan(1);
    for (const e of withNote) {
      expect(e.note.author, `event ${e.id}`).toMatchObject({ id: e.author_id, username: e.author_username });
      expect(Object.keys(e.note).slice(0, 4)).toEqual(['id', 'body', 'attachment', 'author']);
    }
  });

  it('needs scope read_user or api for own and user events, and hides private projects', async () => {
    const sb = sandbox();
    const carol = sb.state.findUser('carol')!;
    const secret = 'glpat-repo-only-events-test';
    sb.state.addToken({ userId: carol.id, name: 'repo', description: null, scopes: ['read_repository'], createdAt: 0, updatedAt: 0, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret });
    const refused = await call(sb, '/events', { token: secret });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('insufficient_scope');
    expect(refused.body.scope).toContain('read_user');
    // alice (owner of acme) sees the events of acme/platform/api; frank (external) sees none of them.
    const own = (await call(sb, '/events?scope=all&per_page=100', { token: sb.tokens.alice })).body as any[];
    expect(own.some((e) => e.action_name === 'commented on')).toBe(true);
    expect((await call(sb, '/users/grace/events', { token: sb.tokens.alice })).body.map((e: any) => e.action_name)).toEqual(expect.arrayContaining(['closed', 'commented on']));
    expect((await call(sb, '/users/nobody-here/events', { token: sb.tokens.alice })).status).toBe(404);
    // dave's profile is private: only dave and administrators see his activity.
    expect((await call(sb, '/users/dave/events', { token: sb.tokens.alice })).body).toEqual([]);
    // An anonymous caller reads a public project's feed but not an internal one.
    expect((await call(sb, `${API}/events`)).status).toBe(404);
    expect((await call(sb, '/projects/opensource%2Fforgectl/events')).status).toBe(200);
  });
});

describe('notification settings', () => {
  it('answer with the real shapes and default levels', async () => {
    const sb = sandbox();
    const g = await call(sb, '/notification_settings', { token: sb.tokens.bob });
    expect(mismatches(fixture('notification_settings/global_get.json').body, g.body)).toEqual([]);
    expect(g.body).toEqual({ level: 'participating', notification_email: 'bob@example.com' });
    expect((await call(sb, '/groups/acme/notification_settings', { token: sb.tokens.bob })).body).toEqual(fixture('notification_settings/group_get.json').body);
    expect((await call(sb, `${API}/notification_settings`, { token: sb.tokens.bob })).body).toEqual(fixture('notification_settings/project_get.json').body);
  });

  it('stores level and events; events shown at level custom only', async () => {
    const sb = sandbox();
    const put = await call(sb, `${API}/notification_settings?level=custom&new_note=true`, { method: 'PUT', token: sb.tokens.grace });
    expect(put.status).toBe(200);
    expect(mismatches(fixture('notification_settings/project_put_custom.json').body, put.body)).toEqual([]);
    expect(put.body.events).toMatchObject({ new_note: true, new_issue: false, moved_project: false });
    const watch = await call(sb, `${API}/notification_settings`, { method: 'PUT', token: sb.tokens.grace, json: { level: 'watch' } });
    expect(watch.body).toEqual({ level: 'watch' });
    const bad = await call(sb, '/notification_settings', { method: 'PUT', token: sb.tokens.grace, json: { level: 'loud' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'loud' is not a valid level");
    const email = await call(sb, '/notification_settings', { method: 'PUT', token: sb.tokens.grace, json: { notification_email: 'someone@else.org' } });
    expect(email.status).toBe(400);
  });
});

describe('group wikis', () => {
  it('answer with the real shapes', async () => {
    const sb = sandbox();
    const listed = await call(sb, '/groups/acme/wikis?with_content=1', { token: sb.tokens.alice });
    expect(listed.body).toEqual(fixture('group_wikis/list.json').body);
    const got = await call(sb, '/groups/acme/wikis/home', { token: sb.tokens.alice });
    expect(mismatches(fixture('group_wikis/get.json').body, got.body)).toEqual([]);
    const created = await call(sb, '/groups/acme/wikis', { method: 'POST', token: sb.tokens.alice, json: fixture('group_wikis/create_request.json').body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ content: 'Hello world', format: 'rdoc', slug: 'Hello', title: 'Hello', encoding: 'UTF-8' });
    const updated = await call(sb, '/groups/acme/wikis/Hello', { method: 'PUT', token: sb.tokens.alice, json: fixture('group_wikis/update_request.json').body });
    expect(updated.body).toEqual({ ...fixture('group_wikis/update.json').body, format: 'rdoc' });
  });

  it('keeps versions, checks formats and rights, and logs events', async () => {
    const sb = sandbox();
    const t = sb.tokens.alice;
    await call(sb, '/groups/acme/wikis', { method: 'POST', token: t, json: { title: 'docs/Setup guide', content: 'v1' } });
    const put = await call(sb, '/groups/acme/wikis/docs%2FSetup-guide', { method: 'PUT', token: t, json: { content: 'v2' } });
    expect(put.body.slug).toBe('docs/Setup-guide');
    const v1sha = (await import('../../src/sandbox/group-wikis/store.js')).groupPages(sb.state, sb.state.findGroup('acme')!.id).get('docs/Setup-guide')!.versions[0].sha;
    expect((await call(sb, `/groups/acme/wikis/docs%2FSetup-guide?version=${v1sha}`, { token: t })).body.content).toBe('v1');
    expect((await call(sb, '/groups/acme/wikis/docs%2FSetup-guide?version=0000000', { token: t })).status).toBe(404);
    expect((await call(sb, '/groups/acme/wikis', { method: 'POST', token: t, json: { title: 'X', content: 'y', format: 'html' } })).body).toEqual({ message: 'format does not have a valid value' });
    expect((await call(sb, '/groups/acme/wikis/docs%2FSetup-guide', { method: 'PUT', token: t, json: { format: 'org' } })).status).toBe(400);
    // grace is a Reporter of acme: may read, not write.
    expect((await call(sb, '/groups/acme/wikis', { method: 'POST', token: sb.tokens.grace, json: { title: 'Z', content: 'z' } })).status).toBe(403);
    expect((await call(sb, '/groups/acme/wikis/docs%2FSetup-guide', { method: 'DELETE', token: t })).status).toBe(204);
    const events = (await call(sb, '/events?target_type=wiki&sort=asc&per_page=100', { token: t })).body as any[];
    const mine = events.filter((e) => e.wiki_page?.slug === 'docs/Setup-guide').map((e) => e.action_name);
    expect(mine).toEqual(['created', 'updated', 'destroyed']);
    expect(events[0]).toMatchObject({ project_id: null, target_type: 'WikiPage::Meta' });
  });

  it('stores a multipart attachment and answers with its markdown link', async () => {
    const sb = sandbox();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('PNGDATA')], { type: 'image/png' }), 'dk.png');
    const res = await fetch(`${sb.url}/api/v4/groups/acme/wikis/attachments`, { method: 'POST', headers: { 'PRIVATE-TOKEN': sb.tokens.alice }, body: form });
    const body = (await res.json()) as any;
    expect(res.status).toBe(201);
    expect(mismatches(fixture('group_wikis/upload_attachment.json').body, body)).toEqual([]);
    expect(body.link.markdown).toMatch(/^!\[dk\]\(uploads\/[0-9a-f]{32}\/dk\.png\)$/);
    expect(body.branch).toBe('main');
    const missing = await call(sb, '/groups/acme/wikis/attachments', { method: 'POST', token: sb.tokens.alice, json: {} });
    expect(missing.body).toEqual({ message: 'file is missing' });
  });
});
