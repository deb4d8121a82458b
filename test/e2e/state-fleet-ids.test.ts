// State files over a fleet (issue 41 deliverable 6, for `state`): a user or group of a protected
// environment named by id is another one on each instance; by username and path it is the same one.
// Two sandboxes as profiles a and b, in a config written to a temporary XDG_CONFIG_HOME.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandboxes = { a: useSandbox(), b: useSandbox() };
type Name = keyof typeof sandboxes;
const NAMES: Name[] = ['a', 'b'];

function fleetHome(): string {
  const home = tempDir('forgectl-state-ids-');
  const dir = join(home, 'forgectl');
  mkdirSync(dir, { mode: 0o700 });
  const profiles = Object.fromEntries(NAMES.map((n) => [n, { url: sandboxes[n]().url, token: sandboxes[n]().tokens.admin, tokenType: 'personal' }]));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ default: 'a', profiles }), { mode: 0o600 });
  return home;
}

function run(args: string[], home: string, input?: string) {
  return forgectl(args, { env: { FORGECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: home }, input });
}

const marks = () => ({ a: sandboxes.a().requests.length, b: sandboxes.b().requests.length });

describe('state over several instances: users and groups of protected environments', () => {
  it('a shared file naming a user or group by id is exit 2 before any request, naming the file, the entry and the form to use', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = join(dir, 'instance.yaml');
    writeFileSync(file, 'groups:\n  acme/platform:\n    protected_environments:\n      staging:\n        deploy: [{access_level: 40}, {user_id: 4}]\n');
    const mark = marks();
    for (const args of [['state', 'plan', '-f', file], ['state', 'apply', '-f', file, '--yes']]) {
      const res = await run(['--profiles', 'a,b', ...args], home);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr.trim().split('\n')).toEqual([
        `error: ids differ per instance: ${file}: groups.acme/platform.protected_environments.staging.deploy[1] names user 4 by id, which is a different object (or none) on each of a, b`,
        'hint: name it by what is the same everywhere (user: USERNAME), or run it on one instance with -p NAME',
      ]);
    }
    // A group by id in an approval rule, in the list form, on standard input.
    const listed = 'groups:\n  acme:\n    protected_environments:\n      - name: production\n        deploy_access_levels: [{access_level: 40}]\n        approval_rules: [{group: 13, required: 2}]\n';
    const fromStdin = await run(['--profiles', 'a,b', 'state', 'plan', '-f', '-'], home, listed);
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(2);
    expect(fromStdin.stderr).toContain('error: ids differ per instance: standard input: groups.acme.protected_environments.production.approval_rules[0] names group 13 by id');
    expect(fromStdin.stderr).toContain('hint: name it by what is the same everywhere (group: PATH, such as acme/platform)');
    for (const n of NAMES) expect(requestsSince(sandboxes[n](), mark[n])).toEqual([]);
    // By path, on standard input (read once, by the check and each instance alike), each instance plans it.
    const byPath = await run(['--profiles', 'a,b', 'state', 'plan', '-f', '-'], home, listed.replace('{group: 13, required: 2}', '{group: acme/platform, required: 2}'));
    expect(byPath.exitCode, byPath.stderr).toBe(0);
    expect(byPath.stdout.match(/\+ approval group=acme\/platform \(group id \d+\),required=2/g)).toHaveLength(2);
  });

  it('by username and path, each instance plans with the id the name gives there', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = join(dir, 'instance.yaml');
    writeFileSync(file, 'groups:\n  acme/platform:\n    protected_environments:\n      staging:\n        deploy: [{access_level: 40}, {user: grace}]\n');
    // On b, the name grace is another account than on a.
    const b = sandboxes.b().state;
    const grace = b.findUser('grace')!.id;
    b.renameUser(grace, 'grace-b');
    const other = b.addUser({ username: 'grace', name: 'Grace of b' });
    try {
      const res = await run(['--profiles', 'a,b', 'state', 'plan', '-f', file, '-o', 'json'], home);
      expect(res.exitCode, res.stderr).toBe(0);
      const out = JSON.parse(res.stdout);
      const after = (n: Name) => out[n].result.changes[0].changes[0].after;
      expect(after('a')).toEqual([{ access_level: 40 }, { user_id: sandboxes.a().state.findUser('grace')!.id, username: 'grace' }]);
      expect(after('b')).toEqual([{ access_level: 40 }, { user_id: other.id, username: 'grace' }]);
    } finally {
      b.renameUser(other.id, 'grace-other');
      b.renameUser(grace, 'grace');
    }
  });

  it('export from one instance, plan across the fleet: the export names users and groups, which each instance looks up', async () => {
    const home = fleetHome();
    const protect = await run(['-p', 'a', 'envs', 'protect', 'acme/platform', 'testing', '--deploy', 'user=grace', '--approval', 'access_level=40'], home);
    expect(protect.exitCode, protect.stderr).toBe(0);
    const dir = tempDir();
    const file = join(dir, 'from-a.yaml');
    const exp = await run(['-p', 'a', 'state', 'export', '--only', 'groups', '--groups', 'acme/platform', '-f', file], home);
    expect(exp.exitCode, exp.stderr).toBe(0);
    const res = await run(['--profiles', 'a,b', 'state', 'plan', '-f', file, '-o', 'json'], home);
    expect(res.exitCode, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout);
    // a has it already; b is to protect the tier for its own grace.
    expect(out.a.result.changes).toEqual([]);
    expect(out.b.result.changes.map((c: any) => [c.action, c.identity])).toEqual([['create', 'acme/platform protected environment testing']]);
    expect(out.b.result.changes[0].changes[0].after).toEqual([{ user_id: sandboxes.b().state.findUser('grace')!.id, username: 'grace' }]);
  });

  it('ids keep working on one instance, and in a file of the instance’s own ({profile})', async () => {
    const home = fleetHome();
    const dir = tempDir();
    const file = join(dir, 'instance.yaml');
    writeFileSync(file, 'groups:\n  acme/platform:\n    protected_environments:\n      staging:\n        deploy: [{access_level: 40}, {user_id: 4}]\n');
    const one = await run(['-p', 'a', 'state', 'plan', '-f', file], home);
    expect(one.exitCode, one.stderr).toBe(0);
    expect(one.stderr + one.stdout).not.toContain('ids differ');
    expect(one.stdout).toContain('user=4');
    writeFileSync(join(dir, 'base.yaml'), 'groups:\n  acme/platform:\n    protected_environments:\n      staging:\n        deploy: [{access_level: 40}]\n');
    for (const n of NAMES) writeFileSync(join(dir, `inst-${n}.yaml`), 'groups:\n  acme/platform:\n    protected_environments:\n      staging:\n        deploy: [{access_level: 40}, {user_id: 4}]\n');
    const layered = await run(['--profiles', 'a,b', 'state', 'plan', '-f', join(dir, 'base.yaml'), '-f', join(dir, 'inst-{profile}.yaml')], home);
    expect(layered.exitCode, layered.stderr).toBe(0);
    // Each instance plans its own file's id.
    expect(layered.stdout.match(/\+ deploy user=4/g)).toHaveLength(2);
  });
});
