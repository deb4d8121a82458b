// Issue 33 items 3, 4, 5, 7 and 6's export part: a hook replace keeps what the file leaves out and
// creates before it deletes; every write is reported; hooks on one URL and broadcasts with one
// message are all seen; group paths are paths; a hook URL's password never reaches the file.

import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, rawGet, useSandbox } from '../helpers/sandbox.js';
import { runWithFault } from '../helpers/faults.js';
import { adminWrite, stateRunner, writesOf, yamlFile } from '../helpers/state.js';

const sandbox = useSandbox({ seed: 'empty' });
const dir = tempDir();

const run = stateRunner(sandbox);
const file = (name: string, content: object | string) => yamlFile(dir, name, content);
const post = (path: string, body: object) => adminWrite(sandbox(), 'POST', path, body);

async function hooks(): Promise<any[]> {
  const sb = sandbox();
  return (await rawGet(sb, '/hooks?per_page=100', sb.tokens.admin)).body;
}

const writes = writesOf;

beforeEach(async () => {
  const sb = sandbox();
  for (const h of await hooks()) await adminWrite(sb, 'DELETE', `/hooks/${h.id}`);
  for (const b of (await rawGet(sb, '/broadcast_messages?per_page=100')).body) await adminWrite(sb, 'DELETE', `/broadcast_messages/${b.id}`);
});

describe('a hook replace', () => {
  const url = 'https://audit.example.com/feed';

  it('keeps the fields the file leaves out, says the replaced hook has no token, and creates before it deletes', async () => {
    const old = await post('/hooks', { url, description: 'Audit feed', push_events: true, tag_push_events: true, token: 'old-secret' });
    const path = file('replace.yaml', { system_hooks: [{ url, tag_push_events: false }] });
    const plan = await run(['state', 'plan', '-f', path]);
    expect(plan.res.exitCode, plan.res.stderr).toBe(0);
    expect(plan.res.stdout).toContain(`± replace system_hooks ${url}`);
    expect(plan.res.stdout).toContain('tag_push_events: true → false');
    expect(plan.res.stdout).toContain('the replaced hook will have none');
    expect(plan.res.stdout).not.toContain('description');

    const apply = await run(['state', 'apply', '-f', path, '--yes']);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(writes(apply.sent)).toEqual(['POST /hooks', `DELETE /hooks/${old.id}`]);
    const [now] = await hooks();
    expect(now).toMatchObject({ url, description: 'Audit feed', push_events: true, tag_push_events: false });
    expect((await run(['state', 'plan', '-f', path, '--exit-code'])).res.exitCode).toBe(0);
  });

  it('reports each write: a failed delete leaves both hooks, a failed create leaves the old one', async () => {
    const old = await post('/hooks', { url, push_events: true });
    const path = file('replace2.yaml', { system_hooks: [{ url, push_events: false }] });
    const sb = sandbox();
    const del = await runWithFault(sb, `500:forever@DELETE:/hooks/${old.id}`, ['state', 'apply', '-f', path, '--yes']);
    expect(del.exitCode, del.stderr).toBe(1);
    expect(del.stderr).toContain(`applied: create system_hooks ${url} (POST /hooks)`);
    expect(del.stderr).toMatch(new RegExp(`failed: delete system_hooks ${url} \\(DELETE /hooks/${old.id}\\): .*500.*; the new hook is created and the old one \\(id ${old.id}\\) is still on the instance too`));
    expect((await hooks()).map((h) => h.url)).toEqual([url, url]);

    // Two hooks on the URL now: the plan sees both, and the one the file matches is kept.
    const plan = await run(['state', 'plan', '-f', path, '--prune']);
    expect(plan.res.stdout).toContain(`- delete system_hooks ${url} (id ${old.id})`);
    expect(plan.res.stdout).toContain('Plan: 0 to create, 0 to update, 1 to delete.');

    const other = await post('/hooks', { url: 'https://other.example.com/hook', push_events: true });
    const failing = file('replace3.yaml', { system_hooks: [{ url: other.url, push_events: false }] });
    const create = await runWithFault(sb, '500:forever@POST:/hooks', ['state', 'apply', '-f', failing, '--yes']);
    expect(create.exitCode, create.stderr).toBe(1);
    expect(create.stderr).toMatch(new RegExp(`failed: create system_hooks ${other.url} \\(POST /hooks\\): .*500.*; the old hook \\(id ${other.id}\\) is still in place, unchanged`));
    expect(create.stderr).toContain(`not tried: delete system_hooks ${other.url} (DELETE /hooks/${other.id})`);
    expect((await hooks()).find((h) => h.id === other.id)).toMatchObject({ push_events: true });
  });
});

describe('--replace: a hook replaced although nothing compared differs', () => {
  const url = 'https://ci.example.com/events';
  const entry = { url, push_events: true, token: { env: 'HOOK_TOKEN' } };
  const sentToken = (sent: { method: string; body: unknown }[]) => sent.filter((r) => r.method === 'POST').map((r) => (r.body as { token?: string }).token);

  it('sends the hook’s token anew (the plan says why), keeping its fields; the secret never shows', async () => {
    const old = await post('/hooks', { url, description: 'CI', push_events: true, token: 'old-secret' });
    const path = file('rotate.yaml', { system_hooks: [entry] });
    const env = { HOOK_TOKEN: 'rotated-secret-value' };
    const same = await run(['state', 'plan', '-f', path, '--exit-code'], env);
    expect(same.res.exitCode, same.res.stderr).toBe(0);

    const plan = await run(['state', 'plan', '-f', path, '--replace', `system_hooks[${url}]`, '--exit-code'], env);
    expect(plan.res.exitCode, plan.res.stderr).toBe(5);
    expect(plan.res.stdout).toContain(`± replace system_hooks ${url} (asked with --replace)`);
    expect(plan.res.stdout).toContain('token: (secret) from {env: HOOK_TOKEN}');
    expect(plan.res.stdout).toContain('Plan: 0 to create, 0 to update, 1 to replace, 0 to delete.');

    const apply = await run(['state', 'apply', '-f', path, '--replace', `system_hooks[${url}]`, '--yes'], env);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(writes(apply.sent)).toEqual(['POST /hooks', `DELETE /hooks/${old.id}`]);
    expect(sentToken(apply.sent)).toEqual(['rotated-secret-value']);
    expect(apply.res.stdout + apply.res.stderr).not.toContain('rotated-secret-value');
    const [now] = await hooks();
    expect(now).toMatchObject({ url, description: 'CI', push_events: true });
    expect(now.id).not.toBe(old.id);
  });

  it('round-trips through a saved plan: apply --plan sends the token anew; the reason cannot be edited out', async () => {
    const old = await post('/hooks', { url, push_events: true });
    const path = file('rotate-saved.yaml', { system_hooks: [entry] });
    const out = join(dir, 'rotate-plan.json');
    const plan = await run(['state', 'plan', '-f', path, '--replace', `system_hooks[${url}]`, '--out', out], { HOOK_TOKEN: 'x' });
    expect(plan.res.exitCode, plan.res.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.changes).toEqual([expect.objectContaining({ action: 'replace', replace_reason: 'asked with --replace', requests: ['POST /hooks', `DELETE /hooks/${old.id}`] })]);
    expect(JSON.stringify(doc)).not.toContain('"x"');

    const shown = await run(['state', 'show', out]);
    expect(shown.res.stdout).toContain(`± replace system_hooks ${url} (asked with --replace)`);

    const edited = join(dir, 'rotate-edited.json');
    const { replace_reason: _r, ...bare } = doc.changes[0];
    writeFileSync(edited, JSON.stringify({ ...doc, changes: [bare] }));
    const refused = await run(['state', 'apply', '--plan', edited, '--yes'], { HOOK_TOKEN: 'saved-plan-secret' });
    expect(refused.res.exitCode).toBe(2);
    expect(refused.res.stderr).toContain('a replace changes a field of the hook, or is asked with --replace');
    expect(refused.sent).toEqual([]);

    const apply = await run(['state', 'apply', '--plan', out, '--yes'], { HOOK_TOKEN: 'saved-plan-secret' });
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(writes(apply.sent)).toEqual(['POST /hooks', `DELETE /hooks/${old.id}`]);
    expect(sentToken(apply.sent)).toEqual(['saved-plan-secret']);

    const again = await run(['state', 'apply', '--plan', out, '--replace', `system_hooks[${url}]`, '--yes'], { HOOK_TOKEN: 'x' });
    expect(again.res.exitCode).toBe(2);
    expect(again.res.stderr).toContain('decided when the plan is made');
  });

  it('naming a hook the file does not have, or the instance does not, or no hook, is exit 2 before any write', async () => {
    await post('/hooks', { url, push_events: true });
    const path = file('rotate-missing.yaml', { system_hooks: [entry, { url: 'https://new.example.com/hook' }] });
    const env = { HOOK_TOKEN: 'missing-test-secret' };
    const notInFile = await run(['state', 'apply', '-f', path, '--replace', 'system_hooks[https://elsewhere.example.com/x]', '--yes'], env);
    expect(notInFile.res.exitCode).toBe(2);
    expect(notInFile.res.stderr).toContain('--replace system_hooks[https://elsewhere.example.com/x]: the file has no hook with this URL');
    expect(notInFile.sent).toEqual([]);

    const notThere = await run(['state', 'apply', '-f', path, '--replace', 'system_hooks[https://new.example.com/hook]', '--yes'], env);
    expect(notThere.res.exitCode).toBe(2);
    expect(notThere.res.stderr).toContain('--replace system_hooks[https://new.example.com/hook]: the instance has no hook with this URL');
    expect(writes(notThere.sent)).toEqual([]);

    const bad = await run(['state', 'plan', '-f', path, '--replace', 'settings[signup_enabled]'], env);
    expect(bad.res.exitCode).toBe(2);
    expect(bad.res.stderr).toContain('--replace "settings[signup_enabled]" names no hook');
    expect(bad.sent).toEqual([]);
  });
});

describe('several hooks on one URL, several broadcasts with one message', () => {
  const url = 'https://twice.example.com/hook';

  it('all are seen: --prune deletes every one and counts them; the extras beyond the file’s entry are listed', async () => {
    const a = await post('/hooks', { url });
    const b = await post('/hooks', { url });
    const m1 = await post('/broadcast_messages', { message: 'Maintenance tonight' });
    const m2 = await post('/broadcast_messages', { message: 'Maintenance tonight' });

    const one = await run(['state', 'plan', '-f', file('one.yaml', { system_hooks: [{ url }], broadcast_messages: [{ message: 'Maintenance tonight' }] }), '--exit-code']);
    expect(one.res.exitCode, one.res.stderr).toBe(0);
    expect(one.res.stdout).toContain(`not managed (use --prune to delete): system_hooks ${url} (id ${b.id})`);
    expect(one.res.stdout).toContain(`not managed (use --prune to delete): broadcast_messages "Maintenance tonight" (id ${m2.id})`);

    const path = file('none.yaml', { system_hooks: [], broadcast_messages: [] });
    const plan = await run(['state', 'plan', '-f', path, '--prune']);
    expect(plan.res.stdout).toContain(`- delete system_hooks ${url} (id ${a.id})`);
    expect(plan.res.stdout).toContain(`- delete system_hooks ${url} (id ${b.id})`);
    expect(plan.res.stdout).toContain(`- delete broadcast_messages "Maintenance tonight" (id ${m1.id})`);
    expect(plan.res.stdout).toContain('Plan: 0 to create, 0 to update, 4 to delete.');
    const apply = await run(['state', 'apply', '-f', path, '--prune', '--yes']);
    expect(apply.res.exitCode, apply.res.stderr).toBe(0);
    expect(apply.res.stderr).toContain('Applied: 0 to create, 0 to update, 4 to delete.');
    expect(await hooks()).toEqual([]);
  });

  it('export writes alike duplicates once (its plan reads back as no change) and refuses different ones, naming the ids', async () => {
    await post('/hooks', { url, push_events: true });
    await post('/hooks', { url, push_events: true });
    const times = { starts_at: '2026-01-01T00:00:00Z', ends_at: '2036-01-01T00:00:00Z' };
    await post('/broadcast_messages', { message: 'Twice', ...times });
    await post('/broadcast_messages', { message: 'Twice', ...times });
    const exp = await run(['state', 'export', '--only', 'system_hooks,broadcast_messages']);
    expect(exp.res.exitCode, exp.res.stderr).toBe(0);
    const doc = parse(exp.res.stdout);
    expect(doc.system_hooks).toHaveLength(1);
    expect(doc.broadcast_messages).toHaveLength(1);
    expect(exp.res.stdout).toMatch(/# The hooks \d+, \d+ share the URL/);
    const back = await run(['state', 'plan', '-f', file('dups.yaml', exp.res.stdout), '--exit-code']);
    expect(back.res.exitCode, back.res.stdout + back.res.stderr).toBe(0);

    const c = await post('/hooks', { url, push_events: false });
    const refused = await run(['state', 'export', '--only', 'system_hooks']);
    expect(refused.res.exitCode).toBe(1);
    expect(refused.res.stderr).toMatch(new RegExp(`the hooks \\d+, \\d+, ${c.id} share the URL ${url} with different settings`));
  });
});

describe('a hook URL that holds credentials', () => {
  it('is exported as a reference with a comment naming the variable, never the password; the plan reads it back', async () => {
    const url = 'https://bot:hunter2-pass@events.example.com/in';
    await post('/hooks', { url, push_events: true });
    const exp = await run(['state', 'export', '--only', 'system_hooks']);
    expect(exp.res.exitCode, exp.res.stderr).toBe(0);
    expect(exp.res.stdout).not.toContain('hunter2');
    expect(parse(exp.res.stdout).system_hooks[0].url).toEqual({ env: 'FORGECTL_HOOK_URL_0' });
    expect(exp.res.stdout).toContain('# system_hooks[0].url holds credentials (https://bot:********@events.example.com/in), not written: export FORGECTL_HOOK_URL_0');
    const path = file('cred.yaml', exp.res.stdout);
    const plan = await run(['state', 'plan', '-f', path, '--exit-code'], { FORGECTL_HOOK_URL_0: url });
    expect(plan.res.exitCode, plan.res.stdout + plan.res.stderr).toBe(0);
    const unset = await run(['state', 'plan', '-f', path]);
    expect(unset.res.exitCode).toBe(2);
    expect(unset.res.stderr).toContain('FORGECTL_HOOK_URL_0 is not set');
    expect(unset.sent).toEqual([]);
  });
});

describe('a group path in a state file', () => {
  for (const path of ['..', 'acme/..', 'acme//platform', '.']) {
    it(`refuses ${JSON.stringify(path)} with exit 2 before any request`, async () => {
      const { res, sent } = await run(['state', 'plan', '-f', file('group.yaml', { groups: { [path]: { notification_settings: { level: 'watch' } } } })]);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toMatch(/groups/);
      expect(sent).toEqual([]);
    });
  }
});

describe('the sandbox seed `duplicates`', () => {
  const dupSandbox = useSandbox({ duplicates: true });
  it('plays two hooks on one URL and two broadcasts with one message; the plan sees every one', async () => {
    const sb = dupSandbox();
    const urls = (await rawGet(sb, '/hooks', sb.tokens.admin)).body.map((h: any) => h.url);
    expect(urls).toHaveLength(2);
    expect(new Set(urls).size).toBe(1);
    const path = file('dup-seed.yaml', { system_hooks: [], broadcast_messages: [] });
    const plan = await forgectl(['state', 'plan', '-f', path, '--prune'], { env: envFor(sb) });
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('Plan: 0 to create, 0 to update, 5 to delete.');
    expect(plan.stdout.match(/- delete system_hooks https:\/\/hooks\.example\.com\/system \(id \d+\)/g)).toHaveLength(2);
  });
});
