// An --all list stopped by Ctrl-C or SIGTERM while a page is on its way (issue 23): stderr says how
// many items were printed and the flags that go on from there; -o json and -o yaml never leave a
// document that parses as the whole list. The fake server answers page 1 and holds every later page.

import { createServer, type ServerResponse, type Server } from 'node:http';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { BIN, cleanEnv, tempDir } from '../helpers/cli.js';

let server: Server;
let origin = '';
const held: ServerResponse[] = [];
let onHeld: (() => void) | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const page = Number(url.searchParams.get('page') ?? '1');
    if (page > 1) {
      held.push(res);
      onHeld?.();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      link: `<${origin}/api/v4/hooks?page=2&per_page=3>; rel="next"`,
      'x-page': '1',
      'x-next-page': '2',
      'x-total-pages': '4',
      'x-total': '12',
    });
    res.end(JSON.stringify([1, 2, 3].map((id) => ({ id, url: `https://hooks.example/${id}` }))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

/** Runs `hooks list --all` and sends `signal` once page 2 has been asked for (page 1 is printed by then). */
async function interrupt(signal: 'SIGINT' | 'SIGTERM', format: string[]) {
  const asked = new Promise<void>((resolve) => (onHeld = resolve));
  const child = execa(BIN, ['hooks', 'list', '--all', '--per-page', '3', '--retries', '0', ...format], {
    env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir(), FORGECTL_URL: origin, FORGECTL_TOKEN: 'glpat-test-token-000000' }),
    extendEnv: false,
    reject: false,
    timeout: 30_000,
  });
  await asked;
  onHeld = undefined;
  child.kill(signal);
  const res = await child;
  expect(res.timedOut).toBe(false);
  return { exitCode: res.exitCode, stdout: String(res.stdout), stderr: String(res.stderr) };
}

const STOPPED = 'error: the list stopped at page 2, 3 items printed before it: interrupted';
const RESUME = 'hint: to go on from there, run the same command with --page 2 --per-page 3';

describe('an --all list interrupted while a page is on its way', () => {
  it('SIGINT, -o json: exit 130, the count printed and where to resume; the array is left open', async () => {
    const res = await interrupt('SIGINT', ['-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.stderr).toContain(STOPPED);
    expect(res.stderr).toContain(RESUME);
    expect(() => JSON.parse(res.stdout)).toThrow();
    expect(JSON.parse(`${res.stdout}]`).map((h: { id: number }) => h.id)).toEqual([1, 2, 3]);
  });

  it('SIGTERM, -o yaml: exit 143, the count and where to resume; the YAML does not parse as a whole list', async () => {
    const res = await interrupt('SIGTERM', ['-o', 'yaml']);
    expect(res.exitCode, res.stderr).toBe(143);
    expect(res.stderr).toContain(STOPPED);
    expect(res.stderr).toContain(RESUME);
    expect(res.stdout).not.toBe('');
    expect(() => parseYaml(res.stdout)).toThrow();
    expect(res.stdout.match(/^- id: \d+$/gm)).toEqual(['- id: 1', '- id: 2', '- id: 3']);
  });

  it('SIGINT, tab-separated in a pipe: the rows printed stay, and stderr says how many and where to resume', async () => {
    const res = await interrupt('SIGINT', ['--fields', 'id']);
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.stdout).toBe('1\n2\n3');
    expect(res.stderr).toContain(STOPPED);
    expect(res.stderr).toContain(RESUME);
  });
});
