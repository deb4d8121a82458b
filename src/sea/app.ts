// The CLI proper in the single executable, bundled apart from the entry point: what main.ts loads
// with `import('./cli.js')` and `import('./context.js')` (see app-loader.ts).

export { run } from '../cli.js';
export { createContext } from '../context.js';
