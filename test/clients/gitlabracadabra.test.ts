// gitlabracadabra (Debian's configuration-as-code tool for GitLab, installed by .ci/run) is a second
// client for `state`: both tools manage the application settings of one sandbox, and each must see
// what the other wrote as the same values. A disagreement is a bug in the sandbox or in forgectl.

import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { cleanEnv, forgectl, json, tempDir } from '../helpers/cli.js';
import { findGitlabracadabra } from '../helpers/pyyaml.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';
import { adminWrite, writesOf, yamlFile } from '../helpers/state.js';

const python = findGitlabracadabra();
// Its console script, run by the python that has it (a pyenv shim may hide the system one).
const CLI = ['-c', 'import sys; from gitlabracadabra.cli import main; sys.argv[0] = "gitlabracadabra"; main()'];
// A Debian package (and a PyPI one): on Linux CI installs it, so a missing one fails the test there.
const SKIP = python || process.platform === 'linux' ? undefined : `skipped: gitlabracadabra is not installed on ${process.platform}`;

const sandbox = useSandbox();

/** python-gitlab's configuration for the sandbox: plain http to 127.0.0.1 and the administrator's token. */
function pythonGitlabConfig(sb: Sandbox, dir: string): string {
  const path = join(dir, 'python-gitlab.cfg');
  writeFileSync(path, `[global]\ndefault = sandbox\ntimeout = 10\n\n[sandbox]\nurl = ${sb.url}\nprivate_token = ${sb.tokens.admin}\napi_version = 4\n`);
  return path;
}

/** An action file holding one `application_settings` object. */
function actionFile(dir: string, name: string, settings: Record<string, unknown>): string {
  return yamlFile(dir, name, { application_settings: { type: 'application-settings', ...settings } });
}

interface Run {
  exitCode: number;
  stderr: string;
  /** `NOT Changing param` / `Changing param` lines: setting → [current, target] as gitlabracadabra prints them. */
  changes: Record<string, [string, string]>;
  /** Settings it could not compare because the instance does not report them. */
  unavailable: string[];
  writes: string[];
}

async function gitlabracadabra(sb: Sandbox, dir: string, file: string, opts: { dryRun: boolean }): Promise<Run> {
  if (!python) throw new Error('gitlabracadabra is needed (Debian: apt-get install gitlabracadabra; .ci/run installs it)');
  const mark = sb.requests.length;
  const args = ['--verbose', '--config-file', pythonGitlabConfig(sb, dir), ...(opts.dryRun ? ['--dry-run'] : []), file];
  const res = await execa(python, [...CLI, ...args], { env: cleanEnv({ HOME: dir }), extendEnv: false, reject: false, timeout: 60_000 });
  const stderr = String(res.stderr);
  const changes: Record<string, [string, string]> = {};
  const unavailable: string[] = [];
  for (const line of stderr.split('\n')) {
    const m = /\[application_settings\] (?:NOT )?Changing param (\w+): (.*) -> (.*?)(?: \((dry-run|current value is not available)\))?$/.exec(line);
    if (!m) continue;
    if (m[4] === 'current value is not available') unavailable.push(m[1]);
    else changes[m[1]] = [m[2], m[3]];
  }
  return { exitCode: res.exitCode ?? -1, stderr, changes, unavailable, writes: writesOf(requestsSince(sb, mark)) };
}

async function plan(sb: Sandbox, file: string, env: Record<string, string> = {}) {
  const text = await forgectl(['state', 'plan', '--exit-code', '-f', file], { env: envFor(sb, 'admin', env) });
  const doc = await forgectl(['state', 'plan', '--exit-code', '-f', file, '-o', 'json'], { env: envFor(sb, 'admin', env) });
  const keys = (json(doc).changes as { resource: string; changes: { key: string }[] }[]).flatMap((c) => c.changes.map((k) => `${c.resource}.${k.key}`));
  return { exitCode: text.exitCode, text: text.stdout + text.stderr, keys: keys.sort() };
}

describe.skipIf(SKIP)(`gitlabracadabra and forgectl state on one sandbox's application settings${SKIP ? ` (${SKIP})` : ''}`, () => {
  it('what gitlabracadabra changed, plan names exactly; apply puts it back, and gitlabracadabra then wants its values again', async () => {
    const sb = sandbox();
    const dir = tempDir();
    // The instance as the team's file has it.
    const teamFile = {
      signup_enabled: true,
      after_sign_up_text: 'Read the handbook first.',
      default_projects_limit: 100000,
      restricted_visibility_levels: [] as string[],
      first_day_of_week: 0,
      default_project_visibility: 'private',
      akismet_enabled: true,
    };
    // A secret setting too: the team's file names it by reference, never by value.
    const secrets = { AKISMET_KEY: 'team-akismet-key-1' };
    await adminWrite(sb, 'PUT', '/application/settings', { ...teamFile, akismet_api_key: secrets.AKISMET_KEY });
    const forgectlFile = yamlFile(dir, 'instance.yaml', { settings: { ...teamFile, akismet_api_key: { env: 'AKISMET_KEY' } } });
    expect((await plan(sb, forgectlFile, secrets)).exitCode).toBe(0);

    // Someone runs gitlabracadabra with other values for six of them (a boolean, a string, an
    // integer limit, a list it sends comma-joined, a day it names where the API has a number, a secret).
    const theirs = actionFile(dir, 'gitlabracadabra.yml', {
      signup_enabled: false,
      after_sign_up_text: 'Welcome aboard',
      default_projects_limit: 42,
      restricted_visibility_levels: ['public', 'internal'],
      first_day_of_week: 'monday',
      default_project_visibility: 'private',
      akismet_enabled: true,
      akismet_api_key: 'their-akismet-key-2',
    });
    const wrote = await gitlabracadabra(sb, dir, theirs, { dryRun: false });
    expect(wrote.stderr).not.toMatch(/ERROR/);
    expect(wrote.exitCode).toBe(0);
    expect(wrote.unavailable).toEqual([]);
    const six = ['after_sign_up_text', 'akismet_api_key', 'default_projects_limit', 'first_day_of_week', 'restricted_visibility_levels', 'signup_enabled'];
    expect(Object.keys(wrote.changes).sort()).toEqual(six);
    expect(wrote.writes).toHaveLength(6);
    const after = (await rawGet(sb, '/application/settings', sb.tokens.admin)).body;
    expect(after).toMatchObject({ akismet_api_key: 'their-akismet-key-2', signup_enabled: false, after_sign_up_text: 'Welcome aboard', default_projects_limit: 42, first_day_of_week: 1, default_project_visibility: 'private' });
    expect([...after.restricted_visibility_levels].sort()).toEqual(['internal', 'public']);

    // forgectl's drift check sees exactly those six, with gitlabracadabra's values as the instance's.
    const drift = await plan(sb, forgectlFile, secrets);
    expect(drift.exitCode, drift.text).toBe(5);
    expect(drift.keys).toEqual(six.map((k) => `settings.${k}`));
    expect(drift.text).toMatch(/akismet_api_key: \(secret\) from \{env: \w+\}/);
    expect(drift.text).not.toMatch(/akismet-key-\d/);
    expect(drift.text).toContain('signup_enabled: false → true');
    expect(drift.text).toContain('after_sign_up_text: "Welcome aboard" → "Read the handbook first."');
    expect(drift.text).toContain('default_projects_limit: 42 → 100000');
    expect(drift.text).toContain('first_day_of_week: 1 → 0');
    expect(drift.text).not.toContain('default_project_visibility');

    const applied = await forgectl(['state', 'apply', '--yes', '-f', forgectlFile], { env: envFor(sb, 'admin', secrets) });
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout + applied.stderr).not.toMatch(/akismet-key-\d/);

    // gitlabracadabra now sees the team's values and would change the same six back, writing nothing.
    const again = await gitlabracadabra(sb, dir, theirs, { dryRun: true });
    expect(again.stderr).not.toMatch(/ERROR/);
    expect(again.exitCode).toBe(0);
    expect(again.writes).toEqual([]);
    expect(again.changes).toEqual({
      signup_enabled: ['True', 'False'],
      after_sign_up_text: ['Read the handbook first.', 'Welcome aboard'],
      default_projects_limit: ['100000', '42'],
      restricted_visibility_levels: ['[]', "['internal', 'public']"],
      first_day_of_week: ['sunday', 'monday'],
      akismet_api_key: ['team-akismet-key-1', 'their-akismet-key-2'],
    });
    expect((await plan(sb, forgectlFile, secrets)).exitCode).toBe(0);
  });

  it('what forgectl applied, gitlabracadabra finds in place: nothing to change', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const values = {
      signup_enabled: false,
      after_sign_up_text: 'Sign the charter before your first push.',
      default_projects_limit: 7,
      restricted_visibility_levels: ['internal', 'public'],
      default_project_visibility: 'internal',
      default_group_visibility: 'internal',
    };
    // gitlabracadabra spells the first day of the week; forgectl, as the API, numbers it (6: Saturday).
    const theirs = actionFile(dir, 'gitlabracadabra.yml', { ...values, restricted_visibility_levels: ['public', 'internal'], first_day_of_week: 'saturday' });
    const forgectlFile = yamlFile(dir, 'instance.yaml', { settings: { ...values, first_day_of_week: 6 } });
    await adminWrite(sb, 'PUT', '/application/settings', { signup_enabled: true, after_sign_up_text: '', default_projects_limit: 100000, restricted_visibility_levels: [], default_project_visibility: 'private', default_group_visibility: 'private', first_day_of_week: 0 });

    // Before: gitlabracadabra sees every one of them to change (so its silence below means something).
    const before = await gitlabracadabra(sb, dir, theirs, { dryRun: true });
    expect(before.exitCode, before.stderr).toBe(0);
    expect(Object.keys(before.changes).sort()).toEqual([...Object.keys(values), 'first_day_of_week'].sort());

    const applied = await forgectl(['state', 'apply', '--yes', '-f', forgectlFile], { env: envFor(sb) });
    expect(applied.exitCode, applied.stdout + applied.stderr).toBe(0);

    const after = await gitlabracadabra(sb, dir, theirs, { dryRun: true });
    expect(after.stderr).not.toMatch(/ERROR/);
    expect(after.exitCode).toBe(0);
    expect(after.unavailable).toEqual([]);
    expect(after.changes).toEqual({});
    expect(after.writes).toEqual([]);
    // And run for real, it sends nothing either.
    const real = await gitlabracadabra(sb, dir, theirs, { dryRun: false });
    expect(real.exitCode, real.stderr).toBe(0);
    expect(real.writes).toEqual([]);
  });
});

if (SKIP) it.skip(SKIP, () => {});
