// Issue 24 item 6: `--fields` reaches into lists (`assignees.username`, `notes.author.username`,
// `deploy_access_levels.id`) and gives the list of values, in every output format.

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function run(args: string[], token = 'admin') {
  const res = await forgectl(args, { env: envFor(sandbox(), token) });
  expect(res.exitCode, `${args.join(' ')}: ${res.stderr}`).toBe(0);
  return res;
}

describe('--fields through a list', () => {
  let ids: number[] = [];
  const args = ['envs', 'get', 'acme', 'staging', '--fields', 'name,deploy_access_levels.id'];
  const want = () => ({ name: 'staging', deploy_access_levels: { id: ids } });

  it('deploy_access_levels.id gives the entry ids as a list in json and yaml', async () => {
    await run(['envs', 'protect', 'acme', 'staging', '--deploy', 'access_level=maintainer', '--deploy', 'access_level=developer'], 'alice');
    const whole = json(await run(['envs', 'get', 'acme', 'staging', '-o', 'json'], 'alice'));
    ids = whole.deploy_access_levels.map((l: { id: number }) => l.id);
    expect(ids).toHaveLength(2);
    expect(json(await run([...args, '-o', 'json'], 'alice'))).toEqual(want());
    expect(parseYaml((await run([...args, '-o', 'yaml'], 'alice')).stdout)).toEqual(want());
  });

  it('deploy_access_levels.id in ndjson and in a table, and they are the ids envs update takes', async () => {
    expect(ids).toHaveLength(2);
    expect(JSON.parse((await run([...args, '-o', 'ndjson'], 'alice')).stdout)).toEqual(want());
    const table = await run(args, 'alice');
    expect(table.stderr).toBe('');
    expect(table.stdout).toContain(`deploy_access_levels.id\t${ids.join(',')}`);
    await run(['envs', 'update', 'acme', 'staging', '--remove-deploy', String(ids[1])], 'alice');
    expect(json(await run(['envs', 'get', 'acme', 'staging', '--fields', 'deploy_access_levels.id', '-o', 'json'], 'alice'))).toEqual({ deploy_access_levels: { id: [ids[0]] } });
  });

  it('assignees.username lists each merge request’s assignees (json and table)', async () => {
    const mrs = json<any[]>(await run(['mr', 'list', '--scope', 'all', '--per-page', '100', '-o', 'json']));
    const mr = mrs.find((m) => m.assignees.length > 0)!;
    const names = mr.assignees.map((a: { username: string }) => a.username);
    const picked = json<any[]>(await run(['mr', 'list', '--scope', 'all', '--per-page', '100', '--fields', 'iid,assignees.username', '-o', 'json']));
    expect(picked.find((m) => m.iid === mr.iid && m.assignees.username.join() === names.join())).toBeDefined();
    const table = await run(['mr', 'list', '--scope', 'all', '--per-page', '100', '--fields', 'id,assignees.username']);
    expect(table.stdout.split('\n')).toContain(`${mr.id}\t${names.join(',')}`);
  });

  it('notes.author.username lists the authors of each thread (ndjson)', async () => {
    const threads = json<any[]>(await run(['discussion', 'list', 'acme/platform/gateway#1', '-o', 'json']));
    const authors = threads.map((d) => d.notes.map((n: { author: { username: string } }) => n.author.username));
    const lines = (await run(['discussion', 'list', 'acme/platform/gateway#1', '--fields', 'notes.author.username', '-o', 'ndjson'])).stdout.trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).notes.author.username)).toEqual(authors);
  });

  it('a misspelt name inside a list is still reported', async () => {
    const res = await run(['mr', 'list', '--scope', 'all', '--fields', 'iid,assignees.usernam', '-o', 'json']);
    expect(res.stderr).toContain('warning: --fields: assignees.usernam is not a field of this output');
  });
});
