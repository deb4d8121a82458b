import { afterEach, describe, expect, it } from 'vitest';
import type { MockAgent } from 'undici';
import { ApiError, AuthError, CommandFailedError, NetworkError, NotFoundError, UsageError, exitCodeFor, mayHaveApplied } from '../../src/core/errors.js';
import { credentialHeaders, normalizeBaseUrl } from '../../src/core/http.js';
import { ORIGIN, json, mockClient } from './http-helpers.js';

let agent: MockAgent | undefined;
afterEach(async () => {
  agent?.assertNoPendingInterceptors();
  await agent?.close();
  agent = undefined;
});

describe('HttpClient', () => {
  it('sends the credential in the form of its type, plus Sudo', () => {
    expect(credentialHeaders({ token: 't', tokenType: 'personal' })).toEqual({ 'PRIVATE-TOKEN': 't' });
    expect(credentialHeaders({ token: 't', tokenType: 'oauth' })).toEqual({ Authorization: 'Bearer t' });
    expect(credentialHeaders({ token: 't', tokenType: 'job', sudo: 'alice' })).toEqual({ 'JOB-TOKEN': 't', Sudo: 'alice' });
  });

  it('normalises the base URL and appends /api/v4 once', () => {
    expect(normalizeBaseUrl('https://git.example.com/')).toBe('https://git.example.com');
    expect(normalizeBaseUrl('https://git.example.com/gitlab/api/v4/')).toBe('https://git.example.com/gitlab');
    expect(() => normalizeBaseUrl('git.example.com')).toThrow(UsageError);
    expect(() => normalizeBaseUrl('ftp://git.example.com')).toThrow(UsageError);
  });

  it('GETs JSON under /api/v4 with the token header and Sudo', async () => {
    const m = mockClient({ credentials: { token: 'glpat-TESTSECRET', tokenType: 'personal', sudo: 'bob' } });
    agent = m.agent;
    m.pool
      .intercept({ path: '/api/v4/projects?visibility=private', method: 'GET', headers: { 'private-token': 'glpat-TESTSECRET', sudo: 'bob' } })
      .reply(200, [{ id: 1 }], json);
    expect(await m.client.get('/projects', { visibility: 'private' })).toEqual([{ id: 1 }]);
  });

  it('turns error bodies into typed errors with the server message', async () => {
    const m = mockClient({ retries: 0 });
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/projects/9' }).reply(404, { message: '404 Project Not Found' }, json);
    m.pool.intercept({ path: '/api/v4/x' }).reply(403, { error: 'insufficient_scope', error_description: 'needs more', scope: 'api' }, json);
    await expect(m.client.get('/projects/9')).rejects.toSatisfy((e: unknown) => e instanceof NotFoundError && e.message === '404 Project Not Found');
    await expect(m.client.get('/x')).rejects.toSatisfy((e: unknown) => e instanceof AuthError && (e as AuthError).insufficientScope === 'api');
  });

  it('retries a GET after 503 twice, then succeeds', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/version' }).reply(503, { message: '503' }, json).times(2);
    m.pool.intercept({ path: '/api/v4/version' }).reply(200, { version: '17.0' }, json);
    expect(await m.client.get('/version')).toEqual({ version: '17.0' });
    expect(m.sleeps).toEqual([500, 1000]);
  });

  it('honours Retry-After on 429', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/version' }).reply(429, { message: '429' }, { headers: { 'retry-after': '2' } });
    m.pool.intercept({ path: '/api/v4/version' }).reply(200, { ok: true }, json);
    await m.client.get('/version');
    expect(m.sleeps).toEqual([2000]);
  });

  it('gives up after --retries and reports the last status', async () => {
    const m = mockClient({ retries: 1 });
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/version' }).reply(502, 'bad gateway').times(2);
    await expect(m.client.get('/version')).rejects.toSatisfy((e: unknown) => e instanceof ApiError && (e as ApiError).status === 502);
    expect(m.sleeps).toHaveLength(1);
  });

  it('never repeats a POST after a 5xx: the server may have acted', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/personal_access_tokens/5/rotate', method: 'POST' }).reply(503, { message: '503' }, json);
    await expect(m.client.post('/personal_access_tokens/5/rotate', {})).rejects.toBeInstanceOf(ApiError);
    expect(m.sleeps).toEqual([]);
  });

  it('repeats a POST after a 429, where the server did not act', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/hooks', method: 'POST' }).reply(429, {}, { headers: { 'retry-after': '1' } });
    m.pool.intercept({ path: '/api/v4/hooks', method: 'POST', body: '{"url":"https://x"}' }).reply(201, { id: 3 }, json);
    const res = await m.client.post('/hooks', { url: 'https://x' });
    expect(res.status).toBe(201);
    expect(m.sleeps).toEqual([1000]);
  });

  it('treats a PUT flagged as an action like a POST (mr merge)', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/projects/1/merge_requests/2/merge', method: 'PUT' }).reply(504, {}, json);
    await expect(m.client.request({ method: 'PUT', path: '/projects/1/merge_requests/2/merge', body: {}, action: true })).rejects.toBeInstanceOf(ApiError);
    expect(m.sleeps).toEqual([]);
  });

  it('says a write a gateway answered 504 for may have been applied, and how to check; a 502 and a GET stay plain errors', async () => {
    for (const status of [504]) {
      const m = mockClient();
      agent = m.agent;
      m.pool.intercept({ path: '/api/v4/hooks', method: 'POST' }).reply(status, 'gateway', { headers: { 'content-type': 'text/plain' } });
      const err = await m.client.post('/hooks', { url: 'https://x' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(status);
      expect(mayHaveApplied(err)).toBe(true);
      expect((err as Error).message).toMatch(/the change may have been applied$/);
      expect((err as ApiError).hint).toMatch(/^check before trying again: forgectl /);
      expect(m.sleeps).toEqual([]);
    }
    const bad = mockClient();
    agent = bad.agent;
    bad.pool.intercept({ path: '/api/v4/hooks', method: 'POST' }).reply(502, 'bad gateway');
    expect(mayHaveApplied(await bad.client.post('/hooks', { url: 'https://x' }).catch((e: unknown) => e))).toBe(false);
    const m = mockClient({ retries: 0 });
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/version' }).reply(504, 'gateway timeout');
    const read = await m.client.get('/version').catch((e: unknown) => e);
    expect(mayHaveApplied(read)).toBe(false);
  });

  it('retries a GET after a dropped connection and fails with a network error in the end', async () => {
    const m = mockClient({ retries: 1 });
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/version' }).replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })).times(2);
    await expect(m.client.get('/version')).rejects.toSatisfy((e: unknown) => e instanceof NetworkError && (e as NetworkError).code === 'ECONNRESET');
    expect(m.sleeps).toHaveLength(1);
  });

  it('follows a 301 repeating the same method and body, keeping credentials on the same origin', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool
      .intercept({ path: '/api/v4/projects/old%2Fpath/merge_requests/1', method: 'PUT' })
      .reply(301, '', { headers: { location: `${ORIGIN}/api/v4/projects/81/merge_requests/1` } });
    m.pool
      .intercept({ path: '/api/v4/projects/81/merge_requests/1', method: 'PUT', body: '{"title":"t"}', headers: { 'private-token': 'glpat-TESTSECRET' } })
      .reply(200, { iid: 1 }, json);
    const res = await m.client.put('/projects/old%2Fpath/merge_requests/1', { title: 't' });
    expect(res.data).toEqual({ iid: 1 });
  });

  it('never follows a redirect to another origin, with or without a body: exit 1, nothing sent there', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/projects/1' }).reply(302, '', { headers: { location: 'https://elsewhere.example/api/v4/projects/1' } });
    m.pool.intercept({ path: '/api/v4/hooks', method: 'POST' }).reply(307, '', { headers: { location: 'https://elsewhere.example/api/v4/hooks' } });
    // The mock agent refuses any request to elsewhere.example it was not told of: none is.
    const read: any = await m.client.get('/projects/1').catch((e: unknown) => e);
    expect(read).toBeInstanceOf(CommandFailedError);
    expect(read.message).toBe('the instance redirected to https://elsewhere.example/api/v4/projects/1: check --url');
    expect(exitCodeFor(read)).toBe(1);
    const write: any = await m.client.post('/hooks', { url: 'https://x', token: 'hook-secret' }).catch((e: unknown) => e);
    expect(write.message).toBe('the instance redirected to https://elsewhere.example/api/v4/hooks: check --url');
    expect(write.hint).toContain('nothing was sent to https://elsewhere.example');
    m.agent.assertNoPendingInterceptors();
  });

  it('a redirect loop or an unreadable Location is one clear error, with no credential of the Location shown', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: /\/api\/v4\/loop/ }).reply(302, '', { headers: { location: '/api/v4/loop?private_token=glpat-FROMLOCATION123' } }).persist();
    m.pool.intercept({ path: '/api/v4/bad' }).reply(302, '', { headers: { location: 'http://[::1' } });
    const loop: any = await m.client.get('/loop').catch((e: unknown) => e);
    expect(loop.message).toMatch(/^too many redirects/);
    expect(`${loop.message} ${loop.hint ?? ''}`).not.toContain('glpat-FROMLOCATION123');
    const bad: any = await m.client.get('/bad').catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CommandFailedError);
    expect(bad.message).toBe('GET https://git.example.com/api/v4/bad answered 302 with a Location that is not a URL: http://[::1');
  });

  it('refuses to send a credential over http:// to a non-loopback host', async () => {
    const m = mockClient({ baseUrl: 'http://git.example.com' });
    agent = m.agent;
    await expect(m.client.get('/version')).rejects.toBeInstanceOf(UsageError);
  });

  it('allows http:// to loopback, and elsewhere with --allow-insecure-http', async () => {
    const m = mockClient({ baseUrl: 'http://git.example.com', allowInsecureHttp: true });
    agent = m.agent;
    m.agent.get('http://git.example.com').intercept({ path: '/api/v4/version' }).reply(200, {}, json);
    await m.client.get('/version');
    expect(() => mockClient({ baseUrl: 'http://127.0.0.1:9' }).client.resolveUrl('/x')).not.toThrow();
  });

  it('under --dry-run sends no write, reports it with credentials and secrets redacted, and still reads', async () => {
    const m = mockClient({ dryRun: true });
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/hooks/1' }).reply(200, { id: 1 }, json);
    await m.client.get('/hooks/1');
    const res = await m.client.post('/hooks', { url: 'https://x', token: 'hook-secret' });
    expect(res.dryRun).toBe(true);
    expect(m.dryRuns).toHaveLength(1);
    const printed = JSON.stringify(m.dryRuns[0]);
    expect(printed).not.toContain('glpat-TESTSECRET');
    expect(printed).not.toContain('hook-secret');
    expect(m.dryRuns[0]).toMatchObject({ method: 'POST', url: `${ORIGIN}/api/v4/hooks`, body: { url: 'https://x', token: '[REDACTED]' } });
  });

  it('traces requests and responses under --verbose without any secret', async () => {
    const m = mockClient({ verbose: true });
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/personal_access_tokens/5/rotate', method: 'POST' }).reply(200, { id: 6, token: 'glpat-NEWSECRET' }, json);
    await m.client.post('/personal_access_tokens/5/rotate', { expires_at: '2030-01-01' });
    const trace = m.traces.join('\n');
    expect(trace).toContain('> POST https://git.example.com/api/v4/personal_access_tokens/5/rotate');
    expect(trace).toContain('< 200');
    expect(trace).not.toContain('glpat-TESTSECRET');
    expect(trace).not.toContain('glpat-NEWSECRET');
  });

  it('sends a multipart file read from disk, with its fields', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { createServer } = await import('node:http');
    const dir = mkdtempSync(join(tmpdir(), 'mp-'));
    const file = join(dir, 'diagram.png');
    writeFileSync(file, Buffer.from('PNG-BYTES-0123456789'));
    let received = '';
    let contentType = '';
    const server = createServer((req, res) => {
      contentType = String(req.headers['content-type']);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received = Buffer.concat(chunks).toString('latin1');
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"file_name":"diagram.png"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const m = mockClient({ baseUrl: `http://127.0.0.1:${port}`, dispatcher: undefined });
    try {
      const res = await m.client.request({ method: 'POST', path: '/groups/1/wikis/attachments', multipart: { fields: { branch: 'main' }, files: [{ field: 'file', path: file }] } });
      expect(res.status).toBe(201);
      expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(received).toContain('name="branch"');
      expect(received).toContain('name="file"; filename="diagram.png"');
      expect(received).toContain('PNG-BYTES-0123456789');
    } finally {
      await m.client.close();
      server.close();
    }
  });
});

describe('HttpClient once closed', () => {
  it('refuses a request made after close() at once: no retry of the closed connection pool, no wait', async () => {
    const { createServer } = await import('node:http');
    let served = 0;
    const server = createServer((_req, res) => {
      served++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    // No dispatcher given: the client makes its own, which close() closes.
    const { client, sleeps } = mockClient({ baseUrl: origin, dispatcher: undefined, allowInsecureHttp: true });
    try {
      await client.request({ method: 'GET', path: '/projects' });
      await client.close();
      // A request a command's other tasks still make after the run stopped (a paced queue's next one).
      await expect(client.request({ method: 'GET', path: '/projects' })).rejects.toThrow(/cancelled/);
      expect(sleeps).toEqual([]);
      expect(served).toBe(1);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
