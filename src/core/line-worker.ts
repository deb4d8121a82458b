// The second thread of page-lines.ts: encodes the NDJSON lines of the list pages it is handed.
// Bundled on its own into the CLI as a string (scripts/esbuild-options.mjs); imports only item-json.

import { encodePage } from './item-json.js';

// Not an import: the bundled script then holds no `require`, which the build looks for in the chunk
// carrying it (scripts/build.mjs gives such a chunk a require of its own).
const port = process.getBuiltinModule('node:worker_threads').parentPort!;
// A page's claim is 0 until one thread takes it: 1 here, 2 the main thread (which then encodes it).
port.on('message', ({ id, text, claim }: { id: number; text: string; claim: Int32Array }) => {
  if (Atomics.compareExchange(claim, 0, 0, 1) !== 0) return port.postMessage({ id });
  const encoded = encodePage(text);
  if (encoded) port.postMessage({ id, lines: encoded.lines, masked: encoded.masked }, [encoded.masked.buffer as ArrayBuffer]);
  else port.postMessage({ id });
});
port.postMessage('ready');
