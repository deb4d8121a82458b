// Issue 42.3: README's "Several instances in CI" pipeline, run job by job as GitLab would run it
// (its variables, each script line in bash) against three sandboxes: one in step, one drifted, one
// down. Each job's exit code and artifacts are checked, and the config directory stays empty.

import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Sandbox } from '../../src/sandbox/index.js';
import { BIN, cleanEnv, tempDir, type CliResult } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { adminWrite } from '../helpers/state.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

const inStep = useSandbox();
const drifted = useSandbox();
const down = useSandbox();

interface Job {
  extends?: string;
  variables?: Record<string, string>;
  script?: string[];
  resource_group?: string;
  allow_failure?: { exit_codes: number[] };
  artifacts?: { when?: string; paths: string[] };
  rules?: { if: string; when?: string }[];
}

/** A ```yaml block of the README by its first line. */
function readmeYaml(firstLine: string): Record<string, any> {
  const at = README.indexOf(`# ${firstLine}`);
  expect(at, `README has a yaml block starting "# ${firstLine}"`).toBeGreaterThan(0);
  const start = README.lastIndexOf('```yaml\n', at);
  const end = README.indexOf('```', at);
  // An indented block (in a list item) is read as its indentation makes it.
  const lines = README.slice(start + '```yaml\n'.length, end).split('\n');
  const indent = /^ */.exec(lines[0]!)![0].length;
  return parse(lines.map((l) => l.slice(indent)).join('\n'));
}

/** A job with its `extends` applied, as GitLab merges them (the job's own keys win, variables merged). */
function resolved(ci: Record<string, any>, name: string): Job {
  const job = ci[name] as Job;
  if (!job.extends) return job;
  const base = resolved(ci, job.extends);
  return { ...base, ...job, variables: { ...base.variables, ...job.variables } };
}

/** `$NAME` of a job variable, expanded from the project's CI/CD variables. */
const expand = (value: string, vars: Record<string, string>) => value.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => vars[n] ?? '');

/** A job's script, line by line in bash as a runner runs it, stopping at the first failure; its exit code. */
async function runJob(ci: Record<string, any>, name: string, cwd: string, project: Record<string, string>, binDir: string, configDir: string): Promise<CliResult> {
  const job = resolved(ci, name);
  const variables: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...ci.variables, ...job.variables })) variables[k] = expand(String(v), project);
  // Refused connections are retried with a short backoff, so the down instance fails in moments.
  const env = cleanEnv({ ...project, ...variables, PATH: `${binDir}:${process.env.PATH}`, FORGECTL_CONFIG_DIR: configDir, FORGECTL_RETRY_BASE_MS: '1' });
  let last: CliResult = { exitCode: 0, stdout: '', stderr: '' };
  for (const line of job.script!) {
    const res = await execa('bash', ['-c', line], { cwd, env, extendEnv: false, reject: false, timeout: 60_000 });
    last = { exitCode: res.exitCode ?? -1, stdout: String(res.stdout), stderr: String(res.stderr) };
    if (last.exitCode !== 0) break;
  }
  return last;
}

/** An administrator's read-only token (read_api, and admin_mode for an instance in Admin Mode). */
function readToken(sb: Sandbox, secret: string): string {
  const now = Date.now();
  sb.state.addToken({ userId: 1, name: 'drift', description: null, scopes: ['read_api', 'admin_mode'], createdAt: now, updatedAt: now, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret });
  return secret;
}

describe('README: Several instances in CI', () => {
  it('plans every instance (a plan each), the check fails on drift and harder on a down instance, each manual job applies its plan', { timeout: 120_000 }, async () => {
    const ci = readmeYaml('.gitlab-ci.yml for a fleet');
    const variant = readmeYaml('fleet-drift, drift reported as a warning');
    expect(variant['fleet-drift'].allow_failure).toEqual({ exit_codes: [5] });
    const plan = ci['fleet-plan'] as Job;
    const drift = ci['fleet-drift'] as Job;
    // The check fails on drift: no allow_failure in the job itself; the plans are kept whatever they say.
    expect(drift.allow_failure).toBeUndefined();
    expect(plan.artifacts).toMatchObject({ when: 'always', paths: ['plans/'] });
    for (const job of [plan, drift]) expect(job.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "schedule"' }]);

    // The apply jobs: manual, one resource group each, and the instance and write token they take.
    const applyJobs = Object.keys(ci).filter((n) => n.startsWith('apply-'));
    expect(applyJobs).toEqual(['apply-prod-eu', 'apply-staging', 'apply-dr']);
    const sandboxes: Record<string, () => Sandbox> = { 'prod-eu': inStep, staging: drifted, dr: down };
    const project: Record<string, string> = {};
    const instances: Record<string, { url: string; token: { env: string } }> = {};
    for (const name of applyJobs) {
      const job = resolved(ci, name);
      expect(job.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "schedule"', when: 'manual' }]);
      // A failed check must not skip the apply jobs: they need the plans only.
      expect((job as { needs?: string[] }).needs).toEqual(['fleet-plan']);
      expect(job.resource_group).toBe(`forge-${job.variables!.INSTANCE}`);
      const instance = job.variables!.INSTANCE!;
      const [tokenVar, writeRef] = Object.entries(job.variables!).find(([k]) => k !== 'INSTANCE')!;
      const readRef = plan.variables![tokenVar]!;
      expect([readRef, writeRef]).toEqual([`$${tokenVar.replace(/_TOKEN$/, '_READ_TOKEN')}`, `$${tokenVar.replace(/_TOKEN$/, '_WRITE_TOKEN')}`]);
      const sb = sandboxes[instance]!();
      // The project's masked CI/CD variables: a read token for the plan job, a write token for the apply job.
      project[readRef.slice(1)] = readToken(sb, `glpat-${instance.replace('-', '')}readonly0000000`.slice(0, 26));
      project[writeRef.slice(1)] = sb.tokens.admin_nosudo!;
      instances[instance] = { url: sb.url, token: { env: tokenVar } };
    }

    // The repository: the inventory (the variable the pipeline names), the shared file, and no file of staging's own.
    const cwd = tempDir('forgectl-fleet-repo-');
    const binDir = tempDir('forgectl-bin-');
    symlinkSync(BIN, join(binDir, 'forgectl'));
    const configDir = tempDir('forgectl-cfg-');
    writeFileSync(join(cwd, ci.variables.FORGECTL_INVENTORY), JSON.stringify({ instances }));
    writeFileSync(join(cwd, 'base.yaml'), 'settings:\n  signup_enabled: false\n  default_project_visibility: private\n');
    mkdirSync(join(cwd, 'instances'));
    writeFileSync(join(cwd, 'instances/prod-eu.yaml'), 'settings:\n  gravatar_enabled: false\n');
    const wanted = { signup_enabled: false, default_project_visibility: 'private' };
    await adminWrite(inStep(), 'PUT', '/application/settings', { ...wanted, gravatar_enabled: false });
    await adminWrite(drifted(), 'PUT', '/application/settings', { ...wanted, signup_enabled: true });
    down().addFaults('refused:forever');
    const marks = [inStep().requests.length, drifted().requests.length];

    // Scheduled run: prod-eu in step, staging drifted, dr down: the plans are made (exit 0), the check exits 1 (a failure outranks drift).
    const job = (name: string) => runJob(ci, name, cwd, project, binDir, configDir);
    const schedule = async () => {
      // Each scheduled pipeline starts from the repository, without the last one's artifacts.
      rmSync(join(cwd, 'plans'), { recursive: true, force: true });
      const planned = await job('fleet-plan');
      expect(planned.exitCode, planned.stderr).toBe(0);
      // --out 'plans/{profile}.json' is one file per instance, none named literally.
      expect(existsSync(join(cwd, 'plans/{profile}.json'))).toBe(false);
      return { planned, checked: await job('fleet-drift') };
    };
    const first = await schedule();
    expect(first.checked.exitCode).toBe(1);
    expect(first.planned.stderr.trim().split('\n').at(-1)).toBe('dr unreachable \u00b7 prod-eu ok \u00b7 staging 1 change');
    const artifacts = planArtifacts(cwd);
    expect(artifacts['prod-eu'].summary).toEqual({ create: 0, update: 0, replace: 0, delete: 0 });
    expect(artifacts.staging.summary).toEqual({ create: 0, update: 1, replace: 0, delete: 0 });
    expect(artifacts.staging.changes[0].changes).toEqual([expect.objectContaining({ key: 'signup_enabled', before: true, after: false })]);
    expect(artifacts.dr).toBeUndefined();
    const report = readFileSync(join(cwd, 'plans/fleet.md'), 'utf8');
    expect(report).toContain('No changes: the instance matches the file.');
    expect(report).toContain('| ~ | update | settings | `application settings` | `signup_enabled: true \u2192 false` |');
    // The drift job sent no write, and its read token was the one used.
    [inStep(), drifted()].forEach((sb, i) => {
      const sent = sb.requests.slice(marks[i]).filter((r) => r.path.startsWith('/api/v4'));
      expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
      expect(new Set(sent.map((r) => r.headers['private-token']))).toEqual(new Set([project[i ? 'STAGING_READ_TOKEN' : 'PROD_EU_READ_TOKEN']]));
    });

    // The manual jobs: staging applies its reviewed plan; dr has no plan to apply (exit 2); prod-eu has nothing to change.
    const staging = await job('apply-staging');
    expect(staging.exitCode, staging.stderr).toBe(0);
    const applied = JSON.parse(readFileSync(join(cwd, 'plans/staging-applied.json'), 'utf8'));
    expect(applied.writes.map((w: any) => `${w.status} ${w.method} ${w.path}`)).toEqual(['applied PUT /application/settings']);
    expect((await job('apply-dr')).exitCode).toBe(2);
    expect((await job('apply-prod-eu')).exitCode).toBe(0);

    // dr is back, and someone changes prod-eu by hand: drift alone is exit 5, which the variant lets through.
    await down().clearFaults();
    await adminWrite(down(), 'PUT', '/application/settings', wanted);
    await adminWrite(inStep(), 'PUT', '/application/settings', { gravatar_enabled: true });
    const second = await schedule();
    expect(second.checked.exitCode).toBe(5);
    expect(variant['fleet-drift'].allow_failure.exit_codes).toContain(second.checked.exitCode);
    expect(second.planned.stderr.trim().split('\n').at(-1)).toBe('dr ok \u00b7 prod-eu 1 change \u00b7 staging ok');
    expect(Object.keys(planArtifacts(cwd)).sort()).toEqual(['dr', 'prod-eu', 'staging']);

    // Set right again: every instance matches, exit 0.
    await adminWrite(inStep(), 'PUT', '/application/settings', { gravatar_enabled: false });
    const third = await schedule();
    expect(third.checked.exitCode).toBe(0);
    // Nothing of the fleet was ever written where profiles live.
    expect(readdirSync(configDir)).toEqual([]);
  });
});

/** The plan documents the drift job left, by instance. */
function planArtifacts(cwd: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const f of readdirSync(join(cwd, 'plans'))) {
    const m = /^(.+)\.json$/.exec(f);
    if (m && !m[1]!.endsWith('-applied')) out[m[1]!] = JSON.parse(readFileSync(join(cwd, 'plans', f), 'utf8'));
  }
  return out;
}
