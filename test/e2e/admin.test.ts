// `plan-limits`, `broadcast` and `hooks` end to end: the built binary against one sandbox.

import { describe, expect, it } from 'vitest';
import { forgectl, json, type CliResult } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function run(args: string[], opts: { token?: string | null; input?: string; env?: Record<string, string> } = {}): Promise<{ res: CliResult; sent: ReturnType<typeof requestsSince> }> {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: { ...envFor(sb, opts.token === undefined ? 'admin' : opts.token), ...opts.env }, input: opts.input });
  return { res, sent: requestsSince(sb, mark) };
}

const writes = <T extends { method: string }>(sent: T[]): T[] => sent.filter((r) => r.method !== 'GET');

describe('plan-limits', () => {
  it('get shows the default plan; an unknown plan is the community edition’s 400 (exit 1)', async () => {
    const { res, sent } = await run(['plan-limits', 'get', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res)).toMatchObject({ ci_pipeline_size: expect.any(Number), storage_size_limit: expect.any(Number) });
    expect(sent[0].query).toBe('plan_name=default');
    const gold = await run(['plan-limits', 'get', '--plan', 'gold']);
    expect(gold.res.exitCode).toBe(1);
    expect(gold.res.stderr).toContain('plan_name does not have a valid value');
  });

  it('set sends typed integers with the plan and prints before → after, also for limits the PUT answer leaves out', async () => {
    const { res, sent } = await run(['plan-limits', 'set', 'conan_max_file_size=1000', 'storage_size_limit=7', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes(sent)[0].body).toEqual({ plan_name: 'default', conan_max_file_size: 1000, storage_size_limit: 7 });
    expect(json(res)).toEqual([
      { key: 'conan_max_file_size', before: 3221225472, after: 1000 },
      { key: 'storage_size_limit', before: 0, after: 7 },
    ]);
    const sb = sandbox();
    expect((await rawGet(sb, '/application/plan_limits', sb.tokens.admin)).body).toMatchObject({ conan_max_file_size: 1000, storage_size_limit: 7 });
  });

  it.each([
    [['foo_limit=1'], 'unknown plan limit foo_limit'],
    [['ci_pipeline_size=-1'], 'ci_pipeline_size must be at least 0'],
    [['ci_pipeline_size=1.5'], 'ci_pipeline_size must be an integer'],
    [['ci_pipeline_size'], 'KEY=VALUE'],
  ])('set %j: exit 2, nothing sent', async (args, message) => {
    const { res, sent } = await run(['plan-limits', 'set', ...args]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(message);
    expect(sent).toEqual([]);
  });

  it('set of the value the plan already has says "nothing to change" and sends no write; one limit twice with two values is exit 2', async () => {
    const sb = sandbox();
    const current = (await rawGet(sb, '/application/plan_limits', sb.tokens.admin)).body;
    const { res, sent } = await run(['plan-limits', 'set', `ci_pipeline_size=${current.ci_pipeline_size}`]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/Nothing to change/);
    expect(writes(sent)).toEqual([]);
    // Only the limit that changes is sent.
    const one = await run(['plan-limits', 'set', `ci_pipeline_size=${current.ci_pipeline_size}`, `dotenv_variables=${current.dotenv_variables + 1}`]);
    expect(one.res.exitCode, one.res.stderr).toBe(0);
    expect(writes(one.sent)[0].body).toEqual({ plan_name: 'default', dotenv_variables: current.dotenv_variables + 1 });
    const twice = await run(['plan-limits', 'set', 'dotenv_size=1', 'dotenv_size=2']);
    expect(twice.res.exitCode).toBe(2);
    expect(twice.res.stderr).toMatch(/dotenv_size is given twice with two values/);
    expect(twice.sent).toEqual([]);
  });

  it('set --dry-run sends no write', async () => {
    const { res, sent } = await run(['plan-limits', 'set', 'dotenv_size=1', '--dry-run']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes(sent)).toEqual([]);
    expect(res.stderr).toMatch(/would change dotenv_size: \d+ → 1/);
  });

  it('a regular user gets exit 4', async () => {
    expect((await run(['plan-limits', 'get'], { token: 'bob' })).res.exitCode).toBe(4);
  });
});

describe('broadcast', () => {
  it('list and get work without credentials', async () => {
    const list = await run(['broadcast', 'list', '-o', 'json'], { token: null });
    expect(list.res.exitCode, list.res.stderr).toBe(0);
    const items = json<any[]>(list.res);
    expect(items.length).toBeGreaterThan(0);
    expect(list.sent.every((r) => !r.headers['private-token'])).toBe(true);
    const one = await run(['broadcast', 'get', String(items[0].id), '-o', 'json'], { token: null });
    expect(json(one.res)).toEqual(items[0]);
  });

  it('create sends only what is given (the service applies its defaults) and prints the message', async () => {
    const { res, sent } = await run(['broadcast', 'create', '--message', 'Deploy in progress', '--target-access-levels', '10,30', '--theme', 'red', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    // The realdata request body exactly.
    expect(writes(sent)[0].body).toEqual({ message: 'Deploy in progress', target_access_levels: [10, 30], theme: 'red' });
    const created = json(res);
    expect(created).toMatchObject({ message: 'Deploy in progress', broadcast_type: 'banner', active: true });
    expect(Date.parse(created.ends_at) - Date.parse(created.starts_at)).toBe(3_600_000);
  });

  it('create --duration sets the end relative to the start', async () => {
    const { res, sent } = await run(['broadcast', 'create', '--message', 'Window', '--starts-at', '2030-05-01T10:00:00Z', '--duration', '90min', '--type', 'notification', '--dismissable', '--font', '#fff', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes(sent)[0].body).toEqual({ message: 'Window', starts_at: '2030-05-01T10:00:00.000Z', ends_at: '2030-05-01T11:30:00.000Z', broadcast_type: 'notification', dismissable: true, font: '#fff' });
    expect(json(res)).toMatchObject({ active: false, dismissable: true, broadcast_type: 'notification' });
  });

  it.each([
    [['--starts-at', '2030-01-02T00:00:00Z', '--ends-at', '2030-01-01T00:00:00Z'], 'before it starts'],
    [['--ends-at', '2001-01-01T00:00:00Z'], 'before it starts'],
    [['--ends-at', '2030-01-01T00:00:00Z', '--duration', '1h'], '--ends-at and --duration cannot be used together'],
    [['--target-access-levels', '10,60'], '--target-access-levels takes only 10, 20, 30, 40, 50'],
    [['--font', 'red'], '--font must be a hex colour'],
    [['--starts-at', 'tomorrow'], '--starts-at must be an ISO 8601 date-time'],
    [['--type', 'popup'], 'popup'],
  ])('create %j: exit 2, nothing sent', async (extra, message) => {
    const { res, sent } = await run(['broadcast', 'create', '--message', 'x', ...extra]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(message);
    expect(sent).toEqual([]);
  });

  it('create needs --message; update needs a change', async () => {
    expect((await run(['broadcast', 'create'])).res.exitCode).toBe(2);
    const none = await run(['broadcast', 'update', '1']);
    expect(none.res.exitCode).toBe(2);
    expect(none.sent).toEqual([]);
  });

  it('update applies no defaults: only the options given are sent; --duration counts from the current start', async () => {
    const created = json((await run(['broadcast', 'create', '--message', 'Before', '--starts-at', '2030-01-01T00:00:00Z', '--ends-at', '2030-01-02T00:00:00Z', '-o', 'json'])).res);
    const msg = await run(['broadcast', 'update', String(created.id), '--message', 'After', '-o', 'json']);
    expect(msg.res.exitCode, msg.res.stderr).toBe(0);
    expect(writes(msg.sent)[0].body).toEqual({ message: 'After' });
    expect(json(msg.res)).toEqual({ ...created, message: 'After' });
    const dur = await run(['broadcast', 'update', String(created.id), '--duration', '2h', '--no-dismissable', '-o', 'json']);
    expect(writes(dur.sent)[0].body).toEqual({ ends_at: '2030-01-01T02:00:00.000Z', dismissable: false });
    const early = await run(['broadcast', 'update', String(created.id), '--ends-at', '2029-12-31T00:00:00Z']);
    expect(early.res.exitCode).toBe(2);
    expect(writes(early.sent)).toEqual([]);
  });

  it('delete asks (exit 2 without a terminal), deletes with --yes, sends nothing with --dry-run', async () => {
    const created = json((await run(['broadcast', 'create', '--message', 'Temporary', '-o', 'json'])).res);
    const id = String(created.id);
    const refused = await run(['broadcast', 'delete', id]);
    expect(refused.res.exitCode).toBe(2);
    expect(writes(refused.sent)).toEqual([]);
    const dry = await run(['broadcast', 'delete', id, '--dry-run']);
    expect(dry.res.exitCode).toBe(0);
    expect(writes(dry.sent)).toEqual([]);
    expect(dry.res.stdout).toContain(`dry run: DELETE`);
    const done = await run(['broadcast', 'delete', id, '--yes']);
    expect(done.res.exitCode, done.res.stderr).toBe(0);
    expect((await run(['broadcast', 'get', id])).res.exitCode).toBe(3);
  });

  it('writes by a regular user exit 4; a bad id exits 2', async () => {
    expect((await run(['broadcast', 'create', '--message', 'x'], { token: 'bob' })).res.exitCode).toBe(4);
    expect((await run(['broadcast', 'get', 'abc'])).res.exitCode).toBe(2);
  });
});

describe('hooks', () => {
  const secret = 'hook-secret-5a4b3c2d1e';

  it('create reads the secret from stdin, never echoes it, and prints the hook object (not the array)', async () => {
    const { res, sent } = await run(['hooks', 'create', '--url', 'https://audit.example.com/hook', '--name', 'audit', '--push-events', '--no-ssl-verification', '--secret-stdin', '-v', '-o', 'json'], { input: `${secret}\n` });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes(sent)[0].body).toEqual({ url: 'https://audit.example.com/hook', name: 'audit', push_events: true, enable_ssl_verification: false, token: secret });
    expect(res.stdout + res.stderr).not.toContain(secret);
    const hook = json(res);
    expect(Array.isArray(hook)).toBe(false);
    expect(hook).toMatchObject({ url: 'https://audit.example.com/hook', push_events: true, enable_ssl_verification: false });
    expect(hook).not.toHaveProperty('token');
    const get = await run(['hooks', 'get', String(hook.id), '-o', 'json']);
    expect(json(get.res)).toEqual(hook);
  });

  it('takes the secret from FORGECTL_HOOK_SECRET; a dry run shows it redacted', async () => {
    const { res, sent } = await run(['hooks', 'create', '--url', 'https://ci.example.com/events', '--dry-run'], { env: { FORGECTL_HOOK_SECRET: secret } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes(sent)).toEqual([]);
    expect(res.stdout).toContain('"token": "[REDACTED]"');
    expect(res.stdout + res.stderr).not.toContain(secret);
  });

  it.each([
    [['--url', 'ftp://example.com/h'], '--url must use http or https'],
    [['--url', 'not a url'], '--url must be an absolute URL'],
    [['--url', 'https://example.com/h', '--secret'], '--secret asks on a terminal'],
    [['--url', 'https://example.com/h', '--secret', '--secret-stdin'], 'cannot be used together'],
    [[], '--url'],
  ])('create %j: exit 2, nothing sent', async (args, message) => {
    const { res, sent } = await run(['hooks', 'create', ...args]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(message);
    expect(sent).toEqual([]);
  });

  it('list shows hooks; test prints the mock delivery; delete needs --yes', async () => {
    const list = json<any[]>((await run(['hooks', 'list', '-o', 'json'])).res);
    expect(list.length).toBeGreaterThan(0);
    const id = String(list[0].id);
    const test = await run(['hooks', 'test', id, '-o', 'json']);
    expect(test.res.exitCode, test.res.stderr).toBe(0);
    expect(json(test.res)).toEqual({ project_id: 1, owner_email: 'example@gitlabhq.com', owner_name: 'Someone', name: 'Ruby', path: 'ruby', event_name: 'project_create' });
    const table = await run(['hooks', 'list']);
    expect(table.res.stdout).toContain('https://hooks.example.com/system');
    expect((await run(['hooks', 'delete', id])).res.exitCode).toBe(2);
    expect((await run(['hooks', 'delete', id, '--yes'])).res.exitCode).toBe(0);
    expect((await run(['hooks', 'get', id])).res.exitCode).toBe(3);
  });

  it('a regular user gets exit 4, an anonymous caller exit 4', async () => {
    expect((await run(['hooks', 'list'], { token: 'bob' })).res.exitCode).toBe(4);
    expect((await run(['hooks', 'list'], { token: null })).res.exitCode).toBe(4);
  });
});
