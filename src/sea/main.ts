// Entry point of the single executable: scripts/build-executable.mjs bundles it, and everything it
// imports, into one CommonJS script that Node runs from the blob injected into its own binary.

import { exitWhenFlushed, main } from '../main.js';

main(process.argv.slice(2), () => 'single executable').then(exitWhenFlushed);
