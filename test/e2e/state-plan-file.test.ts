// Issue 34 items 1–4: the plan names its instance and is a versioned document; a saved plan is
// applied exactly as reviewed, or refused when the instance moved or is another one; --no-secrets
// plans without the write secrets; apply -o json reports each write on stdout.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, useSandbox } from '../helpers/sandbox.js';
import { adminWrite, stateRunner, writesOf, yamlFile } from '../helpers/state.js';

const sandbox = useSandbox();
const other = useSandbox({ seed: 'empty' });
const dir = tempDir();
const SECRET = 'akismet-key-5521';

const runner = stateRunner(sandbox);
/** With `configDir`, as its profile prod; else with the administrator's token in the environment. */
const run = (args: string[], opts: { env?: Record<string, string>; configDir?: string } = {}) =>
  runner(args, opts.configDir ? { FORGECTL_PROFILE: 'prod', ...opts.env } : opts.env, { configDir: opts.configDir });
const file = (name: string, content: object) => yamlFile(dir, name, content);
const writes = writesOf;

async function settings(): Promise<Record<string, any>> {
  const sb = sandbox();
  return (await rawGet(sb, '/application/settings', sb.tokens.admin)).body;
}

const put = (path: string, body: object) => adminWrite(sandbox(), 'PUT', path, body);

describe('the plan names its instance and is a document', () => {
  it('text starts with the instance and profile; -o json is the versioned plan document', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    expect((await forgectl(['profile', 'add', 'prod', '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.admin}\n` })).exitCode).toBe(0);
    const was = (await settings()).signup_enabled;
    const path = file('one.yaml', { settings: { signup_enabled: !was }, system_hooks: [{ url: 'https://plan-doc.example.com/h', push_events: true }] });
    const text = await run(['state', 'plan', '-f', path], { configDir });
    expect(text.res.exitCode, text.res.stderr).toBe(0);
    expect(text.res.stdout.split('\n')[0]).toBe(`Plan for ${sb.url} (profile prod)`);

    const json = await run(['state', 'plan', '-f', path, '-o', 'json'], { configDir });
    const doc = JSON.parse(json.res.stdout);
    expect(doc).toMatchObject({ format_version: 2, forgectl_version: expect.any(String), instance: { url: sb.url, profile: 'prod' }, summary: { create: 1, update: 1, replace: 0, delete: 0 }, unmanaged: expect.any(Array), not_compared: [] });
    expect(Date.parse(doc.created_at)).not.toBeNaN();
    expect(doc.changes.map((c: any) => [c.resource, c.action, c.actions])).toEqual([
      ['settings', 'update', ['update']],
      ['system_hooks', 'create', ['create']],
    ]);
  });
});

describe('a saved plan', () => {
  it('--out writes exactly the -o json document, with references and no secret; apply --plan applies exactly its writes', async () => {
    const was = (await settings()).gravatar_enabled;
    const path = file('saved.yaml', { settings: { gravatar_enabled: !was, akismet_enabled: true, akismet_api_key: { env: 'AKISMET_KEY' } } });
    const out = join(dir, 'plan.json');
    const env = { AKISMET_KEY: SECRET };
    const plan = await run(['state', 'plan', '-f', path, '--out', out, '-o', 'json'], { env });
    expect(plan.res.exitCode, plan.res.stderr).toBe(0);
    expect(writes(plan.sent)).toEqual([]);
    const saved = readFileSync(out, 'utf8');
    expect(saved).not.toContain(SECRET);
    const doc = JSON.parse(saved);
    expect({ ...doc, created_at: 0 }).toEqual({ ...JSON.parse(plan.res.stdout), created_at: 0 });
    expect(doc.changes[0].requests).toEqual(['PUT /application/settings']);
    expect(doc.changes[0].changes.find((c: any) => c.key === 'akismet_api_key')).toMatchObject({ after: { env: 'AKISMET_KEY' }, secret: true });

    // Its references are resolved before any write: unset, nothing is sent (exit 2).
    const unset = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(unset.res.exitCode).toBe(2);
    expect(unset.res.stderr).toContain('AKISMET_KEY is not set');
    expect(writes(unset.sent)).toEqual([]);

    const apply = await run(['state', 'apply', '--plan', out, '--yes'], { env });
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(writes(apply.sent)).toEqual(['PUT /application/settings']);
    expect(apply.sent.find((r) => r.method === 'PUT')!.body).toMatchObject({ gravatar_enabled: !was, akismet_enabled: true, akismet_api_key: SECRET });
    expect(apply.res.stderr + apply.res.stdout).not.toContain(SECRET);
    expect((await settings()).gravatar_enabled).toBe(!was);
  });

  it('is refused, naming each difference, when the instance moved since; and when it is for another instance', async () => {
    const before = await settings();
    const path = file('stale.yaml', { settings: { signup_enabled: !before.signup_enabled, gravatar_enabled: !before.gravatar_enabled } });
    const out = join(dir, 'stale.json');
    expect((await run(['state', 'plan', '-f', path, '--out', out])).res.exitCode).toBe(0);
    // Someone changes the instance in between.
    await put('/application/settings', { gravatar_enabled: !before.gravatar_enabled });
    const refused = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(refused.res.exitCode, refused.res.stderr).toBe(1);
    expect(refused.res.stderr).toContain('the instance changed since the plan was made');
    expect(refused.res.stderr).toContain(`settings application settings: gravatar_enabled was ${before.gravatar_enabled} when planned, is now ${!before.gravatar_enabled}`);
    expect(refused.res.stderr).not.toContain('signup_enabled was');
    expect(writes(refused.sent)).toEqual([]);

    const elsewhere = other();
    const foreign = await forgectl(['state', 'apply', '--plan', out, '--yes'], { env: envFor(elsewhere, 'admin') });
    expect(foreign.exitCode).toBe(1);
    expect(foreign.stderr).toContain(`is a plan for ${sandbox().url}, not for ${elsewhere.url}`);
    expect(elsewhere.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ format_version: 99 }));
    const bad = await run(['state', 'apply', '--plan', broken, '--yes']);
    expect(bad.res.exitCode).toBe(2);
    expect(bad.res.stderr).toContain('has plan format 99');
    expect(bad.sent).toEqual([]);
  });
});

describe('--out naming the instance file', () => {
  it('is refused before any request (exit 2): the plan would replace the file it was made from', async () => {
    const path = file('out-same.yaml', { broadcast_messages: [{ message: 'Out same' }] });
    const text = readFileSync(path, 'utf8');
    const same = `${dir}/./out-same.yaml`;
    const res = await run(['state', 'plan', '-f', `?${path}`, '--out', same]);
    expect(res.res.exitCode, res.res.stderr).toBe(2);
    expect(res.res.stderr).toContain(`--out ${same} is the instance file given with -f`);
    expect(res.sent).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});

describe('a saved plan that carries a companion setting', () => {
  it('is refused when the companion moved since the plan: it would send the old value back', async () => {
    const before = await settings();
    await put('/application/settings', { require_two_factor_authentication: false, two_factor_grace_period: 48 });
    try {
      const out = join(dir, 'companion-plan.json');
      const planned = await run(['state', 'plan', '-f', file('companion.yaml', { settings: { require_two_factor_authentication: true } }), '--out', out]);
      expect(planned.res.exitCode, planned.res.stderr).toBe(0);
      // The reviewer sees what is sent besides the file's change.
      expect(planned.res.stdout).toContain('    two_factor_grace_period: 48 (sent with the switch, as the instance holds it)');
      expect(JSON.parse(readFileSync(out, 'utf8')).changes[0].observed.values).toEqual({ require_two_factor_authentication: false, two_factor_grace_period: 48 });
      await put('/application/settings', { two_factor_grace_period: 10 });
      const refused = await run(['state', 'apply', '--plan', out, '--yes']);
      expect(refused.res.exitCode, refused.res.stderr).toBe(1);
      expect(refused.res.stderr).toContain('settings application settings: two_factor_grace_period was 48 when planned, is now 10');
      expect(writes(refused.sent)).toEqual([]);
      expect((await settings()).two_factor_grace_period).toBe(10);
    } finally {
      await put('/application/settings', { require_two_factor_authentication: before.require_two_factor_authentication, two_factor_grace_period: before.two_factor_grace_period });
    }
  });
});

describe('a saved plan that carries a secret companion', () => {
  it('holds it as the setting to read, not its value, and applies it as the instance holds it', async () => {
    const before = await settings();
    await put('/application/settings', { akismet_enabled: false, akismet_api_key: 'carried-key-77' });
    try {
      const out = join(dir, 'carried-secret-plan.json');
      const planned = await run(['state', 'plan', '-f', file('carried-secret.yaml', { settings: { akismet_enabled: true } }), '--out', out]);
      expect(planned.res.exitCode, planned.res.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).not.toContain('carried-key-77');
      expect(planned.res.stdout).not.toContain('carried-key-77');
      const applied = await run(['state', 'apply', '--plan', out, '--yes']);
      expect(applied.res.exitCode, applied.res.stderr).toBe(0);
      expect(applied.sent.find((r) => r.method === 'PUT')!.body).toMatchObject({ akismet_enabled: true, akismet_api_key: 'carried-key-77' });
      expect(applied.res.stderr).not.toContain('carried-key-77');
    } finally {
      await put('/application/settings', { akismet_enabled: before.akismet_enabled, akismet_api_key: before.akismet_api_key ?? '' });
    }
  });
});

describe('a saved plan of hooks', () => {
  it('applies a replace as saved; refuses when the hook it replaces was deleted meanwhile', async () => {
    const url = 'https://saved-hook.example.com/in';
    const hook = await adminWrite(sandbox(), 'POST', '/hooks', { url, description: 'Saved', push_events: false });
    const path = file('saved-hook.yaml', { system_hooks: [{ url, push_events: true }] });
    const out = join(dir, 'hook-plan.json');
    expect((await run(['state', 'plan', '-f', path, '--out', out])).res.exitCode).toBe(0);
    const applied = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(applied.res.exitCode, applied.res.stderr).toBe(0);
    expect(writes(applied.sent)).toEqual(['POST /hooks', `DELETE /hooks/${hook.id}`]);

    // A second plan against the new hook; the hook is deleted by someone else before it runs.
    expect((await run(['state', 'plan', '-f', file('saved-hook2.yaml', { system_hooks: [{ url, push_events: false }] }), '--out', out])).res.exitCode).toBe(0);
    const sb = sandbox();
    const now = (await rawGet(sb, '/hooks?per_page=100', sb.tokens.admin)).body.find((h: any) => h.url === url);
    await adminWrite(sb, 'DELETE', `/hooks/${now.id}`);
    const refused = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(refused.res.exitCode).toBe(1);
    expect(refused.res.stderr).toContain(`system_hooks ${url}: no longer on the instance`);
    expect(writes(refused.sent)).toEqual([]);
  });
});

describe('a saved plan holds no password', () => {
  it('--out refuses a hook URL with credentials written in clear (exit 2, before any request); as a reference it is saved as one', async () => {
    const out = join(dir, 'cred.json');
    const clear = await run(['state', 'plan', '-f', file('cred.yaml', { system_hooks: [{ url: 'https://bot:pw-in-clear@cred.example.com/h' }] }), '--out', out]);
    expect(clear.res.exitCode).toBe(2);
    expect(clear.res.stderr).toContain('system_hooks[0].url holds credentials');
    expect(clear.res.stderr).not.toContain('pw-in-clear');
    expect(clear.sent).toEqual([]);
    const ref = await run(['state', 'plan', '-f', file('cred-ref.yaml', { system_hooks: [{ url: { env: 'CRED_URL' } }] }), '--out', out], { env: { CRED_URL: 'https://bot:pw-in-env@cred.example.com/h' } });
    expect(ref.res.exitCode, ref.res.stderr).toBe(0);
    const saved = readFileSync(out, 'utf8');
    expect(saved).not.toContain('pw-in-env');
    expect(JSON.parse(saved).changes[0].changes).toEqual([{ key: 'url', before: null, after: { env: 'CRED_URL' }, secret: true }]);
  });
});

describe('--no-secrets', () => {
  it('compares everything else with every reference unset, and names what it left out', async () => {
    const was = (await settings()).signup_enabled;
    const path = file('nosecrets.yaml', {
      settings: { signup_enabled: was, akismet_api_key: { env: 'UNSET_AKISMET' } },
      system_hooks: [{ url: { env: 'UNSET_HOOK_URL' } }, { url: 'https://plain.example.com/h', token: { env: 'UNSET_HOOK_TOKEN' } }],
    });
    const without = await run(['state', 'plan', '-f', path]);
    expect(without.res.exitCode).toBe(2);
    const plan = await run(['state', 'plan', '-f', path, '--no-secrets', '-o', 'json']);
    expect(plan.res.exitCode, plan.res.stderr).toBe(0);
    const doc = JSON.parse(plan.res.stdout);
    expect(doc.not_compared).toEqual(expect.arrayContaining(['settings.akismet_api_key', 'system_hooks[0] (its url is a reference)', 'system_hooks[1].token']));
    expect(doc.changes.map((c: any) => c.identity)).toEqual(['https://plain.example.com/h']);
    const text = await run(['state', 'plan', '-f', path, '--no-secrets', '--exit-code']);
    expect(text.res.exitCode).toBe(5);
    expect(text.res.stdout).toContain('not compared: settings.akismet_api_key');
  });

  it('with --prune, deletes no hook: the one a URL reference names cannot be told from the others', async () => {
    // A URL without credentials may still be a reference (per-environment files): the hook it names
    // is on the instance, and pruning it would delete what the file manages.
    const hook = await adminWrite(sandbox(), 'POST', '/hooks', { url: 'https://noprune.example.com/h', push_events: true });
    const path = file('noprune.yaml', { system_hooks: [{ url: { env: 'UNSET_NOPRUNE_URL' }, push_events: true }] });
    const plan = await run(['state', 'plan', '-f', path, '--prune', '--no-secrets', '-o', 'json']);
    expect(plan.res.exitCode, plan.res.stderr).toBe(0);
    const doc = JSON.parse(plan.res.stdout);
    expect(doc.changes.filter((c: any) => c.resource === 'system_hooks')).toEqual([]);
    expect(doc.not_compared).toContain(`system_hooks https://noprune.example.com/h (id ${hook.id}): may be a file's entry whose url is a reference`);
    // Saved and applied (the way a --no-secrets plan runs), it deletes nothing either.
    const out = join(dir, 'noprune-plan.json');
    expect((await run(['state', 'plan', '-f', path, '--prune', '--no-secrets', '--out', out])).res.exitCode).toBe(0);
    const apply = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(writes(apply.sent)).toEqual([]);
    expect((await rawGet(sandbox(), `/hooks/${hook.id}`, sandbox().tokens.admin)).status).toBe(200);
  });
});

describe('a token the section does not allow', () => {
  it('403 names the section, the request refused and the token it needs', async () => {
    const sb = sandbox();
    const path = file('forbidden.yaml', { settings: { signup_enabled: true } });
    const res = await forgectl(['state', 'plan', '-f', path], { env: envFor(sb, 'alice') });
    expect(res.exitCode).not.toBe(0);
    expect(res.stderr).toContain('settings: GET /application/settings was refused (403');
    expect(res.stderr).toContain('the settings section needs an administrator’s token');

    // A refused write says the same: the broadcast list is public to read, its writes are not.
    const write = await forgectl(['state', 'apply', '-f', file('forbidden-write.yaml', { broadcast_messages: [{ message: 'Not allowed' }] }), '--yes'], { env: envFor(sb, 'alice') });
    expect(write.exitCode).not.toBe(0);
    expect(write.stderr).toMatch(/failed: create broadcast_messages "Not allowed" \(POST \/broadcast_messages\): 403/);
    expect(write.stderr).toContain('hint: the broadcast_messages section needs an administrator’s token to apply');
  });
});

describe('apply -o json', () => {
  it('prints the report on stdout (instance, each write with its status, method and path, exit code); the text stays on stderr', async () => {
    const path = file('report.yaml', { broadcast_messages: [{ message: 'Report one' }, { message: 'Report two' }] });
    const ok = await run(['state', 'apply', '-f', path, '--yes', '-o', 'json']);
    expect(ok.res.exitCode, ok.res.stderr).toBe(0);
    const report = JSON.parse(ok.res.stdout);
    expect(report).toMatchObject({ instance: { url: sandbox().url }, exit_code: 0 });
    expect(report.writes.map((w: any) => [w.status, w.method, w.path])).toEqual([
      ['applied', 'POST', '/broadcast_messages'],
      ['applied', 'POST', '/broadcast_messages'],
    ]);
    expect(ok.res.stderr).toContain('Plan for');

    const sb = sandbox();
    sb.addFaults('500:forever@POST:/broadcast_messages');
    try {
      const failed = await run(['state', 'apply', '-f', file('report2.yaml', { broadcast_messages: [{ message: 'Report three' }] }), '--yes', '-o', 'json', '--retries', '0']);
      expect(failed.res.exitCode).toBe(1);
      const r = JSON.parse(failed.res.stdout);
      expect(r.exit_code).toBe(1);
      expect(r.writes).toEqual([expect.objectContaining({ status: 'failed', method: 'POST', path: '/broadcast_messages', error: expect.stringContaining('500') })]);
      expect(failed.res.stderr).toMatch(/^error: create broadcast_messages "Report three" failed/m);
    } finally {
      await sb.clearFaults();
    }
  });
});
