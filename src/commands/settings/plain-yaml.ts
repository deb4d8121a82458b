// A settings, envs or instance file read as plain data: YAML or JSON (YAML is a superset), without
// YAML tags, with every number finite and every key once. Every problem is named with its place
// (file:line:column) and path, all of them in one UsageError; each value keeps its place, so the
// checks of what it means can name it too.

import { LineCounter, Scalar, isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { FileProblems, type Place } from '../../core/file-problems.js';
import { UsageError } from '../../core/errors.js';

const CORE_TAG = 'tag:yaml.org,2002:';
/** The yaml library's default limit, named here so the refusal can say it. */
const MAX_ALIAS_COPIES = 100;

/** Where a value of the document stands, and where its children do. */
export interface Located {
  place: Place;
  /** A mapping value's key (where "unknown key" points). */
  keyPlace?: Place;
  /** A plain scalar read as a number, as written: YAML 1.1 (PyYAML) reads `1e3` or `0o17` as a string. */
  written?: string;
  children?: Map<string | number, Located>;
}

export interface PlainDoc {
  value: unknown;
  /** Absent for an empty document. */
  located?: Located;
}

/** The value at `path`, or the nearest enclosing one that is there. */
export function locate(root: Located | undefined, path: readonly PropertyKey[]): Located | undefined {
  let at = root;
  for (const key of path) {
    const next = at?.children?.get(typeof key === 'number' ? key : String(key));
    if (!next) break;
    at = next;
  }
  return at;
}

/** The value at `path` itself, if the document has it. */
export function locateExactly(root: Located | undefined, path: readonly PropertyKey[]): Located | undefined {
  let at = root;
  for (const key of path) at = at?.children?.get(typeof key === 'number' ? key : String(key));
  return at;
}

/** `!!binary` as written rather than its long form. */
function tagAsWritten(tag: string): string {
  return tag.startsWith(CORE_TAG) ? `!!${tag.slice(CORE_TAG.length)}` : tag;
}

function keyText(key: unknown): string | undefined {
  if (!isScalar(key) || key.tag) return undefined;
  return String(key.value);
}

interface Pending {
  node: Node;
  path: string;
  located: Located;
}

/** Reads `text`; throws one UsageError naming every problem found (exit 2). */
export function readPlainYaml(text: string, where: string): PlainDoc {
  const lines = new LineCounter();
  // Duplicate keys are found below with one Map per mapping: the parser's own check compares each
  // key with every key before it, which made a file of 50,000 keys take seconds.
  const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'silent', lineCounter: lines });
  const problems = new FileProblems(where);
  const placeAt = (offset: number): Place => {
    const { line, col } = lines.linePos(offset);
    return { file: where, line, column: col };
  };
  if (doc.errors.length) {
    for (const e of doc.errors) problems.add({ place: placeAt(e.pos[0]), path: '', text: `not valid YAML or JSON: ${e.message.split('\n')[0]!.replace(/:$/, '')}` });
    problems.throwIfAny();
  }
  const place = (node: { range?: readonly number[] | null }) => placeAt(node.range?.[0] ?? 0);
  const subject = (path: string) => path || 'the document';
  const add = (node: Node, path: string, what: string, hint?: string) => problems.add({ place: place(node), path, text: `${subject(path)} ${what}`, hint });

  const root: Located | undefined = doc.contents ? { place: place(doc.contents) } : undefined;
  const pending: Pending[] = doc.contents && root ? [{ node: doc.contents, path: '', located: root }] : [];
  // A stack, not recursion: a deeply nested file must not overflow the call stack.
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { node, path, located } = item;
    if (isAlias(node)) continue; // its anchor is checked where it stands
    if (node.tag) {
      add(node, path, `has the YAML tag ${tagAsWritten(node.tag)}; the file takes plain values`, 'remove the tag (quote the value to keep it a string)');
    } else if (isScalar(node)) {
      if (typeof node.value === 'number') {
        const written = text.slice(node.range?.[0], node.range?.[1]).trim();
        if (!Number.isFinite(node.value)) add(node, path, Number.isNaN(node.value) ? `must be a number, got ${written}` : `is out of range: ${written}`);
        else if (node.type === Scalar.PLAIN) located.written = written;
      }
    } else if (isMap(node)) {
      located.children = new Map();
      const seen = new Map<string, number>();
      for (const pair of node.items) {
        const keyNode = (pair.key ?? node) as Node;
        const key = keyText(pair.key);
        if (key === undefined) {
          add(keyNode, path, 'has a key that is not a plain name', 'write each key as a name: name: value');
          continue;
        }
        const keyPath = path ? `${path}.${key}` : key;
        const keyPlace = place(keyNode);
        const before = seen.get(key);
        if (before !== undefined) add(keyNode, keyPath, `is given twice (lines ${before} and ${keyPlace.line})`, 'give each key once');
        seen.set(key, keyPlace.line);
        const child: Located = { place: pair.value ? place(pair.value as Node) : keyPlace, keyPlace };
        located.children.set(key, child);
        if (pair.value) pending.push({ node: pair.value as Node, path: keyPath, located: child });
      }
    } else if (isSeq(node)) {
      located.children = new Map();
      node.items.forEach((childNode, i) => {
        const child: Located = { place: place(childNode as Node) };
        located.children!.set(i, child);
        pending.push({ node: childNode as Node, path: `${path}[${i}]`, located: child });
      });
    }
  }
  problems.throwIfAny();
  return { value: expand(doc, where), located: root };
}

export function parsePlainYaml(text: string, where: string): unknown {
  return readPlainYaml(text, where).value;
}

/** Values as data; aliases copy what they name, up to the library's count (a "billion laughs" file stops there). */
function expand(doc: Document.Parsed, where: string): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COPIES });
  } catch (e) {
    if (!(e instanceof ReferenceError)) throw e;
    throw new UsageError(
      `${where} is refused: its YAML aliases (*name) would copy their anchors more than ${MAX_ALIAS_COPIES} times (an alias bomb)`,
      'write the values out instead of repeating them through aliases',
    );
  }
}
