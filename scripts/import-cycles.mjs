// Import cycles among src/ files. Every import counts: static, dynamic, re-exports and type-only ones
// (`import type`, `import { type X }`, `import('./x.js').T`), because a type cycle still ties two
// modules' designs together even though the bundle drops it. Sources are parsed with TypeScript's
// own parser (nothing is compiled or written). `node scripts/import-cycles.mjs` prints the cycles and
// exits 1 if there is one; test/unit/import-cycles.test.ts runs the same check. It also holds the
// floors: src/core/ is the ground floor (HTTP, output, errors, profiles) and imports nothing above it
// (src/context.ts, src/fleet.ts, src/cli.ts, src/commands/, src/explain-credential.ts); src/docs/
// (completion, man pages) reads the command tree and the models, never a command's code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(m|c)?tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The module specifiers a file names, whichever kind of import or re-export names them. */
function specifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source file a relative specifier names (`./x.js` is written for `./x.ts`), or undefined. */
function resolveRelative(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(m|c)?js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${stem}.cts`, `${stem}.tsx`, `${stem}.d.ts`, join(base, 'index.ts')];
  return candidates.find((c) => /\.(m|c)?tsx?$/.test(c) && existsSync(c));
}

/** Every file under `root` (default src/) with the files under it it imports, as repo-relative paths. */
export async function importGraph(root = join(REPO, 'src')) {
  const top = dirname(resolve(root));
  const name = (f) => relative(top, f).split('\\').join('/');
  const graph = new Map();
  for (const file of sourceFiles(resolve(root)).sort()) {
    const targets = specifiers(file)
      .map((s) => resolveRelative(file, s))
      .filter((t) => t !== undefined && !relative(resolve(root), t).startsWith('..'))
      .map(name);
    graph.set(name(file), [...new Set(targets)]);
  }
  return graph;
}

/** One cycle per strongly connected group of files (Tarjan), each as the files along it. */
export function findCycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const cycles = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) !== idx.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return cycles;
}

/** Imports from src/core/ of a file outside it, as `from -> to`: the core floor names nothing above it. */
export function floorViolations(graph) {
  const out = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('src/core/')) continue;
    for (const to of targets) if (!to.startsWith('src/core/')) out.push(`${from} -> ${to}`);
  }
  return out.sort();
}

/** Imports from src/docs/ of src/commands/, as `from -> to`: names both need live in a leaf module (src/api/). */
export function docsViolations(graph) {
  const out = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('src/docs/')) continue;
    for (const to of targets) if (to.startsWith('src/commands/')) out.push(`${from} -> ${to}`);
  }
  return out.sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = await importGraph();
  const cycles = findCycles(graph);
  for (const c of cycles) console.log(`import cycle among: ${c.join(', ')}`);
  const upward = floorViolations(graph);
  for (const v of upward) console.log(`src/core/ imports a floor above it: ${v}`);
  const docs = docsViolations(graph);
  for (const v of docs) console.log(`src/docs/ imports a command's code: ${v}`);
  process.exit(cycles.length || upward.length || docs.length ? 1 : 0);
}
