// Characters JSON.stringify and the yaml library write raw, even inside quotes, that a terminal or an
// editor acts on: DEL, C1 and the bidi controls (a review in git shows `evil\u202Etxt.exe` reordered).
// In a JSON string or a double-quoted YAML scalar `\uNNNN` (YAML also `\xNN`) is the same value, so
// output writes them so: JSON and `-o yaml`, and the file of `state export`.

import { BIDI_CONTROLS } from './safe-text.js';

const RAW_UNSAFE = new RegExp(`[\\x7f-\\x9f${BIDI_CONTROLS}]`);
const RAW_UNSAFE_ALL = new RegExp(RAW_UNSAFE.source, 'g');
const hex4 = (c: string) => c.charCodeAt(0).toString(16).padStart(4, '0');

/** Whether a string holds such a character (a YAML scalar holding one is then written double-quoted). */
export function holdsRawUnsafe(s: string): boolean {
  return RAW_UNSAFE.test(s);
}

/** JSON or YAML text with each such character written as its escape (valid inside its quotes). */
export function escapeRawUnsafe(text: string, form: 'json' | 'yaml'): string {
  if (form === 'json') return text.replace(RAW_UNSAFE_ALL, (c) => `\\u${hex4(c)}`);
  return text.replace(RAW_UNSAFE_ALL, (c) => (c.charCodeAt(0) <= 0xff ? `\\x${c.charCodeAt(0).toString(16)}` : `\\u${hex4(c)}`));
}
