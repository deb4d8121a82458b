// A settings file read as plain data: YAML or JSON (YAML is a superset), without YAML tags, with
// every number finite and every key once. Each problem is one UsageError naming the file, the
// setting and the line.

import { LineCounter, isAlias, type Document, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { UsageError } from '../../core/errors.js';

const CORE_TAG = 'tag:yaml.org,2002:';
/** The yaml library's default limit, named here so the refusal can say it. */
const MAX_ALIAS_COPIES = 100;

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
}

export function parsePlainYaml(text: string, where: string): unknown {
  const lines = new LineCounter();
  // Duplicate keys are found below with one Set per mapping: the parser's own check compares each
  // key with every key before it, which made a file of 50,000 keys take seconds.
  const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'silent', lineCounter: lines });
  const broken = doc.errors[0];
  if (broken) throw new UsageError(`${where} is not valid YAML or JSON: ${broken.message.split('\n')[0].replace(/:$/, '')}`);
  const line = (node: { range?: readonly number[] | null }) => lines.linePos(node.range?.[0] ?? 0).line;
  const at = (path: string, node: Node) => `${where}: ${path || 'the document'} (line ${line(node)})`;

  const pending: Pending[] = doc.contents ? [{ node: doc.contents, path: '' }] : [];
  // A stack, not recursion: a deeply nested file must not overflow the call stack.
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { node, path } = item;
    if (isAlias(node)) continue; // its anchor is checked where it stands
    if (node.tag) {
      throw new UsageError(`${at(path, node)} has the YAML tag ${tagAsWritten(node.tag)}; a settings file takes plain values`, 'remove the tag (quote the value to keep it a string)');
    }
    if (isScalar(node)) {
      if (typeof node.value === 'number' && !Number.isFinite(node.value)) {
        const written = text.slice(node.range?.[0], node.range?.[1]).trim();
        throw new UsageError(Number.isNaN(node.value) ? `${at(path, node)} must be a number, got ${written}` : `${at(path, node)} is out of range: ${written}`);
      }
    } else if (isMap(node)) {
      const seen = new Map<string, number>();
      for (const pair of node.items) {
        const key = keyText(pair.key);
        const keyNode = (pair.key ?? node) as Node;
        if (key === undefined) throw new UsageError(`${at(path, keyNode)} has a key that is not a plain name`, 'write each key as a name: setting_name: value');
        const keyPath = path ? `${path}.${key}` : key;
        const before = seen.get(key);
        if (before !== undefined) throw new UsageError(`${where}: ${keyPath} is given twice (lines ${before} and ${line(keyNode)})`, 'give each setting once');
        seen.set(key, line(keyNode));
        if (pair.value) pending.push({ node: pair.value as Node, path: keyPath });
      }
    } else if (isSeq(node)) {
      node.items.forEach((child, i) => pending.push({ node: child as Node, path: `${path}[${i}]` }));
    }
  }
  return expand(doc, where);
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
