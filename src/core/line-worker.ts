// The second thread of page-lines.ts: encodes the NDJSON lines of the list pages it is handed.
// Bundled on its own into the CLI as a string (scripts/esbuild-options.mjs); imports only item-json.

import { parentPort } from 'node:worker_threads';
import { encodePage } from './item-json.js';

const port = parentPort!;
// A page's claim is 0 until one thread takes it: 1 here, 2 the main thread (which then encodes it).
port.on('message', ({ id, text, claim }: { id: number; text: string; claim: Int32Array }) => {
  if (Atomics.compareExchange(claim, 0, 0, 1) !== 0) return port.postMessage({ id });
  const encoded = encodePage(text);
  if (encoded) port.postMessage({ id, lines: encoded.lines, masked: encoded.masked }, [encoded.masked.buffer as ArrayBuffer]);
  else port.postMessage({ id });
});
port.postMessage('ready');
