// `mr merge` and `mr delete` on a terminal, run in-process with a scripted prompter: the question
// names the merge request, and a "no" sends no write.

import { describe, expect, it } from 'vitest';
import { addMergeRequest } from '../../src/sandbox/merge-requests/seed.js';
import { runCli, ScriptedPrompter } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function runOnTerminal(args: string[], answer: boolean): Promise<{ code: number; asked: string[]; methods: string[] }> {
  const sb = sandbox();
  const prompt = new ScriptedPrompter([answer]);
  const mark = sb.requests.length;
  const res = await runCli(args, { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.alice }, tty: true, prompt });
  return { code: res.exitCode, asked: prompt.asked, methods: sb.requests.slice(mark).map((r) => r.method) };
}

describe('confirmation on a terminal', () => {
  it('mr merge asks with the title and branches; "no" cancels (130) without merging', async () => {
    const mr = addMergeRequest(sandbox().state, { project: 'acme/platform/api', title: 'Confirm me', author: 'bob', source: 'feature/confirm', pipeline: { startedAgoMs: 10_000, durationMs: 1000, outcome: 'success' } });
    const no = await runOnTerminal(['mr', 'merge', `acme/platform/api!${mr.iid}`], false);
    expect(no.code).toBe(130);
    expect(no.asked).toEqual([`Merge acme/platform/api!${mr.iid} "Confirm me" (feature/confirm → main)?`]);
    expect(no.methods).toEqual(['GET']);
    expect(mr.state).toBe('opened');
    const yes = await runOnTerminal(['mr', 'merge', `acme/platform/api!${mr.iid}`], true);
    expect(yes.code).toBe(0);
    expect(yes.methods).toEqual(['GET', 'PUT']);
    expect(mr.state).toBe('merged');
  });

  it('mr delete asks too, and --yes skips the question', async () => {
    const mr = addMergeRequest(sandbox().state, { project: 'acme/platform/api', title: 'Delete on a terminal', author: 'bob' });
    const no = await runOnTerminal(['mr', 'delete', `acme/platform/api!${mr.iid}`], false);
    expect(no.code).toBe(130);
    expect(no.asked[0]).toContain('"Delete on a terminal"');
    expect(no.methods).toEqual(['GET']);
    const yes = await runOnTerminal(['mr', 'delete', `acme/platform/api!${mr.iid}`, '--yes'], false);
    expect(yes).toMatchObject({ code: 0, asked: [], methods: ['DELETE'] });
  });
});
