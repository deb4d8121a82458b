// Setting names as the instance reports them (issue 33.2): a server written from the spec reports
// `spam_service_enabled` where the service reports `akismet_enabled`. Whichever name the user
// writes, forgectl compares and sends the one the instance reports.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { forgectl, json, tempDir, type CliResult } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';
import type { Sandbox } from '../../src/sandbox/index.js';

const specNamed = useSandbox({ settingNames: 'spec' });
const serviceNamed = useSandbox();
const randomSpecNamed = useSandbox({ random: 20261127, settingNames: 'spec' });
const dir = tempDir();

async function run(sb: Sandbox, args: string[]): Promise<{ res: CliResult; writes: { method: string; path: string; body?: unknown }[] }> {
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb) });
  return { res, writes: requestsSince(sb, mark).filter((r) => r.method !== 'GET') };
}

async function reported(sb: Sandbox): Promise<Record<string, any>> {
  return (await rawGet(sb, '/application/settings', sb.tokens.admin)).body;
}

function file(name: string, content: string | object): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : stringify(content));
  return path;
}

describe('a sandbox that reports the spec’s names', () => {
  it('reports and takes spam_service_enabled, not akismet_enabled', async () => {
    const s = await reported(specNamed());
    expect(s).toHaveProperty('spam_service_enabled');
    expect(s).toHaveProperty('avatar_lookup_enabled');
    expect(s).not.toHaveProperty('akismet_enabled');
    expect(s).not.toHaveProperty('gravatar_enabled');
  });
});

describe('settings get', () => {
  it.each([
    ['spec', specNamed, 'spam_service_enabled'],
    ['service', serviceNamed, 'akismet_enabled'],
  ])('settings get spam_service_enabled works on a %s-named instance, under the name it reports', async (_kind, sb, name) => {
    for (const asked of ['spam_service_enabled', 'akismet_enabled']) {
      const { res } = await run(sb(), ['settings', 'get', asked, '-o', 'json']);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(json(res)).toEqual({ [name]: false });
    }
  });
});

describe('settings set and diff', () => {
  it('set sends the name the instance reports, whichever the user wrote', async () => {
    const sb = specNamed();
    const before = (await reported(sb)).avatar_lookup_enabled;
    const { res, writes } = await run(sb, ['settings', 'set', `gravatar_enabled=${!before}`]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes.map((w) => w.body)).toEqual([{ avatar_lookup_enabled: !before }]);
    expect((await reported(sb)).avatar_lookup_enabled).toBe(!before);
    const back = await run(sb, ['settings', 'set', `avatar_lookup_enabled=${before}`]);
    expect(back.res.exitCode, back.res.stderr).toBe(0);
    expect(back.writes.map((w) => w.body)).toEqual([{ avatar_lookup_enabled: before }]);
    expect((await reported(sb)).avatar_lookup_enabled).toBe(before);
  });

  it('on the service’s names, the spec’s name is sent as the service’s', async () => {
    const sb = serviceNamed();
    const before = (await reported(sb)).gravatar_enabled;
    const { res, writes } = await run(sb, ['settings', 'set', `avatar_lookup_enabled=${!before}`]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(writes.map((w) => w.body)).toEqual([{ gravatar_enabled: !before }]);
    expect((await run(sb, ['settings', 'set', `gravatar_enabled=${before}`])).res.exitCode).toBe(0);
  });

  it('a dump of a spec-named instance diffs as equal, under either name', async () => {
    const sb = specNamed();
    const dump = await run(sb, ['settings', 'get', '-o', 'yaml']);
    expect((await run(sb, ['settings', 'diff', '--exit-code', '-f', file('dump.yaml', dump.res.stdout)])).res.exitCode).toBe(0);
    const current = await reported(sb);
    const renamed = file('renamed.yaml', { gravatar_enabled: current.avatar_lookup_enabled, duo_features_enabled: current.ai_features_enabled });
    const { res } = await run(sb, ['settings', 'diff', '--exit-code', '-f', renamed]);
    expect(res.exitCode, res.stdout + res.stderr).toBe(0);
  });
});

describe('state on a spec-named instance', () => {
  it('export → plan --exit-code is 0: no phantom changes', async () => {
    const sb = specNamed();
    const exp = await run(sb, ['state', 'export', '--only', 'settings']);
    expect(exp.res.exitCode, exp.res.stderr).toBe(0);
    const doc = parse(exp.res.stdout);
    expect(doc.settings).toHaveProperty('spam_service_enabled');
    expect(doc.settings).not.toHaveProperty('akismet_enabled');
    const plan = await run(sb, ['state', 'plan', '--exit-code', '-f', file('export.yaml', exp.res.stdout)]);
    expect(plan.res.exitCode, plan.res.stdout + plan.res.stderr).toBe(0);
  });

  it('export → plan --exit-code is 0 on a random configuration too, every section', async () => {
    const sb = randomSpecNamed();
    const exp = await run(sb, ['state', 'export']);
    expect(exp.res.exitCode, exp.res.stderr).toBe(0);
    const plan = await run(sb, ['state', 'plan', '--exit-code', '-f', file('random.yaml', exp.res.stdout)]);
    expect(plan.res.exitCode, plan.res.stdout + plan.res.stderr).toBe(0);
    expect(plan.writes).toEqual([]);
  });

  it('apply sends only the key that changed, under the name the instance reports', async () => {
    const sb = specNamed();
    const doc = parse((await run(sb, ['state', 'export', '--only', 'settings'])).res.stdout);
    const before = doc.settings.avatar_lookup_enabled;
    doc.settings.avatar_lookup_enabled = !before;
    const plan = await run(sb, ['state', 'plan', '-f', file('changed.yaml', doc)]);
    expect(plan.res.stdout).toContain('avatar_lookup_enabled');
    const apply = await run(sb, ['state', 'apply', '--yes', '-f', file('changed.yaml', doc)]);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(apply.writes.map((w) => w.body)).toEqual([{ avatar_lookup_enabled: !before }]);
    expect((await reported(sb)).avatar_lookup_enabled).toBe(!before);
    // The service's name in the file reaches the same setting.
    const { avatar_lookup_enabled: _, ...rest } = doc.settings;
    const byServiceName = file('service-name.yaml', { settings: { ...rest, gravatar_enabled: before } });
    const again = await run(sb, ['state', 'apply', '--yes', '-f', byServiceName]);
    expect(again.res.exitCode, again.res.stderr).toBe(0);
    expect(again.writes.map((w) => w.body)).toEqual([{ avatar_lookup_enabled: before }]);
    expect((await run(sb, ['state', 'plan', '--exit-code', '-f', byServiceName])).res.exitCode).toBe(0);
  });
});
