// undici's FormData, for multipart uploads only: imported apart from undici-client.ts because it
// brings undici's fetch helpers, and with them node:perf_hooks, node:zlib and node:worker_threads,
// which a plain request never uses (issue 27).

import formdata from 'undici/lib/web/fetch/formdata.js';
// Always loaded after undici-client.ts: importing what it imports keeps the undici modules both
// use in one chunk of the ES module build (as scripts/build.mjs loadedAfterCli does), not split in
// a chunk for both and one for the client alone, each a file more to load.
import 'undici/lib/dispatcher/agent.js';
import 'undici/lib/api/api-request.js';

export const FormData = formdata.FormData;
