// Writes answered 2xx with no body (a 204, or 200/201 with Content-Length 0 from a proxy or an older
// version), injected by the sandbox's `empty-body` and `no-content` faults after the request acted.
// Where the command needs the body (a created resource, a rotated token's secret) it is one error
// line naming the endpoint and status, saying the change may have been made, exit 1; where it does
// not (a delete), it is success.

import { describe, expect, it } from 'vitest';
import { forgectl, type CliResult } from '../helpers/cli.js';
import { envFor, profileWith, rawGet, requestsSince, savedToken, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** Runs the CLI with `spec` pending, then drops whatever is left of it. */
async function withFault(spec: string, args: string[], opts: { token?: string; configDir?: string } = {}) {
  const sb = sandbox();
  await sb.clearFaults();
  sb.addFaults(spec);
  const mark = sb.requests.length;
  try {
    const env = opts.configDir ? {} : envFor(sb, opts.token ?? 'admin');
    const res = await forgectl(args, { env, configDir: opts.configDir });
    return { ...res, requests: requestsSince(sb, mark).filter((r) => !r.path.startsWith('/-/')) };
  } finally {
    await sb.clearFaults();
  }
}

/** No stack trace, no `undefined`, no `null` printed in the answer's place. */
function expectClean(res: CliResult): void {
  expect(res.stderr).not.toMatch(/^\s+at /m);
  expect(res.stderr).not.toMatch(/undefined|TypeError/);
  expect(res.stdout).not.toMatch(/undefined|null/);
}

describe('token rotate answered with no body', () => {

  for (const [fault, status] of [
    ['empty-body', 200],
    ['no-content', 204],
  ] as const) {
    it(`${fault} (${status}): exit 1, one line saying it may have been rotated, nothing saved or printed, sent once`, async () => {
      const sb = sandbox();
      const configDir = await profileWith(sandbox(), fault === 'empty-body' ? 'alice' : 'bob');
      const before = savedToken(configDir);
      const res = await withFault(`${fault}:1@POST:/personal_access_tokens/self/rotate`, ['token', 'rotate', 'self', '-o', 'json'], { configDir });
      expect(res.exitCode).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toBe(
        `error: POST /personal_access_tokens/self/rotate answered ${status} with no body: the token may have been rotated, and no new secret came back (nothing was saved or printed)\n` +
          'hint: check before trying again: `forgectl token list` (with another token if this one no longer works)',
      );
      expectClean(res);
      // The profile keeps the secret it had: an empty one is never saved.
      expect(savedToken(configDir)).toBe(before);
      // The rotation was sent once (an action is never repeated blindly), and it did happen.
      expect(res.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect((await rawGet(sb, '/personal_access_tokens/self', before)).status).toBe(401);
    });
  }
});

describe('a create that prints the resource, answered with no body', () => {
  it('hooks create answered 201 with Content-Length 0: exit 1, says the hook may have been created and how to look; it was', async () => {
    const sb = sandbox();
    const url = 'https://hooks.example.com/empty-201';
    const res = await withFault('empty-body:1@POST:/hooks', ['hooks', 'create', '--url', url, '-o', 'json']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe('error: POST /hooks answered 201 with no body: the hook may have been created\nhint: check before trying again: forgectl api /hooks');
    expectClean(res);
    expect(res.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v4/hooks']);
    const hooks = (await rawGet(sb, '/hooks', sb.tokens.admin)).body as { url: string }[];
    expect(hooks.filter((h) => h.url === url)).toHaveLength(1);
  });

  it('broadcast create answered 204: exit 1, one line naming the endpoint and status', async () => {
    const res = await withFault('no-content:1@POST:/broadcast_messages', ['broadcast', 'create', '--message', 'Empty answer', '-o', 'json']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      'error: POST /broadcast_messages answered 204 with no body: the message may have been created\nhint: check before trying again: forgectl api /broadcast_messages',
    );
    expectClean(res);
  });
});

describe('an update answered with no body', () => {
  it('broadcast update answered 200 with Content-Length 0: exit 1, says message 1 may have been changed; sent once', async () => {
    const res = await withFault('empty-body:1@PUT:/broadcast_messages/1', ['broadcast', 'update', '1', '--message', 'Moved again', '-o', 'json']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      'error: PUT /broadcast_messages/1 answered 200 with no body: message 1 may have been changed\nhint: check before trying again: forgectl api /broadcast_messages/1',
    );
    expectClean(res);
    // A 200 is an answer: nothing to retry.
    expect(res.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});

describe('a delete answered with no body is a success', () => {
  it('hooks delete answered 200 with Content-Length 0 (a proxy): exit 0, the confirmation on stderr, nothing on stdout', async () => {
    const sb = sandbox();
    const made = await forgectl(['hooks', 'create', '--url', 'https://hooks.example.com/to-delete', '-o', 'json'], { env: envFor(sb) });
    const id = (JSON.parse(made.stdout) as { id: number }).id;
    // The sandbox answers 204; a proxy that rewrote it as an empty 200 must read the same.
    const res = await withFault(`empty-body:1@DELETE:/hooks/${id}`, ['hooks', 'delete', String(id), '--yes', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(`Deleted system hook ${id}.`);
  });

  it('dashboards unstar answered 204 (no deleted_rows): exit 0, says it is done, prints no count', async () => {
    const sb = sandbox();
    const star = await forgectl(['dashboards', 'star', 'acme/platform/api', 'empty.yml'], { env: envFor(sb, 'admin') });
    expect(star.exitCode, star.stderr).toBe(0);
    const res = await withFault('no-content:1@DELETE:/projects/*', ['dashboards', 'unstar', 'acme/platform/api', 'empty.yml', '-o', 'json'], { token: 'admin' });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe('Unstarred empty.yml.');
    const again = await forgectl(['dashboards', 'unstar', 'acme/platform/api', 'empty.yml', '-o', 'json'], { env: envFor(sb, 'admin') });
    expect(JSON.parse(again.stdout)).toEqual({ deleted_rows: 0 });
  });
});
