// `state apply` reads the answer to every write (issue 33 item 1): an instance that answers 200 but
// keeps a key as it was (the sandbox's `ignore-key` fault) is a failure, as for `settings set`.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, useSandbox } from '../helpers/sandbox.js';
import { runWithFault } from '../helpers/faults.js';
import { yamlFile } from '../helpers/state.js';

const sandbox = useSandbox();
const dir = tempDir();

const file = (name: string, content: object) => yamlFile(dir, name, content);
const writes = <T extends { method: string }>(sent: T[]) => sent.filter((r) => r.method !== 'GET');

describe('a key the instance answers 200 to but does not take', () => {
  it('settings: failed … not applied, exit 1, and no "Applied"', async () => {
    const sb = sandbox();
    const before = (await rawGet(sb, '/application/settings', sb.tokens.admin)).body;
    const path = file('settings.yaml', { settings: { signup_enabled: !before.signup_enabled, gravatar_enabled: !before.gravatar_enabled } });
    const res = await runWithFault(sb, 'ignore-key:1@PUT:/application/settings#signup_enabled', ['state', 'apply', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(writes(res.requests).map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/v4/application/settings']);
    expect(res.stderr).toContain(`failed: update settings application settings (PUT /application/settings): signup_enabled not applied: the instance still reports ${before.signup_enabled}`);
    expect(res.stderr).not.toContain('gravatar_enabled not applied');
    expect(res.stderr).not.toMatch(/^Applied/m);
    // The instance took the other key; the next plan shows only the one it kept.
    const plan = await forgectl(['state', 'plan', '-f', path], { env: envFor(sb) });
    expect(plan.stdout).toContain(`signup_enabled: ${before.signup_enabled} → ${!before.signup_enabled}`);
    expect(plan.stdout).not.toContain('gravatar_enabled');
  });

  it('plan limits and notification settings: the answer is the object written, checked the same way', async () => {
    const sb = sandbox();
    const limits = (await rawGet(sb, '/application/plan_limits?plan_name=default', sb.tokens.admin)).body;
    const limitsFile = file('limits.yaml', { plan_limits: { default: { ci_pipeline_size: limits.ci_pipeline_size + 7 } } });
    const l = await runWithFault(sb, 'ignore-key:1@PUT:/application/plan_limits#ci_pipeline_size', ['state', 'apply', '-f', limitsFile, '--yes']);
    expect(l.exitCode, l.stderr).toBe(1);
    expect(l.stderr).toContain(`failed: update plan_limits default (PUT /application/plan_limits): ci_pipeline_size not applied: the instance still reports ${limits.ci_pipeline_size}`);

    const level = (await rawGet(sb, '/notification_settings', sb.tokens.admin)).body.level;
    const notesFile = file('notes.yaml', { notification_settings: { level: level === 'watch' ? 'disabled' : 'watch' } });
    const n = await runWithFault(sb, 'ignore-key:1@PUT:/notification_settings#level', ['state', 'apply', '-f', notesFile, '--yes']);
    expect(n.exitCode, n.stderr).toBe(1);
    expect(n.stderr).toContain(`failed: update notification_settings global (PUT /notification_settings): level not applied: the instance still reports ${JSON.stringify(level)}`);

    // Without the fault both apply and are confirmed.
    for (const path of [limitsFile, notesFile]) {
      const ok = await forgectl(['state', 'apply', '-f', path, '--yes'], { env: envFor(sb) });
      expect(ok.exitCode, ok.stderr).toBe(0);
    }
  });

  it('a broadcast update: the answer is the broadcast written, checked the same way', async () => {
    const sb = sandbox();
    const created = await forgectl(['state', 'apply', '-f', file('bc1.yaml', { broadcast_messages: [{ message: 'Answer check', theme: 'indigo' }] }), '--yes'], { env: envFor(sb) });
    expect(created.exitCode, created.stderr).toBe(0);
    const id = (await rawGet(sb, '/broadcast_messages', sb.tokens.admin)).body.find((b: any) => b.message === 'Answer check').id;
    const res = await runWithFault(sb, `ignore-key:1@PUT:/broadcast_messages/${id}#theme`, ['state', 'apply', '-f', file('bc2.yaml', { broadcast_messages: [{ message: 'Answer check', theme: 'red' }] }), '--yes']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(writes(res.requests).map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /api/v4/broadcast_messages/${id}`]);
    expect(res.stderr).toContain('theme not applied: the instance still reports "indigo"');
    expect(res.stderr).not.toMatch(/^Applied/m);
  });

  it('settings set shares the check: "was not applied", exit 1', async () => {
    const sb = sandbox();
    const before = (await rawGet(sb, '/application/settings', sb.tokens.admin)).body.signup_enabled;
    const res = await runWithFault(sb, 'ignore-key:1@PUT:/application/settings', ['settings', 'set', `signup_enabled=${!before}`]);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain(`signup_enabled was not applied: the instance still reports ${before}`);
  });
});

describe('a value the instance keeps in its own form', () => {
  // GitLab strips the terms of surrounding whitespace (ApplicationSettings::UpdateService): a YAML
  // block scalar ends in a newline, which must neither fail the answer check nor drift every night.
  it('terms from a block scalar: applied, confirmed, and the next plan has no changes', async () => {
    const sb = sandbox();
    const path = join(dir, 'terms.yaml');
    writeFileSync(path, 'settings:\n  terms: |\n    Be kind.\n    Report abuse to the admins.\n');
    const res = await forgectl(['state', 'apply', '-f', path, '--yes'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('not applied');
    expect((await rawGet(sb, '/application/settings', sb.tokens.admin)).body.terms).toBe('Be kind.\nReport abuse to the admins.');
    const plan = await forgectl(['state', 'plan', '-f', path, '--exit-code'], { env: envFor(sb) });
    expect(plan.exitCode, plan.stdout).toBe(0);
    const set = await forgectl(['settings', 'set', 'terms=  Be kind.  '], { env: envFor(sb) });
    expect(set.exitCode, set.stderr).toBe(0);
    expect((await rawGet(sb, '/application/settings', sb.tokens.admin)).body.terms).toBe('Be kind.');
    // Blank terms are ignored by the service: the old text stays, and forgectl says so.
    const blank = await forgectl(['settings', 'set', 'terms='], { env: envFor(sb) });
    expect(blank.exitCode).toBe(1);
    expect(blank.stderr).toContain('terms was not applied');
    expect((await rawGet(sb, '/application/settings', sb.tokens.admin)).body.terms).toBe('Be kind.');
  });
});

describe('a change the answer cannot show', () => {
  // The service shows notification events only at level custom: an event sent with another level is
  // not in the answer, so the run must not pass it off as confirmed (settings set says the same).
  it('an event sent with level watch: applied, with a note that it is not confirmed, in the text and the JSON report', async () => {
    const sb = sandbox();
    const custom = file('custom.yaml', { notification_settings: { level: 'custom', events: { new_note: true } } });
    expect((await forgectl(['state', 'apply', '-f', custom, '--yes'], { env: envFor(sb) })).exitCode).toBe(0);
    const watch = file('watch.yaml', { notification_settings: { level: 'watch', events: { new_note: false } } });
    const res = await forgectl(['state', 'apply', '-f', watch, '--yes', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('note: update notification_settings global: events.new_note was sent; the instance’s answer leaves it out, so the change is not confirmed');
    expect(res.stderr).not.toContain('level was sent');
    expect(JSON.parse(res.stdout).writes).toEqual([expect.objectContaining({ status: 'applied', unconfirmed: ['events.new_note'] })]);
  });
});

describe('a create: its answer is checked key by key as an update’s is (issue 41 item 9)', () => {
  it('a system hook created without a key sent: failed … not applied, exit 1; the hook exists as answered', async () => {
    const sb = sandbox();
    const url = 'https://hooks.example.com/create-answer';
    const path = file('hook-create.yaml', { system_hooks: [{ url, enable_ssl_verification: false, push_events: true }] });
    const res = await runWithFault(sb, 'ignore-key:1@POST:/hooks#enable_ssl_verification', ['state', 'apply', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain(`failed: create system_hooks ${url} (POST /hooks): enable_ssl_verification not applied: sent false, the instance answered true`);
    expect(res.stderr).not.toContain('push_events not applied');
    expect(res.stderr).not.toMatch(/^Applied/m);
    // The next plan shows the key it kept.
    const plan = await forgectl(['state', 'plan', '-f', path], { env: envFor(sb) });
    expect(plan.stdout).toContain('enable_ssl_verification: true → false');
  });

  it('a broadcast created without a key sent: not applied, exit 1', async () => {
    const sb = sandbox();
    const path = file('bc-create.yaml', { broadcast_messages: [{ message: 'Created otherwise', dismissable: true, starts_at: '2030-01-01T10:00:00Z', ends_at: '2030-01-02T10:00:00Z' }] });
    const res = await runWithFault(sb, 'ignore-key:1@POST:/broadcast_messages#dismissable', ['state', 'apply', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain('failed: create broadcast_messages "Created otherwise" (POST /broadcast_messages): dismissable not applied: sent true, the instance answered false');
    // Times come back in the service's format: the same instants are no difference.
    expect(res.stderr).not.toMatch(/(starts|ends)_at not applied/);
  });

  it('a protected environment created without its approval rules (envs apply): not applied, exit 1', async () => {
    const sb = sandbox();
    const alice = (await rawGet(sb, '/users?username=alice', sb.tokens.admin)).body[0].id;
    const path = join(dir, 'envs-create.yaml');
    writeFileSync(path, `testing:\n  deploy: [{access_level: 40}]\n  approvals: [{user: ${alice}, required: 1}]\n`);
    const res = await runWithFault(sb, 'ignore-key:1@POST:/groups/acme%2Fplatform/protected_environments#approval_rules', ['envs', 'apply', 'acme/platform', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/failed: create groups acme\/platform testing \(POST \S+\): approval_rules not applied: sent \[\{"user_id":\d+,"required_approvals":1\}\], the instance answered \[\]/);
    expect(res.stderr).not.toContain('deploy_access_levels not applied');
    // Without the fault, the same create is confirmed whole (the answer adds ids and descriptions to each entry).
    const again = join(dir, 'envs-create-2.yaml');
    writeFileSync(again, `other:\n  deploy: [{access_level: 40}]\n  approvals: [{user: ${alice}, required: 1}]\n`);
    const ok = await forgectl(['envs', 'apply', 'acme/platform', '-f', again, '--yes'], { env: envFor(sb) });
    expect(ok.exitCode, ok.stderr).toBe(0);
  });
});

describe('plain create commands share the create check', () => {
  it('hooks create, broadcast create, envs protect: the object as created on stdout, each key not applied on stderr, exit 1', async () => {
    const sb = sandbox();
    const hook = await runWithFault(sb, 'ignore-key:1@POST:/hooks#enable_ssl_verification', ['hooks', 'create', '--url', 'https://hooks.example.com/plain-create', '--no-ssl-verification', '-o', 'json']);
    expect(hook.exitCode, hook.stderr).toBe(1);
    expect(JSON.parse(hook.stdout).enable_ssl_verification).toBe(true);
    expect(hook.stderr).toContain('error: enable_ssl_verification not applied: sent false, the instance answered true');
    expect(hook.stderr).toMatch(/^hint: the instance created it, but not as sent/m);

    const bc = await runWithFault(sb, 'ignore-key:1@POST:/broadcast_messages#target_path', ['broadcast', 'create', '--message', 'Plain create', '--target-path', '/admin/*']);
    expect(bc.exitCode, bc.stderr).toBe(1);
    expect(bc.stderr).toMatch(/error: target_path not applied: sent "\/admin\/\*", the instance answered (""|null)/);

    const env = await runWithFault(sb, 'ignore-key:1@POST:/groups/acme%2Fweb/protected_environments#approval_rules', ['envs', 'protect', 'acme/web', 'staging', '--deploy', 'access_level=40', '--approval', 'user=alice']);
    expect(env.exitCode, env.stderr).toBe(1);
    expect(env.stderr).toContain('error: approval_rules not applied');

    // Answered as sent: exit 0, nothing said.
    const ok = await forgectl(['broadcast', 'create', '--message', 'Plain create ok', '--target-path', '/admin/*', '--theme', 'light-red'], { env: envFor(sb) });
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(ok.stderr).not.toContain('not applied');
  });
});
