// `state schema` types every section (issue 34.7): settings from the settings model, groups'
// protected environments from the envs file's rules, so an editor with the schema line completes
// and checks the whole file. The schema is checked here with zod's JSON Schema reader, as an
// editor's validator would read it.

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parse } from 'yaml';
import { forgectl } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ random: 4242 });

async function schema(): Promise<any> {
  const res = await forgectl(['state', 'schema']);
  expect(res.exitCode, res.stderr).toBe(0);
  return JSON.parse(res.stdout);
}

describe('state schema: settings', () => {
  it('types signup_enabled as a boolean, a bounded integer with its bounds, a choice with its values', async () => {
    const settings = (await schema()).properties.settings;
    expect(settings.properties.signup_enabled.type).toBe('boolean');
    expect(settings.properties.asciidoc_max_includes).toMatchObject({ minimum: 0, maximum: 64 });
    expect(JSON.stringify(settings.properties.asciidoc_max_includes)).toContain('"integer"');
    expect(JSON.stringify(settings.properties.default_project_visibility)).toContain('"private","internal","public"');
    expect(settings.properties.signup_enabled.description).toBeTruthy();
  });

  it('marks deprecated names, takes the spec’s names, secrets as references, sizes with units', async () => {
    const s = (await schema()).properties.settings.properties;
    expect(s.asset_proxy_whitelist.deprecated).toBe(true);
    expect(s.asset_proxy_whitelist.description).toContain('asset_proxy_allowlist');
    expect(s.spam_service_enabled.type).toBe('boolean');
    expect(s.spam_service_enabled.description).toContain('akismet_enabled');
    expect(JSON.stringify(s.akismet_api_key)).toContain('"env"');
    expect(JSON.stringify(s.max_attachment_size)).toContain('MiB');
    expect(s.id).toBeUndefined(); // read-only: never in the file
  });
});

describe('state schema: the whole file', () => {
  it('accepts what export writes, and refuses a wrong type in any section', async () => {
    const check = z.fromJSONSchema(await schema());
    const sb = sandbox();
    const exported = await forgectl(['state', 'export', '--groups', 'acme'], { env: envFor(sb) });
    expect(exported.exitCode, exported.stderr).toBe(0);
    const doc = parse(exported.stdout);
    expect(doc.groups.acme.protected_environments).toBeDefined();
    const ok = check.safeParse(doc);
    expect(ok.success, JSON.stringify(ok.error?.issues?.slice(0, 3))).toBe(true);
    const bad = (patch: (d: any) => void) => {
      const d = structuredClone(doc);
      patch(d);
      return check.safeParse(d).success;
    };
    expect(bad((d) => (d.settings.signup_enabled = 'maybe'))).toBe(false);
    expect(bad((d) => (d.settings.asciidoc_max_includes = 100))).toBe(false);
    expect(bad((d) => (d.settings.default_project_visibility = 'secret'))).toBe(false);
    expect(bad((d) => (d.groups.acme.protected_environments = { prod: { deploy: [{ access_level: 40 }] } }))).toBe(false);
    expect(bad((d) => (d.groups.acme.protected_environments = { production: { deploy: [{ access_level: 10 }] } }))).toBe(false);
    expect(bad((d) => (d.groups.acme.protected_environments = { production: { deploy: [{ access_level: 40 }], required_approval_count: 1 } }))).toBe(true);
    expect(bad((d) => (d.groups.acme.protected_environments = { production: { deploy: [{ user: 'alice' }], approvals: [{ group: 3, required: 2 }] } }))).toBe(true);
  });
});
