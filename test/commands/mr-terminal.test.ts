// `mr view` and `mr list` as a newcomer meets them: view leaves out fields without a value and, on a
// terminal, puts the description under the record as text; an empty list across projects says it
// held only your own merge requests.

import { describe, expect, it } from 'vitest';
import { addMergeRequest } from '../../src/sandbox/merge-requests/seed.js';
import { runCli } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function view(iid: number, tty: boolean) {
  const sb = sandbox();
  return runCli(['mr', 'view', 'acme/platform/api', String(iid)], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin, NO_COLOR: '1' }, tty });
}

describe('mr view', () => {
  it('on a terminal: no rows for empty fields, the description under the record with its lines', async () => {
    const mr = addMergeRequest(sandbox().state, { project: 'acme/platform/api', title: 'Readable view', author: 'bob', description: 'First line.\n\n- a point\n- another\x1b[31m' });
    const res = await view(mr.iid, true);
    expect(res.exitCode, res.stderr).toBe(0);
    const cut = res.stdout.indexOf('\n\n');
    expect(cut).toBeGreaterThan(0);
    const record = res.stdout.slice(0, cut);
    const body = res.stdout.slice(cut + 2);
    expect(record).toMatch(/^title:\s+Readable view$/m);
    // Not merged or closed: those rows are not there, nor a row of dashes.
    expect(record).not.toMatch(/^(merged|merged by|closed|closed by|merge error|milestone|description):/m);
    expect(record).not.toMatch(/:\s+-$/m);
    expect(body).toBe('First line.\n\n- a point\n- another^[[31m\n');
  });

  it('in a pipe: key and value per line, empty fields left out, the description one line', async () => {
    const mr = addMergeRequest(sandbox().state, { project: 'acme/platform/api', title: 'Piped view', author: 'bob', description: 'one\ntwo' });
    const res = await view(mr.iid, false);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^title\tPiped view$/m);
    expect(res.stdout).not.toMatch(/^merged\t/m);
    expect(res.stdout).not.toMatch(/\t$/m);
    expect(res.stdout).toMatch(/^description\tone two$/m);
  });
});

describe('mr list across projects, default scope', () => {
  it('an empty answer says it lists only the merge requests you created and names --scope all', async () => {
    const sb = sandbox();
    const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
    const mine = await runCli(['mr', 'list'], { env, tty: true });
    expect(mine.exitCode, mine.stderr).toBe(0);
    expect(mine.stderr).toBe('No merge requests you created match: without --scope, mr list shows only yours; --scope all lists every one you can see.\n');
    const all = await runCli(['mr', 'list', '--scope', 'all'], { env, tty: true });
    expect(all.stdout).toContain('acme/platform/api!1');
    const inProject = await runCli(['mr', 'list', '--project', 'acme/platform/api', '--labels', 'no-such-label'], { env, tty: true });
    expect(inProject.stderr).toBe('No merge requests match.\n');
  });
});
