// Types of what the build scripts and tests import from scripts/lazy-builtins.mjs.
import type { Plugin } from 'esbuild';

export interface LazyBuiltin {
  /** Packages (node_modules names) whose require() of the built-in gets the stand-in. */
  packages: string[];
  /** Properties copied at build time: plain data read when the package loads. */
  inline: string[];
}
export const LAZY_BUILTINS: Record<string, LazyBuiltin>;
export function lazyBuiltins(wanted?: Record<string, LazyBuiltin>): Plugin;
