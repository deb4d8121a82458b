// undici's FormData, for multipart uploads only: imported apart from undici-client.ts because it
// brings undici's fetch helpers, and with them node:perf_hooks, node:zlib and node:worker_threads,
// which a plain request never uses (issue 27).

import formdata from 'undici/lib/web/fetch/formdata.js';

export const FormData = formdata.FormData;
