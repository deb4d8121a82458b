// The instance-administration endpoints of the sandbox (spec part 1 §2.4–2.7, §4.2–4.5, §5 rule 5,
// §7 rule 5), checked against the real examples copied into test/fixtures/realdata.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/api/settings-model.js';
import { call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor();

function fixture(family: string, name: string): any {
  return JSON.parse(readFileSync(new URL(`../fixtures/realdata/${family}/${name}.json`, import.meta.url), 'utf8'));
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer-or-number' : 'integer-or-number';
  return typeof v;
}

/** Every key of the example is in the answer with the same JSON type (null on either side allowed). */
function expectShape(answer: Record<string, unknown>, example: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(example)) {
    expect(answer, `missing ${k}`).toHaveProperty([k]);
    if (v === null || answer[k] === null) continue;
    expect(jsonType(answer[k]), `type of ${k}`).toBe(jsonType(v));
  }
}

describe('who may call', () => {
  const adminOnly: [string, string][] = [
    ['GET', '/application/settings'],
    ['PUT', '/application/settings?signup_enabled=true'],
    ['GET', '/application/plan_limits'],
    ['PUT', '/application/plan_limits?plan_name=default'],
    ['GET', '/hooks'],
    ['GET', '/hooks/1'],
    ['POST', '/hooks?url=https://example.com/h'],
    ['POST', '/hooks/1'],
    ['DELETE', '/hooks/999'],
    ['POST', '/broadcast_messages?message=hi'],
    ['PUT', '/broadcast_messages/1?message=hi'],
    ['DELETE', '/broadcast_messages/999'],
  ];
  it.each(adminOnly)('%s %s: anonymous 401, regular user 403', async (method, path) => {
    const sb = sandbox();
    const anon = await call(sb, path, { method });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ message: '401 Unauthorized' });
    const user = await call(sb, path, { method, token: sb.tokens.bob });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ message: '403 Forbidden' });
  });

  it('reads broadcast messages without credentials', async () => {
    const sb = sandbox();
    const all = await call(sb, '/broadcast_messages');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(0);
    expect((await call(sb, `/broadcast_messages/${all.body[0].id}`)).status).toBe(200);
  });
});

describe('application settings', () => {
  it('answers GET with every field of §2.7 and the shapes of the real example', async () => {
    const sb = sandbox();
    const res = await call(sb, '/application/settings', { token: sb.tokens.admin });
    expect(res.status).toBe(200);
    for (const key of Object.keys(SETTINGS)) expect(res.body, key).toHaveProperty([key]);
    expectShape(res.body, fixture('settings', 'get').body);
    expectShape(res.body, fixture('settings', 'get_premium_fragment').body);
    expect(res.body.default_branch_protection_defaults).toEqual({ allowed_to_push: [{ access_level: 40 }], allow_force_push: false, allowed_to_merge: [{ access_level: 40 }] });
    expect(res.body.repository_storages_weighted).toEqual({ default: 100 });
  });

  it('takes PUT parameters in the query string (realdata example) and answers the settings object', async () => {
    const sb = sandbox();
    const q = new URLSearchParams(fixture('settings', 'put_request_query').body).toString();
    const res = await call(sb, `/application/settings?${q}`, { method: 'PUT', token: sb.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.signup_enabled).toBe(false);
    expect(res.body.default_project_visibility).toBe('internal');
    expectShape(res.body, fixture('settings', 'put').body);
  });

  it('takes PUT parameters as a JSON body, objects included', async () => {
    const sb = sandbox();
    const res = await call(sb, '/application/settings', {
      method: 'PUT',
      token: sb.tokens.admin,
      json: { signup_enabled: true, repository_storages_weighted: { default: 50, fast: 50 }, asset_proxy_allowlist: ['a.example.com'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.signup_enabled).toBe(true);
    expect(res.body.repository_storages_weighted).toEqual({ default: 50, fast: 50 });
    // The deprecated whitelist mirrors the allowlist, as on a real instance.
    expect(res.body.asset_proxy_whitelist).toEqual(['a.example.com']);
  });

  it('wants a switch’s companions in the same request (Grape given/requires)', async () => {
    const sb = sandbox();
    const res = await call(sb, '/application/settings?akismet_enabled=true', { method: 'PUT', token: sb.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('akismet_api_key is missing');
    const hk = await call(sb, '/application/settings?housekeeping_enabled=true&housekeeping_full_repack_period=50&housekeeping_gc_period=200&housekeeping_incremental_repack_period=10', { method: 'PUT', token: sb.tokens.admin });
    expect(hk.status).toBe(200);
  });

  it('refuses bad types, values and bounds with 400', async () => {
    const sb = sandbox();
    const put = (q: string) => call(sb, `/application/settings?${q}`, { method: 'PUT', token: sb.tokens.admin });
    expect((await put('signup_enabled=maybe')).body).toEqual({ message: 'signup_enabled is invalid' });
    expect((await put('whats_new_variant=some')).body).toEqual({ message: 'whats_new_variant does not have a valid value' });
    const small = await put('wiki_page_max_content_bytes=100');
    expect(small.status).toBe(400);
    expect(small.body.message).toEqual({ wiki_page_max_content_bytes: ['must be greater than or equal to 1024'] });
    expect((await put('asciidoc_max_includes=65')).status).toBe(400);
    const settings = (await call(sb, '/application/settings', { token: sb.tokens.admin })).body;
    expect(settings.wiki_page_max_content_bytes).toBe(52428800);
    expect(settings.asciidoc_max_includes).toBe(32);
  });

  it('switches admin mode for the whole instance', async () => {
    const sb = sandbox();
    expect((await call(sb, '/application/settings?admin_mode=true', { method: 'PUT', token: sb.tokens.admin })).status).toBe(200);
    // An administrator token without the admin_mode scope now acts as a regular user.
    expect((await call(sb, '/application/settings', { token: sb.tokens.admin_nosudo })).status).toBe(403);
    expect((await call(sb, '/application/settings?admin_mode=false', { method: 'PUT', token: sb.tokens.admin })).status).toBe(200);
    expect((await call(sb, '/application/settings', { token: sb.tokens.admin_nosudo })).status).toBe(200);
  });
});

describe('plan limits', () => {
  it('answers GET with the fields of the real example; the community edition knows only plan default', async () => {
    const sb = sandbox();
    const res = await call(sb, '/application/plan_limits', { token: sb.tokens.admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(fixture('plan_limits', 'get').body).sort());
    expect((await call(sb, '/application/plan_limits?plan_name=default', { token: sb.tokens.admin })).body).toEqual(res.body);
    const gold = await call(sb, '/application/plan_limits?plan_name=gold', { token: sb.tokens.admin });
    expect(gold).toMatchObject({ status: 400, body: { message: 'plan_name does not have a valid value' } });
  });

  it('PUT needs plan_name, takes the realdata query and omits the three storage limits from its answer', async () => {
    const sb = sandbox();
    const missing = await call(sb, '/application/plan_limits?ci_pipeline_size=5', { method: 'PUT', token: sb.tokens.admin });
    expect(missing).toMatchObject({ status: 400, body: { message: 'plan_name is missing' } });
    const q = new URLSearchParams({ ...fixture('plan_limits', 'put_request_query').body, storage_size_limit: '20000' }).toString();
    const res = await call(sb, `/application/plan_limits?${q}`, { method: 'PUT', token: sb.tokens.admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(fixture('plan_limits', 'put').body).sort());
    const after = await call(sb, '/application/plan_limits', { token: sb.tokens.admin });
    expect(after.body.storage_size_limit).toBe(20000);
    expect((await call(sb, '/application/plan_limits?plan_name=default&dotenv_size=big', { method: 'PUT', token: sb.tokens.admin })).body).toEqual({ message: 'dotenv_size is invalid' });
  });
});

describe('broadcast messages', () => {
  it('POST applies the defaults (now, one hour, banner) and answers the real shape with 201', async () => {
    const sb = sandbox();
    const before = Date.now();
    const res = await call(sb, '/broadcast_messages', { method: 'POST', token: sb.tokens.admin, json: fixture('broadcast_messages', 'create_request').body });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(fixture('broadcast_messages', 'create').body).sort());
    expectShape(res.body, fixture('broadcast_messages', 'create').body);
    const starts = Date.parse(res.body.starts_at);
    expect(starts).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.ends_at) - starts).toBe(3_600_000);
    expect(res.body).toMatchObject({ broadcast_type: 'banner', target_access_levels: [10, 30], theme: 'red', active: true });
  });

  it('PUT applies no defaults: only what is sent changes', async () => {
    const sb = sandbox();
    const created = (await call(sb, '/broadcast_messages', { method: 'POST', token: sb.tokens.admin, json: { message: 'a', broadcast_type: 'notification', starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-02T00:00:00Z' } })).body;
    const res = await call(sb, `/broadcast_messages/${created.id}`, { method: 'PUT', token: sb.tokens.admin, json: fixture('broadcast_messages', 'update_request').body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, message: 'Update message' });
    expectShape(res.body, fixture('broadcast_messages', 'update').body);
  });

  it('refuses access levels outside 10–50 and an end before the start; DELETE answers 204', async () => {
    const sb = sandbox();
    const bad = await call(sb, '/broadcast_messages', { method: 'POST', token: sb.tokens.admin, json: { message: 'x', target_access_levels: [10, 60] } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'target_access_levels does not have a valid value' } });
    const backwards = await call(sb, '/broadcast_messages', { method: 'POST', token: sb.tokens.admin, json: { message: 'x', starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' } });
    expect(backwards.status).toBe(400);
    expect((await call(sb, '/broadcast_messages', { method: 'POST', token: sb.tokens.admin, json: {} })).body).toEqual({ message: 'message is missing' });
    const m = (await call(sb, '/broadcast_messages', { method: 'POST', token: sb.tokens.admin, json: { message: 'bye' } })).body;
    const deleted = await call(sb, `/broadcast_messages/${m.id}`, { method: 'DELETE', token: sb.tokens.admin });
    expect(deleted.status).toBe(204);
    // RFC 9110 §8.6: a 204 carries no Content-Length (GitLab's do not); a client must not need one.
    expect(deleted.headers.get('content-length')).toBeNull();
    expect(deleted.text).toBe('');
    expect((await call(sb, `/broadcast_messages/${m.id}`)).status).toBe(404);
  });

  it('lists with the real list shape', async () => {
    const sb = sandbox();
    const res = await call(sb, '/broadcast_messages');
    expectShape(res.body[0], fixture('broadcast_messages', 'list').body[0]);
    expect(res.headers.get('x-total')).toBe(String(res.body.length));
  });
});

describe('system hooks', () => {
  it('creates a hook (answer in an array, like the real example) and never returns the secret token', async () => {
    const sb = sandbox();
    const secret = 'very-secret-hook-token-42';
    const res = await call(sb, '/hooks', { method: 'POST', token: sb.tokens.admin, json: { url: 'https://gitlab.example.com/hook', name: 'Hook name', token: secret, push_events: true } });
    expect(res.status).toBe(201);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1);
    expectShape(res.body[0], fixture('system_hooks', 'create').body[0]);
    expect(res.body[0]).toMatchObject({ push_events: true, tag_push_events: false, repository_update_events: true, enable_ssl_verification: true });
    expect(res.text).not.toContain(secret);
    const one = await call(sb, `/hooks/${res.body[0].id}`, { token: sb.tokens.admin });
    expect(one.body).toEqual(res.body);
    expect(one.text).not.toContain(secret);
    const all = await call(sb, '/hooks', { token: sb.tokens.admin });
    expect(all.text).not.toContain(secret);
    expectShape(all.body[0], fixture('system_hooks', 'list').body[0]);
  });

  it('answers the test operation with the mock delivery and deletes with 204', async () => {
    const sb = sandbox();
    const created = (await call(sb, '/hooks?url=https://example.com/t', { method: 'POST', token: sb.tokens.admin })).body[0];
    const test = await call(sb, `/hooks/${created.id}`, { method: 'POST', token: sb.tokens.admin });
    expect(test.status).toBe(201);
    expect(test.body).toEqual(fixture('system_hooks', 'test_mock').body);
    expect((await call(sb, `/hooks/${created.id}`, { method: 'DELETE', token: sb.tokens.admin })).status).toBe(204);
    expect((await call(sb, `/hooks/${created.id}`, { token: sb.tokens.admin })).status).toBe(404);
    expect((await call(sb, '/hooks?url=ftp://example.com', { method: 'POST', token: sb.tokens.admin })).status).toBe(400);
    expect((await call(sb, '/hooks', { method: 'POST', token: sb.tokens.admin, json: {} })).body).toEqual({ message: 'url is missing' });
  });
});
