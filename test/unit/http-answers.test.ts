// An answer counts only when it reads as what was asked (issue 13): HTML and non-JSON 200 answers
// are failures. Non-JSON is retried for reads, never repeated for actions; a web page is never asked
// again (issue 23).

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseWriteAnswer } from '../../src/api/schema.js';
import { CommandFailedError, HTML_MESSAGE, NetworkError } from '../../src/core/errors.js';
import { checkCommandFor } from '../../src/core/http.js';
import { json, mockClient } from './http-helpers.js';

const html = { headers: { 'content-type': 'text/html; charset=utf-8' } };

describe('answers that are not the API', () => {
  it('a 200 sign-in page fails at the first answer: the token is not sent to it again', async () => {
    const m = mockClient({ retries: 3 });
    const tokens: unknown[] = [];
    m.pool
      .intercept({ path: '/api/v4/hooks' })
      .reply((opts) => {
        tokens.push((opts.headers as Record<string, string>)['PRIVATE-TOKEN']);
        return { statusCode: 200, data: '<!DOCTYPE html><html><body>Sign in</body></html>', responseOptions: html };
      })
      .persist();
    const err: any = await m.client.get('/hooks').catch((e: any) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(`GET https://git.example.com/api/v4/hooks failed: ${HTML_MESSAGE}`);
    expect(tokens).toEqual(['glpat-TESTSECRET']);
    expect(m.sleeps).toHaveLength(0);
  });

  it('a body that is not JSON is not data: the retry brings the real answer', async () => {
    const m = mockClient();
    m.pool.intercept({ path: '/api/v4/hooks' }).reply(200, 'OK', { headers: { 'content-type': 'text/plain' } });
    m.pool.intercept({ path: '/api/v4/hooks' }).reply(200, [{ id: 1 }], json);
    expect(await m.client.get('/hooks')).toEqual([{ id: 1 }]);
  });

  it('JSON that does not parse, even labelled JSON, is a failure', async () => {
    const m = mockClient({ retries: 0 });
    m.pool.intercept({ path: '/api/v4/hooks' }).reply(200, '[{"id":1},', json);
    await expect(m.client.get('/hooks')).rejects.toThrow(/the answer is not JSON \(application\/json, 10 bytes\)/);
  });

  it('an action answered by a web page is sent once: it may have been applied, and how to check', async () => {
    const m = mockClient();
    m.pool.intercept({ path: '/api/v4/projects/7/merge_requests/3/merge', method: 'PUT' }).reply(200, '<html><body>Sign in</body></html>', html);
    const err: any = await m.client.put('/projects/7/merge_requests/3/merge', {}, { action: true }).catch((e: any) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.mayHaveApplied).toBe(true);
    expect(err.message).toMatch(/^PUT \S+ failed: the answer is a web page, .*; the change may have been applied$/);
    expect(err.hint).toBe('check before trying again: forgectl api /projects/7/merge_requests/3');
    expect(m.sleeps).toHaveLength(0);
    m.agent.assertNoPendingInterceptors();
  });

  it('an empty 200 answer to a JSON read is retried, then fails; a 204 is nothing', async () => {
    const m = mockClient({ retries: 1 });
    m.pool.intercept({ path: '/api/v4/application/settings' }).reply(200, '', json).times(2);
    m.pool.intercept({ path: '/api/v4/projects/7/star' }).reply(204, '');
    const err = (await m.client.request({ path: '/application/settings' }).catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.code).toBe('ENOTJSON');
    expect(err.message).toMatch(/failed after 2 attempts: the answer is empty where JSON was expected$/);
    expect((await m.client.request({ path: '/projects/7/star' })).data).toBeNull();
    m.agent.assertNoPendingInterceptors();
  });

  it('the `api` command takes text, but still not a web page', async () => {
    const m = mockClient({ retries: 0 });
    m.pool.intercept({ path: '/api/v4/raw' }).reply(200, 'plain text', { headers: { 'content-type': 'text/plain' } });
    m.pool.intercept({ path: '/api/v4/page' }).reply(200, '<html></html>', html);
    expect((await m.client.request({ path: '/raw', expect: 'text' })).data).toBe('plain text');
    await expect(m.client.request({ path: '/page', expect: 'text' })).rejects.toThrow(HTML_MESSAGE);
    m.pool.intercept({ path: '/api/v4/cut' }).reply(200, '[{"id": 1}, {"id"', json);
    await expect(m.client.request({ path: '/cut', expect: 'text' })).rejects.toThrow(/the answer is not JSON \(application\/json, 17 bytes\)$/);
  });
});

describe('a write answered 2xx with no body', () => {
  const Hook = z.looseObject({ id: z.number() });

  it('is read once (no retry, not even of a PUT) and, where its body is needed, is one error naming the endpoint and status', async () => {
    const m = mockClient({ retries: 3 });
    m.pool.intercept({ path: '/api/v4/hooks', method: 'POST' }).reply(201, '', { headers: { 'content-length': '0' } });
    m.pool.intercept({ path: '/api/v4/broadcast_messages/1', method: 'PUT' }).reply(200, ' \n', json);
    m.pool.intercept({ path: '/api/v4/hooks/1', method: 'DELETE' }).reply(204, '');
    const created = await m.client.post('/hooks', { url: 'https://x.example' });
    const err = (() => {
      try {
        parseWriteAnswer(Hook, m.client, created, 'POST /hooks', 'the hook may have been created');
      } catch (e) {
        return e as CommandFailedError;
      }
    })();
    expect(err).toBeInstanceOf(CommandFailedError);
    expect(err?.message).toBe('POST /hooks answered 201 with no body: the hook may have been created');
    expect(err?.hint).toBe('check before trying again: forgectl api /hooks');
    // White space only is no body either.
    const updated = await m.client.put('/broadcast_messages/1', { message: 'x' });
    expect(() => parseWriteAnswer(Hook, m.client, updated, 'PUT /broadcast_messages/1', 'message 1 may have been changed', '`forgectl broadcast get 1`')).toThrow(
      'PUT /broadcast_messages/1 answered 200 with no body: message 1 may have been changed',
    );
    expect((await m.client.delete('/hooks/1')).data).toBeNull();
    expect(m.sleeps).toHaveLength(0);
    m.agent.assertNoPendingInterceptors();
  });

  it('with a body, it is checked as any answer', async () => {
    const m = mockClient();
    m.pool.intercept({ path: '/api/v4/hooks', method: 'POST' }).reply(201, { id: 4, url: 'https://x.example' }, json);
    const res = await m.client.post('/hooks', {});
    expect(parseWriteAnswer(Hook, m.client, res, 'POST /hooks', 'the hook may have been created')).toEqual({ id: 4, url: 'https://x.example' });
  });
});

describe('the cap on one answer (FORGECTL_MAX_ANSWER_MB)', () => {
  it('an answer past the cap fails at once, not retried, with what to do', async () => {
    const m = mockClient({ maxAnswerBytes: 1024 });
    m.pool.intercept({ path: '/api/v4/projects' }).reply(200, `[${'"x",'.repeat(400)}"x"]`, json);
    const err: any = await m.client.get('/projects').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.code).toBe('ETOOLARGE');
    expect(err.message).toBe('GET https://git.example.com/api/v4/projects failed: answer larger than 1024 bytes, the most forgectl reads in one answer');
    expect(err.hint).toMatch(/FORGECTL_MAX_ANSWER_MB/);
    expect(m.sleeps).toHaveLength(0);
  });

  it('a HEAD answer announcing a large body is not refused (it carries none)', async () => {
    const m = mockClient({ maxAnswerBytes: 1024 });
    m.pool.intercept({ path: '/api/v4/projects/1/repository/archive', method: 'HEAD' }).reply(200, '', { headers: { 'content-length': String(2 ** 30) } });
    expect((await m.client.request({ method: 'HEAD', path: '/projects/1/repository/archive' })).status).toBe(200);
  });

  it('an answer at the cap is read whole', async () => {
    const body = `[${'"x",'.repeat(200)}"x"]`;
    const m = mockClient({ maxAnswerBytes: Buffer.byteLength(body) });
    m.pool.intercept({ path: '/api/v4/projects' }).reply(200, body, json);
    expect(await m.client.get('/projects')).toHaveLength(201);
  });
});

describe('checkCommandFor', () => {
  const root = 'https://git.example.com/api/v4';
  it('reads back the item a write touched', () => {
    expect(checkCommandFor(root, `${root}/hooks`)).toBe('forgectl api /hooks');
    expect(checkCommandFor(root, `${root}/hooks/4`)).toBe('forgectl api /hooks/4');
    expect(checkCommandFor(root, `${root}/personal_access_tokens/9/rotate`)).toBe('forgectl api /personal_access_tokens/9');
    expect(checkCommandFor(root, `${root}/projects/a%2Fb/merge_requests/3/merge?x=1`)).toBe('forgectl api /projects/a%2Fb/merge_requests/3');
    // `api` only reaches /api/v4: an alert endpoint outside it gets no command that would miss it.
    const origin = new URL(root).origin;
    expect(checkCommandFor(root, `${origin}/grp/proj/prometheus/alerts/notify.json`)).toBe(`look on ${origin} whether it took effect`);
    expect(checkCommandFor(root, `${origin}/api/v4x/y`)).toBe(`look on ${origin} whether it took effect`);
  });
});

describe('a write whose answer was lost, then refused on the retries', () => {
  it('still says the change may have been applied (the first attempt may have acted)', async () => {
    const m = mockClient({ retries: 2 });
    const fail = (code: string) => Object.assign(new Error(code), { code });
    m.pool.intercept({ path: '/api/v4/hooks/4', method: 'PUT' }).replyWithError(fail('ECONNRESET'));
    m.pool.intercept({ path: '/api/v4/hooks/4', method: 'PUT' }).replyWithError(fail('ECONNREFUSED')).times(2);
    const err: any = await m.client.put('/hooks/4', { url: 'https://x.example' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.mayHaveApplied).toBe(true);
    expect(err.message).toMatch(/the change may have been applied/);
    expect(err.hint).toBe('check before trying again: forgectl api /hooks/4');
  });
});
