// envs protect/update/unprotect/apply against the sandbox: the §4.2 rules (tiers, levels 30/40/60,
// exactly one of user/group/access_level, assignable users and groups, approvals) and apply's plan.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';
import { runWithFault } from '../helpers/faults.js';

const sb = useSandbox();
const groupId = (path: string) => sb().state.findGroup(path)!.id;
const userId = (name: string) => sb().state.findUser(name)!.id;

async function run(args: string[], token = 'alice', input?: string) {
  const mark = sb().requests.length;
  const res = await forgectl(args, { env: envFor(sb(), token), input });
  return { ...res, sent: requestsSince(sb(), mark) };
}

describe('envs protect / get / update / unprotect', () => {
  it('protects production with a level, a subgroup and an approval rule; get shows it', async () => {
    const platform = groupId('acme/platform');
    const res = await run(['envs', 'protect', 'acme', 'production', '--deploy', 'access_level=maintainer', '--deploy', `group=${platform}`, '--approval', `user=${userId('alice')},required=2`, '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.sent[0].body).toEqual({
      name: 'production',
      deploy_access_levels: [{ access_level: 40 }, { group_id: platform }],
      approval_rules: [{ user_id: userId('alice'), required_approvals: 2 }],
    });
    const env = json(res);
    expect(env.deploy_access_levels).toEqual([
      expect.objectContaining({ access_level: 40, access_level_description: 'Maintainers', user_id: null, group_id: null }),
      expect.objectContaining({ group_id: platform, access_level_description: 'Platform' }),
    ]);
    expect(env.approval_rules[0]).toMatchObject({ user_id: userId('alice'), required_approvals: 2 });

    const got = await run(['envs', 'get', 'acme', 'production', '-o', 'json']);
    expect(json(got)).toEqual(env);
    const table = await run(['envs', 'list', 'acme']);
    expect(table.stdout).toMatch(/production\taccess_level=40 \(Maintainers\); group=\d+ \(Platform\)\t2 approvals from user=\d+ \(Alice Liddell\)\t0/);
  });

  it('the record says what each number counts: the rule\'s approvals and the required approval count', async () => {
    const got = await run(['envs', 'get', 'acme', 'production']);
    expect(got.exitCode, got.stderr).toBe(0);
    expect(got.stdout).toMatch(/approvals\s+2 approvals from user=\d+ \(Alice Liddell\)/);
    expect(got.stdout).toMatch(/required approvals\s+0/);
    expect(got.stdout).not.toContain('×');
  });

  it('-o csv writes the entries as the table shows them, not as JSON', async () => {
    const res = await run(['envs', 'list', 'acme', '-o', 'csv']);
    expect(res.exitCode, res.stderr).toBe(0);
    const [header, row] = res.stdout.split('\r\n');
    expect(header).toBe('name,deploy_access_levels,approval_rules,required_approval_count');
    expect(row).toMatch(/^production,access_level=40 \(Maintainers\); group=\d+ \(Platform\),2 approvals from user=\d+ \(Alice Liddell\),0$/);
    expect(res.stdout).not.toContain('{');
  });

  it('updates: adds an entry, changes one by id, removes one with _destroy, sets the approval count', async () => {
    const before = json(await run(['envs', 'get', 'acme', 'production', '-o', 'json']));
    const levelId = before.deploy_access_levels[0].id;
    const ruleId = before.approval_rules[0].id;
    const web = groupId('acme/web');
    const res = await run([
      'envs', 'update', 'acme', 'production', '--add-deploy', `group=${web}`, '--remove-deploy', String(levelId),
      '--change-approval', `${ruleId}:group=${web},required=1`, '--required-approval-count', '1', '-o', 'json',
    ]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.sent[0].method).toBe('PUT');
    expect(res.sent[0].body).toEqual({
      deploy_access_levels: [{ group_id: web }, { id: levelId, _destroy: true }],
      approval_rules: [{ id: ruleId, group_id: web, required_approvals: 1 }],
      required_approval_count: 1,
    });
    const env = json(res);
    expect(env.deploy_access_levels.map((e: any) => e.group_id)).toEqual([groupId('acme/platform'), web]);
    expect(env.deploy_access_levels[0]).toHaveProperty('group_inheritance_type', 0);
    expect(env.approval_rules).toEqual([expect.objectContaining({ id: ruleId, group_id: web, user_id: null, required_approvals: 1 })]);
    expect(env.required_approval_count).toBe(1);
  });

  it('explains the role failure: a developer gets exit 4 with a hint', async () => {
    const res = await run(['envs', 'list', 'acme/platform'], 'bob');
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('hint: protected environments of acme/platform need the Maintainer role');
  });

  it('refuses users below Maintainer and groups that are not subgroups, with the reason', async () => {
    const notMaintainer = await run(['envs', 'protect', 'acme', 'staging', '--deploy', `user=${userId('grace')}`]);
    expect(notMaintainer.exitCode).toBe(1);
    expect(notMaintainer.stderr).toContain('must be a member of the group with Maintainer role or above');
    expect(notMaintainer.stderr).toContain('hint: a user must be');
    const notSub = await run(['envs', 'protect', 'acme', 'staging', '--deploy', `group=${groupId('research')}`]);
    expect(notSub.exitCode).toBe(1);
    expect(notSub.stderr).toContain('must be a subgroup of the group');
    // Grace is a maintainer of acme/platform: there she is assignable.
    const ok = await run(['envs', 'protect', 'acme/platform', 'staging', '--deploy', `user=${userId('grace')}`, '-o', 'json']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(json(ok).deploy_access_levels[0]).toMatchObject({ user_id: userId('grace'), access_level_description: 'Grace Hopper' });
  });

  it('unprotect needs --yes without a terminal, then removes the tier', async () => {
    const refused = await run(['envs', 'unprotect', 'acme/platform', 'staging']);
    expect(refused.exitCode).toBe(2);
    expect(refused.sent).toHaveLength(0);
    const dry = await run(['envs', 'unprotect', 'acme/platform', 'staging', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('dry run: DELETE');
    expect(dry.sent).toHaveLength(0);
    const done = await run(['envs', 'unprotect', 'acme/platform', 'staging', '--yes']);
    expect(done.exitCode, done.stderr).toBe(0);
    expect((await run(['envs', 'get', 'acme/platform', 'staging'])).exitCode).toBe(3);
  });
});

describe('envs: users by username, as every other user option', () => {
  it('protect and update take user=USERNAME, sending the user id after one lookup per name', async () => {
    const grace = userId('grace');
    const res = await run(['envs', 'protect', 'acme/platform', 'development', '--deploy', 'user=grace', '--approval', 'user=@Grace,required=1', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.sent.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual(['GET /api/v4/users?username=grace', expect.stringMatching(/^POST \/api\/v4\/groups\/acme%2Fplatform\/protected_environments\?/)]);
    expect(res.sent[1].body).toEqual({ name: 'development', deploy_access_levels: [{ user_id: grace }], approval_rules: [{ user_id: grace, required_approvals: 1 }] });
    const ruleId = json(res).approval_rules[0].id;
    const update = await run(['envs', 'update', 'acme/platform', 'development', '--change-approval', `${ruleId}:user=grace,required=2`, '--dry-run']);
    expect(update.exitCode, update.stderr).toBe(0);
    expect(update.stdout).toContain(`"user_id": ${grace}`);
    expect((await run(['envs', 'unprotect', 'acme/platform', 'development', '--yes'])).exitCode).toBe(0);
  });

  it('apply: an unknown username in the file is exit 3, the hint naming the file\'s form (user_id: ID)', async () => {
    const file = join(tempDir(), 'envs.yaml');
    writeFileSync(file, 'testing:\n  deploy: [{user: nobody-here}]\n');
    const res = await run(['envs', 'apply', 'acme/platform', '-f', file, '--yes']);
    expect(res.exitCode, res.stderr).toBe(3);
    expect(res.stderr).toContain('or give user_id: ID');
    expect(res.sent.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('apply takes user: USERNAME in the file too', async () => {
    const file = join(tempDir(), 'envs.yaml');
    writeFileSync(file, 'testing:\n  deploy: [{user: grace}]\n');
    const res = await run(['envs', 'apply', 'acme/platform', '-f', file, '--dry-run']);
    expect(res.exitCode, res.stderr).toBe(0);
    // The username beside the id, as state plans show it.
    expect(res.stderr).toContain(`protect testing: + deploy user=grace (user id ${userId('grace')})`);
    expect(res.stdout).toContain(`"user_id": ${userId('grace')}`);
    expect(res.sent.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('protect, update and apply take group=PATH as they take user=USERNAME, sending the group id', async () => {
    const platform = groupId('acme/platform');
    const web = groupId('acme/web');
    const res = await run(['envs', 'protect', 'acme', 'testing', '--deploy', 'group=acme/platform', '--approval', 'group=acme/platform,required=2', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    // One lookup for the path, however often it is named.
    expect(res.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v4/groups/acme%2Fplatform', 'POST /api/v4/groups/acme/protected_environments']);
    expect(res.sent[1].body).toEqual({ name: 'testing', deploy_access_levels: [{ group_id: platform }], approval_rules: [{ group_id: platform, required_approvals: 2 }] });
    const update = await run(['envs', 'update', 'acme', 'testing', '--add-deploy', 'group=acme/web', '--dry-run']);
    expect(update.exitCode, update.stderr).toBe(0);
    expect(update.stdout).toContain(`"group_id": ${web}`);
    const file = join(tempDir(), 'envs.yaml');
    writeFileSync(file, 'testing:\n  deploy: [{group: acme/web}]\n  approvals: [{group: acme/platform, required: 2}]\n');
    const applied = await run(['envs', 'apply', 'acme', '-f', file, '--dry-run']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`"group_id": ${web}`);
    // The entry removed, by the path the instance gives for its id.
    expect(applied.stderr).toMatch(new RegExp(`update testing: - deploy group=acme/platform \\(group id ${platform}\\) \\(id \\d+\\); \\+ deploy group=acme/web \\(group id ${web}\\)`));
    expect(applied.sent.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect((await run(['envs', 'unprotect', 'acme', 'testing', '--yes'])).exitCode).toBe(0);
  });

  it('an unknown group path is not found (exit 3), named, and nothing is written', async () => {
    const res = await run(['envs', 'protect', 'acme', 'testing', '--deploy', 'access_level=40', '--approval', 'group=acme/nosuch']);
    expect(res.exitCode, res.stderr).toBe(3);
    expect(res.stderr).toMatch(/^error: no group acme\/nosuch on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(res.sent.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('an unknown username is not found (exit 3), named with the instance as a group path is, and nothing is written', async () => {
    const res = await run(['envs', 'protect', 'acme/platform', 'development', '--deploy', 'user=nobody-here']);
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toMatch(/^error: no user named nobody-here on http:\/\/127\.0\.0\.1:\d+$/m);
    // On the command line, the command line's form.
    expect(res.stderr).toContain('or give user=ID');
    expect(res.sent.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});

describe.concurrent('envs: input checked before anything is sent (exit 2)', () => {
  const cases: [string, string[], string][] = [
    ['an environment name that is not a tier', ['protect', 'acme', 'prod', '--deploy', 'access_level=40'], 'unknown tier "prod"'],
    ['access level 50', ['protect', 'acme', 'testing', '--deploy', 'access_level=50'], 'access level 50 is not allowed'],
    ['two identities in one entry', ['protect', 'acme', 'testing', '--deploy', 'user=2,group=9'], 'exactly one of user, group or access_level'],
    ['an entry with no identity', ['protect', 'acme', 'testing', '--deploy', 'required=2'], 'required= belongs to approval rules only'],
    ['an approval with required 0', ['protect', 'acme', 'testing', '--deploy', 'access_level=40', '--approval', 'group=9,required=0'], 'must be at least 1'],
    ['an unknown key', ['protect', 'acme', 'testing', '--deploy', 'team=4'], 'unknown key "team"'],
    ['a user that is neither an id nor a username', ['protect', 'acme', 'testing', '--deploy', 'user=al ice'], 'user="al ice" is neither a user id nor a username'],
    ['an update with no change', ['update', 'acme', 'production'], 'nothing to update'],
    ['a removal that is not an id', ['update', 'acme', 'production', '--remove-deploy', 'abc'], '--remove-deploy must be an integer'],
    ['a change without an id', ['update', 'acme', 'production', '--change-deploy', 'group=9'], '--change-deploy takes ID:KEY=VALUE'],
    ['a negative approval count', ['update', 'acme', 'production', '--required-approval-count', '-1'], 'must be at least 0'],
  ];
  for (const [what, args, message] of cases) {
    it(`refuses ${what}`, async () => {
      const res = await run(['envs', ...args]);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toContain(message);
      expect(res.sent).toHaveLength(0);
    });
  }
});

describe('envs apply', () => {
  it('computes create, update and unprotect calls, shows them, and applies them; a second run has nothing to do', async () => {
    const dir = tempDir();
    const file = join(dir, 'envs.yaml');
    const platform = groupId('acme/platform');
    const infra = groupId('acme/platform/infra');
    // Start: acme has production (from the tests above); the file keeps it with other rules, adds
    // development, and leaves staging out (protected first so that it gets unprotected).
    expect((await run(['envs', 'protect', 'acme', 'staging', '--deploy', 'access_level=30'])).exitCode).toBe(0);
    writeFileSync(
      file,
      [
        'production:',
        `  deploy: [{group: ${platform}}, {access_level: admin}]`,
        `  approvals: [{group_id: ${groupId('acme/web')}, required: 3}, {group: ${infra}}]`,
        '  required_approval_count: 2',
        'development:',
        '  deploy: [{access_level: 30}]',
        `  approvals: [{user: ${userId('alice')}}]`,
        '  required_approval_count: 1',
      ].join('\n'),
    );

    const refused = await run(['envs', 'apply', 'acme', '-f', file]);
    expect(refused.exitCode).toBe(2);
    expect(refused.sent.every((r) => r.method === 'GET')).toBe(true);

    const dry = await run(['envs', 'apply', 'acme', '-f', file, '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.sent.every((r) => r.method === 'GET')).toBe(true);
    expect(dry.stderr).toContain('update production');
    expect(dry.stderr).toContain('protect development');
    expect(dry.stderr).toContain('unprotect staging');

    const res = await run(['envs', 'apply', 'acme', '-f', file, '--yes', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res).map((r: any) => `${r.action} ${r.tier}`)).toEqual(['update production', 'protect development', 'unprotect staging']);
    const writes = res.sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace(/^\/api\/v4\/groups\/acme\/protected_environments/, '')}`);
    expect(writes).toEqual(['PUT /production', 'POST ', 'PUT /development', 'DELETE /staging']);
    const update = res.sent.find((r) => r.method === 'PUT' && r.path.endsWith('/production'))!.body as any;
    expect(update.deploy_access_levels).toEqual([expect.objectContaining({ _destroy: true }), { access_level: 60 }]);
    expect(update.approval_rules).toEqual([expect.objectContaining({ group_id: groupId('acme/web'), required_approvals: 3 }), { group_id: infra }]);
    expect(update.required_approval_count).toBe(2);

    const listed = json(await run(['envs', 'list', 'acme', '-o', 'json']));
    expect(listed.map((e: any) => e.name).sort()).toEqual(['development', 'production']);
    const prod = listed.find((e: any) => e.name === 'production');
    expect(prod.required_approval_count).toBe(2);
    expect(prod.approval_rules.map((r: any) => [r.group_id, r.required_approvals])).toEqual([[groupId('acme/web'), 3], [infra, 1]]);

    const again = await run(['envs', 'apply', 'acme', '-f', file, '--yes']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('already match');
    expect(again.stdout).toBe('');
    expect(again.sent.every((r) => r.method === 'GET')).toBe(true);
    // With nothing to do, -o json still prints a document: the empty list of applied changes.
    const againJson = await run(['envs', 'apply', 'acme', '-f', file, '--yes', '-o', 'json']);
    expect(againJson.exitCode, againJson.stderr).toBe(0);
    expect(json(againJson)).toEqual([]);

    // What `envs list -o yaml` prints is itself a valid file: applying it changes nothing.
    const yamlFile = join(dir, 'listed.yaml');
    writeFileSync(yamlFile, (await run(['envs', 'list', 'acme', '-o', 'yaml'])).stdout);
    const roundTrip = await run(['envs', 'apply', 'acme', '-f', yamlFile, '--yes']);
    expect(roundTrip.exitCode, roundTrip.stderr).toBe(0);
    expect(roundTrip.stderr).toContain('already match');
  });

  it('a write failing half way: each write is reported applied, failed or not tried, and what the failure left', async () => {
    expect((await run(['envs', 'protect', 'acme/platform', 'staging', '--deploy', 'access_level=30'])).exitCode).toBe(0);
    const file = join(tempDir(), 'half.yaml');
    writeFileSync(file, ['development:', '  deploy: [{access_level: 30}]', '  required_approval_count: 2', 'production:', '  deploy: [{access_level: 40}]'].join('\n'));
    const base = '/groups/acme%2Fplatform/protected_environments';
    const res = await runWithFault(sb(), `500:forever@PUT:${base}/development`, ['envs', 'apply', 'acme/platform', '-f', file, '--yes'], 'alice');
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain(`applied: create groups acme/platform development (POST ${base})`);
    expect(res.stderr).toMatch(new RegExp(`failed: update groups acme/platform development \\(PUT ${base}/development\\): .*500.*; development is protected, with 0 approvals required`));
    expect(res.stderr).toContain(`not tried: create groups acme/platform production (POST ${base})`);
    expect(res.stderr).toContain(`not tried: delete groups acme/platform staging (DELETE ${base}/staging)`);
    expect(res.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    // A second run finishes the job.
    const again = await run(['envs', 'apply', 'acme/platform', '-f', file, '--yes']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('update development');
  });

  it('refuses an invalid file before any request', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'prod:\n  deploy: [{access_level: 40}]\n');
    const res = await run(['envs', 'apply', 'acme', '-f', bad]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('unknown tier "prod"');
    expect(res.sent).toHaveLength(0);
    writeFileSync(bad, 'staging:\n  deploy: [{user: 3, group: 9}]\n');
    const two = await run(['envs', 'apply', 'acme', '-f', bad]);
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toContain('exactly one of user, group or access_level');
    expect(two.sent).toHaveLength(0);
  });

  it('refuses an empty or null file (what a failed `envs list -o yaml > f` leaves) with exit 2, sending nothing', async () => {
    const dir = tempDir();
    for (const [name, content] of [['empty.yaml', ''], ['blank.yaml', '\n  \n'], ['null.yaml', 'null\n'], ['tilde.yaml', '~\n'], ['comment.yaml', '# nothing\n']]) {
      const file = join(dir, name);
      writeFileSync(file, content);
      const res = await run(['envs', 'apply', 'acme', '-f', file, '--yes']);
      expect(res.exitCode, `${name}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(/is empty \(or null\): refusing to unprotect every environment/);
      expect(res.sent).toHaveLength(0);
    }
    const stdin = await run(['envs', 'apply', 'acme', '-f', '-', '--yes'], 'alice', '');
    expect(stdin.exitCode).toBe(2);
    expect(stdin.sent).toHaveLength(0);
  });
});
