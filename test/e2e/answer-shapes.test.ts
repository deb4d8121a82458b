// Issue 33.8: an answer of the wrong shape is refused (exit 1) wherever it comes, plan limits
// included; the answer to a write that has another shape says the change may have been made (the
// server acted before answering), not merely "unexpected answer".

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';

// What the fake instance answers for each `METHOD path`, and what it was sent.
const answers = new Map<string, { status: number; body: unknown }>();
const sent: string[] = [];
let origin = '';
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    sent.push(key);
    req.resume();
    req.on('end', () => {
      const a = answers.get(key) ?? { status: 404, body: { message: '404 Not Found' } };
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const run = (args: string[]) => forgectl(args, { env: { FORGECTL_URL: origin, FORGECTL_TOKEN: 'glpat-shape-test-0001', FORGECTL_RETRY_BASE_MS: '1' } });

describe('plan limits of the wrong shape', () => {
  it('a limit given as a string (or the answer a list) is refused, exit 1, naming the field', async () => {
    answers.set('GET /api/v4/application/plan_limits', { status: 200, body: { ci_pipeline_size: 'none', conan_max_file_size: 3221225472 } });
    const res = await run(['plan-limits', 'get', '-o', 'json']);
    expect(res.stderr).toMatch(/^error: 200 unexpected answer for GET \/application\/plan_limits at ci_pipeline_size: /m);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    answers.set('GET /api/v4/application/plan_limits', { status: 200, body: [{ ci_pipeline_size: 0 }] });
    expect((await run(['plan-limits', 'get'])).exitCode).toBe(1);
  });

  it('a PUT answered with another shape: exit 1, the limits may have been changed, how to look', async () => {
    answers.set('GET /api/v4/application/plan_limits', { status: 200, body: { ci_pipeline_size: 0, ci_active_jobs: 0 } });
    answers.set('PUT /api/v4/application/plan_limits', { status: 200, body: { ci_pipeline_size: '500', ci_active_jobs: 0 } });
    const res = await run(['plan-limits', 'set', 'ci_pipeline_size=500']);
    expect(res.stderr).toMatch(
      /^error: PUT \/application\/plan_limits answered 200 with an answer of another shape \(at ci_pipeline_size: [^)]*\): the limits of plan default may have been changed\nhint: check before trying again: /,
    );
    expect(res.exitCode).toBe(1);
    expect(sent.filter((s) => s.startsWith('PUT'))).toHaveLength(1);
  });

  it('so is any write whose answer has another shape (a hook created)', async () => {
    answers.set('POST /api/v4/hooks', { status: 201, body: [{ id: 'seven', url: 'https://hooks.example.com/a' }] });
    const res = await run(['hooks', 'create', '--url', 'https://hooks.example.com/a']);
    expect(res.stderr).toMatch(/^error: POST \/hooks answered 201 with an answer of another shape \(at id: [^)]*\): the hook may have been created\n/);
    expect(res.exitCode).toBe(1);
  });
});
