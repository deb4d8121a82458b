// Loader hook of module-log.mjs. It runs on the loader thread, before each module is evaluated,
// so the log is complete even when the process ends with process.exit().
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  appendFileSync(process.env.FORGECTL_MODULE_LOG, `${url}\n`);
  return nextLoad(url, context);
}
