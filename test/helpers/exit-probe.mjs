// Preloaded with `node --import` by test/e2e/startup-modules.test.ts: writes to FORGECTL_EXIT_LOG how
// the process ended. `drained` means Node waited for the event loop to empty ('beforeExit' fired:
// idle keep-alive sockets and timers held it); `exited` means process.exit() ended it first.
import { appendFileSync } from 'node:fs';

let drained = false;
process.on('beforeExit', () => {
  drained = true;
});
process.on('exit', () => {
  appendFileSync(process.env.FORGECTL_EXIT_LOG, `${drained ? 'drained' : 'exited'}\n`);
});
