// `forgectl notify get|set` end to end against the sandbox.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function run(args: string[], token = 'bob') {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb, token) });
  return { ...res, requests: requestsSince(sb, mark) };
}

describe('notify get', () => {
  it('shows the global setting with the email, and a group’s and a project’s level', async () => {
    const global = await run(['notify', 'get', '-o', 'json']);
    expect(global.exitCode, global.stderr).toBe(0);
    expect(global.requests[0].path).toBe('/api/v4/notification_settings');
    expect(json(global)).toEqual({ level: 'participating', notification_email: 'bob@example.com' });
    const group = await run(['notify', 'get', '--group', 'acme/platform', '-o', 'json']);
    expect(group.requests[0].path).toBe('/api/v4/groups/acme%2Fplatform/notification_settings');
    expect(json(group)).toEqual({ level: 'global' });
    const table = await run(['notify', 'get', '--project', 'acme/platform/api']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/level\s+global/);
  });
});

describe('notify set', () => {
  it('sends the event switches without a level, and says when the level in force leaves them inactive', async () => {
    const res = await run(['notify', 'set', '--project', 'acme/platform/api', '--on', 'new_note,failed_pipeline', '--off', 'new_issue', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests.map((r) => r.method)).toEqual(['PUT']);
    expect(res.requests[0].body).toEqual({ new_note: true, failed_pipeline: true, new_issue: false });
    expect(res.stderr).toContain('The level is global: the event settings are saved but only take effect at level custom');
    expect(json(res)).toEqual({ level: 'global' });
    // Saved all the same: switching to custom later shows them.
    const custom = await run(['notify', 'set', '--project', 'acme/platform/api', '--level', 'custom', '-o', 'json']);
    expect(custom.requests[0].body).toEqual({ level: 'custom' });
    expect(json(custom).events).toMatchObject({ new_note: true, failed_pipeline: true, new_issue: false, close_issue: false });
    expect(custom.stderr).not.toContain('only take effect');
  });

  it('accepts the event switches with any level, sending both as asked', async () => {
    const watch = await run(['notify', 'set', '--project', 'acme/handbook', '--level', 'watch', '--on', 'new_note', '-o', 'json']);
    expect(watch.exitCode, watch.stderr).toBe(0);
    expect(watch.requests[0].body).toEqual({ level: 'watch', new_note: true });
    expect(watch.stderr).toContain('The level is watch:');
    const custom = await run(['notify', 'set', '--project', 'acme/handbook', '--level', 'custom', '--off', 'new_note', '-o', 'json']);
    expect(custom.requests[0].body).toEqual({ level: 'custom', new_note: false });
    expect(custom.stderr).not.toContain('only take effect');
    expect(json(custom).events.new_note).toBe(false);
  });

  it('under --dry-run reads the level in force to say whether the events would act', async () => {
    const res = await run(['notify', 'set', '--project', 'acme/platform/gateway', '--on', 'new_note', '--dry-run']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests.map((r) => r.method)).toEqual(['GET']);
    expect(res.stdout + res.stderr).toContain('"new_note": true');
    expect(res.stdout + res.stderr).not.toContain('"level"');
    expect(res.stderr).toContain('The level is global:');
  });

  it('sets the global level and email', async () => {
    const res = await run(['notify', 'set', '--level', 'watch', '--email', 'bob@example.com', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests[0].body).toEqual({ level: 'watch', notification_email: 'bob@example.com' });
    expect(json(res)).toEqual({ level: 'watch', notification_email: 'bob@example.com' });
  });

  it('reports the service’s refusal of an unverified email (exit 1)', async () => {
    const res = await run(['notify', 'set', '--email', 'bob@elsewhere.org']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('notification_email must be an email you have verified');
  });

  it('prints the request under --dry-run and changes nothing', async () => {
    const res = await run(['notify', 'set', '--group', 'acme', '--level', 'disabled', '--dry-run']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests).toEqual([]);
    expect(res.stdout + res.stderr).toContain('PUT');
    expect(res.stdout + res.stderr).toContain('/groups/acme/notification_settings');
    expect(json(await run(['notify', 'get', '--group', 'acme', '-o', 'json'])).level).toBe('global');
  });

  it('refuses bad input with exit 2 and sends nothing', async () => {
    for (const [args, why] of [
      [['notify', 'set', '--level', 'loud'], /loud/],
      [['notify', 'set'], /nothing to change/],
      [['notify', 'set', '--on', 'new_thing'], /unknown notification event new_thing/],
      [['notify', 'set', '--on', 'new_note', '--off', 'new_note'], /both turned on and off/],
      [['notify', 'set', '--group', 'acme', '--email', 'bob@example.com'], /global/],
      [['notify', 'set', '--email', 'not-an-address'], /not an email/],
      [['notify', 'get', '--group', 'acme', '--project', 'acme/platform/api'], /cannot be used together/],
    ] as [string[], RegExp][]) {
      const res = await run(args);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^error: /);
      expect(res.stderr).toMatch(why);
      expect(res.requests).toEqual([]);
    }
  });
});
