// The loop that writes a long list (issue 27) is a small function of its own: V8 optimizes the
// function around a hot loop whole, and `render` has every format in it. Read from V8's own trace
// of what it optimizes, never timed.

import { createServer, type Server } from 'node:http';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';

const PAGES = 40;
const PER_PAGE = 100;
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const page = Number(url.searchParams.get('page') ?? '1');
    const link = (n: number, rel: string) => `<${origin}/api/v4/projects?page=${n}&per_page=${PER_PAGE}>; rel="${rel}"`;
    res.writeHead(200, {
      'content-type': 'application/json',
      link: [page < PAGES ? link(page + 1, 'next') : '', link(1, 'first'), link(PAGES, 'last')].filter(Boolean).join(', '),
      'x-page': String(page),
      'x-per-page': String(PER_PAGE),
      'x-next-page': page < PAGES ? String(page + 1) : '',
      'x-total-pages': String(PAGES),
      'x-total': String(PAGES * PER_PAGE),
    });
    const first = (PAGES - page) * PER_PAGE;
    res.end(JSON.stringify(Array.from({ length: PER_PAGE }, (_, i) => ({ id: first + PER_PAGE - i, name: `p${first + PER_PAGE - i}`, runners_token: 'GR1348941x' }))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('a long list written as NDJSON', () => {
  it('is written by a loop of its own that V8 optimizes, not by render with every format in it', async () => {
    const res = await execa('node', ['--trace-opt', BIN, 'projects', 'list', '--all', '-o', 'ndjson', '--retries', '0'], {
      env: cleanEnv({ FORGECTL_URL: origin, FORGECTL_TOKEN: 'glpat-test-token-000000', FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-') }),
      extendEnv: false,
      reject: false,
      timeout: 60_000,
    });
    expect(res.exitCode).toBe(0);
    const lines = String(res.stdout).split('\n');
    const items = lines.filter((l) => l.startsWith('{'));
    expect(items).toHaveLength(PAGES * PER_PAGE);
    expect(JSON.parse(items[0])).toEqual({ id: PAGES * PER_PAGE, name: `p${PAGES * PER_PAGE}`, runners_token: '********' });
    const optimized = lines.filter((l) => /^\[(compiling method|completed compiling)/.test(l));
    // The trace works and the loop was hot enough to be optimized…
    expect(optimized.some((l) => l.includes('<JSFunction writeNdjson '))).toBe(true);
    // …and render, called once, was not (it was, for its loop, while the loop was inside it).
    expect(optimized.filter((l) => l.includes('<JSFunction render '))).toEqual([]);
  });
});
