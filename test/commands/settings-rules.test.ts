// Every writable rule of spec part 1 §2.7 the settings model knows, table-driven: each violation
// exits 2 with one error line naming the setting and sends no write (nothing at all when the values
// given prove it); each valid combination is accepted by the instance. Run in-process against one
// sandbox so the tables stay fast; test/e2e/settings.test.ts drives the built binary.

import { describe, expect, it } from 'vitest';
import { COMPANION_RULES } from '../../src/api/settings-model.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';
import { runCli, type CliRun as InProcessResult } from '../helpers/harness.js';

const sandbox = useSandbox();

async function settings(): Promise<Record<string, any>> {
  const sb = sandbox();
  return (await rawGet(sb, '/application/settings', sb.tokens.admin)).body;
}

async function run(args: string[], input?: string): Promise<{ res: InProcessResult; sent: ReturnType<typeof requestsSince> }> {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await runCli(args, { env: envFor(sb), input });
  return { res, sent: requestsSince(sb, mark) };
}

function expectRefused(res: InProcessResult, sent: { method: string }[], names: string[], opts: { nothingSent?: boolean } = {}): void {
  expect(res.exitCode, res.stderr).toBe(2);
  const errors = res.stderr.split('\n').filter((l) => l.startsWith('error:'));
  expect(errors, res.stderr).toHaveLength(1);
  for (const n of names) expect(errors[0]).toContain(n);
  expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  if (opts.nothingSent) expect(sent).toEqual([]);
}

/** A valid value for each companion setting. */
const VALID: Record<string, string> = {
  akismet_api_key: '-',
  asset_proxy_url: 'https://assets.example.com',
  email_restrictions: '^[a-z.]+@example\\.com$',
  domain_denylist: 'spam.example.com,junk.example.com',
  two_factor_grace_period: '24',
  throttle_unauthenticated_api_period_in_seconds: '60',
  throttle_unauthenticated_api_requests_per_period: '600',
  throttle_unauthenticated_packages_api_period_in_seconds: '30',
  throttle_unauthenticated_packages_api_requests_per_period: '900',
  throttle_unauthenticated_web_period_in_seconds: '120',
  throttle_unauthenticated_web_requests_per_period: '1200',
  unique_ips_limit_per_user: '5',
  unique_ips_limit_time_window: '600',
  plantuml_url: 'https://plantuml.example.com',
  kroki_url: 'https://kroki.example.com',
  external_authorization_service_url: 'https://authz.example.com',
  external_authorization_service_default_label: 'internal',
  external_authorization_service_timeout: '0.5',
  housekeeping_optimize_repository_period: '5',
};

describe('companion rules: a switch needs its settings', () => {
  it.each(COMPANION_RULES.map((r) => [r.when, r] as const))('%s=true with its companion empty: exit 2 before any request', async (_name, rule) => {
    const empties = [...rule.requires, ...(rule.orElse ?? [])].map((k) => `${k}=`);
    const { res, sent } = await run(['settings', 'set', `${rule.when}=true`, ...empties]);
    expectRefused(res, sent, [rule.when, rule.requires[0]], { nothingSent: true });
  });

  it.each(['akismet_enabled', 'asset_proxy_enabled', 'email_restrictions_enabled', 'domain_denylist_enabled', 'plantuml_enabled', 'kroki_enabled', 'external_authorization_service_enabled'])(
    '%s=true alone while the instance lacks the companion: exit 2, no write',
    async (name) => {
      const rule = COMPANION_RULES.find((r) => r.when === name)!;
      const { res, sent } = await run(['settings', 'set', `${name}=true`]);
      expectRefused(res, sent, [name, rule.requires.find((k) => VALID[k])!]);
      expect((await settings())[name]).toBe(false);
    },
  );

  it.each(COMPANION_RULES.map((r) => [r.when, r] as const))('%s=true with valid companions is accepted', async (_name, rule) => {
    const args = rule.requires.map((k) => `${k}=${VALID[k]}`);
    const wasOn = (await settings())[rule.when] === true;
    const { res, sent } = await run(['settings', 'set', `${rule.when}=true`, ...args], rule.when === 'akismet_enabled' ? 'akismet-key-123456' : undefined);
    expect(res.exitCode, res.stderr).toBe(0);
    const put = sent.find((r) => r.method === 'PUT');
    // Only changes are sent: a switch already on is not sent again.
    if (!wasOn) expect(put!.body).toMatchObject({ [rule.when]: true });
    else expect(put?.body ?? {}).not.toHaveProperty(rule.when);
    const now = await settings();
    expect(now[rule.when]).toBe(true);
    for (const k of rule.requires) expect(now[k], k).not.toBeNull();
  });

  it('carries companions the instance already has into the request, as the service wants them with the switch', async () => {
    await run(['settings', 'set', 'throttle_unauthenticated_web_enabled=false']);
    const before = await settings();
    const { res, sent } = await run(['settings', 'set', 'throttle_unauthenticated_web_enabled=true']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({
      throttle_unauthenticated_web_enabled: true,
      throttle_unauthenticated_web_period_in_seconds: before.throttle_unauthenticated_web_period_in_seconds,
      throttle_unauthenticated_web_requests_per_period: before.throttle_unauthenticated_web_requests_per_period,
    });
    expect(res.stderr).toContain('throttle_unauthenticated_web_period_in_seconds');
  });

  it('refuses emptying a companion while the instance has the switch on', async () => {
    await run(['settings', 'set', 'email_restrictions_enabled=true', `email_restrictions=${VALID.email_restrictions}`]);
    const { res, sent } = await run(['settings', 'set', 'email_restrictions=']);
    expectRefused(res, sent, ['email_restrictions_enabled', 'email_restrictions']);
    // Switching off and emptying together is fine.
    const ok = await run(['settings', 'set', 'email_restrictions_enabled=false', 'email_restrictions=']);
    expect(ok.res.exitCode, ok.res.stderr).toBe(0);
  });

  it('keeps the warning e-mail before the deletion of inactive projects', async () => {
    const bad = await run(['settings', 'set', 'inactive_projects_send_warning_email_after_months=3']);
    expectRefused(bad.res, bad.sent, ['inactive_projects_send_warning_email_after_months', 'inactive_projects_delete_after_months']);
    const both = await run(['settings', 'set', 'inactive_projects_delete_after_months=6', 'inactive_projects_send_warning_email_after_months=3']);
    expect(both.res.exitCode, both.res.stderr).toBe(0);
  });
});

describe('bounds, enumerations and types', () => {
  const refused: [string[], string][] = [
    [['wiki_page_max_content_bytes=1023'], 'wiki_page_max_content_bytes'],
    [['asciidoc_max_includes=65'], 'asciidoc_max_includes'],
    [['unconfirmed_users_delete_after_days=0'], 'unconfirmed_users_delete_after_days'],
    [['valid_runner_registrars=group,runner'], 'valid_runner_registrars'],
    [['valid_runner_registrars=group,group'], 'valid_runner_registrars'],
    [['whats_new_variant=everything'], 'whats_new_variant'],
    [['archive_builds_in_human_readable=12 hours'], 'archive_builds_in_human_readable'],
    [['archive_builds_in_human_readable=soon'], 'archive_builds_in_human_readable'],
    [['default_project_visibility=secret'], 'default_project_visibility'],
    [['restricted_visibility_levels=public,hidden'], 'restricted_visibility_levels'],
    [['signup_enabled=maybe'], 'signup_enabled'],
    [['max_login_attempts=ten'], 'max_login_attempts'],
    [['polling_interval_multiplier=fast'], 'polling_interval_multiplier'],
    [['repository_storages_weighted={"default":101}'], 'repository_storages_weighted'],
    [['default_branch_protection_defaults={"allowed_to_push":[{"access_level":50}]}'], 'default_branch_protection_defaults'],
    [['default_branch_protection_defaults=[1]'], 'default_branch_protection_defaults'],
    [['created_at=2020-01-01'], 'created_at'],
    [['no_equals_sign'], 'KEY=VALUE'],
  ];
  it.each(refused)('%j: exit 2, nothing sent', async (args, name) => {
    const { res, sent } = await run(['settings', 'set', ...args]);
    expectRefused(res, sent, [name], { nothingSent: true });
  });

  const accepted: [string, unknown][] = [
    ['wiki_page_max_content_bytes=1024', 1024],
    ['asciidoc_max_includes=64', 64],
    ['unconfirmed_users_delete_after_days=1', 1],
    ['valid_runner_registrars=', []],
    ['valid_runner_registrars=project,group', ['project', 'group']],
    ['whats_new_variant=current_tier', 'current_tier'],
    ['archive_builds_in_human_readable=1 day', '1 day'],
    ['archive_builds_in_human_readable=', null],
  ];
  it.each(accepted)('%s is accepted', async (arg, expected) => {
    const { res } = await run(['settings', 'set', arg]);
    expect(res.exitCode, res.stderr).toBe(0);
    const key = arg.slice(0, arg.indexOf('='));
    const now = (await settings())[key];
    if (expected === null) expect(now === null || now === '').toBe(true);
    else expect(now).toEqual(expected);
  });
});

