// Preloaded with `node --import` by test/e2e/startup-modules.test.ts: appends the URL of every
// module the process loads to the file named by FORGECTL_MODULE_LOG (ES modules as the loader
// hands them over, CommonJS files from the require cache on exit).
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./module-log-hooks.mjs', import.meta.url);

const require = createRequire(import.meta.url);
process.on('exit', () => {
  const files = Object.keys(require.cache).map((f) => pathToFileURL(f).href);
  if (files.length) appendFileSync(process.env.FORGECTL_MODULE_LOG, `${files.join('\n')}\n`);
});
