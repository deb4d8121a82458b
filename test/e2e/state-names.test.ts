// Users and groups of protected environments by username and path in state files: resolved on the
// instance, compared by the id they give, shown and saved with that id, and checked again before a
// saved plan runs (a name that now gives another id is a stale plan, not another user's permission).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { stateRunner, yamlFile } from '../helpers/state.js';

const sandbox = useSandbox();
const run = stateRunner(sandbox);
const userId = (name: string) => sandbox().state.findUser(name)!.id;
const groupId = (path: string) => sandbox().state.findGroup(path)!.id;
const writes = <R extends { method: string }>(sent: R[]) => sent.filter((r) => r.method !== 'GET');

describe('state files name users and groups of protected environments by username and path', () => {
  it('plans them with the ids they give, sends only the ids, and plans as no change once the instance has them', async () => {
    const dir = tempDir();
    const file = yamlFile(dir, 'acme.yaml', 'groups:\n  acme:\n    protected_environments:\n      testing:\n        deploy: [{access_level: 40}, {group: acme/platform}]\n        approvals: [{user: alice, required: 1}]\n');
    const plan = await run(['state', 'plan', '-f', file]);
    expect(plan.res.exitCode, plan.res.stderr).toBe(0);
    expect(plan.res.stdout).toContain(`+ deploy group=acme/platform (group id ${groupId('acme/platform')})`);
    expect(plan.res.stdout).toContain(`+ approval user=alice (user id ${userId('alice')}),required=1`);
    const doc = await run(['state', 'plan', '-f', file, '-o', 'json']);
    const change = JSON.parse(doc.res.stdout).changes[0];
    expect(change.changes.find((c: any) => c.key === 'deploy_access_levels').after).toEqual([{ access_level: 40 }, { group_id: groupId('acme/platform'), group_path: 'acme/platform' }]);
    expect(change.changes.find((c: any) => c.key === 'approval_rules').after).toEqual([{ user_id: userId('alice'), required_approvals: 1, username: 'alice' }]);
    const apply = await run(['state', 'apply', '-f', file, '--yes']);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    const [post] = writes(apply.sent);
    expect(post).toMatchObject({ method: 'POST', path: '/api/v4/groups/acme/protected_environments' });
    expect(post!.body).toEqual({ name: 'testing', deploy_access_levels: [{ access_level: 40 }, { group_id: groupId('acme/platform') }], approval_rules: [{ user_id: userId('alice'), required_approvals: 1 }] });
    const again = await run(['state', 'plan', '-f', file, '--exit-code']);
    expect(again.res.exitCode, again.res.stdout).toBe(0);
    expect(again.res.stdout).toContain('No changes');
  });

  it('an unknown username or group path is exit 3 with nothing written, the hint naming the id form of a file', async () => {
    const dir = tempDir();
    for (const [entry, says, byId] of [['{user: nosuchuser}', 'no user named nosuchuser', 'user_id: ID'], ['{group: acme/nosuch}', 'no group acme/nosuch', 'group_id: ID']]) {
      const file = yamlFile(dir, 'bad.yaml', `groups:\n  acme:\n    protected_environments:\n      other:\n        deploy: [${entry}]\n`);
      const res = await run(['state', 'apply', '-f', file, '--yes']);
      expect(res.res.exitCode, res.res.stderr).toBe(3);
      expect(res.res.stderr).toContain(says);
      // The form the file takes, not the command line's user=ID.
      expect(res.res.stderr).toContain(`or give ${byId}`);
      expect(res.res.stderr).not.toMatch(/(user|group)=ID/);
      expect(writes(res.sent)).toEqual([]);
    }
  });

  it('a saved plan shows the username with its id, and is refused as stale (exit 1, nothing written) when the name now gives another user', async () => {
    const dir = tempDir();
    const file = yamlFile(dir, 'platform.yaml', 'groups:\n  acme/platform:\n    protected_environments:\n      development:\n        deploy: [{user: grace}]\n');
    const planPath = join(dir, 'plan.json');
    const saved = await run(['state', 'plan', '-f', file, '--out', planPath]);
    expect(saved.res.exitCode, saved.res.stderr).toBe(0);
    const grace = userId('grace');
    expect(readFileSync(planPath, 'utf8')).toContain('"username": "grace"');
    const show = await run(['state', 'show', planPath]);
    expect(show.res.stdout).toContain(`+ deploy user=grace (user id ${grace})`);
    // An administrator renames grace's account, and a new account takes the name.
    const state = sandbox().state;
    state.renameUser(grace, 'grace-hopper');
    const newcomer = state.addUser({ username: 'grace', name: 'Another Grace' });
    try {
      const stale = await run(['state', 'apply', '--plan', planPath, '--yes']);
      expect(stale.res.exitCode, stale.res.stderr).toBe(1);
      expect(stale.res.stderr).toContain(`groups acme/platform protected environment development: user grace was id ${grace} when planned, is now id ${newcomer.id}`);
      expect(writes(stale.sent)).toEqual([]);
      // Gone altogether: the same refusal.
      state.renameUser(newcomer.id, 'another-grace');
      const gone = await run(['state', 'apply', '--plan', planPath, '--yes']);
      expect(gone.res.exitCode, gone.res.stderr).toBe(1);
      expect(gone.res.stderr).toContain(`user grace was id ${grace} when planned, is no longer on the instance`);
      expect(writes(gone.sent)).toEqual([]);
    } finally {
      state.renameUser(grace, 'grace');
    }
    // The name gives the id again: the plan runs as reviewed.
    const ok = await run(['state', 'apply', '--plan', planPath, '--yes']);
    expect(ok.res.exitCode, ok.res.stderr).toBe(0);
    expect(writes(ok.sent)[0]!.body).toEqual({ name: 'development', deploy_access_levels: [{ user_id: grace }] });
  });

  it('an entry the plan removes is shown by the username or path the instance gives for its id, saved so, and a saved plan is stale once the name is another user\'s', async () => {
    const grace = userId('grace');
    const infra = groupId('acme/platform/infra');
    const setup = await run(['envs', 'protect', 'acme/platform', 'staging', '--deploy', 'access_level=40', '--deploy', `user=${grace}`, '--approval', `group=${infra},required=1`]);
    expect(setup.res.exitCode, setup.res.stderr).toBe(0);
    const dir = tempDir();
    const file = yamlFile(dir, 'staging.yaml', 'groups:\n  acme/platform:\n    protected_environments:\n      staging:\n        deploy: [{access_level: 40}]\n');
    const planPath = join(dir, 'plan.json');
    const plan = await run(['state', 'plan', '-f', file, '--out', planPath]);
    expect(plan.res.exitCode, plan.res.stderr).toBe(0);
    expect(plan.res.stdout).toMatch(new RegExp(`- deploy user=grace \\(user id ${grace}\\) \\(id \\d+\\)`));
    expect(plan.res.stdout).toMatch(new RegExp(`- approval group=acme/platform/infra \\(group id ${infra}\\) \\(id \\d+\\)`));
    // One lookup per id, and only for what is removed.
    expect(plan.sent.filter((r) => r.path === `/api/v4/users/${grace}`)).toHaveLength(1);
    const before = JSON.parse(readFileSync(planPath, 'utf8')).changes[0].changes.find((c: any) => c.key === 'deploy_access_levels').before;
    expect(before).toContainEqual(expect.objectContaining({ user_id: grace, username: 'grace' }));
    // What the saved plan shows is what was planned.
    const show = await run(['state', 'show', planPath]);
    expect(show.res.stdout).toMatch(new RegExp(`- deploy user=grace \\(user id ${grace}\\) \\(id \\d+\\)`));
    const state = sandbox().state;
    state.renameUser(grace, 'grace-hopper');
    const newcomer = state.addUser({ username: 'grace', name: 'Another Grace' });
    try {
      const stale = await run(['state', 'apply', '--plan', planPath, '--yes']);
      expect(stale.res.exitCode, stale.res.stderr).toBe(1);
      expect(stale.res.stderr).toContain(`user grace was id ${grace} when planned, is now id ${newcomer.id}`);
      expect(writes(stale.sent)).toEqual([]);
    } finally {
      state.renameUser(newcomer.id, 'another-grace');
      state.renameUser(grace, 'grace');
    }
    // The names still give their ids: the saved plan runs (the names are not part of what the instance answers).
    const ok = await run(['state', 'apply', '--plan', planPath, '--yes']);
    expect(ok.res.exitCode, ok.res.stderr).toBe(0);
    const [put] = writes(ok.sent);
    expect(put!.body).toEqual({ deploy_access_levels: [{ id: expect.any(Number), _destroy: true }], approval_rules: [{ id: expect.any(Number), _destroy: true }] });
  });

  it('state export writes users by username and groups by path, which plan back as no change; an id the instance names nobody for stays, with a comment', async () => {
    const setup = await run(['envs', 'protect', 'acme', 'other', '--deploy', 'group=acme/web', '--deploy', 'access_level=40', '--approval', 'user=alice,required=2']);
    expect(setup.res.exitCode, setup.res.stderr).toBe(0);
    const exp = await run(['state', 'export', '--only', 'groups', '--groups', 'acme']);
    expect(exp.res.exitCode, exp.res.stderr).toBe(0);
    expect(exp.res.stdout).toContain('      other:\n        deploy:\n          - group: acme/web\n          - access_level: 40\n        approvals:\n          - user: alice\n            required_approvals: 2\n');
    expect(exp.res.stdout).not.toMatch(/user_id|group_id/);
    // One lookup per user and group, however often named.
    expect(exp.sent.filter((r) => r.path === `/api/v4/users/${userId('alice')}`)).toHaveLength(1);
    const file = yamlFile(tempDir(), 'exported.yaml', exp.res.stdout);
    const plan = await run(['state', 'plan', '-f', file, '--exit-code']);
    expect(plan.res.exitCode, plan.res.stdout).toBe(0);
    expect(plan.res.stdout).toContain('No changes');
    // GET /users/N answering another user names nobody: the entry stays by id, and the header says so.
    sandbox().addFaults(`wrong-object:forever@GET:/users/${userId('alice')}`);
    try {
      const wrong = await run(['state', 'export', '--only', 'groups', '--groups', 'acme']);
      expect(wrong.res.exitCode, wrong.res.stderr).toBe(0);
      expect(wrong.res.stdout).toContain(`          - user_id: ${userId('alice')}\n            required_approvals: 2\n`);
      expect(wrong.res.stdout).toMatch(/^# By id, as the instance names no user or group for them \(ids are this instance's own\): .*groups\.acme\.protected_environments\.other\.approvals\[0\]: user \d+/m);
    } finally {
      await sandbox().clearFaults();
    }
  });
});
