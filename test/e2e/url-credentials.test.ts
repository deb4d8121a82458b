// Issue 33.6: a credential inside a URL (a hook's `https://user:PASSWORD@host`, a `?token=` in its
// query) never reaches stdout or stderr, in any format, in a pipe (as CI runs it) or on a terminal,
// in traces, dry runs and errors. The masking is the shared layer's, so each command is covered.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const PASSWORD = 'PaSSw0rd-hook-77';
const QUERY_TOKEN = 'qtok-5d1e9a';
const SIGNATURE = 'sigval-0b7c';
const HOOK_URL = `https://deploy:${PASSWORD}@hooks.example.com/in?token=${QUERY_TOKEN}&team=ops&sig=${SIGNATURE}`;
const SECRETS = [PASSWORD, QUERY_TOKEN, SIGNATURE];

function expectNoSecret(text: string, what: string): void {
  for (const s of SECRETS) expect(text, `${what} shows ${s}`).not.toContain(s);
}

let hookId: number;

beforeAll(async () => {
  const sb = sandbox();
  const res = await fetch(`${sb.url}/api/v4/hooks`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': sb.tokens.admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: HOOK_URL, name: 'ops relay', push_events: true }),
  });
  expect(res.status).toBe(201);
  // The realdata answer of a system hook create is a one-item list.
  const body = await res.json();
  hookId = (Array.isArray(body) ? body[0] : body).id;
});

describe('URL credentials in hook URLs', () => {
  it('hooks list and get mask the password and query tokens in every format, in a pipe and on a terminal', async () => {
    const sb = sandbox();
    for (const args of [['hooks', 'list'], ['hooks', 'get', String(hookId)]]) {
      for (const format of ['table', 'json', 'yaml', 'ndjson', 'csv']) {
        for (const tty of [false, true]) {
          const res = await forgectl([...args, '-o', format], { env: envFor(sb, 'admin', { FORGECTL_FORCE_TTY: tty ? '1' : undefined }) });
          expect(res.exitCode, res.stderr).toBe(0);
          expectNoSecret(res.stdout + res.stderr, `${args.join(' ')} -o ${format} tty=${tty}`);
          // What is not a credential is kept: the user, the host, the other parameters.
          expect(res.stdout).toContain('deploy:********@hooks.example.com/in?token=********&team=ops&sig=********');
        }
      }
    }
  });

  it('state plan in a pipe (the CI drift job) masks them in its text, as -o json does', async () => {
    const sb = sandbox();
    // The file renames the hook: the plan names it by its URL.
    const dir = tempDir();
    const path = join(dir, 'instance.yaml');
    writeFileSync(path, stringify({ system_hooks: [{ url: HOOK_URL, name: 'ops relay 2', push_events: true }] }));
    for (const format of ['table', 'json', 'yaml']) {
      const res = await forgectl(['state', 'plan', '-f', path, '-o', format], { env: envFor(sb) });
      expect(res.exitCode, res.stderr).toBe(0);
      expectNoSecret(res.stdout + res.stderr, `state plan -o ${format}`);
      expect(res.stdout).toContain('deploy:********@hooks.example.com');
    }
  });

  it('traces (-v), dry runs and errors mask them too', async () => {
    const sb = sandbox();
    const traced = await forgectl(['hooks', 'list', '-v'], { env: envFor(sb) });
    expect(traced.exitCode, traced.stderr).toBe(0);
    expect(traced.stderr).toContain('< 200');
    expectNoSecret(traced.stdout + traced.stderr, 'hooks list -v');
    for (const format of ['table', 'json']) {
      const dry = await forgectl(['hooks', 'create', '--url', HOOK_URL, '--dry-run', '-o', format], { env: envFor(sb) });
      expect(dry.exitCode, dry.stderr).toBe(0);
      expect(dry.stdout).toContain('in?token=********');
      expectNoSecret(dry.stdout + dry.stderr, `hooks create --dry-run -o ${format}`);
    }
    // The instance is named with credentials in its own URL: the error about it masks them.
    const down = await forgectl(['hooks', 'list', '--retries', '0', '--url', `http://u:${PASSWORD}@127.0.0.1:9/?private_token=${QUERY_TOKEN}`], { env: envFor(sb) });
    expect(down.exitCode).not.toBe(0);
    expect(down.stderr).toMatch(/^error: /m);
    expectNoSecret(down.stdout + down.stderr, 'an error naming the URL');
  });

  it('api in a pipe stays the answer as received (documented: bytes exact for scripts), -o json masks', async () => {
    const sb = sandbox();
    const raw = await forgectl(['api', `/hooks/${hookId}`], { env: envFor(sb) });
    expect(raw.exitCode, raw.stderr).toBe(0);
    expect(raw.stdout).toContain(JSON.stringify(HOOK_URL));
    const shaped = await forgectl(['api', `/hooks/${hookId}`, '-o', 'json'], { env: envFor(sb) });
    expectNoSecret(shaped.stdout, 'api -o json');
  });
});
