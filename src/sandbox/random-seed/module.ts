// Runs last, over the demo data: see seed.ts.

import type { SandboxModule } from '../sandbox-module.js';
import { seedRandom } from './seed.js';

export const randomSeedModule: SandboxModule = {
  name: 'random-seed',
  register() {},
  seed(state, _kind, options) {
    if (options.random !== undefined) seedRandom(state, options.random);
  },
};
