// `forgectl licenses`: the licence texts of forgectl and of everything it is made of, readable from
// the one file a user has (as `gh licenses` does). The single executable carries them as an asset
// (scripts/build-executable.mjs); the npm package prints dist/LICENSES.txt, which the build writes
// (bundled packages and the keyring addon packed with it).

import type { Command } from 'commander';
import { defineCommand, type Registry } from '../../core/command.js';

export function registerLicenses(program: Command, reg: Registry): void {
  defineCommand(program, reg, {
    name: 'licenses',
    scope: 'local',
    globals: { output: false },
    summary: 'Print the licences of forgectl and of the software it includes',
    description:
      'forgectl’s own licence, then the full licence texts of the packages bundled into it and of the credential store ' +
      'binding. The single executable is also a copy of Node.js, so it prints Node’s licence too (V8, OpenSSL, ICU, ' +
      'libuv, …); the same text is released beside it as forgectl-linux-x64.LICENSES.txt. Needs no configuration ' +
      'and sends nothing.',
    examples: ['forgectl licenses | less', 'forgectl licenses > forgectl-licenses.txt'],
    run: async (ctx) => (await import('./run.js')).licensesCommand(ctx),
  });
}
