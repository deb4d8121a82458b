// The instance file as `state export` writes it: YAML that reads back as the same data under YAML
// 1.2 (forgectl, yaml-language-server) and YAML 1.1 (PyYAML, so Ansible and most scripts), so a file
// loaded and dumped again by those tools still plans as no change.

import { Document, Scalar, visit } from 'yaml';
import { escapeRawUnsafe, holdsRawUnsafe } from '../../core/raw-controls.js';

/** Plain scalars PyYAML gives a tag it cannot construct (`=` is its value tag, `<<` its merge key). */
const PYYAML_TAGGED = new Set(['=', '<<']);
const STR_TAG = 'tag:yaml.org,2002:str';
const MERGE_TAG = 'tag:yaml.org,2002:merge';

/** How YAML 1.2's core schema recognises a plain scalar that is not a string (`0o17`, `.nan`, `null`). */
const CORE_NON_STRING: RegExp[] = new Document(null, { version: '1.2' }).schema.tags.flatMap((t) => (t.default && t.tag !== STR_TAG && 'test' in t && t.test ? [t.test] : []));

/**
 * Stringifies with the yaml library's YAML 1.1 schema (which quotes `yes`, `on`, `0755`, `12:30`,
 * `y` and timestamps), and double-quotes the one-line strings that YAML 1.2 alone would read as
 * something else (`0o17`), and PyYAML's tagged `=` and `<<`. Multi-line strings keep the library's
 * block style, a string in both versions. A string holding DEL, C1 or bidi controls is
 * double-quoted with them escaped, as `-o yaml` writes it (a file reviewed in git shows them).
 */
export function stringifyPortable(data: unknown): string {
  // Without the merge tag, which would write the string `<<` plain as a merge key.
  const doc = new Document(data, { version: '1.1', customTags: (tags) => tags.filter((t) => t !== 'merge' && (typeof t === 'string' || t.tag !== MERGE_TAG)) });
  let rawUnsafe = false;
  visit(doc, {
    Scalar(_key, node) {
      const v = node.value;
      if (typeof v === 'string' && holdsRawUnsafe(v)) {
        node.type = Scalar.QUOTE_DOUBLE;
        rawUnsafe = true;
        return;
      }
      if (typeof v !== 'string' || v.includes('\n')) return;
      if (PYYAML_TAGGED.has(v) || CORE_NON_STRING.some((re) => re.test(v))) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  const out = doc.toString({ lineWidth: 0 });
  return rawUnsafe ? escapeRawUnsafe(out, 'yaml') : out;
}
