// `-o markdown` on a command without a Markdown view: the hint names every format the command takes
// (the ones `-o TAB` offers), and each of them works.

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('-o markdown where there is no Markdown view', () => {
  it('settings get: exit 2, and the hint names the formats it takes, csv among them; each works', async () => {
    const env = envFor(sandbox());
    const res = await forgectl(['settings', 'get', 'signup_enabled', '-o', 'markdown'], { env });
    expect(res.exitCode).toBe(2);
    const hint = /hint: use -o (.+)$/m.exec(res.stderr);
    expect(hint, res.stderr).not.toBeNull();
    const named = hint![1]!.split(/, | or /);
    expect(named).toContain('csv');
    for (const format of named) {
      const ok = await forgectl(['settings', 'get', 'signup_enabled', '-o', format], { env });
      expect(ok.exitCode, `${format}: ${ok.stderr}`).toBe(0);
    }
  });
});
