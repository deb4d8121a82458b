// The users and groups shapes against GitLab's documented examples (test/fixtures/realdata/users,
// groups): every documented field is there, with the same JSON type.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { all, call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/realdata/${name}.json`, import.meta.url), 'utf8')).body;

// Fields of the early docs that GitLab has since dropped (bio_html) or shows only on GitLab.com (plan, trial).
const GONE = new Set(['bio_html', 'plan', 'trial']);

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Documented fields missing from `actual` or of another JSON type (nulls match anything). */
function differences(doc: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(doc)) {
    if (GONE.has(k)) continue;
    if (!(k in actual)) out.push(`missing ${k}`);
    else if (v !== null && actual[k] !== null && kind(v) !== kind(actual[k])) out.push(`${k}: ${kind(actual[k])}, documented ${kind(v)}`);
  }
  return out;
}

describe('users and groups shapes', () => {
  it('GET /user has the documented fields', async () => {
    const sb = sandbox();
    const me = await call(sb, '/user', { token: sb.tokens.alice });
    expect(differences(fixture('users/current_user'), me.body)).toEqual([]);
  });

  it('GET /users shows other users the basic fields', async () => {
    const sb = sandbox();
    const list = await call(sb, '/users', { token: sb.tokens.alice });
    expect(differences(fixture('users/list_basic')[0], list.body[0])).toEqual([]);
  });

  it('GET /users?admins=true keeps the administrators for an administrator and is ignored for others', async () => {
    const sb = sandbox();
    const admins = await call(sb, '/users?admins=true', { token: sb.tokens.admin });
    expect(admins.body.map((u: { username: string }) => u.username)).toEqual(['root']);
    const everyone = await call(sb, '/users', { token: sb.tokens.alice });
    const ignored = await call(sb, '/users?admins=true', { token: sb.tokens.alice });
    expect(ignored.body).toEqual(everyone.body);
  });

  it('GET /users/:id: a user sees the public profile, an administrator everything', async () => {
    const sb = sandbox();
    const [bob] = await all(sb, '/users?username=bob', sb.tokens.alice);
    expect(differences(fixture('users/get_user'), (await call(sb, `/users/${bob.id}`, { token: sb.tokens.alice })).body)).toEqual([]);
    expect(differences(fixture('users/get_admin'), (await call(sb, `/users/${bob.id}`, { token: sb.tokens.admin })).body)).toEqual([]);
  });

  it('GET /groups and /groups/:id have the documented fields, projects included', async () => {
    const sb = sandbox();
    const list = await call(sb, '/groups', { token: sb.tokens.alice });
    expect(differences(fixture('groups/list')[0], list.body[0])).toEqual([]);
    const doc = fixture('groups/get');
    const one = await call(sb, '/groups/acme%2Fplatform', { token: sb.tokens.alice });
    expect(differences(doc, one.body)).toEqual([]);
    expect(one.body.projects.length).toBeGreaterThan(0);
    expect(differences(doc.projects[0], one.body.projects[0])).toEqual([]);
    const without = await call(sb, '/groups/acme%2Fplatform?with_projects=false', { token: sb.tokens.alice });
    expect(without.body).not.toHaveProperty('projects');
  });
});
