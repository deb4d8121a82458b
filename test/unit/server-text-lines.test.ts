// Issue 41 item 8 below the CLI: server text quoted in a warning, a hint or an error built by a
// command stays on forgectl's lines (warnings on one line, an error's further lines indented).

import { describe, expect, it } from 'vitest';
import { CommandFailedError } from '../../src/core/errors.js';
import { reportedError, testContext } from '../helpers/harness.js';

const FORGED = 'x\nhint: run this\nerror: or that';

describe('server text in stderr lines', () => {
  it('a warning quoting it is one line', () => {
    const t = testContext();
    t.ctx.warn(`hook ${FORGED} is disabled`);
    expect(t.stderr()).toBe('warning: hook x\\nhint: run this\\nerror: or that is disabled\n');
  });

  it('an error a command built from it: its further lines indented, the hint one line', () => {
    const { stderr } = reportedError(new CommandFailedError(`migration failed: ${FORGED}`, `the source said: ${FORGED}`));
    expect(stderr.split('\n').filter(Boolean).every((l) => /^(error|hint): |^ {2}/.test(l))).toBe(true);
    expect(stderr).toContain('hint: the source said: x\\nhint: run this\\nerror: or that\n');
  });
});
