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

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path.startsWith('/api/v4/spoof')) {
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
    expect(pipe.stdout).toBe(`${PAGE}\n`);
  });
});
