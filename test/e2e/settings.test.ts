// `settings get|set|diff` end to end: the built binary against one sandbox. The full tables of the
// writable rules are in test/commands/settings-rules.test.ts (in-process, same sandbox kind).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir, type CliResult } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function settings(): Promise<Record<string, any>> {
  const sb = sandbox();
  return (await rawGet(sb, '/application/settings', sb.tokens.admin)).body;
}

async function run(args: string[], input?: string): Promise<{ res: CliResult; sent: ReturnType<typeof requestsSince> }> {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb), input });
  return { res, sent: requestsSince(sb, mark) };
}

function errorLines(res: CliResult): string[] {
  return res.stderr.split('\n').filter((l) => l.startsWith('error:'));
}

function expectRefused(res: CliResult, sent: { method: string }[], names: string[], opts: { nothingSent?: boolean } = {}): void {
  expect(res.exitCode, res.stderr).toBe(2);
  const errors = errorLines(res);
  expect(errors, res.stderr).toHaveLength(1);
  for (const n of names) expect(errors[0]).toContain(n);
  expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  if (opts.nothingSent) expect(sent).toEqual([]);
}

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe('a rule through the binary', () => {
  it('refuses a switch without its companion before any request, accepts it with one', async () => {
    const bad = await run(['settings', 'set', 'plantuml_enabled=true', 'plantuml_url=']);
    expectRefused(bad.res, bad.sent, ['plantuml_enabled', 'plantuml_url'], { nothingSent: true });
    expect(bad.res.stderr).toContain('hint: give plantuml_url=');
    const ok = await run(['settings', 'set', 'plantuml_enabled=true', 'plantuml_url=https://plantuml.example.com']);
    expect(ok.res.exitCode, ok.res.stderr).toBe(0);
    expect(await settings()).toMatchObject({ plantuml_enabled: true, plantuml_url: 'https://plantuml.example.com' });
  });

  it('refuses a value out of bounds before any request', async () => {
    const { res, sent } = await run(['settings', 'set', 'wiki_page_max_content_bytes=1023']);
    expectRefused(res, sent, ['wiki_page_max_content_bytes', '1024'], { nothingSent: true });
  });
});

describe('settings set', () => {
  it('types KEY=VALUE by the model; -o json prints the settings object answered, a table before → after, with the cache note', async () => {
    await run(['settings', 'set', 'signup_enabled=true']);
    const { res, sent } = await run([
      'settings', 'set', 'signup_enabled=no', 'polling_interval_multiplier=1.5', 'restricted_visibility_levels=public',
      'default_branch_protection_defaults={"allowed_to_push":[{"access_level":30}],"allow_force_push":true}', 'home_page_url=https://www.example.com', '-o', 'json',
    ]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({
      signup_enabled: false,
      polling_interval_multiplier: 1.5,
      restricted_visibility_levels: ['public'],
      default_branch_protection_defaults: { allowed_to_push: [{ access_level: 30 }], allow_force_push: true },
      home_page_url: 'https://www.example.com',
    });
    const answered = json(res);
    expect(answered).toMatchObject({ signup_enabled: false, polling_interval_multiplier: 1.5, restricted_visibility_levels: ['public'], home_page_url: 'https://www.example.com' });
    expect(Object.keys(answered)).toEqual(Object.keys(await settings()));
    expect(res.stderr).toContain('60 s');
    const table = await run(['settings', 'set', 'signup_enabled=true']);
    expect(table.res.stdout).toBe('signup_enabled\tfalse\ttrue');
  });

  it('types a YAML file; arguments override it', async () => {
    const f = file('s.yaml', ['max_login_attempts: 7', 'gravatar_enabled: "false"', 'domain_allowlist: [a.example.com, b.example.com]', 'repository_storages_weighted:', '  default: 60', '  fast: 40', 'terms: 42', 'first_day_of_week: 1'].join('\n'));
    const { res, sent } = await run(['settings', 'set', '-f', f, 'first_day_of_week=6']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({
      max_login_attempts: 7,
      gravatar_enabled: false,
      domain_allowlist: ['a.example.com', 'b.example.com'],
      repository_storages_weighted: { default: 60, fast: 40 },
      terms: '42',
      first_day_of_week: 6,
    });
    const bad = await run(['settings', 'set', '-f', file('bad.yaml', 'max_login_attempts: 1.5\n')]);
    expectRefused(bad.res, bad.sent, ['max_login_attempts'], { nothingSent: true });
    const notMap = await run(['settings', 'set', '-f', file('list.yaml', '- a\n- b\n')]);
    expect(notMap.res.exitCode).toBe(2);
  });

  it('sends nothing under --dry-run and says what would change', async () => {
    const { res, sent } = await run(['settings', 'set', 'max_attachment_size=250', '--dry-run']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(res.stderr).toMatch(/would change max_attachment_size: \d+ → 250/);
    expect(res.stdout).toContain('dry run: PUT');
    expect((await settings()).max_attachment_size).not.toBe(250);
  });

  it('warns about deprecated names with their replacement, accepts the spec’s neutral names, flags restarts', async () => {
    const dep = await run(['settings', 'set', 'admin_notification_email=abuse@example.com']);
    expect(dep.res.exitCode, dep.res.stderr).toBe(0);
    expect(dep.res.stderr).toMatch(/warning: admin_notification_email is deprecated; use abuse_notification_email/);
    const gravatar = (await settings()).gravatar_enabled;
    const alias = await run(['settings', 'set', `avatar_lookup_enabled=${!gravatar}`]);
    expect(alias.res.exitCode, alias.res.stderr).toBe(0);
    expect(alias.sent.find((r) => r.method === 'PUT')!.body).toEqual({ gravatar_enabled: !gravatar });
    const restart = await run(['settings', 'set', 'asset_proxy_url=https://proxy.example.com']);
    expect(restart.res.stderr).toMatch(/asset_proxy_url takes effect only after the instance restarts/);
  });

  it('passes unknown settings with a warning, refuses them with --strict', async () => {
    const loose = await run(['settings', 'set', 'future_setting_enabled=true']);
    expect(loose.res.stderr).toContain('warning: future_setting_enabled is not a setting forgectl knows');
    expect(loose.sent.find((r) => r.method === 'PUT')!.body).toEqual({ future_setting_enabled: true });
    const strict = await run(['settings', 'set', 'future_setting_enabled=true', '--strict']);
    expectRefused(strict.res, strict.sent, ['future_setting_enabled'], { nothingSent: true });
  });

  it('says so and sends no write when nothing changes', async () => {
    const current = (await settings()).max_login_attempts;
    const { res, sent } = await run(['settings', 'set', `max_login_attempts=${current}`]);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain('Nothing to change');
    expect(res.stdout).toBe('');
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('with -o json and nothing to change prints the unchanged settings object (secrets masked)', async () => {
    const current = await settings();
    const { res, sent } = await run(['settings', 'set', `max_login_attempts=${current.max_login_attempts}`, '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
    const out = json(res);
    expect(out.max_login_attempts).toBe(current.max_login_attempts);
    expect(Object.keys(out)).toEqual(Object.keys(current));
    expect(out.external_pipeline_validation_service_token).toBe(current.external_pipeline_validation_service_token ? '********' : current.external_pipeline_validation_service_token);
  });
});

describe('secrets', () => {
  const secret = 'ext-pipeline-token-9f8e7d6c';

  it('never takes a secret from the command line', async () => {
    const { res, sent } = await run(['settings', 'set', `external_pipeline_validation_service_token=${secret}`]);
    expectRefused(res, sent, ['external_pipeline_validation_service_token'], { nothingSent: true });
    expect(res.stderr).not.toContain(secret);
  });

  it('reads KEY=- from stdin and keeps the value out of output, traces and dry runs', async () => {
    const dry = await run(['settings', 'set', 'external_pipeline_validation_service_token=-', '--dry-run', '-v'], secret);
    expect(dry.res.exitCode, dry.res.stderr).toBe(0);
    expect(dry.res.stdout + dry.res.stderr).not.toContain(secret);
    const table = await run(['settings', 'set', 'external_pipeline_validation_service_token=-'], 'a-first-pipeline-token');
    expect(table.res.stdout).toBe('external_pipeline_validation_service_token\t\t********');
    const set = await run(['settings', 'set', 'external_pipeline_validation_service_token=-', '-v', '-o', 'json'], secret);
    expect(set.res.exitCode, set.res.stderr).toBe(0);
    expect(set.sent.find((r) => r.method === 'PUT')!.body).toEqual({ external_pipeline_validation_service_token: secret });
    expect(set.res.stdout + set.res.stderr).not.toContain(secret);
    expect(json(set.res).external_pipeline_validation_service_token).toBe('********');
  });

  it('masks secrets in get in every format unless --show-secrets', async () => {
    for (const format of ['table', 'json', 'yaml', 'ndjson']) {
      const { res } = await run(['settings', 'get', '-o', format, '-v']);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout + res.stderr, format).not.toContain(secret);
    }
    const one = await run(['settings', 'get', 'external_pipeline_validation_service_token', 'signup_enabled', '-o', 'json']);
    expect(json(one.res)).toEqual({ external_pipeline_validation_service_token: '********', signup_enabled: expect.any(Boolean) });
    const shown = await run(['settings', 'get', 'external_pipeline_validation_service_token', '--show-secrets', '-o', 'json']);
    expect(json(shown.res)).toEqual({ external_pipeline_validation_service_token: secret });
  });
});

describe('secrets the model does not know: one name rule with the rest of forgectl (redact.ts)', () => {
  // Settings of newer instances, or of a tier forgectl does not model, named as credentials are.
  // GitLab's settings answer carries the external authorization service's private key and its passphrase.
  const values = {
    ssh_key_passphrase: 'pass-7a1b2c3d4e', eks_secret_access_key: 'eks-8f9e0d1c2b', mailgun_signing_key: 'mg-5a6b7c8d9e', encrypted_ldap_bind: 'enc-1f2e3d4c5b',
    external_auth_client_key: 'pem-3c4d5e6f7a', external_auth_client_key_pass: 'kp-9b8a7c6d5e',
  };
  const yaml = Object.entries(values).map(([k, v]) => `${k}: ${v}`).join('\n') + '\n';

  it('settings diff masks them, and shows a flag named after a token (allow_…_token) as the boolean it is', async () => {
    const f = file('newer.yaml', `${yaml}allow_group_runner_registration_token: false\n`);
    const { res } = await run(['settings', 'diff', '-f', f, '-o', 'json', '--allow-unknown']);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const v of Object.values(values)) expect(res.stdout + res.stderr).not.toContain(v);
    const rows = json(res) as { key: string; file: unknown }[];
    for (const k of Object.keys(values)) expect(rows.find((r) => r.key === k)?.file, k).toBe('********');
    expect(rows.find((r) => r.key === 'allow_group_runner_registration_token')?.file).toBe(false);
  });

  it('a dry run of set -f shows them redacted, with the trace; on the command line they are refused', async () => {
    const dry = await run(['settings', 'set', '-f', file('newer.yaml', yaml), '--dry-run', '-v']);
    expect(dry.res.exitCode, dry.res.stderr).toBe(0);
    expect(dry.res.stdout).toContain('dry run: PUT');
    for (const v of Object.values(values)) expect(dry.res.stdout + dry.res.stderr).not.toContain(v);
    const argv = await run(['settings', 'set', `ssh_key_passphrase=${values.ssh_key_passphrase}`]);
    expectRefused(argv.res, argv.sent, ['ssh_key_passphrase is a secret'], { nothingSent: true });
    expect(argv.res.stderr).not.toContain(values.ssh_key_passphrase);
  });
});

describe('settings get and diff', () => {
  it('get names settings by their real or neutral name', async () => {
    const { res } = await run(['settings', 'get', 'spam_service_enabled', 'signup_enabled', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(Object.keys(json(res))).toEqual(['akismet_enabled', 'signup_enabled']);
  });

  it('get of a name neither forgectl nor the instance knows is bad input: exit 2, with the nearest name', async () => {
    const typo = await run(['settings', 'get', 'signup_enabld', 'default_projects_limit']);
    expect(typo.res.exitCode, typo.res.stderr).toBe(2);
    expect(typo.res.stderr).toContain('error: unknown setting signup_enabld: did you mean signup_enabled?');
    expect(typo.res.stdout).toBe('');
    const far = await run(['settings', 'get', 'nosuch_setting']);
    expect(far.res.exitCode, far.res.stderr).toBe(2);
    expect(far.res.stderr).toMatch(/error: unknown setting nosuch_setting/);
    expect(far.res.stderr).toContain('forgectl settings get');
    expect([...typo.sent, ...far.sent].every((r) => r.method === 'GET')).toBe(true);
  });

  it('get of a setting forgectl knows that this instance does not report warns, and exits 1 when nothing is left', async () => {
    const sb = sandbox();
    const { adminStore } = await import('../../src/sandbox/admin/store.js');
    const store = adminStore(sb.state);
    const value = store.settings.deletion_adjourned_period;
    delete store.settings.deletion_adjourned_period;
    try {
      const missing = await run(['settings', 'get', 'deletion_adjourned_period']);
      expect(missing.res.exitCode, missing.res.stderr).toBe(1);
      expect(missing.res.stderr).toContain('deletion_adjourned_period: not reported by this instance (a Premium/Ultimate setting)');
    } finally {
      store.settings.deletion_adjourned_period = value;
    }
  });

  it('diff exits 0 for a dump of the instance itself (masked secrets and read-only fields skipped)', async () => {
    const dump = await run(['settings', 'get', '-o', 'yaml']);
    const f = file('dump.yaml', dump.res.stdout);
    const { res, sent } = await run(['settings', 'diff', '-f', f]);
    expect(res.exitCode, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect(sent.every((r) => r.method === 'GET')).toBe(true);
  });

  it('diff lists the differences and exits 0, or 5 with --exit-code (1 is kept for failures); secrets stay masked', async () => {
    const current = await settings();
    const f = file('want.json', JSON.stringify({ max_login_attempts: current.max_login_attempts + 1, signup_enabled: current.signup_enabled, external_pipeline_validation_service_token: 'another-secret-value' }));
    expect((await run(['settings', 'diff', '-f', f])).res.exitCode).toBe(0);
    const { res } = await run(['settings', 'diff', '-f', f, '-o', 'json', '--exit-code']);
    expect(res.exitCode).toBe(5);
    expect(json(res)).toEqual([
      { key: 'max_login_attempts', instance: current.max_login_attempts, file: current.max_login_attempts + 1 },
      { key: 'external_pipeline_validation_service_token', instance: '********', file: '********' },
    ]);
    expect(res.stdout + res.stderr).not.toContain('another-secret-value');
    const typeError = await run(['settings', 'diff', '-f', file('bad.yaml', 'signup_enabled: sometimes\n')]);
    expect(typeError.res.exitCode).toBe(2);
    expect(typeError.sent).toEqual([]);
  });

  it('diff says it compares an unknown or renamed setting, since it sends nothing', async () => {
    const f = file('unknown.yaml', 'some_newer_setting: 3\nspam_service_enabled: true\n');
    const { res, sent } = await run(['settings', 'diff', '-f', f, '--exit-code']);
    expect(res.exitCode, res.stderr).toBe(5);
    expect(res.stderr).toContain('warning: some_newer_setting is not a setting forgectl knows; comparing it as given');
    expect(res.stderr).toContain('note: spam_service_enabled is called akismet_enabled by this instance; comparing akismet_enabled');
    expect(res.stderr).not.toMatch(/send/);
    expect(sent.every((r) => r.method === 'GET')).toBe(true);
    const strict = await run(['settings', 'diff', '--strict', '-f', f]);
    expectRefused(strict.res, strict.sent, ['unknown setting some_newer_setting'], { nothingSent: true });
    expect(strict.res.stderr).toContain('unknown settings are compared as given');
  });
});

describe('plain values only in a settings file', () => {
  it('a YAML tag is one error line naming the setting and the tag, with no YAMLWarning (set and diff)', async () => {
    for (const [text, tag] of [
      ['signup_enabled: true\nterms: !foo bar\n', '!foo'],
      ['terms: !!binary aGVsbG8=\n', '!!binary'],
    ]) {
      for (const verb of ['set', 'diff']) {
        const { res, sent } = await run(['settings', verb, '-f', file('tagged.yaml', text)]);
        expectRefused(res, sent, ['tagged.yaml:', `: terms has the YAML tag ${tag}`], { nothingSent: true });
        expect(res.stderr).not.toMatch(/YAMLWarning|TAG_RESOLVE_FAILED|--trace-warnings|Buffer/);
        expect(res.stderr.split('\n').filter((l) => l && !l.startsWith('hint:')), res.stderr).toHaveLength(1);
      }
    }
  });

  it('1e400 is out of range, not "null", for integer, number and unknown settings alike', async () => {
    for (const key of ['max_attachment_size', 'polling_interval_multiplier', 'some_newer_setting']) {
      const { res, sent } = await run(['settings', 'diff', '-f', file('huge.yaml', `${key}: 1e400\n`)]);
      expectRefused(res, sent, [`huge.yaml:1:${key.length + 3}: ${key}`, 'is out of range: 1e400'], { nothingSent: true });
      expect(res.stderr).not.toContain('null');
    }
    const json = await run(['settings', 'set', '-f', file('huge.json', '{"polling_interval_multiplier": -1e999}')]);
    expectRefused(json.res, json.sent, ['polling_interval_multiplier', 'is out of range: -1e999'], { nothingSent: true });
  });
});

describe('files and types', () => {
  it('set -f of a whole `settings get` dump sends only the keys that change', async () => {
    const dump = await run(['settings', 'get', '-o', 'yaml']);
    expect(dump.res.exitCode, dump.res.stderr).toBe(0);
    const before = await settings();
    const f = file('dump.yaml', dump.res.stdout.replace(/^max_login_attempts: .*$/m, `max_login_attempts: ${before.max_login_attempts + 1}`));
    const { res, sent } = await run(['settings', 'set', '-f', f]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ max_login_attempts: before.max_login_attempts + 1 }]);
    expect(res.stderr).toMatch(/Changed 1 setting\./);
    expect(res.stderr).not.toContain('warning');
  });

  it('allow_runner_registration_token is a boolean, not a secret: shown, settable, diffed', async () => {
    const got = await run(['settings', 'get', 'allow_runner_registration_token', '-o', 'json']);
    expect(json(got.res)).toEqual({ allow_runner_registration_token: expect.any(Boolean) });
    const current = json(got.res).allow_runner_registration_token as boolean;
    const set = await run(['settings', 'set', `allow_runner_registration_token=${!current}`, '-o', 'json']);
    expect(set.res.exitCode, set.res.stderr).toBe(0);
    expect(json(set.res).allow_runner_registration_token).toBe(!current);
    const diff = await run(['settings', 'diff', '-f', file('d.yaml', `allow_runner_registration_token: ${current}\n`), '--exit-code']);
    expect(diff.res.exitCode).toBe(5);
    expect(diff.res.stdout).toContain(String(current));
    expect(diff.res.stdout).not.toContain('********');
  });

  it('refuses one key twice with two values, and an empty or null file (set and diff), before any request', async () => {
    const twice = await run(['settings', 'set', 'max_login_attempts=3', 'max_login_attempts=4']);
    expectRefused(twice.res, twice.sent, ['max_login_attempts is given twice'], { nothingSent: true });
    for (const text of ['', 'null\n', '# only a comment\n']) {
      for (const verb of ['set', 'diff']) {
        const r = await run(['settings', verb, '-f', file('empty.yaml', text)]);
        expectRefused(r.res, r.sent, ['is empty'], { nothingSent: true });
      }
    }
  });
});

describe('settings say what really happened', () => {
  it('set refuses a name one typo away from a known setting, before any write, and names it', async () => {
    const before = (await settings()).signup_enabled;
    const { res, sent } = await run(['settings', 'set', `signup_enabld=${!before}`]);
    expectRefused(res, sent, ['signup_enabld', 'did you mean signup_enabled?']);
    expect(res.stderr).toContain('--allow-unknown');
    expect(res.stderr).not.toMatch(/Changed/);
    expect((await settings()).signup_enabled).toBe(before);
    const both = await run(['settings', 'set', 'signup_enabld=true', '--strict', '--allow-unknown']);
    expectRefused(both.res, both.sent, ['--strict and --allow-unknown'], { nothingSent: true });
  });

  it('set insisted on with --allow-unknown: the instance ignores the name, so it is reported as not applied, exit 1', async () => {
    const before = (await settings()).signup_enabled;
    const { res, sent } = await run(['settings', 'set', `signup_enabld=${!before}`, '--allow-unknown']);
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({ signup_enabld: !before });
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain('warning: signup_enabld was not applied: the instance’s answer does not carry it; did you mean signup_enabled?');
    expect(res.stderr).toContain('Nothing was changed.');
    expect(res.stderr).not.toMatch(/Changed/);
    expect(res.stdout).toBe('');
  });

  it('set reports only what the answer shows changed: "Changed 1 of 2 settings", exit 1', async () => {
    const attempts = (await settings()).max_login_attempts as number;
    const { res } = await run(['settings', 'set', 'future_setting_enabled=true', `max_login_attempts=${attempts + 1}`]);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain('warning: future_setting_enabled was not applied');
    expect(res.stderr).toContain('Changed 1 of 2 settings.');
    expect(res.stdout).toBe(`max_login_attempts\t${attempts}\t${attempts + 1}`);
  });

  it('diff refuses a file name a typo away from a setting, compares it with --allow-unknown', async () => {
    const f = file('typo.yaml', 'signup_enabld: true\n');
    const refused = await run(['settings', 'diff', '-f', f]);
    expectRefused(refused.res, refused.sent, ['typo.yaml: unknown setting signup_enabld', 'did you mean signup_enabled?']);
    const insisted = await run(['settings', 'diff', '-f', f, '--allow-unknown', '--exit-code']);
    expect(insisted.res.exitCode, insisted.res.stderr).toBe(5);
    expect(insisted.res.stdout).toContain('signup_enabld');
  });

  it('diff reads back the yaml of `settings get` from a pipe without a warning', async () => {
    await run(['settings', 'set', 'external_pipeline_validation_service_token=-'], 'a-token-to-mask');
    const dump = await run(['settings', 'get', '-o', 'yaml']);
    expect(dump.res.exitCode, dump.res.stderr).toBe(0);
    // What made the warnings: deprecated names the instance reports, and the mask.
    expect(dump.res.stdout).toMatch(/^asset_proxy_whitelist:/m);
    expect(dump.res.stdout).toMatch(/^admin_notification_email:/m);
    expect(dump.res.stdout).toContain('external_pipeline_validation_service_token: "********"');
    const { res, sent } = await run(['settings', 'diff', '-f', '-'], dump.res.stdout);
    expect(res.exitCode, res.stdout + res.stderr).toBe(0);
    expect(res.stderr).not.toMatch(/warning|note:/);
    expect(res.stderr).toContain('The instance matches standard input');
    expect(res.stderr).toContain('external_pipeline_validation_service_token masked, not compared');
    expect(sent.every((r) => r.method === 'GET')).toBe(true);
  });
});

describe('access', () => {
  it('a regular user gets exit 4, no credentials exit 4', async () => {
    const sb = sandbox();
    expect((await forgectl(['settings', 'get'], { env: envFor(sb, 'bob') })).exitCode).toBe(4);
    expect((await forgectl(['settings', 'get'], { env: envFor(sb, null) })).exitCode).toBe(4);
  });
});
