// The global options of CLI.md as the program holds them once parsed (src/core/command.ts
// resolveGlobals), and their defaults.

import type { TokenType } from './token-types.js';
import type { OutputFormat } from './output.js';

export interface GlobalOptions {
  profile?: string;
  url?: string;
  token?: string;
  tokenType?: TokenType;
  sudo?: string;
  output: OutputFormat;
  /** -o or FORGECTL_OUTPUT chose the format (else it is the command's default). */
  outputChosen: boolean;
  fields?: string[];
  all: boolean;
  page?: number;
  perPage?: number;
  limit?: number;
  dryRun: boolean;
  verbose: boolean;
  yes: boolean;
  color: boolean;
  timeout: number;
  retries: number;
  caFile?: string;
  insecure: boolean;
  clientCert?: string;
  clientKey?: string;
  configDir?: string;
  /** The instances come from this inventory file (src/inventory.ts), not from the config directory. */
  inventory?: string;
  /** Set when the inventory came from FORGECTL_INVENTORY: a command that takes none runs as usual. */
  inventoryFromEnv?: boolean;
  allowInsecureHttp: boolean;
  /** A fleet: the profiles (names or globs) to run the command on, one instance each (src/fleet.ts). */
  profiles?: string[];
  /** Set when the fleet came from FORGECTL_PROFILES: a command that reaches no instance then runs as usual. */
  profilesFromEnv?: boolean;
  /** A fleet of every profile. */
  allProfiles: boolean;
  /** Instances of a fleet run at once. */
  fleetConcurrency: number;
  /** A fleet's instances one after another, stopping at the first failure. */
  serial: boolean;
}

export const DEFAULT_GLOBALS: GlobalOptions = {
  output: 'table',
  outputChosen: false,
  all: false,
  dryRun: false,
  verbose: false,
  yes: false,
  color: true,
  timeout: 30,
  retries: 3,
  insecure: false,
  allowInsecureHttp: false,
  allProfiles: false,
  fleetConcurrency: 4,
  serial: false,
};
