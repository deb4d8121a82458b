// Redirects (issue 23, item 1). Instance A is a server on 127.0.0.1 in front of the sandbox: it
// redirects `projects list` and every write under /moved/…, either to itself (same origin, then on to
// the sandbox) or to server B on another port. B records whatever reaches it: nothing may.

import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

let a: Server;
let b: Server;
let aUrl = '';
let bUrl = '';
let target: 'same' | 'other' = 'other';
const reachedB: { method?: string; url?: string; body: string }[] = [];

const listen = async (s: Server): Promise<string> => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as { port: number }).port}`;
};

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

beforeAll(async () => {
  a = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', aUrl);
    const moves = req.method !== 'GET' || u.pathname === '/api/v4/projects';
    if (moves && !u.pathname.startsWith('/moved/')) {
      const to = `${target === 'same' ? aUrl : bUrl}/moved${u.pathname}${u.search}`;
      // 302 for the read; 307 and 308 keep the method and body of a write.
      res.writeHead(req.method === 'GET' ? 302 : req.method === 'PUT' ? 308 : 307, { location: to });
      res.end();
      return;
    }
    const body = await readBody(req);
    const fwd = request(`${sandbox().url}${u.pathname.replace(/^\/moved/, '')}${u.search}`, { method: req.method, headers: { ...req.headers, host: new URL(sandbox().url).host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    fwd.end(body);
  });
  b = createServer(async (req, res) => {
    reachedB.push({ method: req.method, url: req.url, body: (await readBody(req)).toString() });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.method === 'GET' ? '[{"id":666,"path_with_namespace":"evil/answer"}]' : '{"id":666}');
  });
  [aUrl, bUrl] = await Promise.all([listen(a), listen(b)]);
});
afterAll(() => Promise.all([a, b].map((s) => new Promise<void>((r) => s.close(() => r())))));
beforeEach(() => {
  reachedB.length = 0;
});

const SECRET = 'redirect-secret-4711';
const env = () => ({ FORGECTL_URL: aUrl, FORGECTL_TOKEN: sandbox().tokens.admin, FORGECTL_RETRY_BASE_MS: '1' });

const cases: { name: string; args: string[]; input?: string; method: string; path: string }[] = [
  { name: 'projects list (a read)', args: ['projects', 'list', '-o', 'json'], method: 'GET', path: '/api/v4/projects' },
  { name: 'settings set akismet_api_key=-', args: ['settings', 'set', 'akismet_api_key=-'], input: `${SECRET}\n`, method: 'PUT', path: '/api/v4/application/settings' },
  { name: 'hooks create --secret-stdin', args: ['hooks', 'create', '--url', 'https://hooks.example.com/redirected', '--secret-stdin'], input: `${SECRET}\n`, method: 'POST', path: '/api/v4/hooks' },
  {
    name: 'migrate start (the source token in the body)',
    args: ['migrate', 'start', '--source-url', 'https://old.example.com', '--source-token-stdin', '--entity', 'group:acme=opensource:redirected', '--no-check'],
    input: SECRET,
    method: 'POST',
    path: '/api/v4/bulk_imports',
  },
];

describe('a redirect to another origin is never followed', () => {
  for (const c of cases) {
    it(`${c.name}: exit 1 naming where it pointed, B receives no request at all`, async () => {
      target = 'other';
      const mark = sandbox().requests.length;
      const res = await forgectl(c.args, { env: env(), input: c.input });
      expect(res.exitCode, res.stderr).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain(`error: the instance redirected to ${bUrl}/moved${c.path}`);
      expect(res.stderr).toMatch(/: check --url$/m);
      expect(res.stderr).toContain(`nothing was sent to ${bUrl}`);
      expect(res.stdout + res.stderr).not.toContain(SECRET);
      expect(reachedB).toEqual([]);
      // Nor did the API behind A: A answered with the redirect, and that is not followed.
      expect(requestsSince(sandbox(), mark).filter((r) => r.method === c.method && r.path === c.path)).toHaveLength(0);
    });
  }
});

describe('a redirect within the instance still works', () => {
  it('a GET: projects list follows a 302 and prints the list', async () => {
    target = 'same';
    const res = await forgectl(['projects', 'list', '-o', 'json'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res).length).toBeGreaterThan(0);
    expect(reachedB).toEqual([]);
  });

  it('a PUT (308) and a POST (307) are repeated with their body and token', async () => {
    target = 'same';
    const mark = sandbox().requests.length;
    const set = await forgectl(['settings', 'set', 'akismet_api_key=-'], { env: env(), input: `${SECRET}\n` });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stdout + set.stderr).not.toContain(SECRET);
    const hook = await forgectl(['hooks', 'create', '--url', 'https://hooks.example.com/same-origin', '--secret-stdin', '-o', 'json'], { env: env(), input: `${SECRET}\n` });
    expect(hook.exitCode, hook.stderr).toBe(0);
    expect(json(hook)).toMatchObject({ url: 'https://hooks.example.com/same-origin' });
    const sent = requestsSince(sandbox(), mark);
    expect(sent.find((r) => r.method === 'PUT' && r.path === '/api/v4/application/settings')?.body).toMatchObject({ akismet_api_key: SECRET });
    expect(sent.find((r) => r.method === 'POST' && r.path === '/api/v4/hooks')?.body).toMatchObject({ url: 'https://hooks.example.com/same-origin', token: SECRET });
    expect(reachedB).toEqual([]);
  });
});
