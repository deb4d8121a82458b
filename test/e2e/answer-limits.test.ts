// The cap on one answer (issue 23, item 8). A fake instance on 127.0.0.1 streams a JSON array that
// never ends, from one small buffer written again and again (the test holds no large body), or
// announces a Content-Length far past the cap. forgectl stops reading at the cap and says so.

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';

const CHUNK = Buffer.from(`${'{"id":1,"name":"padding padding padding padding"},'.repeat(1300)}`);

let server: Server;
let url = '';
const sent = { requests: 0, bytes: 0 };

beforeAll(async () => {
  server = createServer((req, res) => {
    sent.requests++;
    if (req.url?.startsWith('/api/v4/projects')) {
      // Chunked, no Content-Length: the size shows only while reading.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const pump = () => {
        while (!res.destroyed && sent.bytes < 64 * 2 ** 20) {
          sent.bytes += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.destroy());
      pump();
      return;
    }
    // A Content-Length of 200 GB, then nothing: refused before a byte of the body is read.
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 2 ** 30) });
    res.write('[');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const env = (extra: Record<string, string> = {}) => ({ FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-limit-test-0000', FORGECTL_RETRY_BASE_MS: '1', ...extra });

describe('one answer is capped', () => {
  it('a body streaming past FORGECTL_MAX_ANSWER_MB: exit 1 at the cap, not retried, nothing printed', async () => {
    Object.assign(sent, { requests: 0, bytes: 0 });
    const res = await forgectl(['projects', 'list', '-o', 'json'], { env: env({ FORGECTL_MAX_ANSWER_MB: '2' }) });
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^error: .*failed: answer larger than 2 MB, the most forgectl reads in one answer$/m);
    expect(res.stderr).toContain('hint: ask for less (a smaller --per-page), or raise the limit with FORGECTL_MAX_ANSWER_MB');
    expect(sent.requests).toBe(1);
    // It stopped reading near the cap instead of taking all the server had (64 MB).
    expect(sent.bytes).toBeLessThan(32 * 2 ** 20);
  });

  it('a Content-Length past the default cap (100 MB) fails as soon as the headers arrive', async () => {
    sent.requests = 0;
    const res = await forgectl(['hooks', 'list', '-o', 'json'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/^error: GET \S+\/hooks\S* failed: answer larger than 100 MB, the most forgectl reads in one answer$/m);
    expect(sent.requests).toBe(1);
  });

  it('an invalid FORGECTL_MAX_ANSWER_MB is a usage error: exit 2, nothing sent', async () => {
    sent.requests = 0;
    const res = await forgectl(['hooks', 'list'], { env: env({ FORGECTL_MAX_ANSWER_MB: 'lots' }) });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: invalid FORGECTL_MAX_ANSWER_MB: lots$/m);
    expect(sent.requests).toBe(0);
  });
});
