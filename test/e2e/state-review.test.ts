// Issue 34 items 5, 8, 9: a plan for a merge request (-o markdown), a plan that reads at a glance
// (colour on a terminal, safe in a pipe), ended broadcasts marked in the export, and README's CI job
// run command by command against the sandbox.

import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { tempDir, type CliResult } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { adminWrite, stateRunner, yamlFile } from '../helpers/state.js';

const sandbox = useSandbox();
const dir = tempDir();

const runner = stateRunner(sandbox);
const run = (args: string[], env: Record<string, string> = {}, cwd?: string) => runner(args, env, { cwd });
const file = (name: string, content: object) => yamlFile(dir, name, content);
const post = (path: string, body: object) => adminWrite(sandbox(), 'POST', path, body);

describe('state plan -o markdown', () => {
  it('prints a summary and a table of changes, secrets masked; other commands refuse -o markdown before any request', async () => {
    const path = file('md.yaml', {
      settings: { external_pipeline_validation_service_token: { env: 'MD_SECRET' } },
      system_hooks: [{ url: 'https://md.example.com/hook|x', push_events: true }],
    });
    const { res } = await run(['state', 'plan', '-f', path, '-o', 'markdown', '--exit-code'], { MD_SECRET: 'md-secret-value-77' });
    expect(res.exitCode, res.stderr).toBe(5);
    expect(res.stdout).toMatch(/^### Plan for `http:\/\/127\.0\.0\.1:\d+`\n/);
    expect(res.stdout).toContain('**1 to create, 1 to update, 0 to delete**');
    expect(res.stdout).toContain('| | action | resource | item | changes |');
    expect(res.stdout).toContain('| ~ | update | settings | `application settings` | `external_pipeline_validation_service_token: (secret) from {env: MD_SECRET}` |');
    expect(res.stdout).toContain('| + | create | system_hooks | `https://md.example.com/hook\\|x` | `push_events: true` |');
    expect(res.stdout).not.toContain('md-secret-value-77');

    const refused = await run(['settings', 'get', '-o', 'markdown']);
    expect(refused.res.exitCode).toBe(2);
    expect(refused.res.stderr).toContain('-o markdown: `settings get` has no Markdown view');
    expect(refused.sent).toEqual([]);
  });
});

describe('state plan -o csv', () => {
  it('prints one row per change with the writes it takes', async () => {
    const { res } = await run(['state', 'plan', '-f', file('csv.yaml', { broadcast_messages: [{ message: 'In a spreadsheet' }] }), '-o', 'csv']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.split('\r\n').filter(Boolean)).toEqual(['action,resource,item,writes', 'create,broadcast_messages,"""In a spreadsheet""",POST /broadcast_messages']);
  });
});

describe('a plan that reads at a glance', () => {
  it('colours the signs on a terminal (FORCE_COLOR), none in a pipe', async () => {
    const path = file('colour.yaml', { broadcast_messages: [{ message: 'Coloured create' }] });
    const coloured = await run(['state', 'plan', '-f', path], { FORCE_COLOR: '1' });
    expect(coloured.res.stdout).toContain('\u001b[32m+ create broadcast_messages "Coloured create"\u001b[39m');
    const plain = await run(['state', 'plan', '-f', path]);
    expect(plain.res.stdout).toContain('+ create broadcast_messages "Coloured create"');
    expect(plain.res.stdout).not.toContain('\u001b[');
  });

  it('shows control and bidi characters from the instance visibly in a pipe, never raw', async () => {
    const evil = 'Deploy \u202egnp.exe\u001b[2J done';
    await post('/broadcast_messages', { message: evil });
    const path = file('evil.yaml', { broadcast_messages: [] });
    const { res } = await run(['state', 'plan', '-f', path, '--prune']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).not.toContain('\u202e');
    expect(res.stdout).not.toContain('\u001b');
    expect(res.stdout).toContain('\\u202egnp.exe');
  });

  it('export --include-ended writes and marks broadcasts that have ended', async () => {
    await post('/broadcast_messages', { message: 'Long gone', starts_at: '2020-01-01T00:00:00Z', ends_at: '2020-01-02T00:00:00Z' });
    const { res } = await run(['state', 'export', '--only', 'broadcast_messages', '--include-ended']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^# Broadcasts that have ended \(still on the instance\): .*"Long gone"/m);
    expect(parse(res.stdout).broadcast_messages.map((b: any) => b.message)).toContain('Long gone');
  });
});

describe('--prune', () => {
  it('is described by the same sentence in plan --help, apply --help and README', async () => {
    const sentence = 'also delete what the file does not name: hooks, broadcasts, and the protected environments of the groups it lists';
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(sentence);
    for (const command of ['plan', 'apply']) {
      const help = await run(['state', command, '--help']);
      expect(help.res.stdout.replace(/\s+/g, ' ')).toContain(`--prune ${sentence}`);
    }
  });
});

/** The commands of README's CI job, `> file` redirections included. */
function ciCommands(): Record<string, string[]> {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const block = /```yaml\n(# \.gitlab-ci\.yml[^\n]*\n[\s\S]*?)```/.exec(readme);
  expect(block, 'README has the .gitlab-ci.yml block').toBeTruthy();
  const jobs = parse(block![1]) as Record<string, { script: string[]; allow_failure?: { exit_codes: number[] }; resource_group?: string }>;
  expect(jobs['instance-drift']!.allow_failure).toEqual({ exit_codes: [5] });
  expect(jobs['instance-apply']!.resource_group).toEqual(expect.any(String));
  return Object.fromEntries(Object.entries(jobs).map(([name, job]) => [name, job.script]));
}

async function runLine(line: string, cwd: string): Promise<CliResult> {
  const [command, target] = line.split(' > ');
  const words = command!.split(' ');
  expect(words[0]).toBe('forgectl');
  const { res } = await run(words.slice(1), {}, cwd);
  if (target) writeFileSync(join(cwd, target.trim()), res.stdout);
  return res;
}

describe('README: the CI drift job', () => {
  it('runs against the sandbox: no drift exits 0; drift exits 5 with plan.json and plan.md; the manual job applies the reviewed plan', async () => {
    const jobs = ciCommands();
    const cwd = tempDir();
    const exported = await run(['state', 'export', '--only', 'settings,system_hooks,broadcast_messages']);
    writeFileSync(join(cwd, 'instance.yaml'), exported.res.stdout);
    for (const line of jobs['instance-drift']!) expect((await runLine(line, cwd)).exitCode).toBe(0);

    // Someone adds a broadcast by hand: the scheduled job reports the drift (exit 5) with its artifacts.
    await post('/broadcast_messages', { message: 'Added by hand' });
    const doc = parse(exported.res.stdout);
    doc.broadcast_messages.push({ message: 'Kept in git' });
    writeFileSync(join(cwd, 'instance.yaml'), stringify(doc));
    let last: CliResult | undefined;
    for (const line of jobs['instance-drift']!) last = await runLine(line, cwd);
    expect(last!.exitCode, last!.stderr).toBe(5);
    const plan = JSON.parse(readFileSync(join(cwd, 'plan.json'), 'utf8'));
    expect(plan.summary).toEqual({ create: 1, update: 0, replace: 0, delete: 0 });
    expect(readFileSync(join(cwd, 'plan.md'), 'utf8')).toContain('| + | create | broadcast_messages | `"Kept in git"` |');

    for (const line of jobs['instance-apply']!) expect((await runLine(line, cwd)).exitCode).toBe(0);
    const report = JSON.parse(readFileSync(join(cwd, 'apply.json'), 'utf8'));
    expect(report.writes.map((w: any) => `${w.status} ${w.method} ${w.path}`)).toEqual(['applied POST /broadcast_messages']);
    expect(report.exit_code).toBe(0);
  });
});
