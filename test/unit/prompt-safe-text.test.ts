// The real prompter draws server text (a source instance's group paths, its error messages) on the
// terminal: control characters in it are shown, never obeyed.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TerminalPrompter } from '../../src/core/prompt.js';

function terminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let drawn = '';
  const waiters: { text: string; then: () => void }[] = [];
  output.on('data', (d: Buffer) => {
    drawn += d.toString();
    for (const w of waiters.splice(0)) {
      if (drawn.includes(w.text)) w.then();
      else waiters.push(w);
    }
  });
  /** Types `keys` once `text` has been drawn. */
  const typeWhen = (text: string, keys: string) => waiters.push({ text, then: () => setImmediate(() => input.write(keys)) });
  return { prompter: new TerminalPrompter(input, output, true), typeWhen, drawn: () => drawn };
}

describe('TerminalPrompter and server text', () => {
  it('a search choice holding ESC sequences is drawn with ^[ and picked by its value', async () => {
    const t = terminal();
    t.typeWhen('evil^[[31mred', '\r');
    const picked = await t.prompter.search('pick', async () => [{ name: 'evil\x1b[31mred\x07', value: 'group:evil' }]);
    expect(picked).toBe('group:evil');
    expect(t.drawn()).toContain('evil^[[31mred^G');
    expect(t.drawn()).not.toContain('evil\x1b[31m');
  });

  it('a refusal holding server text is drawn visibly too', async () => {
    const t = terminal();
    t.typeWhen('pick', 'x');
    t.typeWhen('x', '\r');
    t.typeWhen('^[]0;pwned^G', '\r');
    let refused = false;
    const answer = await t.prompter.input('pick', {
      validate: () => {
        if (refused) return true;
        refused = true;
        return 'cannot check x: \x1b]0;pwned\x07';
      },
    });
    expect(answer).toBe('x');
    expect(t.drawn()).toContain('cannot check x: ^[]0;pwned^G');
    expect(t.drawn()).not.toContain('\x1b]0;pwned');
  });

  it('a question or choice naming a URL with credentials masks them (the password, a ?token=)', async () => {
    const t = terminal();
    t.typeWhen('relay', '\r');
    const picked = await t.prompter.search('pick the source https://u:pa55word@src.example/?private_token=glpat-xyz1', async () => [
      { name: 'relay https://hooks.example/in?sig=s1gn4ture', value: 'hook:1' },
    ]);
    expect(picked).toBe('hook:1');
    expect(t.drawn()).toContain('https://u:********@src.example/?private_token=********');
    expect(t.drawn()).toContain('in?sig=********');
    expect(t.drawn()).not.toMatch(/pa55word|glpat-xyz1|s1gn4ture/);
  });

  it("a confirmation of several lines (a fleet's question) keeps its lines, each shown safely", async () => {
    const t = terminal();
    t.typeWhen('Go on?', 'y');
    t.typeWhen('Go on?', '\r');
    const ok = await t.prompter.confirm('On 2 instances (at once):\n  a: Delete hook \x1b[31mred?\n  b: Delete hook 1?\nGo on?', false);
    expect(ok).toBe(true);
    expect(t.drawn()).toContain('On 2 instances (at once):');
    expect(t.drawn()).not.toContain('^J');
    expect(t.drawn()).toContain('a: Delete hook ^[[31mred?');
    expect(t.drawn()).not.toContain('\x1b[31mred');
  });
});
