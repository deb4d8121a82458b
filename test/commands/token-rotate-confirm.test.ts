// `token rotate ID` on a terminal: another user's token loses its secret as with `token revoke`, so
// it asks as revoke does; "no" sends no rotation. The token in use is rotated without a question.

import { describe, expect, it } from 'vitest';
import { runCli, ScriptedPrompter } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function rotateOnTerminal(id: string, answers: boolean[], token = 'admin') {
  const sb = sandbox();
  const prompt = new ScriptedPrompter(answers);
  const mark = sb.requests.length;
  const res = await runCli(['token', 'rotate', id, '-o', 'json'], { env: { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens[token] }, tty: true, prompt });
  return { code: res.exitCode, asked: prompt.asked, posts: sb.requests.slice(mark).filter((r) => r.method === 'POST').length };
}

describe('token rotate on a terminal', () => {
  it('asks before rotating another user’s token; "no" cancels (130) without rotating, "yes" rotates', async () => {
    const listed = await runCli(['token', 'list', '--user', 'carol', '--state', 'active', '-o', 'json'], { env: { FORGECTL_URL: sandbox().url, FORGECTL_TOKEN: sandbox().tokens.admin } });
    const [token] = JSON.parse(listed.stdout) as { id: number; name: string }[];
    const no = await rotateOnTerminal(String(token.id), [false]);
    expect(no).toEqual({ code: 130, asked: [`Rotate token ${token.id} ("${token.name}") of carol on ${sandbox().url}, ending its current secret?`], posts: 0 });
    const yes = await rotateOnTerminal(String(token.id), [true]);
    expect(yes).toMatchObject({ code: 0, posts: 1 });
  });

  it('rotates the token in use without asking', async () => {
    const self = await rotateOnTerminal('self', [], 'bob');
    expect(self).toEqual({ code: 0, asked: [], posts: 1 });
  });
});
