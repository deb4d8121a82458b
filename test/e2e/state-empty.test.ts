// `state export → plan` round trip on the empty seed: nothing but defaults, no hooks, no broadcasts.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ seed: 'empty' });

it('export of an empty instance reads back as no change, with empty lists rather than missing sections', async () => {
  const sb = sandbox();
  const exp = await forgectl(['state', 'export'], { env: envFor(sb) });
  expect(exp.exitCode, exp.stderr).toBe(0);
  const doc = parse(exp.stdout);
  expect(doc.system_hooks).toEqual([]);
  expect(doc.broadcast_messages).toEqual([]);
  const path = join(tempDir(), 'empty.yaml');
  writeFileSync(path, exp.stdout);
  const mark = sb.requests.length;
  const plan = await forgectl(['state', 'plan', '-f', path, '--prune', '--exit-code'], { env: envFor(sb) });
  expect(plan.exitCode, plan.stdout + plan.stderr).toBe(0);
  expect(plan.stdout).toContain('No changes');
  expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
});
