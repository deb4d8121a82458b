// The promises of CLI.md every command shares: exit codes, errors, retries, dry runs, redaction,
// refusal of plain http, output in a terminal and in a pipe, interruption.

import { createServer, type Server, type Socket } from 'node:net';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** A TCP server on loopback that accepts connections and never answers; `received` settles on the first request bytes. */
async function silentServer(): Promise<{ url: string; received: Promise<void>; close: () => void }> {
  const sockets: Socket[] = [];
  let onData!: () => void;
  const received = new Promise<void>((r) => (onData = r));
  const server: Server = createServer((s) => {
    sockets.push(s);
    s.once('data', () => onData());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

describe('exit codes and error messages', () => {
  it('0 on success, 3 on 404, 4 on 401, with one error line and a hint', async () => {
    const sb = sandbox();
    expect((await forgectl(['token', 'self'], { env: envFor(sb) })).exitCode).toBe(0);
    const missing = await forgectl(['api', '/projects/999999'], { env: envFor(sb) });
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toMatch(/^error: 404 Project Not Found$/m);
    const anon = await forgectl(['token', 'self'], { env: envFor(sb, null) });
    expect(anon.exitCode).toBe(4);
  });

  it('4 on an insufficient scope, with the scope named; -o json adds the API body on stderr', async () => {
    const sb = sandbox();
    const res = await forgectl(['api', 'POST', '/personal_access_tokens/self/rotate', '-o', 'json'], { env: envFor(sb, 'readonly') });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^error: .*scope/m);
    const body = JSON.parse(res.stderr.trim().split('\n').at(-1)!);
    expect(body).toMatchObject({ status: 403, error: 'insufficient_scope' });
    // `api` also prints the answer's body on stdout, as `gh api` does.
    expect(JSON.parse(res.stdout)).toMatchObject({ error: 'insufficient_scope' });
  });

  it('2 for unknown commands and flags, with the nearest valid one suggested', async () => {
    const cmd = await forgectl(['tokn', 'list']);
    expect(cmd.exitCode).toBe(2);
    expect(cmd.stderr).toMatch(/Did you mean token\?/);
    const flag = await forgectl(['projects', 'list', '--visiblity', 'private']);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/Did you mean --visibility\?/);
  });

  it('1 when the instance cannot be reached, with the address in the message', async () => {
    const port = await closedPort();
    const res = await forgectl(['token', 'self', '--retries', '0'], { env: { FORGECTL_URL: `http://127.0.0.1:${port}`, FORGECTL_TOKEN: 'glpat-xxxxxxxxxxxxxxxxxxxx' } });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: .*127\.0\.0\.1/m);
    expect(res.stderr).not.toContain('glpat-xxxxxxxxxxxxxxxxxxxx');
  });

  it('1 after --timeout when the server does not answer', async () => {
    const silent = await silentServer();
    cleanups.push(silent.close);
    const res = await forgectl(['token', 'self', '--timeout', '1', '--retries', '0'], { env: { FORGECTL_URL: silent.url, FORGECTL_TOKEN: 'glpat-xxxxxxxxxxxxxxxxxxxx' } });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: .*tim/im);
  });

  it('130 on Ctrl-C while a request is in flight', async () => {
    const silent = await silentServer();
    cleanups.push(silent.close);
    const child = execa(BIN, ['projects', 'list', '--all'], {
      env: cleanEnv({ FORGECTL_URL: silent.url, FORGECTL_TOKEN: 'glpat-xxxxxxxxxxxxxxxxxxxx', FORGECTL_CONFIG_DIR: tempDir() }),
      extendEnv: false,
      reject: false,
    });
    // Interrupt only once the request has reached the server: a fixed delay may fire before the
    // process has even started under load.
    await Promise.race([silent.received, child]);
    expect(child.exitCode, 'the command ended before its request arrived').toBeNull();
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode).toBe(130);
  });
});

describe('retries', () => {
  it('repeats a read after 503, 502 and a reset connection', async () => {
    const sb = sandbox();
    sb.addFaults('503:1,502:1,reset:1');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'self', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json<any>(res).name).toBe('admin');
    // Three failed reads and the one answered; then the owner's name, read once (issue 36.2).
    const sent = requestsSince(sb, mark).map((r) => `${r.method} ${r.path}`);
    expect(sent.filter((r) => r === 'GET /api/v4/personal_access_tokens/self')).toHaveLength(4);
    expect(sent.filter((r) => r.startsWith('GET /api/v4/users/'))).toHaveLength(1);
  });

  it('gives up after --retries and reports the last answer', async () => {
    const sb = sandbox();
    sb.addFaults('503:3');
    const res = await forgectl(['token', 'self', '--retries', '1'], { env: envFor(sb) });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/503/);
    expect(sb.state.faults.pending()).toBe('503:1'); // two attempts, no more
    sb.state.faults.clear();
  });

  it('never repeats a POST after 503, but does after 429 (the server did not act)', async () => {
    const sb = sandbox();
    sb.addFaults('503:1');
    let mark = sb.requests.length;
    const failed = await forgectl(['api', 'POST', '/personal_access_tokens/self/rotate'], { env: envFor(sb, 'grace') });
    expect(failed.exitCode).toBe(1);
    expect(requestsSince(sb, mark).filter((r) => r.method === 'POST')).toHaveLength(1);

    sb.addFaults('429:1');
    mark = sb.requests.length;
    const ok = await forgectl(['api', 'POST', '/personal_access_tokens/self/rotate'], { env: envFor(sb, 'grace') });
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(requestsSince(sb, mark).filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(json<any>(ok).token).toBeTruthy();
  });
});

describe('dry run, trace and redaction', () => {
  it('--dry-run prints the request with credentials redacted and sends no write', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['api', 'PUT', '/application/settings', '-F', 'signup_enabled=false', '--dry-run', '--sudo', 'alice'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    // `api` prints JSON by default, so the dry run is a JSON description of the request.
    expect(json<any>(res)).toEqual({
      dry_run: true,
      method: 'PUT',
      url: `${sb.url}/api/v4/application/settings`,
      headers: expect.objectContaining({ 'PRIVATE-TOKEN': '[REDACTED]', Sudo: 'alice' }),
      body: { signup_enabled: false },
    });
    expect(res.stdout + res.stderr).not.toContain(sb.tokens.admin);
    expect(requestsSince(sb, mark)).toHaveLength(0);
  });

  it('--verbose traces requests and answers on stderr without any secret, including a rotated one', async () => {
    const sb = sandbox();
    const res = await forgectl(['api', 'POST', '/personal_access_tokens/self/rotate', '--verbose'], { env: envFor(sb, 'alice') });
    expect(res.exitCode, res.stderr).toBe(0);
    const fresh = json<any>(res).token;
    expect(res.stderr).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/api\/v4\/personal_access_tokens\/self\/rotate/);
    expect(res.stderr).toMatch(/200/);
    expect(res.stderr).toContain('[REDACTED]');
    expect(res.stderr).not.toContain(sb.tokens.alice);
    expect(res.stderr).not.toContain(fresh);
  });

  it('FORGECTL_DEBUG=1 traces like --verbose', async () => {
    const sb = sandbox();
    const res = await forgectl(['token', 'self'], { env: envFor(sb, 'bob', { FORGECTL_DEBUG: '1' }) });
    expect(res.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/v4\/personal_access_tokens\/self/);
    expect(res.stderr).not.toContain(sb.tokens.bob);
  });
});

describe('plain http', () => {
  it('refuses to send a credential to a non-loopback http:// host, and allows it with --allow-insecure-http', async () => {
    const sb = sandbox();
    const url = sb.url.replace('127.0.0.1', '0.0.0.0');
    const mark = sb.requests.length;
    const refused = await forgectl(['token', 'self'], { env: envFor(sb, 'admin', { FORGECTL_URL: url }) });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/refusing to send a credential over plain http/);
    expect(requestsSince(sb, mark)).toHaveLength(0);
    const allowed = await forgectl(['token', 'self', '--allow-insecure-http'], { env: envFor(sb, 'admin', { FORGECTL_URL: url }) });
    expect(allowed.exitCode, allowed.stderr).toBe(0);
  });
});

describe('output in a terminal and in a pipe', () => {
  it('prints a headed table on a terminal and tab-separated rows without header in a pipe', async () => {
    const sb = sandbox();
    const args = ['projects', 'list', '--fields', 'id,path_with_namespace', '--limit', '3'];
    const piped = await forgectl(args, { env: envFor(sb) });
    const lines = piped.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^\d+\t[\w./-]+$/);
    const tty = await forgectl(args, { env: envFor(sb, 'admin', { FORGECTL_FORCE_TTY: '1', NO_COLOR: '1' }) });
    expect(tty.stdout.split('\n')[0]).toMatch(/ID\s+PATH/i);
  });

  it('json, yaml and ndjson keep every field the server sent', async () => {
    const sb = sandbox();
    const raw = (await rawGet(sb, '/projects?per_page=2', sb.tokens.admin)).body as any[];
    // Every field, with secret values masked (CLI.md): the runner token of each project.
    const masked = raw.map((p) => ({ ...p, runners_token: '********' }));
    const asJson = json<any[]>(await forgectl(['projects', 'list', '--per-page', '2', '-o', 'json'], { env: envFor(sb) }));
    expect(asJson).toEqual(masked);
    const nd = (await forgectl(['projects', 'list', '--per-page', '2', '-o', 'ndjson'], { env: envFor(sb) })).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(nd).toEqual(masked);
    expect(json<any[]>(await forgectl(['projects', 'list', '--per-page', '2', '-o', 'json', '--show-secrets'], { env: envFor(sb) }))).toEqual(raw);
    const yaml = await forgectl(['projects', 'list', '--per-page', '2', '-o', 'yaml'], { env: envFor(sb) });
    expect(yaml.stdout).toContain(`path_with_namespace: ${raw[0].path_with_namespace}`);
  });

  it('stops quietly when the reader goes away', async () => {
    const res = await execa('sh', ['-c', `"${BIN}" --help | head -1`], { reject: false });
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toBe('');
  });
});
