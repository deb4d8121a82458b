// `forgectl api` prints what the server sent: on a terminal, control characters are shown and never
// obeyed and a proxy's HTML page is summarised; in a pipe, scripts get the bytes exactly (issue 14).

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/harness.js';

const HOSTILE = 'red \x1b[31malert\x1b[0m \x1b]0;owned\x07 end';
// RLO: shown as `evilexe.txt` by a terminal that obeys it.
const SPOOF = 'attachment: evil\u202Etxt.exe';
const PAGE = '<!DOCTYPE html>\n<html><body><h1>502 Bad Gateway</h1>\x1b[2J</body></html>\n';

let server: Server;
let url = '';
const queries: string[] = [];
// Compact, keys in the server's order, a number as the server wrote it: a pipe gets these bytes.
const RAW_JSON = '[{"id":1,"name":"a","size":1.50}]\n';
const RAW_ERROR = '{"message":{"name":["has already been taken"]},"sent":"glpat-test-token-000000"}';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path.startsWith('/api/v4/json-echo')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(RAW_ERROR);
    } else if (path.startsWith('/api/v4/json-error')) {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(RAW_ERROR);
    } else if (path.startsWith('/api/v4/json')) {
      queries.push(new URL(path, 'http://x').search);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(RAW_JSON);
    } else if (path.startsWith('/api/v4/spoof')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(SPOOF);
    } else if (path.startsWith('/api/v4/text')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(HOSTILE);
    } else if (path.startsWith('/api/v4/headers')) {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-note': 'a\x9b31mb', 'x-link': 'https://bob:hunter2@example.test/x' });
      res.end('ok');
    } else if (path.startsWith('/api/v4/bad-text')) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`${HOSTILE} see https://bob:hunter2@example.test/x`);
    } else if (path.startsWith('/api/v4/bad-json')) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'bad \x1b[31mthing\x9b', url: 'https://bob:hunter2@example.test/x' }));
    } else {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(PAGE);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

const api = (path: string, tty: boolean, extra: string[] = []) =>
  runCli(['api', path, ...extra], { tty, retryBaseMs: 1, env: { FORGECTL_URL: url, FORGECTL_TOKEN: 'glpat-test-token-000000', NO_COLOR: '1' } });

describe('api output on a terminal and in a pipe', () => {
  it('shows ESC and OSC sequences of a text answer on a terminal, and passes them exactly to a pipe', async () => {
    const tty = await api('/text', true);
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).not.toMatch(/[\x1b\x07]/);
    expect(tty.stdout).toContain('red ^[[31malert^[[0m ^[]0;owned^G end');
    const pipe = await api('/text', false);
    expect(pipe.stdout).toBe(`${HOSTILE}\n`);
  });

  it('shows Unicode bidi controls of a text answer on a terminal, and passes them exactly to a pipe', async () => {
    const tty = await api('/spoof', true);
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toBe('attachment: evil\\u202etxt.exe\n');
    const pipe = await api('/spoof', false);
    expect(pipe.stdout).toBe(`${SPOOF}\n`);
  });

  it('shows control characters in --include headers on a terminal and masks URL credentials', async () => {
    const tty = await api('/headers', true, ['--include']);
    // Header values cannot hold C0, but bytes 0x80-0xff arrive as C1 characters (CSI here).
    expect(tty.stdout).not.toContain('\x9b');
    expect(tty.stdout).toContain('x-note: a\\x9b31mb');
    expect(tty.stdout).not.toContain('hunter2');
    const pipe = await api('/headers', false, ['--include']);
    expect(pipe.stdout).toContain('x-note: a\x9b31mb');
  });

  it('an error body: visible and masked on a terminal, exact in a pipe', async () => {
    const tty = await api('/bad-text', true);
    expect(tty.exitCode).toBe(1);
    expect(tty.stdout).not.toMatch(/[\x1b\x07]/);
    expect(tty.stdout).toContain('^[[31malert');
    expect(tty.stdout).not.toContain('hunter2');
    expect(tty.stderr).not.toMatch(/[\x1b\x07]/);
    const pipe = await api('/bad-text', false);
    expect(pipe.exitCode).toBe(1);
    expect(pipe.stdout).toBe(`${HOSTILE} see https://bob:hunter2@example.test/x\n`);
  });

  it('a JSON error body on a terminal leaves no raw C1 character and masks URL credentials', async () => {
    const tty = await api('/bad-json', true);
    expect(tty.exitCode).toBe(1);
    expect(tty.stdout).not.toMatch(/[\x1b\x9b]/);
    expect(tty.stdout).toContain('bad \\u001b[31mthing');
    expect(tty.stdout).not.toContain('hunter2');
    // Still JSON a person can paste into jq: C1 as \u009b (as -o json shows it), not a \x escape.
    expect(JSON.parse(tty.stdout)).toEqual({ message: 'bad \x1b[31mthing\x9b', url: 'https://bob:********@example.test/x' });
    const pipe = await api('/bad-json', false);
    expect(JSON.parse(pipe.stdout)).toEqual({ message: 'bad \x1b[31mthing\x9b', url: 'https://bob:hunter2@example.test/x' });
  });

  it("a proxy's HTML error page is one line on a terminal and the whole page in a pipe", async () => {
    const tty = await api('/gone', true);
    expect(tty.exitCode).toBe(1);
    expect(tty.stdout).not.toContain('<html>');
    expect(tty.stdout.trim().split('\n')).toHaveLength(1);
    expect(tty.stdout).toMatch(/web page of \d+ bytes.*pipe the output/);
    expect(tty.stderr).toMatch(/^error: 502 Bad Gateway \(the answer is a web page/m);
    const pipe = await api('/gone', false);
    // Exact: the page already ends with a newline, none is added.
    expect(pipe.stdout).toBe(PAGE);
  });
});

describe('api JSON answers and paging flags', () => {
  it('in a pipe prints the JSON body as received; on a terminal, formatted', async () => {
    const pipe = await api('/json', false);
    expect(pipe.exitCode, pipe.stderr).toBe(0);
    expect(pipe.stdout).toBe(RAW_JSON);
    const tty = await api('/json', true);
    expect(tty.stdout).toBe(`${JSON.stringify([{ id: 1, name: 'a', size: 1.5 }], null, 2)}\n`);
    // A format or keys asked for are still applied in a pipe.
    const yaml = await api('/json', false, ['-o', 'yaml']);
    expect(yaml.stdout).toMatch(/^- id: 1\n/);
    const fields = await api('/json', false, ['--fields', 'id']);
    expect(JSON.parse(fields.stdout)).toEqual([{ id: 1 }]);
  });

  it('a JSON answer in a pipe that echoes the token sent is printed as received, that token masked', async () => {
    const pipe = await api('/json-echo', false);
    expect(pipe.exitCode, pipe.stderr).toBe(0);
    expect(pipe.stdout).toBe(`${RAW_ERROR.replace('glpat-test-token-000000', '[REDACTED]')}\n`);
  });

  it('a JSON error body in a pipe is printed as received too, the token sent still masked', async () => {
    const pipe = await api('/json-error', false);
    expect(pipe.exitCode).toBe(1);
    expect(pipe.stdout).toBe(`${RAW_ERROR.replace('glpat-test-token-000000', '[REDACTED]')}\n`);
    expect(pipe.stderr).toMatch(/^error: 422 name has already been taken$/m);
  });

  it('--page and --per-page go into the query of a GET', async () => {
    queries.length = 0;
    const res = await api('/json', false, ['--per-page', '1', '--page', '2']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(new URLSearchParams(queries[0]).get('page')).toBe('2');
    expect(new URLSearchParams(queries[0]).get('per_page')).toBe('1');
  });

  it('--page with a write, or with a field of the same name, is exit 2 and sends nothing', async () => {
    queries.length = 0;
    const post = await api('/json', false, ['-X', 'POST', '--page', '2']);
    expect(post.exitCode).toBe(2);
    expect(post.stderr).toMatch(/^error: --page and --per-page work with GET only$/m);
    const twice = await api('/json', false, ['-X', 'GET', '-F', 'per_page=5', '--per-page', '1']);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toMatch(/^error: --per-page and the field per_page both give the per_page parameter$/m);
    // The path's own query too: `?page=5` and `--page 2` sent both, and the server picked one.
    const inPath = await api('/json?page=5', false, ['--page', '2']);
    expect(inPath.exitCode).toBe(2);
    expect(inPath.stderr).toMatch(/^error: --page and the path's query both give the page parameter$/m);
    expect(queries).toEqual([]);
  });
});
