// The state file survives the tools admins edit it with: an export loaded and dumped again by
// PyYAML (YAML 1.1) plans as no change, with strings YAML 1.1 would read as other types present;
// times in YAML 1.1's timestamp forms are read and normalised.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { forgectl, tempDir } from '../helpers/cli.js';
import { PYYAML_SKIP, findGitlabracadabra, gitlabracadabraRead, pyYamlRoundTrip } from '../helpers/pyyaml.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';
import { expectPyYamlRoundTrip } from '../helpers/yaml11-round-trip.js';

const sandbox = useSandbox();

it.skipIf(PYYAML_SKIP)(`export → PyYAML safe_load/safe_dump → plan --exit-code is 0 on the demo seed${PYYAML_SKIP ? ` (${PYYAML_SKIP})` : ''}`, async () => {
  await expectPyYamlRoundTrip(sandbox(), 'demo seed');
});

it.skipIf(PYYAML_SKIP)('times PyYAML wrote as its own timestamps (an export whose times were unquoted) are read as the same instants', async () => {
  const sb = sandbox();
  const exp = await forgectl(['state', 'export', '--only', 'broadcast_messages'], { env: envFor(sb) });
  expect(exp.exitCode, exp.stderr).toBe(0);
  // An export of before: ISO times unquoted, which YAML 1.1 reads as timestamps.
  const unquoted = exp.stdout.replace(/(_at: )"(\d{4}-\d\d-\d\dT[\d:.]+Z)"/g, '$1$2');
  expect(unquoted).toMatch(/starts_at: \d{4}-\d\d-\d\dT/);
  const edited = pyYamlRoundTrip(unquoted);
  expect(edited).toMatch(/starts_at: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00:00/);
  const path = join(tempDir(), 'timestamps.yaml');
  writeFileSync(path, edited);
  const plan = await forgectl(['state', 'plan', '-f', path, '--exit-code'], { env: envFor(sb) });
  expect(plan.exitCode, plan.stdout + plan.stderr).toBe(0);
});

const gitlabracadabra = findGitlabracadabra();

it.skipIf(!gitlabracadabra)(`gitlabracadabra's parser reads an export as the same data forgectl reads${gitlabracadabra ? '' : ' (skipped: gitlabracadabra is not installed; .ci/run installs it)'}`, async () => {
  const sb = sandbox();
  const exp = await forgectl(['state', 'export', '--all-groups'], { env: envFor(sb) });
  expect(exp.exitCode, exp.stderr).toBe(0);
  expect(exp.stdout).toContain('"yes"');
  expect(gitlabracadabraRead(gitlabracadabra!, exp.stdout)).toEqual(parse(exp.stdout));
});
