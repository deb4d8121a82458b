// Sandbox answers of the protected environment, analytics, release and dashboard families
// against the shapes of shared/realdata (copied to test/fixtures/realdata).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, sandboxFor } from './helpers.js';

const sb = sandboxFor({ seed: 'demo' });
const fixture = (family: string, name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/realdata', family, name), 'utf8'));

/** Every key of the real example is present in the sandbox's answer, with the same JSON type. */
function sameShape(real: unknown, got: unknown, at = '$'): void {
  if (real === null || got === null) return;
  expect(Array.isArray(got), at).toBe(Array.isArray(real));
  if (Array.isArray(real)) {
    if (real.length && (got as unknown[]).length) sameShape(real[0], (got as unknown[])[0], `${at}[0]`);
    return;
  }
  if (typeof real === 'object') {
    for (const k of Object.keys(real as object)) {
      expect(got, `${at}.${k}`).toHaveProperty(k);
      sameShape((real as any)[k], (got as any)[k], `${at}.${k}`);
    }
    return;
  }
  expect(typeof got, at).toBe(typeof real);
}

const alice = () => sb().tokens.alice;

describe('group protected environments', () => {
  it('create, get, list and update answers have the realdata shapes', async () => {
    const platform = sb().state.findGroup('acme/platform')!.id;
    const created = await call(sb(), '/groups/acme/protected_environments', { method: 'POST', token: alice(), json: { name: 'production', deploy_access_levels: [{ group_id: platform }] } });
    expect(created.status).toBe(201);
    sameShape(fixture('protected_environments', 'create.json').body, created.body);
    const got = await call(sb(), '/groups/acme/protected_environments/production', { token: alice() });
    sameShape(fixture('protected_environments', 'get.json').body, got.body);
    const listed = await call(sb(), '/groups/acme/protected_environments', { token: alice() });
    sameShape(fixture('protected_environments', 'list.json').body, listed.body);
    const id = created.body.deploy_access_levels[0].id;
    const updated = await call(sb(), '/groups/acme/protected_environments/production', { method: 'PUT', token: alice(), json: { deploy_access_levels: [{ id, group_id: sb().state.findGroup('acme/web')!.id }] } });
    expect(updated.status).toBe(200);
    sameShape(fixture('protected_environments', 'update_change_deploy_level.json').body, updated.body);
    const rule = await call(sb(), '/groups/acme/protected_environments/production', { method: 'PUT', token: alice(), json: { approval_rules: [{ group_id: platform, required_approvals: 1 }] } });
    sameShape(fixture('protected_environments', 'update_create_approval_rule.json').body, rule.body);
    const destroyed = await call(sb(), '/groups/acme/protected_environments/production', { method: 'PUT', token: alice(), json: { deploy_access_levels: [{ id, _destroy: true }] } });
    expect(destroyed.body.deploy_access_levels).toEqual([]);
  });

  it('answers the rules with GitLab-style errors', async () => {
    const post = (json: unknown, token = alice()) => call(sb(), '/groups/acme/protected_environments', { method: 'POST', token, json });
    expect((await post({ name: 'prod', deploy_access_levels: [{ access_level: 40 }] })).body).toEqual({ message: 'name does not have a valid value' });
    expect((await post({ name: 'testing', deploy_access_levels: [{ access_level: 50 }] })).body.message).toContain('deploy_access_levels[access_level] does not have a valid value');
    expect((await post({ name: 'testing', deploy_access_levels: [{ access_level: 40, user_id: 2 }] })).body.message).toContain('are mutually exclusive');
    expect((await post({ name: 'testing' })).body.message).toContain('deploy_access_levels is missing');
    expect((await post({ name: 'production', deploy_access_levels: [{ access_level: 40 }] })).body).toEqual({ message: { name: ['has already been taken'] } });
    expect((await post({ name: 'testing', deploy_access_levels: [{ access_level: 40 }] }, sb().tokens.bob)).status).toBe(403);
    // grace cannot read the private research: 404; bob reads it (he has projects there) but is no maintainer: 403.
    expect((await call(sb(), '/groups/research/protected_environments', { token: sb().tokens.grace })).status).toBe(404);
    expect((await call(sb(), '/groups/research/protected_environments', { token: sb().tokens.bob })).status).toBe(403);
    expect((await call(sb(), '/groups/acme/protected_environments/testing', { method: 'DELETE', token: alice() })).status).toBe(404);
    expect((await call(sb(), '/groups/acme/protected_environments/production', { method: 'DELETE', token: alice() })).status).toBe(200);
  });
});

describe('analytics, releases, dashboards', () => {
  it('answer with the realdata shapes', async () => {
    for (const kind of ['issues_count', 'merge_requests_count', 'new_members_count']) {
      const res = await call(sb(), `/analytics/group_activity/${kind}?group_path=acme`, { token: alice() });
      expect(res.status).toBe(200);
      sameShape(fixture('analytics', `${kind}.json`).body, res.body);
    }
    expect((await call(sb(), '/analytics/group_activity/issues_count', { token: alice() })).body).toEqual({ message: 'group_path is missing' });
    const releases = await call(sb(), '/groups/acme/releases', { token: alice() });
    sameShape(fixture('releases', 'list_group.json').body, releases.body);
    const star = await call(sb(), '/projects/acme%2Fplatform%2Fapi/metrics/user_starred_dashboards', { method: 'POST', token: alice(), json: fixture('dashboards', 'star_request.json').body });
    expect(star.status).toBe(201);
    sameShape(fixture('dashboards', 'star.json').body, star.body);
    const unstar = await call(sb(), '/projects/acme%2Fplatform%2Fapi/metrics/user_starred_dashboards', { method: 'DELETE', token: alice(), json: fixture('dashboards', 'unstar_request.json').body });
    expect(unstar.body).toEqual(fixture('dashboards', 'unstar.json').body);
  });
});
