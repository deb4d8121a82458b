import { describe, expect, it } from 'vitest';
import { all, call, inDays, sandboxFor, today } from './helpers.js';

const sandbox = sandboxFor();

async function selfOf(token: string) {
  return (await call(sandbox(), '/personal_access_tokens/self', { token })).body;
}

describe('GET /personal_access_tokens', () => {
  it('gives an administrator every user’s tokens and a user only their own (no impersonation tokens)', async () => {
    const sb = sandbox();
    const admin = await all(sb, '/personal_access_tokens', sb.tokens.admin);
    expect(new Set(admin.map((t) => t.user_id)).size).toBeGreaterThan(3);
    expect(admin.map((t) => t.name)).toContain('support-impersonation');
    const dave = sb.state.findUser('dave')!;
    const daveToken = sb.state.addToken({ userId: dave.id, name: 'dave-own', description: null, scopes: ['api'], createdAt: Date.now(), updatedAt: Date.now(), lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-dave-own-00000000' });
    const own = await all(sb, '/personal_access_tokens', daveToken.secret);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((t) => t.user_id === dave.id)).toBe(true);
    expect(own.map((t) => t.name)).not.toContain('support-impersonation');
  });

  it('filters by user (id or username), state, revoked, search and dates', async () => {
    const sb = sandbox();
    const alice = sb.state.findUser('alice')!;
    const byName = await all(sb, '/personal_access_tokens?user_id=alice', sb.tokens.admin);
    const byId = await all(sb, `/personal_access_tokens?user_id=${alice.id}`, sb.tokens.admin);
    expect(byName.length).toBeGreaterThan(1);
    expect(byName).toEqual(byId);
    expect(byName.every((t) => t.user_id === alice.id)).toBe(true);

    const inactive = await all(sb, '/personal_access_tokens?state=inactive', sb.tokens.admin);
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((t) => t.active === false)).toBe(true);
    expect(inactive.map((t) => t.name)).toEqual(expect.arrayContaining(['legacy-script', 'ci-deploy-old']));
    const active = await all(sb, '/personal_access_tokens?state=active', sb.tokens.admin);
    expect(active.every((t) => t.active === true && t.revoked === false)).toBe(true);

    const revoked = await all(sb, '/personal_access_tokens?revoked=true', sb.tokens.admin);
    expect(revoked.length).toBeGreaterThan(0);
    expect(revoked.every((t) => t.revoked === true && t.active === false)).toBe(true);

    const search = await all(sb, '/personal_access_tokens?search=CI', sb.tokens.admin);
    expect(search.length).toBeGreaterThan(1);
    expect(search.every((t) => t.name.toLowerCase().includes('ci'))).toBe(true);

    const cutoff = new Date(Date.now() - 100 * 86_400_000).toISOString();
    const old = await all(sb, `/personal_access_tokens?created_before=${cutoff}`, sb.tokens.admin);
    const recent = await all(sb, `/personal_access_tokens?created_after=${cutoff}`, sb.tokens.admin);
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((t) => t.created_at <= cutoff)).toBe(true);
    expect(recent.every((t) => t.created_at >= cutoff)).toBe(true);
    expect(old.length + recent.length).toBe((await all(sb, '/personal_access_tokens', sb.tokens.admin)).length);

    const usedCutoff = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const usedBefore = await all(sb, `/personal_access_tokens?last_used_before=${usedCutoff}`, sb.tokens.admin);
    expect(usedBefore.length).toBeGreaterThan(0);
    expect(usedBefore.every((t) => t.last_used_at !== null && t.last_used_at <= usedCutoff)).toBe(true);
    const usedAfter = await all(sb, `/personal_access_tokens?last_used_after=${usedCutoff}`, sb.tokens.admin);
    expect(usedAfter.every((t) => t.last_used_at >= usedCutoff)).toBe(true);
  });

  it('rule 1: a user naming another user gets 401; naming themselves is fine', async () => {
    const sb = sandbox();
    expect(await call(sb, '/personal_access_tokens?user_id=alice', { token: sb.tokens.bob })).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    const bob = sb.state.findUser('bob')!;
    const own = await call(sb, `/personal_access_tokens?user_id=${bob.id}`, { token: sb.tokens.bob });
    expect(own.status).toBe(200);
    expect(own.body.every((t: any) => t.user_id === bob.id)).toBe(true);
  });

  it('answers an administrator naming an unknown user with 404, and bad filter values with 400', async () => {
    const sb = sandbox();
    expect((await call(sb, '/personal_access_tokens?user_id=nobody', { token: sb.tokens.admin })).status).toBe(404);
    const bad = await call(sb, '/personal_access_tokens?state=sleeping&revoked=maybe', { token: sb.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('revoked is invalid, state does not have a valid value');
  });
});

describe('GET /personal_access_tokens/:id and /self', () => {
  it('rule 2: the owner and administrators read a token; others and missing ones are 401, missing is 404 for administrators', async () => {
    const sb = sandbox();
    const alice = await selfOf(sb.tokens.alice);
    expect((await call(sb, `/personal_access_tokens/${alice.id}`, { token: sb.tokens.alice })).body).toMatchObject({ id: alice.id, name: 'alice-laptop' });
    expect((await call(sb, `/personal_access_tokens/${alice.id}`, { token: sb.tokens.admin })).status).toBe(200);
    expect(await call(sb, `/personal_access_tokens/${alice.id}`, { token: sb.tokens.bob })).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    expect((await call(sb, '/personal_access_tokens/999999', { token: sb.tokens.bob })).status).toBe(401);
    expect(await call(sb, '/personal_access_tokens/999999', { token: sb.tokens.admin })).toMatchObject({ status: 404, body: { message: '404 Not Found' } });
  });

  it('shows an expired token as inactive, without the secret', async () => {
    const sb = sandbox();
    const expired = [...sb.state.tokens.values()].find((t) => t.secret === sb.tokens.expired)!;
    const res = await call(sb, `/personal_access_tokens/${expired.id}`, { token: sb.tokens.admin });
    expect(res.body).toMatchObject({ active: false, revoked: false });
    expect(res.body.expires_at < today()).toBe(true);
    expect(res.body).not.toHaveProperty('token');
  });
});

describe('rotation (spec part 1 §3, §7 rule 3)', () => {
  it('revokes the old token and issues a new one in the family expiring in a week by default', async () => {
    const sb = sandbox();
    const before = await selfOf(sb.tokens.grace);
    const res = await call(sb, `/personal_access_tokens/${before.id}/rotate`, { method: 'POST', token: sb.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: before.name, description: before.description, scopes: before.scopes, user_id: before.user_id, revoked: false, active: true, last_used_at: null, expires_at: inDays(7) });
    expect(res.body.token).toMatch(/^glpat-/);
    expect(res.body.id).not.toBe(before.id);
    expect(await call(sb, '/personal_access_tokens/self', { token: sb.tokens.grace })).toMatchObject({ status: 401 });
    expect((await call(sb, '/personal_access_tokens/self', { token: res.body.token })).body.id).toBe(res.body.id);
    const old = await call(sb, `/personal_access_tokens/${before.id}`, { token: sb.tokens.admin });
    expect(old.body).toMatchObject({ revoked: true, active: false });
    expect(sb.state.tokens.get(res.body.id)!.previousId).toBe(before.id);
  });

  it('rotates self with a chosen expiry, also for a read_api token that has self_rotate', async () => {
    const sb = sandbox();
    const res = await call(sb, '/personal_access_tokens/self/rotate', { method: 'POST', token: sb.tokens.readonly_rotate, json: { expires_at: inDays(30) } });
    expect(res.status).toBe(200);
    expect(res.body.expires_at).toBe(inDays(30));
    expect((await call(sb, '/personal_access_tokens/self', { token: sb.tokens.readonly_rotate })).status).toBe(401);
  });

  it('refuses an expiry in the past, more than a year ahead or not a date with 400, rotating nothing; today is accepted', async () => {
    const sb = sandbox();
    const bob = await selfOf(sb.tokens.bob);
    for (const [value, message] of [
      [inDays(-1), '400 Bad request - Expiration date must not be in the past'],
      [inDays(366), `400 Bad request - Expiration date must be before ${inDays(365)}`],
      ['2025-02-30', 'expires_at is invalid'],
    ]) {
      const res = await call(sb, `/personal_access_tokens/${bob.id}/rotate?expires_at=${value}`, { method: 'POST', token: sb.tokens.bob });
      expect(res, value).toMatchObject({ status: 400, body: { message } });
    }
    expect((await selfOf(sb.tokens.bob)).revoked).toBe(false);
    const max = await call(sb, `/personal_access_tokens/${bob.id}/rotate?expires_at=${inDays(365)}`, { method: 'POST', token: sb.tokens.bob });
    expect(max.status).toBe(200);
    const sameDay = await call(sb, `/personal_access_tokens/${max.body.id}/rotate?expires_at=${today()}`, { method: 'POST', token: max.body.token });
    expect(sameDay).toMatchObject({ status: 200, body: { expires_at: today() } });
    // A token is expired from the start of its date: give bob a working one again.
    const again = await call(sb, `/personal_access_tokens/${sameDay.body.id}/rotate`, { method: 'POST', token: sb.tokens.admin });
    expect(again.status).toBe(200);
    sb.tokens.bob = again.body.token;
  });

  it('gives 401 to a user rotating another user’s token, and 404 to an administrator for a missing one', async () => {
    const sb = sandbox();
    const alice = await selfOf(sb.tokens.alice);
    expect((await call(sb, `/personal_access_tokens/${alice.id}/rotate`, { method: 'POST', token: sb.tokens.bob })).status).toBe(401);
    expect((await call(sb, '/personal_access_tokens/999999/rotate', { method: 'POST', token: sb.tokens.bob })).status).toBe(401);
    expect((await call(sb, '/personal_access_tokens/999999/rotate', { method: 'POST', token: sb.tokens.admin })).status).toBe(404);
    expect((await selfOf(sb.tokens.alice)).revoked).toBe(false);
  });

  it('answers 400 for an already revoked token rotated by id', async () => {
    const sb = sandbox();
    const revoked = [...sb.state.tokens.values()].find((t) => t.secret === sb.tokens.revoked)!;
    const res = await call(sb, `/personal_access_tokens/${revoked.id}/rotate`, { method: 'POST', token: sb.tokens.admin });
    expect(res).toMatchObject({ status: 400, body: { message: '400 Bad request - Token already revoked' } });
  });

  it('reuse detection: presenting a rotated (revoked) token to rotate revokes the family’s active token', async () => {
    const sb = sandbox();
    const current = await selfOf(sb.tokens.rotated_current);
    expect(current.active).toBe(true);
    const res = await call(sb, '/personal_access_tokens/self/rotate', { method: 'POST', token: sb.tokens.rotated });
    expect(res).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    const after = await call(sb, `/personal_access_tokens/${current.id}`, { token: sb.tokens.admin });
    expect(after.body).toMatchObject({ revoked: true, active: false });
    expect((await call(sb, '/personal_access_tokens/self', { token: sb.tokens.rotated_current })).status).toBe(401);
  });

  it('leaves the family alone when a revoked token is used on other endpoints', async () => {
    const sb = sandbox();
    const first = await call(sb, `/personal_access_tokens/${(await selfOf(sb.tokens.alice)).id}/rotate`, { method: 'POST', token: sb.tokens.alice });
    expect(first.status).toBe(200);
    expect((await call(sb, '/projects', { token: sb.tokens.alice })).status).toBe(401);
    expect((await call(sb, '/personal_access_tokens/self', { token: first.body.token })).body.active).toBe(true);
    sb.tokens.alice = first.body.token;
  });
});

describe('revocation (spec part 1 §7 rule 4)', () => {
  it('revokes by id (204) and answers 400 when already revoked or not permitted, 404 when missing', async () => {
    const sb = sandbox();
    const carol = sb.state.findUser('carol')!;
    const t = sb.state.addToken({ userId: carol.id, name: 'to-revoke', description: null, scopes: ['api'], createdAt: Date.now(), updatedAt: Date.now(), lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-to-revoke-00000000' });
    expect(await call(sb, `/personal_access_tokens/${t.id}`, { method: 'DELETE', token: sb.tokens.bob })).toMatchObject({ status: 400, body: { message: '400 Bad request' } });
    const ok = await call(sb, `/personal_access_tokens/${t.id}`, { method: 'DELETE', token: sb.tokens.admin });
    expect(ok.status).toBe(204);
    expect(ok.text).toBe('');
    expect(t.revoked).toBe(true);
    expect(await call(sb, `/personal_access_tokens/${t.id}`, { method: 'DELETE', token: sb.tokens.admin })).toMatchObject({ status: 400, body: { message: '400 Bad request' } });
    expect((await call(sb, '/personal_access_tokens/999999', { method: 'DELETE', token: sb.tokens.admin })).status).toBe(404);
  });

  it('revokes self with a token of any scope', async () => {
    const sb = sandbox();
    const dave = sb.state.findUser('dave')!;
    sb.state.addToken({ userId: dave.id, name: 'profile', description: null, scopes: ['read_user'], createdAt: Date.now(), updatedAt: Date.now(), lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-revoke-self-000000' });
    expect((await call(sb, '/personal_access_tokens/self', { method: 'DELETE', token: 'glpat-revoke-self-000000' })).status).toBe(204);
    expect((await call(sb, '/personal_access_tokens/self', { token: 'glpat-revoke-self-000000' })).status).toBe(401);
  });
});
