import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FAULT_KINDS } from '../../src/sandbox/faults.js';
import { parseFaultSpec, startSandbox } from '../../src/sandbox/index.js';
import { all, call, sandboxFor } from './helpers.js';

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

  it('selects by method, path and query: page 3 only, the others answer', async () => {
    const sb = sandbox();
    sb.addFaults('503:forever@GET:/projects?page=3');
    expect((await call(sb, '/projects?page=2&per_page=1')).status).toBe(200);
    expect((await call(sb, '/projects?page=3&per_page=1')).status).toBe(503);
    expect((await call(sb, '/projects?per_page=1&page=3')).status).toBe(503);
    expect((await call(sb, '/projects/1', { token: sb.tokens.admin })).status).toBe(200);
    expect((await call(sb, '/projects?page=3', { method: 'POST', token: sb.tokens.admin, json: {} })).status).not.toBe(503);
    expect(sb.state.faults.pending()).toBe('503:forever@GET:/projects?page=3');
    await sb.clearFaults();
    expect((await call(sb, '/projects?page=3&per_page=1')).status).toBe(200);
  });

  it('a trailing * selects a path prefix; COUNT runs out', async () => {
    const sb = sandbox();
    sb.addFaults('502:2@/hooks*');
    expect((await call(sb, '/hooks', { token: sb.tokens.admin })).status).toBe(502);
    expect((await call(sb, '/hooks/1', { token: sb.tokens.admin })).status).toBe(502);
    expect((await call(sb, '/hooks/1', { token: sb.tokens.admin })).status).toBe(200);
  });

  it('answers 200 with a sign-in page, a body that is not JSON, and 5xx with an HTML page', async () => {
    const sb = sandbox();
    sb.addFaults('html:1,not-json:1,html-502:1');
    const page = await call(sb, '/projects');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toMatch(/^<!DOCTYPE html>/);
    const notJson = await call(sb, '/projects');
    expect([notJson.status, notJson.headers.get('content-type'), notJson.text]).toEqual([200, 'text/plain', 'OK\n']);
    const gateway = await call(sb, '/projects');
    expect(gateway.status).toBe(502);
    expect(gateway.text).toContain('<h1>502 Bad Gateway</h1>');
  });

  it('429-date sends Retry-After as an HTTP date about a second ahead', async () => {
    const sb = sandbox();
    sb.addFaults('429-date:1');
    // Bounds from the sandbox clock around the request, not from when a loaded machine reads the answer.
    const sent = sb.state.clock.now();
    const res = await call(sb, '/projects');
    const answered = sb.state.clock.now();
    expect(res.status).toBe(429);
    const at = Date.parse(res.headers.get('retry-after')!);
    expect(at - sent).toBeGreaterThanOrEqual(1000);
    expect(at - answered).toBeLessThanOrEqual(2000);
  });

  it('cuts the real answer: reset after half the body, or a clean close short of Content-Length', async () => {
    const sb = sandbox();
    sb.addFaults('reset-body:1@GET:/projects,short-body:1@GET:/projects');
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${sb.url}/api/v4/projects`);
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
    }
    expect((await call(sb, '/projects')).status).toBe(200);
  });

  it('a cut write took effect: the hook exists although its answer was lost', async () => {
    const sb = sandbox();
    sb.addFaults('reset-body:1@POST:/hooks');
    const res = await fetch(`${sb.url}/api/v4/hooks`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': sb.tokens.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example.com/cut-write' }),
    });
    await expect(res.text()).rejects.toThrow();
    const hooks = (await call(sb, '/hooks?per_page=100', { token: sb.tokens.admin })).body as { url: string }[];
    expect(hooks.map((h) => h.url)).toContain('https://hooks.example.com/cut-write');
  });

  it('hang sends nothing and hang-body stops after half the body, until the client gives up', async () => {
    const sb = sandbox();
    sb.addFaults('hang:1,hang-body:1@GET:/projects');
    await expect(fetch(`${sb.url}/api/v4/projects`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    const res = await fetch(`${sb.url}/api/v4/projects`, { signal: AbortSignal.timeout(300) });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect((await call(sb, '/projects')).status).toBe(200);
  });

  it('refused: the port refuses connections until the faults are cleared', async () => {
    const sb = sandbox();
    sb.addFaults('refused:forever');
    await expect(fetch(`${sb.url}/api/v4/projects`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    await sb.clearFaults();
    expect((await call(sb, '/projects')).status).toBe(200);
  });

  it('refuses specs it cannot honour', () => {
    expect(() => parseFaultSpec('refused:1@GET:/projects')).toThrow(/whole server/);
    expect(() => parseFaultSpec('503:1@projects')).toThrow(/selector/);
    expect(parseFaultSpec('hang-body:forever@get:/api/v4/projects?page=3')).toEqual([
      { kind: 'hang-body', count: Infinity, selector: { method: 'GET', path: '/projects', prefix: false, query: [['page', '3']] } },
    ]);
  });

  it('ignore-key acts without the keys named after # and answers 200 with the object as the write left it', async () => {
    const sb = sandbox();
    await sb.clearFaults();
    expect(parseFaultSpec('ignore-key:1@PUT:/application/settings#a+b')).toEqual([
      { kind: 'ignore-key', count: 1, selector: { method: 'PUT', path: '/application/settings', prefix: false, query: [] }, keys: ['a', 'b'] },
    ]);
    expect(() => parseFaultSpec('503:1@/projects#a')).toThrow(/only ignore-key names keys/);
    const before = (await call(sb, '/application/settings', { token: sb.tokens.admin })).body as Record<string, unknown>;
    sb.addFaults('ignore-key:1@PUT:/application/settings#signup_enabled');
    const answer = await call(sb, '/application/settings', { method: 'PUT', token: sb.tokens.admin, json: { signup_enabled: !before.signup_enabled, gravatar_enabled: !before.gravatar_enabled } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ signup_enabled: before.signup_enabled, gravatar_enabled: !before.gravatar_enabled });
  });

  it('empty-body keeps the status with Content-Length 0, no-content answers 204; both after the write acted; an error stays whole', async () => {
    const sb = sandbox();
    await sb.clearFaults();
    sb.addFaults('empty-body:1@POST:/hooks,no-content:1@POST:/hooks,empty-body:1@GET:/hooks/999999');
    const urls = ['https://hooks.example.com/empty-201', 'https://hooks.example.com/empty-204'];
    const answers = [];
    for (const url of urls) {
      const res = await fetch(`${sb.url}/api/v4/hooks`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': sb.tokens.admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      // A 204's Content-Length (the sandbox's ordinary 204s send 0) is not what this checks.
      answers.push({ status: res.status, length: res.status === 204 ? undefined : res.headers.get('content-length'), type: res.headers.get('content-type'), body: await res.text() });
    }
    expect(answers).toEqual([
      { status: 201, length: '0', type: null, body: '' },
      { status: 204, length: undefined, type: null, body: '' },
    ]);
    const hooks = (await call(sb, '/hooks?per_page=100', { token: sb.tokens.admin })).body as { url: string }[];
    expect(hooks.map((h) => h.url)).toEqual(expect.arrayContaining(urls));
    const missing = await call(sb, '/hooks/999999', { token: sb.tokens.admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '404 Not Found' });
  });

  it('401, 403 and 404 answer as GitLab refuses, before the request acts', async () => {
    const sb = sandbox();
    sb.addFaults('404:1@GET:/personal_access_tokens/self,403:1,401:1');
    const token = sb.tokens.admin;
    expect(await call(sb, '/personal_access_tokens/self', { token })).toMatchObject({ status: 404, body: { message: '404 Not Found' } });
    expect(await call(sb, '/personal_access_tokens/self', { token })).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    expect(await call(sb, '/personal_access_tokens/self', { token })).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
    expect((await call(sb, '/personal_access_tokens/self', { token })).status).toBe(200);
  });

  it('shifted-page: each page after the first begins with the item the page before ended with; no item is lost', async () => {
    const sb = sandbox();
    const token = sb.tokens.admin;
    const whole = await all(sb, '/personal_access_tokens?per_page=3', token);
    expect(whole.length).toBeGreaterThan(6);
    sb.addFaults('shifted-page:forever@GET:/personal_access_tokens');
    try {
      const page1 = (await call(sb, '/personal_access_tokens?per_page=3&page=1', { token })).body as { id: number }[];
      const page2 = (await call(sb, '/personal_access_tokens?per_page=3&page=2', { token })).body as { id: number }[];
      expect(page1.map((t) => t.id)).toEqual(whole.slice(0, 3).map((t) => t.id));
      expect(page2.map((t) => t.id)).toEqual(whole.slice(2, 5).map((t) => t.id));
      const shifted = await all(sb, '/personal_access_tokens?per_page=3', token);
      const ids = shifted.map((t) => t.id);
      expect(new Set(ids)).toEqual(new Set(whole.map((t) => t.id)));
      expect(ids.length).toBeGreaterThan(whole.length);
    } finally {
      await sb.clearFaults();
    }
  });

  it('other-shape answers 200 with JSON that is not the object asked for', async () => {
    const sb = sandbox();
    sb.addFaults('other-shape:1@GET:/personal_access_tokens/self');
    expect(await call(sb, '/personal_access_tokens/self', { token: sb.tokens.admin })).toMatchObject({ status: 200, body: { message: 'OK' } });
  });

  it('wrong-object answers a GET of …/ID with the object of id 1', async () => {
    const sb = sandbox();
    const token = sb.tokens.admin;
    const root = (await call(sb, '/users/1', { token })).body;
    sb.addFaults('wrong-object:1@GET:/users/4');
    expect((await call(sb, '/users/4', { token })).body).toEqual(root);
    expect((await call(sb, '/users/4', { token })).body.id).toBe(4);
  });

  it('`forgectl sandbox --help` and the README name every fault kind', () => {
    const help = readFileSync(resolve(import.meta.dirname, '../../src/commands/sandbox.ts'), 'utf8');
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    for (const kind of FAULT_KINDS) {
      expect(help).toMatch(new RegExp(`[ ,']${kind}[,' ]`));
      expect(readme).toContain(`\`${kind}\``);
    }
  });
});

