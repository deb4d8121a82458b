// `mr merge` and `mr delete` on a terminal, run in-process with a scripted prompter: the question
// names the merge request, and a "no" sends no write.

import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerMr } from '../../src/commands/mr/index.js';
import { addGlobalOptions, type Registry } from '../../src/core/command.js';
import { exitCodeFor } from '../../src/core/errors.js';
import type { Prompter } from '../../src/core/prompt.js';
import { createContext } from '../../src/context.js';
import { addMergeRequest } from '../../src/sandbox/merge-requests/seed.js';
import { tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

function scripted(answer: boolean, asked: string[]): Prompter {
  const no = () => Promise.reject(new Error('not expected'));
  return {
    interactive: true,
    confirm: async (message) => {
      asked.push(message);
      return answer;
    },
    input: no,
    password: no,
    select: no,
    search: no,
  };
}

async function runOnTerminal(args: string[], answer: boolean): Promise<{ code: number; asked: string[]; methods: string[] }> {
  const sb = sandbox();
  const asked: string[] = [];
  const ctx = createContext({
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.alice, FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-') },
    isTTY: { stdin: true, stdout: true, stderr: true },
    prompt: scripted(answer, asked),
  });
  const reg: Registry = { ctx };
  const program = new Command('forgectl').exitOverride();
  registerMr(program, reg);
  const visit = (c: Command) => {
    addGlobalOptions(c);
    c.exitOverride();
    c.commands.forEach(visit);
  };
  program.commands.forEach(visit);
  const mark = sb.requests.length;
  let code = 0;
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (err) {
    code = exitCodeFor(err);
  } finally {
    await ctx.close();
  }
  return { code, asked, methods: sb.requests.slice(mark).map((r) => r.method) };
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
