// Exports that apply cleanly elsewhere (issue 44): broadcasts that have ended are left out unless
// asked for, and `--only-managed FILE` refreshes a trimmed base file with the instance's values only
// for what it manages, so that it plans as no change.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';
import { yamlFile } from '../helpers/state.js';

const sandbox = useSandbox();

describe('state export', () => {
  it('leaves out a broadcast that has ended, says how many, and writes it with --include-ended', async () => {
    const sb = sandbox();
    const all = (await forgectl(['broadcast', 'list', '-o', 'json'], { env: envFor(sb) }));
    const now = Date.now();
    const ended = JSON.parse(all.stdout).filter((b: any) => b.ends_at && Date.parse(b.ends_at) < now).map((b: any) => b.message);
    expect(ended.length).toBeGreaterThan(0);
    const exp = await forgectl(['state', 'export', '--only', 'broadcast_messages'], { env: envFor(sb) });
    expect(exp.exitCode, exp.stderr).toBe(0);
    const messages = parse(exp.stdout).broadcast_messages.map((b: any) => b.message);
    for (const m of ended) expect(messages).not.toContain(m);
    expect(messages.length).toBeGreaterThan(0);
    expect(exp.stdout).toMatch(new RegExp(`^# ${ended.length === 1 ? '1 broadcast that has ended is' : `${ended.length} broadcasts that have ended are`} left out \\(state export --include-ended`, 'm'));
    const withEnded = await forgectl(['state', 'export', '--only', 'broadcast_messages', '--include-ended'], { env: envFor(sb) });
    expect(withEnded.exitCode, withEnded.stderr).toBe(0);
    const all2 = parse(withEnded.stdout).broadcast_messages.map((b: any) => b.message);
    for (const m of ended) expect(all2).toContain(m);
  });

  it('--only-managed writes only the keys and items the file manages, with the instance values, and plans as no change', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const base = yamlFile(dir, 'base.yaml', {
      settings: { signup_enabled: false, akismet_api_key: { env: 'AKISMET_KEY' } },
      plan_limits: { default: { ci_pipeline_size: 7 } },
      system_hooks: [
        { url: 'https://hooks.example.com/system', push_events: false, token: { env: 'HOOK_TOKEN' } },
        { url: 'https://gone.example.com/events' },
      ],
      notification_settings: { level: 'watch' },
    });
    const out = join(dir, 'refreshed.yaml');
    const mark = sb.requests.length;
    const exp = await forgectl(['state', 'export', '--only-managed', base, '-f', out], { env: envFor(sb) });
    expect(exp.exitCode, exp.stderr).toBe(0);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
    const written = readFileSync(out, 'utf8');
    const doc = parse(written);
    expect(Object.keys(doc).sort()).toEqual(['notification_settings', 'plan_limits', 'settings', 'system_hooks']);
    expect(Object.keys(doc.settings).sort()).toEqual(['akismet_api_key', 'signup_enabled']);
    expect(doc.settings.akismet_api_key).toEqual({ env: 'AKISMET_KEY' });
    // The file's stale values give way to the instance's.
    expect(doc.settings.signup_enabled).toBe(true);
    expect(doc.system_hooks?.[0]?.push_events).toBe(true);
    expect(Object.keys(doc.plan_limits)).toEqual(['default']);
    expect(Object.keys(doc.plan_limits.default)).toEqual(['ci_pipeline_size']);
    expect(doc.system_hooks).toHaveLength(1);
    expect(Object.keys(doc.system_hooks[0]).sort()).toEqual(['push_events', 'token', 'url']);
    expect(doc.system_hooks[0].token).toEqual({ env: 'HOOK_TOKEN' });
    expect(written).toMatch(/^# Managed by the file but not given by the instance, so left out: system_hooks\["https:\/\/gone\.example\.com\/events"\]/m);
    const plan = await forgectl(['state', 'plan', '-f', out, '--exit-code', '--no-secrets'], { env: envFor(sb) });
    expect(plan.exitCode, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes');
  });

  it('--only-managed refuses the options that would choose the sections otherwise, and writing over its own file (exit 2, nothing sent)', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const base = yamlFile(dir, 'base.yaml', { settings: { signup_enabled: true } });
    const mark = sb.requests.length;
    for (const extra of [['--only', 'settings'], ['--all-groups'], ['--include-ended'], ['-f', base]]) {
      const res = await forgectl(['state', 'export', '--only-managed', base, ...extra], { env: envFor(sb) });
      expect(res.exitCode, extra.join(' ')).toBe(2);
      expect(res.stderr.trim().split('\n')[0], extra.join(' ')).toMatch(/^error: .*(cannot be used with it|would write over)/);
    }
    expect(requestsSince(sb, mark)).toEqual([]);
  });

  it('does not write the password of an instance URL given with credentials into the file', async () => {
    const sb = sandbox();
    const url = sb.url.replace('://', '://alice:hunter2@');
    const out = join(tempDir(), 'instance.yaml');
    const res = await forgectl(['state', 'export', '--only', 'settings', '-f', out], { env: envFor(sb, 'admin', { FORGECTL_URL: url }) });
    expect(res.exitCode, res.stderr).toBe(0);
    const written = readFileSync(out, 'utf8');
    expect(written).toMatch(/^# forgectl state export of http:\/\/alice:\*+@127\.0\.0\.1:/m);
    expect(written).not.toContain('hunter2');
  });
});
