// `state export|plan|apply|schema` end to end: the built binary against one demo sandbox. The tests
// run in order and build on each other's changes to the instance.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { forgectl, tempDir, type CliResult } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';
import { runWithFault } from '../helpers/faults.js';

const sandbox = useSandbox();
const HOOK_SECRET = 'hook-secret-7f3a9c';
const dir = tempDir();

async function run(args: string[], env: Record<string, string> = {}): Promise<{ res: CliResult; sent: ReturnType<typeof requestsSince> }> {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb, 'admin', env) });
  return { res, sent: requestsSince(sb, mark) };
}

const writes = <T extends { method: string }>(sent: T[]) => sent.filter((r) => r.method !== 'GET');

function file(name: string, content: string | object): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : stringify(content));
  return path;
}

/** Everything on the instance, ended broadcasts included, for tests that change a whole file. */
async function exported(): Promise<Record<string, any>> {
  const { res } = await run(['state', 'export', '--include-ended']);
  expect(res.exitCode, res.stderr).toBe(0);
  return parse(res.stdout);
}

describe('state schema', () => {
  it('prints a JSON Schema naming the sections and refusing unknown keys', async () => {
    const res = await forgectl(['state', 'schema']);
    expect(res.exitCode, res.stderr).toBe(0);
    const schema = JSON.parse(res.stdout);
    expect(Object.keys(schema.properties)).toEqual(['settings', 'plan_limits', 'system_hooks', 'broadcast_messages', 'notification_settings', 'groups']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.system_hooks.items.required).toEqual(['url']);
  });
});

describe('export → plan round trip', () => {
  it('plan --exit-code exits 0 on the file export wrote, and sends only reads', async () => {
    const { res } = await run(['state', 'export']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^# yaml-language-server: \$schema=instance\.schema\.json$/m);
    const doc = parse(res.stdout);
    expect(doc.system_hooks.length).toBeGreaterThan(0);
    expect(doc.broadcast_messages.length).toBeGreaterThan(0);
    const plan = await run(['state', 'plan', '-f', file('exported.yaml', res.stdout), '--exit-code']);
    expect(plan.res.exitCode, plan.res.stdout + plan.res.stderr).toBe(0);
    expect(plan.res.stdout).toContain('No changes');
    expect(writes(plan.sent)).toEqual([]);
  });

  it('-f writes the same file', async () => {
    const path = join(dir, 'written.yaml');
    const { res } = await run(['state', 'export', '--only', 'system_hooks', '-f', path]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`Wrote ${path}.`);
    expect(parse(readFileSync(path, 'utf8'))).toEqual(parse((await run(['state', 'export', '--only', 'system_hooks'])).res.stdout));
  });

  it('--only limits the sections', async () => {
    const { res } = await run(['state', 'export', '--only', 'system_hooks']);
    expect(Object.keys(parse(res.stdout))).toEqual(['system_hooks']);
    const bad = await run(['state', 'export', '--only', 'hooks']);
    expect(bad.res.exitCode).toBe(2);
    expect(bad.sent).toEqual([]);
  });
});

describe('a bad file exits 2 before any request', () => {
  const cases: [string, string, RegExp][] = [
    ['empty', '', /is empty \(or null\): nothing to apply/],
    ['null', 'null\n', /nothing to apply/],
    ['unknown section', 'setings: {}\n', /unknown key setings/],
    ['unknown hook key', 'system_hooks:\n  - url: https://a.example.com\n    events: true\n', /unknown key system_hooks\[0\]\.events/],
    ['wrong type', 'system_hooks:\n  - url: https://a.example.com\n    push_events: maybe\n', /system_hooks\[0\]\.push_events: .*expected boolean/],
    ['two broadcasts, one message', 'broadcast_messages:\n  - message: hi\n  - message: hi\n', /broadcast_messages\[1\] has the message of broadcast_messages\[0\]/],
    ['two hooks, one url', 'system_hooks:\n  - url: https://a.example.com\n  - url: https://a.example.com\n', /system_hooks\[1\] has the url/],
    ['duplicate key', 'settings:\n  signup_enabled: true\n  signup_enabled: false\n', /signup_enabled is given twice \(lines 2 and 3\)/],
    ['YAML error', 'settings: {signup_enabled: [\n', /not valid YAML.*line \d+, column \d+/],
    ['a setting of the wrong type', 'settings:\n  signup_enabled: sometimes\n', /signup_enabled must be true or false/],
    ['a hook token written in clear', `system_hooks:\n  - url: https://a.example.com\n    token: ${HOOK_SECRET}\n`, /token: a secret is never written in the file/],
    ['an unset reference', 'system_hooks:\n  - url: https://a.example.com\n    token: {env: STATE_TEST_UNSET}\n', /STATE_TEST_UNSET is not set/],
    ['a failing command reference', 'system_hooks:\n  - url: https://a.example.com\n    token: {command: "false"}\n', /system_hooks\[0\]\.token/],
  ];
  for (const [title, content, message] of cases) {
    it(title, async () => {
      const path = file('bad.yaml', content);
      for (const command of ['plan', 'apply']) {
        // state plan writes nothing: it takes no --yes.
        const { res, sent } = await run(['state', command, '-f', path, ...(command === 'apply' ? ['--yes'] : [])]);
        expect(res.exitCode, res.stderr).toBe(2);
        expect(res.stderr).toMatch(message);
        expect(res.stderr).not.toContain(HOOK_SECRET);
        expect(sent).toEqual([]);
      }
    });
  }
});

describe('one setting changed, one hook added, one broadcast removed', () => {
  const env = { CI_HOOK_TOKEN: HOOK_SECRET };
  let path = '';
  let removed = '';
  const outputs: string[] = [];
  const keep = (res: CliResult) => outputs.push(res.stdout, res.stderr);

  it('plan --exit-code exits 5 and shows exactly those three', async () => {
    const doc = await exported();
    expect(doc.settings.signup_enabled).toBe(true);
    doc.settings.signup_enabled = false;
    doc.system_hooks.push({ url: 'https://ci.example.com/events', push_events: true, token: { env: 'CI_HOOK_TOKEN' } });
    removed = doc.broadcast_messages.shift().message;
    path = file('changed.yaml', doc);

    const { res, sent } = await run(['state', 'plan', '-f', path, '--prune', '--exit-code'], env);
    keep(res);
    expect(res.exitCode, res.stderr).toBe(5);
    expect(writes(sent)).toEqual([]);
    expect(res.stdout).toContain('~ update settings application settings\n    signup_enabled: true → false');
    expect(res.stdout).toContain('+ create system_hooks https://ci.example.com/events\n    push_events: true');
    expect(res.stdout).toContain(`- delete broadcast_messages ${JSON.stringify(removed)}`);
    expect(res.stdout).toContain('note: hook tokens are not compared');
    expect(res.stdout).toMatch(/Plan: 1 to create, 1 to update, 1 to delete\.$/);

    const json = await run(['state', 'plan', '-f', path, '--prune', '--exit-code', '-o', 'json'], env);
    keep(json.res);
    expect(json.res.exitCode).toBe(5);
    const data = JSON.parse(json.res.stdout);
    expect(data.changes.map((c: any) => [c.resource, c.action, c.identity])).toEqual([
      ['settings', 'update', 'application settings'],
      ['system_hooks', 'create', 'https://ci.example.com/events'],
      ['broadcast_messages', 'delete', removed],
    ]);
    // The plan is data: each item's changes, the hook token as its reference, and the requests they make.
    expect(data.changes[1]).toMatchObject({
      requests: ['POST /hooks'],
      changes: [
        { key: 'push_events', before: null, after: true },
        { key: 'token', before: null, after: { env: 'CI_HOOK_TOKEN' }, secret: true },
      ],
    });
    expect(data.changes[0]).toMatchObject({ requests: ['PUT /application/settings'], changes: [{ key: 'signup_enabled', after: false }] });
    expect(data.changes[2].requests).toEqual([expect.stringMatching(/^DELETE \/broadcast_messages\/\d+$/)]);
  });

  it('without --prune the removed broadcast is only listed as not managed', async () => {
    const { res } = await run(['state', 'plan', '-f', path], env);
    keep(res);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toContain(`not managed (use --prune to delete): broadcast_messages ${JSON.stringify(removed)}`);
    expect(res.stdout).toContain('Plan: 1 to create, 1 to update, 0 to delete.');
  });

  it('apply without a terminal and without --yes exits 2 and writes nothing; --dry-run prints the requests with the token hidden', async () => {
    const refused = await run(['state', 'apply', '-f', path, '--prune'], env);
    keep(refused.res);
    expect(refused.res.exitCode).toBe(2);
    expect(refused.res.stderr).toContain('pass --yes');
    expect(writes(refused.sent)).toEqual([]);

    const dry = await run(['state', 'apply', '-f', path, '--prune', '--dry-run'], env);
    keep(dry.res);
    expect(dry.res.exitCode, dry.res.stderr).toBe(0);
    expect(writes(dry.sent)).toEqual([]);
    const printed = dry.res.stdout + dry.res.stderr;
    expect(printed).toMatch(/dry run: POST \S+\/hooks/);
    expect(printed).toContain('[REDACTED]');
  });

  it('apply --yes --prune makes them so; then plan --exit-code exits 0 and a second apply writes nothing', async () => {
    const { res, sent } = await run(['state', 'apply', '-f', path, '--prune', '--yes', '-v'], env);
    keep(res);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes(sent).map((r) => r.method)).toEqual(['PUT', 'POST', 'DELETE']);
    const sb = sandbox();
    expect((await rawGet(sb, '/application/settings', sb.tokens.admin)).body.signup_enabled).toBe(false);
    expect((await rawGet(sb, '/hooks', sb.tokens.admin)).body.map((h: any) => h.url)).toContain('https://ci.example.com/events');
    expect((await rawGet(sb, '/broadcast_messages')).body.map((b: any) => b.message)).not.toContain(removed);

    const plan = await run(['state', 'plan', '-f', path, '--prune', '--exit-code'], env);
    keep(plan.res);
    expect(plan.res.exitCode, plan.res.stdout).toBe(0);
    const again = await run(['state', 'apply', '-f', path, '--prune', '--yes'], env);
    keep(again.res);
    expect(again.res.exitCode).toBe(0);
    expect(again.res.stderr).toContain('No changes');
    expect(writes(again.sent)).toEqual([]);
  });

  it('the hook secret appears in no export, plan, dry-run or trace', async () => {
    const exp = await run(['state', 'export', '-v'], env);
    keep(exp.res);
    expect(outputs.length).toBeGreaterThan(10);
    for (const out of outputs) expect(out).not.toContain(HOOK_SECRET);
  });
});

describe('plan limits and notification settings', () => {
  it('export names the default plan; a changed limit and level are planned and applied in order', async () => {
    // The sandbox holds only the default plan (others are refused with 400, as by the service).
    const badPlans = await run(['state', 'export', '--plans', 'free,Gold!']);
    expect(badPlans.res.exitCode).toBe(2);
    expect(badPlans.sent).toEqual([]);
    const { res } = await run(['state', 'export', '--only', 'plan_limits,notification_settings', '--plans', 'default']);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parse(res.stdout);
    expect(Object.keys(doc.plan_limits)).toEqual(['default']);
    expect(doc.notification_settings.level).toEqual(expect.any(String));
    const limit = doc.plan_limits.default.ci_pipeline_size;
    expect(limit).toEqual(expect.any(Number));
    doc.plan_limits.default.ci_pipeline_size = limit + 1;
    const level = doc.notification_settings.level === 'watch' ? 'participating' : 'watch';
    doc.notification_settings.level = level;
    const path = file('limits.yaml', doc);

    const plan = await run(['state', 'plan', '-f', path, '--exit-code']);
    expect(plan.res.exitCode, plan.res.stderr).toBe(5);
    expect(plan.res.stdout).toContain(`~ update plan_limits default\n    ci_pipeline_size: ${limit} → ${limit + 1}`);
    expect(plan.res.stdout).toContain(`~ update notification_settings global\n    level: `);
    const apply = await run(['state', 'apply', '-f', path, '--yes']);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(writes(apply.sent).map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)).toEqual(['PUT /api/v4/application/plan_limits', 'PUT /api/v4/notification_settings']);
    expect((await run(['state', 'plan', '-f', path, '--exit-code'])).res.exitCode).toBe(0);
  });

  it('refuses an unknown limit or level before any request', async () => {
    for (const content of ['plan_limits:\n  default:\n    ci_pipline_size: 3\n', 'notification_settings:\n  level: loud\n', 'plan_limits:\n  default:\n    ci_pipeline_size: -1\n']) {
      const { res, sent } = await run(['state', 'plan', '-f', file('bad-limits.yaml', content)]);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(sent).toEqual([]);
    }
  });
});

describe('a secret setting', () => {
  const SECRET = 'pipeline-validation-secret-91b2';
  it('is given as a reference, applied masked, compared, and never exported', async () => {
    const key = 'external_pipeline_validation_service_token';
    const clear = await run(['state', 'plan', '-f', file('clear.yaml', `settings:\n  ${key}: ${SECRET}\n`)]);
    expect(clear.res.exitCode).toBe(2);
    expect(clear.res.stderr).toContain(`settings.${key} is a secret and is not written in the file`);
    expect(clear.res.stderr).not.toContain(SECRET);
    expect(clear.sent).toEqual([]);

    const path = file('secret.yaml', { settings: { [key]: { env: 'PIPELINE_TOKEN' } } });
    const env = { PIPELINE_TOKEN: SECRET };
    const plan = await run(['state', 'plan', '-f', path, '--exit-code', '-v'], env);
    expect(plan.res.exitCode, plan.res.stderr).toBe(5);
    expect(plan.res.stdout).toContain(`${key}: (secret) from {env: PIPELINE_TOKEN}`);
    const apply = await run(['state', 'apply', '-f', path, '--yes', '-v'], env);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    const sb = sandbox();
    expect((await rawGet(sb, '/application/settings', sb.tokens.admin)).body[key]).toBe(SECRET);
    expect((await run(['state', 'plan', '-f', path, '--exit-code'], env)).res.exitCode).toBe(0);
    const exp = await run(['state', 'export', '--only', 'settings']);
    expect(exp.res.stdout).toContain(`# Secret settings not written (add them under settings: as {env: NAME} or {command: "…"} to manage them): ${key}`);
    expect(parse(exp.res.stdout).settings).not.toHaveProperty(key);
    for (const out of [plan.res.stdout, plan.res.stderr, apply.res.stdout, apply.res.stderr, exp.res.stdout, exp.res.stderr]) expect(out).not.toContain(SECRET);
  });
});

describe('groups', () => {
  it('protects an environment and sets notifications; export reads back as no change; an unlisted tier is deleted only with --prune', async () => {
    const path = file('groups.yaml', {
      groups: {
        'acme/platform': {
          protected_environments: { production: { deploy: [{ access_level: 'maintainer' }], approvals: [{ access_level: 40, required: 1 }] } },
          notification_settings: { level: 'watch' },
        },
      },
    });
    const plan = await run(['state', 'plan', '-f', path, '--exit-code']);
    expect(plan.res.exitCode, plan.res.stderr).toBe(5);
    expect(plan.res.stdout).toContain('+ create groups acme/platform protected environment production\n    + deploy access_level=40\n    + approval access_level=40,required=1');
    expect(plan.res.stdout).toContain('~ update groups acme/platform notification_settings\n    level: ');
    const apply = await run(['state', 'apply', '-f', path, '--yes']);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect((await run(['state', 'plan', '-f', path, '--exit-code'])).res.exitCode).toBe(0);

    const exp = await run(['state', 'export', '--only', 'groups', '--groups', 'acme/platform']);
    expect(exp.res.exitCode, exp.res.stderr).toBe(0);
    const doc = parse(exp.res.stdout);
    expect(doc.groups['acme/platform'].protected_environments.production).toEqual({ deploy: [{ access_level: 40 }], approvals: [{ access_level: 40, required_approvals: 1 }] });
    expect((await run(['state', 'plan', '-f', file('groups-exported.yaml', exp.res.stdout), '--exit-code'])).res.exitCode).toBe(0);

    const without = file('groups-none.yaml', { groups: { 'acme/platform': { protected_environments: [] } } });
    const kept = await run(['state', 'plan', '-f', without, '--exit-code']);
    expect(kept.res.exitCode).toBe(0);
    expect(kept.res.stdout).toContain('not managed (use --prune to delete): groups acme/platform protected environment production');
    const pruned = await run(['state', 'plan', '-f', without, '--prune', '--exit-code']);
    expect(pruned.res.exitCode).toBe(5);
    expect(pruned.res.stdout).toContain('- delete groups acme/platform protected environment production');
  });

  it('--all-groups exports every group, and the file reads back as no change', async () => {
    const sb = sandbox();
    const all = (await rawGet(sb, '/groups?all_available=true&per_page=100', sb.tokens.admin)).body.map((g: any) => g.full_path);
    const { res } = await run(['state', 'export', '--only', 'groups', '--all-groups']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(Object.keys(parse(res.stdout).groups).sort()).toEqual([...all].sort());
    expect((await run(['state', 'plan', '-f', file('all-groups.yaml', res.stdout), '--exit-code'])).res.exitCode).toBe(0);
    const both = await run(['state', 'export', '--groups', 'acme', '--all-groups']);
    expect(both.res.exitCode).toBe(2);
    expect(both.sent).toEqual([]);
  });

  it('a bad protected_environments is refused by the envs apply rules before any request', async () => {
    const { res, sent } = await run(['state', 'plan', '-f', file('bad-groups.yaml', 'groups:\n  acme/platform:\n    protected_environments:\n      moon: {deploy: [{access_level: 40}]}\n')]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain('groups.acme/platform.protected_environments');
    expect(sent).toEqual([]);
  });
});

describe('a changed hook', () => {
  it('is planned as a replace, counted as one, and applied as create + delete', async () => {
    const doc = await exported();
    const hook = doc.system_hooks.find((h: any) => h.url === 'https://ci.example.com/events');
    hook.tag_push_events = !hook.tag_push_events;
    const path = file('replace.yaml', { system_hooks: doc.system_hooks });
    const plan = await run(['state', 'plan', '-f', path]);
    expect(plan.res.stdout).toContain('± replace system_hooks https://ci.example.com/events');
    expect(plan.res.stdout).toMatch(/tag_push_events: (true|false) → (true|false)/);
    expect(plan.res.stdout).toContain('Plan: 0 to create, 0 to update, 1 to replace, 0 to delete.');
    const apply = await run(['state', 'apply', '-f', path, '--yes']);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(writes(apply.sent).map((r) => r.method)).toEqual(['POST', 'DELETE']);
    expect((await run(['state', 'plan', '-f', path, '--exit-code'])).res.exitCode).toBe(0);
  });
});

describe('a failure half way', () => {
  it('stops at the third write, lists applied / failed / not tried, and a second apply finishes', async () => {
    const doc = await exported();
    doc.settings.signup_enabled = true;
    doc.system_hooks.push({ url: 'https://second.example.com/hook' });
    doc.broadcast_messages.push({ message: 'Third write fails' }, { message: 'Fourth write never tried' });
    const path = file('half.yaml', doc);
    const sb = sandbox();
    const res = await runWithFault(sb, '500:forever@POST:/broadcast_messages', ['state', 'apply', '-f', path, '--yes']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(writes(res.requests).map((r) => r.method)).toEqual(['PUT', 'POST', 'POST']);
    expect(res.stderr).toContain('applied: update settings application settings');
    expect(res.stderr).toContain('applied: create system_hooks https://second.example.com/hook');
    expect(res.stderr).toContain('failed: create broadcast_messages "Third write fails"');
    expect(res.stderr).toContain('not tried: create broadcast_messages "Fourth write never tried"');
    expect(res.stderr).toMatch(/^error: create broadcast_messages "Third write fails" failed: .*500/m);

    const again = await run(['state', 'apply', '-f', path, '--yes']);
    expect(again.res.exitCode, again.res.stderr).toBe(0);
    expect(again.res.stderr).toContain('Plan: 2 to create, 0 to update, 0 to delete.');
    expect((await run(['state', 'plan', '-f', path, '--exit-code'])).res.exitCode).toBe(0);
  });
});
