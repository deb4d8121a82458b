// Entry of dist/docs.js for scripts/gen-docs.mjs: builds the program the CLI runs and generates from
// it. Only this file imports the CLI, so src/docs/ itself stays free of an import cycle.

import { PassThrough, Readable } from 'node:stream';
import { buildProgram } from '../cli.js';
import { Context } from '../context.js';
import { generatedFiles as filesOf } from './index.js';

/** The full command tree, built with a context nothing reads (no action runs). */
export function docsProgram() {
  const ctx = new Context({ stdin: Readable.from([]), stdout: new PassThrough(), stderr: new PassThrough(), env: {}, isTTY: { stdin: false, stdout: false, stderr: false } });
  return buildProgram({ ctx });
}

export function generatedFiles(): Map<string, string> {
  return filesOf(docsProgram());
}
