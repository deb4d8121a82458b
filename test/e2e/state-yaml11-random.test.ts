// The PyYAML round trip of state-yaml11.test.ts on a randomly seeded sandbox. The seed is in the
// test's name; replay one with FORGECTL_TEST_RANDOM_SEED=N.

import { it } from 'vitest';
import { PYYAML_SKIP } from '../helpers/pyyaml.js';
import { useSandbox } from '../helpers/sandbox.js';
import { expectPyYamlRoundTrip } from '../helpers/yaml11-round-trip.js';

const fromEnv = process.env.FORGECTL_TEST_RANDOM_SEED;
const seed = fromEnv ? Number(fromEnv) : Math.floor(Math.random() * 1_000_000);
const sandbox = useSandbox({ seed: 'demo', random: seed });

it.skipIf(PYYAML_SKIP)(`export → PyYAML → plan --exit-code is 0 on random seed ${seed} (replay: FORGECTL_TEST_RANDOM_SEED=${seed})${PYYAML_SKIP ? ` (${PYYAML_SKIP})` : ''}`, async () => {
  await expectPyYamlRoundTrip(sandbox(), `random seed ${seed}`);
});
