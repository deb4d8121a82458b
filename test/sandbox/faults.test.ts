import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { call, sandboxFor } from './helpers.js';

// Starts with one pending fault, from the `faults` option.
const sandbox = sandboxFor({ faults: '503:1' });

describe('fault injection', () => {
  it('applies the faults option to the first API request, then answers normally', async () => {
    const sb = sandbox();
    expect(await call(sb, '/projects')).toMatchObject({ status: 503, body: { message: '503 Service Unavailable' } });
    expect((await call(sb, '/projects')).status).toBe(200);
  });

  it('fails the next requests in order: 503, 503, then 429 with Retry-After', async () => {
    const sb = sandbox();
    sb.addFaults('503:2,429:1');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await call(sb, '/projects'));
    expect(statuses.map((r) => r.status)).toEqual([503, 503, 429]);
    expect(statuses[2].body).toEqual({ message: '429 Too Many Requests' });
    expect(statuses[2].headers.get('retry-after')).toBe('1');
    expect((await call(sb, '/projects')).status).toBe(200);
  });

  it('answers 500, 502 and 504 with their messages', async () => {
    const sb = sandbox();
    sb.addFaults('500:1,502:1,504:1');
    expect((await call(sb, '/projects')).body).toEqual({ message: '500 Internal Server Error' });
    expect((await call(sb, '/projects')).body).toEqual({ message: '502 Bad Gateway' });
    expect((await call(sb, '/projects')).body).toEqual({ message: '504 Gateway Timeout' });
  });

  it('resets the connection without an answer', async () => {
    const sb = sandbox();
    sb.addFaults('reset:1');
    await expect(fetch(`${sb.url}/api/v4/projects`)).rejects.toThrow();
    expect((await call(sb, '/projects')).status).toBe(200);
  });

  it('fails a write before it has any effect, and logs the request', async () => {
    const sb = sandbox();
    const grace = (await call(sb, '/personal_access_tokens/self', { token: sb.tokens.grace })).body;
    const mark = sb.requests.length;
    sb.addFaults('500:1');
    expect((await call(sb, `/personal_access_tokens/${grace.id}`, { method: 'DELETE', token: sb.tokens.admin })).status).toBe(500);
    expect(sb.state.tokens.get(grace.id)!.revoked).toBe(false);
    expect(sb.requests[mark]).toMatchObject({ method: 'DELETE', path: `/api/v4/personal_access_tokens/${grace.id}` });
    expect((await call(sb, `/personal_access_tokens/${grace.id}`, { method: 'DELETE', token: sb.tokens.admin })).status).toBe(204);
  });

  it('leaves requests outside /api/v4 alone, and takes faults through POST /-/sandbox/faults', async () => {
    const sb = sandbox();
    sb.addFaults('503:1');
    expect(await call(sb, '/-/sandbox/faults', { token: sb.tokens.admin })).toMatchObject({ status: 200, body: { pending: '503:1' } });
    expect(await call(sb, '/-/sandbox/faults', { method: 'POST', token: sb.tokens.admin, json: { spec: '502:1' } })).toMatchObject({ status: 201, body: { pending: '503:1,502:1' } });
    expect((await call(sb, '/projects')).status).toBe(503);
    expect((await call(sb, '/projects')).status).toBe(502);
    expect((await call(sb, '/projects')).status).toBe(200);
    const bad = await call(sb, '/-/sandbox/faults', { method: 'POST', token: sb.tokens.admin, json: { spec: '418:1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('unknown fault kind');
    expect((await call(sb, '/-/sandbox/faults', { method: 'POST', token: sb.tokens.bob, json: { spec: '500:1' } })).status).toBe(403);
    expect((await call(sb, '/projects')).status).toBe(200);
  });

  it('refuses a malformed fault spec when starting', async () => {
    await expect(startSandbox({ faults: '503' })).rejects.toThrow(/KIND:COUNT/);
    await expect(startSandbox({ faults: 'boom:1' })).rejects.toThrow(/unknown fault kind/);
  });
});
