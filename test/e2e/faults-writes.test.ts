// Fault matrix, writes (issue 13): every fault × a create, an update, a delete, `mr merge` and
// `mr train add`. An action (POST, mr merge) is sent once, repeated only after a 429 or a refused
// connection; updates and deletes are safe to repeat (CLI.md). A write whose answer was lost exits 1
// and says the change may have been applied, with the command that checks it.

import { describe, expect, it } from 'vitest';
import { addMergeRequest } from '../../src/sandbox/merge-requests/seed.js';
import { FAULTS, expectNoFalseAnswer, expectedAttempts, runWithFault, specFor, type FaultCase } from '../helpers/faults.js';
import { rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

interface Family {
  name: string;
  action: boolean;
  /** Sets up what the write needs; returns its CLI arguments, its method and path, and the check command. */
  prepare: () => Promise<{ args: string[]; method: string; path: string; check: string }>;
}

let hookSeq = 0;
async function newHook(): Promise<number> {
  const sb = sandbox();
  const res = await fetch(`${sb.url}/api/v4/hooks`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': sb.tokens.admin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: `https://hooks.example.com/fault-${++hookSeq}` }),
  });
  const body = (await res.json()) as { id: number } | { id: number }[];
  if (res.status !== 201) throw new Error(`could not add a hook: ${res.status} ${JSON.stringify(body)}`);
  return (Array.isArray(body) ? body[0] : body).id;
}

function freshMr(title: string, project: string) {
  return addMergeRequest(sandbox().state, { project, title, author: 'alice', pipeline: { startedAgoMs: 10_000, durationMs: 1000, outcome: 'success' } });
}

const FAMILIES: Family[] = [
  {
    name: 'a create (hooks create)',
    action: true,
    prepare: async () => ({ args: ['hooks', 'create', '--url', 'https://hooks.example.com/new', '-o', 'json'], method: 'POST', path: '/hooks', check: 'forgectl api /hooks' }),
  },
  {
    name: 'an update (broadcast update)',
    action: false,
    prepare: async () => ({ args: ['broadcast', 'update', '1', '--message', 'Maintenance moved', '-o', 'json'], method: 'PUT', path: '/broadcast_messages/1', check: 'forgectl api /broadcast_messages/1' }),
  },
  {
    name: 'a delete (hooks delete)',
    action: false,
    prepare: async () => {
      const id = await newHook();
      return { args: ['hooks', 'delete', String(id), '--yes', '-o', 'json'], method: 'DELETE', path: `/hooks/${id}`, check: `forgectl api /hooks/${id}` };
    },
  },
  {
    name: 'mr merge',
    action: true,
    prepare: async () => {
      const mr = freshMr('Fault merge', 'acme/platform/api');
      const path = `/projects/acme%2Fplatform%2Fapi/merge_requests/${mr.iid}`;
      return { args: ['mr', 'merge', `acme/platform/api!${mr.iid}`, '-o', 'json'], method: 'PUT', path: `${path}/merge`, check: `forgectl api ${path}` };
    },
  },
  {
    name: 'mr train add',
    action: true,
    prepare: async () => {
      const mr = freshMr('Fault train', 'opensource/forgectl');
      const path = `/projects/opensource%2Fforgectl/merge_trains/merge_requests/${mr.iid}`;
      return { args: ['mr', 'train', 'add', `opensource/forgectl!${mr.iid}`, '-o', 'json'], method: 'POST', path, check: `forgectl api ${path}` };
    },
  },
];

function lost(f: FaultCase): boolean {
  return !f.status && !f.refused;
}

for (const fam of FAMILIES) {
  describe(`fault matrix: ${fam.name}`, () => {
    for (const f of FAULTS) {
      it(`${f.kind}: exit 1, sent ${fam.action ? 'once' : 'as a safe repeat'}, ${lost(f) ? 'may have been applied' : 'the error said'}`, async () => {
        const w = await fam.prepare();
        const res = await runWithFault(sandbox(), specFor(f, 'forever', `${w.method}:${w.path}`), w.args);
        expect(res.exitCode, res.stderr).toBe(1);
        expect(res.stdout).toBe('');
        expectNoFalseAnswer(res);
        expect(res.stderr).toMatch(f.stderr);
        const sent = res.requests.filter((r) => r.method === w.method && r.path === `/api/v4${w.path}`);
        expect(sent).toHaveLength(expectedAttempts(f, fam.action));
        if (lost(f)) {
          expect(res.stderr).toMatch(/^error: .*; the change may have been applied$/m);
          expect(res.stderr).toContain(`hint: check before trying again: ${w.check}`);
        } else {
          expect(res.stderr).not.toContain('may have been applied');
        }
      });
    }
  });
}

describe('a write whose answer was cut really may have been applied', () => {
  it('a DELETE cut mid-answer deleted the hook; the safe repeat finds it gone and says so (exit 1, not 3)', async () => {
    const id = await newHook();
    const res = await runWithFault(sandbox(), `reset-body:1@DELETE:/hooks/${id}`, ['hooks', 'delete', String(id), '--yes']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^error: DELETE \\S+/hooks/${id}: the answer to attempt 1 was lost \\(\\w+\\) and attempt 2 answered 404 .*; the change may have been applied$`, 'm'));
    expect(res.stderr).toContain(`hint: check before trying again: forgectl api /hooks/${id}`);
    expect(res.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
    // The check of the hint: the hook is gone.
    expect((await rawGet(sandbox(), `/hooks/${id}`, sandbox().tokens.admin)).status).toBe(404);
  });

  it('a create cut mid-answer is not sent again: one hook, created once', async () => {
    const before = (await rawGet(sandbox(), '/hooks?per_page=100', sandbox().tokens.admin)).body.length;
    const res = await runWithFault(sandbox(), 'reset-body:1@POST:/hooks', ['hooks', 'create', '--url', 'https://hooks.example.com/once']);
    expect(res.exitCode).toBe(1);
    expect(res.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect((await rawGet(sandbox(), '/hooks?per_page=100', sandbox().tokens.admin)).body.length).toBe(before + 1);
  });
});
