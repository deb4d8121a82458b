// The instance file as `state export` writes it: YAML that reads back as the same data under YAML
// 1.2 (forgectl, yaml-language-server) and YAML 1.1 (PyYAML, so Ansible and most scripts), so a file
// loaded and dumped again by those tools still plans as no change.

import { Document, Scalar, parse, visit } from 'yaml';

/** Plain scalars PyYAML gives a tag it cannot construct (`=` is its value tag, `<<` its merge key). */
const PYYAML_TAGGED = new Set(['=', '<<']);
const MERGE_TAG = 'tag:yaml.org,2002:merge';

function readsBackAsItself(s: string, version: '1.1' | '1.2'): boolean {
  try {
    return parse(s, { version }) === s;
  } catch {
    return false;
  }
}

/**
 * Stringifies with the yaml library's YAML 1.1 schema (which quotes `yes`, `on`, `0755`, `12:30`
 * and timestamps), and double-quotes every other one-line string that either version would read as
 * something else (`0o17` is a number in 1.2 only). Multi-line strings keep the library's block
 * style, a string in both versions.
 */
export function stringifyPortable(data: unknown): string {
  // Without the merge tag, which would write the string `<<` plain as a merge key.
  const doc = new Document(data, { version: '1.1', customTags: (tags) => tags.filter((t) => t !== 'merge' && (typeof t === 'string' || t.tag !== MERGE_TAG)) });
  visit(doc, {
    Scalar(_key, node) {
      const v = node.value;
      if (typeof v !== 'string' || v.includes('\n')) return;
      if (PYYAML_TAGGED.has(v) || !readsBackAsItself(v, '1.1') || !readsBackAsItself(v, '1.2')) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString({ lineWidth: 0 });
}
