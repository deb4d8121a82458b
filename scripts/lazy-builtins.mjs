// An esbuild plugin that makes chosen Node built-ins, required at the top of bundled packages, load
// on first use. Everything is one bundle, so such a require runs at the start of every command:
// commander's child_process (only for executable subcommands, which forgectl has none of) and
// undici's http2 (only for HTTP/2, which forgectl never enables) cost some 10 ms of a one-request run.
// The package gets an object with a getter for each property of the real module, which requires it
// on the first read.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Which built-ins to defer, and for which packages' requires. `inline` names properties read when
 * the package loads (a getter would load the module at once), copied at build time: they must be
 * plain data that no Node version changes.
 */
export const LAZY_BUILTINS = {
  // lib/command.js: `childProcess.spawn` in _executeSubCommand only.
  'node:child_process': { packages: ['commander'], inline: [] },
  // lib/dispatcher/client-h2.js: `http2.connect` for an h2 connection only; at load it destructures
  // `constants` (header names such as ':path' and the RFC 9113 error codes: fixed by the protocol).
  'node:http2': { packages: ['undici'], inline: ['constants'] },
};

/** @param {Record<string, { packages: string[], inline: string[] }>} wanted */
export function lazyBuiltins(wanted = LAZY_BUILTINS) {
  const names = Object.keys(wanted).map((id) => id.slice('node:'.length));
  const filter = new RegExp(`^(node:)?(${names.join('|')})$`);
  return {
    name: 'lazy-builtins',
    setup(b) {
      b.onResolve({ filter }, (args) => {
        // The stand-in's own require (namespace lazy-builtin) resolves as usual: Node's module.
        if (args.kind !== 'require-call' || args.namespace !== 'file') return undefined;
        const id = `node:${args.path.replace(/^node:/, '')}`;
        const pkg = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(args.importer)?.[1];
        if (!pkg || !wanted[id].packages.includes(pkg)) return undefined;
        return { path: id, namespace: 'lazy-builtin' };
      });
      b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({ contents: standIn(args.path, wanted[args.path].inline), loader: 'js' }));
    },
  };
}

/** CommonJS source of the stand-in for built-in `id`. */
function standIn(id, inline) {
  const real = require(id);
  const data = {};
  for (const key of inline) {
    const value = real[key];
    if (!value || typeof value !== 'object' || !Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')) {
      throw new Error(`lazy-builtins: ${id} ${key} is not plain data`);
    }
    data[key] = value;
  }
  const lazy = Object.keys(real).filter((k) => !inline.includes(k));
  return [
    `let real;`,
    `const load = () => (real ??= require(${JSON.stringify(id)}));`,
    `const lazy = ${JSON.stringify(data)};`,
    `for (const key of ${JSON.stringify(lazy)}) Object.defineProperty(lazy, key, { get: () => load()[key], enumerable: true, configurable: true });`,
    `module.exports = lazy;`,
  ].join('\n');
}
