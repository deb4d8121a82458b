import { describe, expect, it } from 'vitest';
import { call, sandboxFor } from './helpers.js';

// An empty instance with generated projects, answers delayed by 150 ms and a clock 3,600 times
// faster than real time (one sandbox hour per real second).
const sandbox = sandboxFor({ seed: 'empty', extraProjects: 30, latencyMs: 150, clockSpeed: 3600 });

describe('sandbox options', () => {
  it('seeds only the administrator and the admin token with seed empty', async () => {
    const sb = sandbox();
    expect(Object.keys(sb.tokens)).toEqual(['admin']);
    expect([...sb.state.users.values()].map((u) => u.username)).toEqual(['root']);
    const self = await call(sb, '/personal_access_tokens/self', { token: sb.tokens.admin });
    expect(self.body.scopes).toEqual(['api', 'sudo', 'read_user', 'admin_mode']);
  });

  it('adds the generated projects', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects?per_page=100', { token: sb.tokens.admin });
    expect(res.body).toHaveLength(30);
    expect(res.headers.get('x-total')).toBe('30');
    expect(res.body[0].path_with_namespace).toBe('generated/project-30');
  });

  it('delays every answer by the latency', async () => {
    const sb = sandbox();
    const started = Date.now();
    await call(sb, '/projects');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('runs its clock faster: an OAuth token (two hours) expires after about two real seconds', async () => {
    const sb = sandbox();
    const root = sb.state.findUser('root')!;
    sb.state.addOAuthToken({ userId: root.id, secret: 'oauth-fast-clock', scopes: ['api'], createdAt: sb.state.clock.now(), expiresIn: 7200, revoked: false });
    const bearer = { headers: { Authorization: 'Bearer oauth-fast-clock' } };
    expect((await call(sb, '/projects', bearer)).status).toBe(200);
    const drift = sb.state.clock.now() - Date.now();
    await new Promise((r) => setTimeout(r, 2300));
    expect(sb.state.clock.now() - Date.now()).toBeGreaterThan(drift + 2 * 3_600_000);
    expect((await call(sb, '/projects', bearer)).status).toBe(401);
  });
});
