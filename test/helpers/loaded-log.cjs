// Preloaded with `node --require` by test/e2e/startup-modules.test.ts: writes to FORGECTL_LOADED_LOG,
// at exit, what the process loaded: Node's own modules (process.moduleLoadList) and the files of the
// CommonJS require cache. A --require preload starts no ES module loader of its own.
'use strict';
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  writeFileSync(process.env.FORGECTL_LOADED_LOG, [...process.moduleLoadList, ...Object.keys(require.cache).map((f) => `File ${f}`)].join('\n'));
});
