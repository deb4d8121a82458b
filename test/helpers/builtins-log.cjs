// Preloaded with `node --require` by test/e2e/startup-modules.test.ts: writes Node's list of the
// built-in modules the process loaded (process.moduleLoadList) to the file named by
// FORGECTL_BUILTINS_LOG on exit. CommonJS and node:fs only, so the probe itself loads nothing more.
'use strict';
const { writeFileSync } = require('node:fs');

process.on('exit', () => writeFileSync(process.env.FORGECTL_BUILTINS_LOG, `${process.moduleLoadList.join('\n')}\n`));
