// Issue 44 deliverable 8: one way to do each thing. `settings set` and `state apply` write settings
// through one write (and one executor, whose answer check both report), and an exit code is named
// once, in ExitCode.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'sandbox' ? [] : sources(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const files = sources(SRC).map((f) => ({ name: relative(join(SRC, '..'), f), text: readFileSync(f, 'utf8') }));

describe('one way to do each thing', () => {
  it('the settings are written by one write, which the executor sends for settings set and state apply alike', () => {
    const writers = files.filter((f) => /(put\(|method: 'PUT', path: )'\/application\/settings'/.test(f.text)).map((f) => f.name);
    expect(writers).toEqual(['src/commands/state/settings-section.ts']);
    const settingsRun = files.find((f) => f.name === 'src/commands/settings/run.ts')!.text;
    expect(settingsRun).toContain('applyPlan(');
  });

  it('an exit code is named once, in ExitCode (core/errors.ts)', () => {
    expect(files.filter((f) => /export const EXIT_\w+\s*=\s*\d/.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('values are compared by one function', () => {
    expect(files.filter((f) => /export function (sameValue|sameSetting)\b/.test(f.text)).map((f) => f.name)).toEqual(['src/core/same-value.ts']);
  });
});
