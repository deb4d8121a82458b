import { describe, expect, it } from 'vitest';
import { authenticate } from '../../src/sandbox/auth.js';
import { call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor();

const UNAUTHORIZED = { message: '401 Unauthorized' };

describe('credential forms (spec part 1 §5)', () => {
  it('accepts a personal access token as PRIVATE-TOKEN, private_token and Bearer', async () => {
    const sb = sandbox();
    const secret = sb.tokens.bob;
    for (const res of [
      await call(sb, '/personal_access_tokens/self', { headers: { 'PRIVATE-TOKEN': secret } }),
      await call(sb, `/personal_access_tokens/self?private_token=${secret}`),
      await call(sb, '/personal_access_tokens/self', { headers: { Authorization: `Bearer ${secret}` } }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('bob-workstation');
    }
  });

  it('accepts an OAuth token as Bearer and access_token, as its owner', async () => {
    const sb = sandbox();
    const alice = sb.state.findUser('alice')!;
    for (const res of [
      await call(sb, '/projects?owned=true', { headers: { Authorization: `Bearer ${sb.tokens.oauth_alice}` } }),
      await call(sb, `/projects?owned=true&access_token=${sb.tokens.oauth_alice}`),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      // Full shape (authenticated) and only alice's own projects.
      for (const p of res.body) expect(p.permissions.project_access?.access_level ?? p.permissions.group_access?.access_level).toBe(50);
      expect(res.body.some((p: any) => p.owner?.id === alice.id)).toBe(true);
    }
  });

  it('answers the self endpoints of an OAuth token with 400, as they need a personal access token', async () => {
    const sb = sandbox();
    const res = await call(sb, '/personal_access_tokens/self', { headers: { Authorization: `Bearer ${sb.tokens.oauth_alice}` } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: '400 Bad request - This endpoint requires token type to be a personal access token' });
  });

  it('ignores a job token where GitLab does not accept one: 401 when authentication is needed, anonymous otherwise', async () => {
    const sb = sandbox();
    expect(await call(sb, '/personal_access_tokens', { headers: { 'JOB-TOKEN': sb.tokens.job } })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await call(sb, `/personal_access_tokens?job_token=${sb.tokens.job}`)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    const listed = await call(sb, '/projects?per_page=100', { headers: { 'JOB-TOKEN': sb.tokens.job } });
    expect(listed.status).toBe(200);
    expect(listed.body.every((p: any) => !('visibility' in p) && !('permissions' in p))).toBe(true);
    // The job's own (internal) project is not visible to an anonymous caller.
    expect((await call(sb, '/projects/acme%2Fplatform%2Fapi', { headers: { 'JOB-TOKEN': sb.tokens.job } })).status).toBe(404);
  });

  it('answers 401 for missing, unknown, expired and revoked credentials', async () => {
    const sb = sandbox();
    expect(await call(sb, '/personal_access_tokens')).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await call(sb, '/personal_access_tokens', { token: 'glpat-not-a-real-token-000' })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await call(sb, '/personal_access_tokens/self', { token: sb.tokens.expired })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await call(sb, '/personal_access_tokens/self', { token: sb.tokens.revoked })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    // A bad credential is refused even where anonymous access would do.
    expect(await call(sb, '/projects', { token: 'glpat-not-a-real-token-000' })).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('lets anonymous callers list public projects only, in the simple shape', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects?per_page=100');
    expect(res.status).toBe(200);
    const ids = res.body.map((p: any) => p.id);
    const publicIds = sb.state.projects.filter((p) => p.visibility === 'public' && !p.hidden && !p.pendingDelete).map((p) => p.id);
    expect(ids.sort()).toEqual(publicIds.sort());
    expect(Object.keys(res.body[0])).not.toContain('visibility');
  });

  it('refuses a blocked user’s token with 403', async () => {
    const sb = sandbox();
    const eve = sb.state.findUser('eve')!;
    const now = sb.state.clock.now();
    sb.state.addToken({ userId: eve.id, name: 'eve', description: null, scopes: ['api'], createdAt: now, updatedAt: now, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-eve-blocked-000000' });
    expect(await call(sb, '/projects', { token: 'glpat-eve-blocked-000000' })).toMatchObject({ status: 403, body: { message: '403 Forbidden - Your account has been blocked.' } });
  });

  it('records when a token was last used', async () => {
    const sb = sandbox();
    const before = Date.now();
    const res = await call(sb, '/personal_access_tokens/self', { token: sb.tokens.grace });
    expect(Date.parse(res.body.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('scopes', () => {
  it('refuses a write with a read_api token: 403 insufficient_scope naming api', async () => {
    const sb = sandbox();
    const self = await call(sb, '/personal_access_tokens/self', { token: sb.tokens.readonly });
    const res = await call(sb, `/personal_access_tokens/${self.body.id}/rotate`, { method: 'POST', token: sb.tokens.readonly });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'insufficient_scope', error_description: 'The request requires higher privileges than provided by the access token.', scope: 'api' });
    expect((await call(sb, '/personal_access_tokens/self', { token: sb.tokens.readonly })).body.revoked).toBe(false);
  });

  it('refuses a GET with a token lacking api and read_api, but lets any token read itself', async () => {
    const sb = sandbox();
    const carol = sb.state.findUser('carol')!;
    const now = sb.state.clock.now();
    sb.state.addToken({ userId: carol.id, name: 'profile-only', description: null, scopes: ['read_user'], createdAt: now, updatedAt: now, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-read-user-only-0000' });
    const res = await call(sb, '/projects', { token: 'glpat-read-user-only-0000' });
    expect(res).toMatchObject({ status: 403, body: { error: 'insufficient_scope', scope: 'api read_api' } });
    expect(res.headers.get('www-authenticate')).toContain('insufficient_scope');
    expect((await call(sb, '/personal_access_tokens/self', { token: 'glpat-read-user-only-0000' })).status).toBe(200);
  });
});

describe('sudo', () => {
  it('refuses a non-administrator', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects', { token: sb.tokens.bob, headers: { Sudo: 'alice' } });
    expect(res).toMatchObject({ status: 403, body: { message: '403 Forbidden - Must be admin to use sudo' } });
  });

  it('refuses an administrator token without the sudo scope with the insufficient_scope body', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects?sudo=alice', { token: sb.tokens.admin_nosudo });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'insufficient_scope', error_description: 'The request requires higher privileges than provided by the access token.', scope: 'sudo' });
  });

  it('answers 404 naming an unknown user', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects', { token: sb.tokens.admin, headers: { Sudo: '123' } });
    expect(res).toMatchObject({ status: 404, body: { message: "404 User with ID or username '123' Not Found" } });
  });

  it('runs the request as the user, named by username in any case or by id', async () => {
    const sb = sandbox();
    const alice = sb.state.findUser('alice')!;
    for (const sudo of [{ headers: { Sudo: 'ALICE' } }, { query: `?sudo=${alice.id}` }]) {
      const res = await call(sb, `/personal_access_tokens${'query' in sudo ? sudo.query : ''}`, { token: sb.tokens.admin, headers: 'headers' in sudo ? sudo.headers : {} });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      // As alice (not an administrator): only her own tokens.
      expect(res.body.every((t: any) => t.user_id === alice.id)).toBe(true);
    }
  });
});

describe('job tokens and admin mode', () => {
  it('accepts a job token, as its job’s user, on routes that allow one', () => {
    const sb = sandbox();
    const input = { method: 'GET', fullPath: '/api/v4/projects/1/releases', query: {}, body: null, headers: { 'job-token': sb.tokens.job } };
    const auth = authenticate(sb.state, input, { jobToken: true });
    expect(auth).toMatchObject({ kind: 'job', user: { username: 'bob' } });
    expect(authenticate(sb.state, { ...input, query: { job_token: sb.tokens.job }, headers: {} }, { jobToken: true }).kind).toBe('job');
    expect(() => authenticate(sb.state, { ...input, headers: { 'job-token': 'glcbt-unknown' } }, { jobToken: true })).toThrow('401 Unauthorized');
    // Sudo needs an OAuth or personal access token.
    expect(() => authenticate(sb.state, { ...input, headers: { 'job-token': sb.tokens.job, sudo: 'alice' } }, { jobToken: true })).toThrow(/403 Forbidden - Must be admin/);
  });

  it('with admin mode on, treats an administrator’s token without admin_mode as a regular user', async () => {
    const sb = sandbox();
    const root = sb.state.findUser('root')!;
    sb.state.instance.adminMode = true;
    try {
      const plain = await call(sb, '/personal_access_tokens', { token: sb.tokens.admin_nosudo });
      expect(plain.body.every((t: any) => t.user_id === root.id)).toBe(true);
      const admin = await call(sb, '/personal_access_tokens?per_page=100', { token: sb.tokens.admin });
      expect(admin.body.some((t: any) => t.user_id !== root.id)).toBe(true);
    } finally {
      sb.state.instance.adminMode = false;
    }
    expect(root.admin).toBe(true);
  });
});

describe('routing and the sandbox endpoints', () => {
  it('answers HEAD like GET, without a body', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects', { method: 'HEAD', token: sb.tokens.bob });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(Number(res.headers.get('x-total'))).toBeGreaterThan(20);
  });

  it('answers unknown routes with 404 before looking at credentials', async () => {
    const sb = sandbox();
    expect(await call(sb, '/no/such/thing', { token: 'glpat-not-a-real-token-000' })).toMatchObject({ status: 404, body: { message: '404 Not Found' } });
  });

  it('keeps every request in the log, readable by administrators at /-/sandbox/requests', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    await call(sb, '/projects?search=api&topic=go', { token: sb.tokens.bob, headers: { 'X-Custom': 'yes' } });
    const entry = sb.requests[mark];
    expect(entry).toMatchObject({ method: 'GET', path: '/api/v4/projects', query: 'search=api&topic=go', body: null });
    expect(entry.headers['x-custom']).toBe('yes');
    expect(entry.headers['private-token']).toBe(sb.tokens.bob);

    const log = await call(sb, `/-/sandbox/requests?since=${mark}`, { token: sb.tokens.admin });
    expect(log.status).toBe(200);
    expect(log.body[0]).toMatchObject({ path: '/api/v4/projects', query: 'search=api&topic=go' });
    expect((await call(sb, '/-/sandbox/requests', { token: sb.tokens.bob })).status).toBe(403);
    expect((await call(sb, '/-/sandbox/requests')).status).toBe(401);
  });
});
