// One list item as JSON text, as every format that prints items as received writes it. Its own
// module, with nothing heavier than its imports, because the second thread that encodes long lists'
// pages (page-lines.ts) bundles it.

import { escapeRawUnsafe } from './raw-controls.js';
import { maskUrlsDeep, mayHoldUrlCredentials } from './safe-text.js';
import { maskTokenLike } from './secret-fields.js';

/**
 * `JSON.stringify(tokenLike ? maskTokenLike(item) : item)`, made safe and cheap enough for each item
 * of a long list: the value is encoded once and its text checked; it is walked again only when a URL
 * in it may carry credentials, and the text scanned for controls only when it is not plain ASCII.
 */
export function itemJson(item: unknown, tokenLike: boolean | undefined, indent?: number): string {
  const v = tokenLike ? maskTokenLike(item) : item;
  let s = JSON.stringify(v, null, indent);
  if (s === undefined) return 'null';
  if (mayHoldUrlCredentials(s)) s = JSON.stringify(maskUrlsDeep(v), null, indent);
  // Text that is ASCII below DEL (its UTF-8 length is its length) holds none of them: no scan.
  if (Buffer.byteLength(s) === s.length && !s.includes('\x7f')) return s;
  return escapeRawUnsafe(s, 'json');
}

/**
 * A page's items as NDJSON lines, from the page's JSON text, for the second thread: each line is
 * `itemJson(item, false)`, and `masked[i]` says whether maskTokenLike would change item i (its line
 * is then not the one to print where token-like values are masked). Undefined for text that is not a
 * JSON array.
 */
export function encodePage(text: string): { lines: string[]; masked: Uint8Array } | undefined {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(items)) return undefined;
  const lines = new Array<string>(items.length);
  const masked = new Uint8Array(items.length);
  for (let i = 0; i < items.length; i++) {
    lines[i] = itemJson(items[i], false);
    if (maskTokenLike(items[i]) !== items[i]) masked[i] = 1;
  }
  return { lines, masked };
}
