// The export → PyYAML → plan round trip, run on the demo seed and on random seeds.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { forgectl, tempDir } from './cli.js';
import { lookalikeSeed, pyYamlRoundTrip } from './pyyaml.js';
import { envFor, requestsSince } from './sandbox.js';
import type { Sandbox } from '../../src/sandbox/index.js';

export async function expectPyYamlRoundTrip(sb: Sandbox, label: string): Promise<void> {
  const dir = tempDir();
  const seedPath = join(dir, 'lookalikes.json');
  writeFileSync(seedPath, lookalikeSeed());
  const seeded = await forgectl(['state', 'apply', '-f', seedPath, '--yes'], { env: envFor(sb) });
  expect(seeded.exitCode, `${label}: ${seeded.stderr}`).toBe(0);

  const exp = await forgectl(['state', 'export', '--all-groups'], { env: envFor(sb) });
  expect(exp.exitCode, `${label}: ${exp.stderr}`).toBe(0);
  const edited = pyYamlRoundTrip(exp.stdout);
  // PyYAML did rewrite the file (its own quoting and key order), so the test covers something.
  expect(edited, label).not.toBe(exp.stdout);
  const path = join(dir, 'edited.yaml');
  writeFileSync(path, edited);
  const mark = sb.requests.length;
  const plan = await forgectl(['state', 'plan', '-f', path, '--exit-code'], { env: envFor(sb) });
  expect(plan.exitCode, `${label}:\n${plan.stdout}${plan.stderr}`).toBe(0);
  expect(plan.stdout, label).toContain('No changes');
  expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
}
