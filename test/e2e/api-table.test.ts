// `forgectl api PATH -o table` formats the answer (issue 37.4): an array of objects is a table, one
// row per object; without -o the answer stays JSON, as received in a pipe.

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('api -o table', () => {
  it('prints an array of objects as rows, one per object, in the columns of its keys', async () => {
    const sb = sandbox();
    const asJson = await forgectl(['api', '/users'], { env: envFor(sb) });
    expect(asJson.exitCode, asJson.stderr).toBe(0);
    const users = JSON.parse(asJson.stdout) as { id: number; username: string }[];
    expect(users.length).toBeGreaterThan(2);

    const res = await forgectl(['api', '/users', '-o', 'table'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).not.toMatch(/^[[{]/);
    // In a pipe, a table is tab-separated rows without a header.
    const rows = res.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => [Number(r[0]), r[1]])).toEqual(users.map((u) => [u.id, u.username]));

    const picked = await forgectl(['api', '/users', '-o', 'table', '--fields', 'username,state'], { env: envFor(sb) });
    expect(picked.stdout.split('\n')[0]).toBe(`${users[0].username}\t${(users[0] as unknown as { state: string }).state}`);
  });

  it('keeps JSON without -o, also for --dry-run', async () => {
    const sb = sandbox();
    const res = await forgectl(['api', 'PUT', '/application/settings', '-F', 'signup_enabled=false', '--dry-run'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ dry_run: true, method: 'PUT' });
  });
});
