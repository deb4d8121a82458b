// What an endpoint family is. Its own leaf, so each family's routes.ts can declare one without
// importing modules.ts, the list that imports every family.

import type { Router } from './http/router.js';
import type { SandboxState, SeedKind } from './state.js';

export interface SeedOptions {
  /** Generated projects added for benchmarks. */
  extraProjects?: number;
  /** Generated tokens added for benchmarks, owned by `extraTokenOwners` generated users (default 1). */
  extraTokens?: number;
  extraTokenOwners?: number;
  /** Seed `random:N`: fills what `forgectl state` manages from a generator seeded with N. */
  random?: number;
  /** Seed `duplicates`: the demo seed with a second hook on one URL and a second broadcast with one message. */
  duplicates?: boolean;
}

export interface SandboxModule {
  name: string;
  /** Where the module's paths live; `/api/v4` unless said otherwise. */
  prefix?: string;
  register(router: Router, state: SandboxState): void;
  /** Seeds run in list order, so a module may rely on those before it. */
  seed?(state: SandboxState, seed: SeedKind, options: SeedOptions): void;
}
