// The CLI proper, bundled apart from the entry point: what main.ts loads with `import('./cli.js')`
// in the single executable (see app-loader.ts) and, as dist/app.cjs, from bin/forgectl
// (src/app-loader.ts).

export { run } from '../cli.js';
export { createContext } from '../context.js';
