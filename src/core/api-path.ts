// A path under the API as the URL parser will send it. The parser strips TAB, LF and CR and then
// resolves `.`/`..` (also `%2e`, and `\` as `/`), so a check on the string can be walked round: the
// check here is on the parser's answer, which is what the request goes to.

import { UsageError } from './errors.js';
import { visible } from './safe-text.js';

/**
 * `raw` (a path under `apiRoot`, with or without its query) as the URL parser will send it; a
 * UsageError where it leaves the root. With `exact`, also where the parser rewrites it at all: a path
 * made by forgectl is always canonical, so a rewrite means an identity that should have been refused.
 */
export function apiPath(apiRoot: string, raw: string, opts: { exact?: boolean } = {}): string {
  const root = new URL(apiRoot).pathname.replace(/\/$/, '');
  const p = raw.startsWith('/') ? raw : `/${raw}`;
  const asSent = new URL(`${apiRoot.replace(/\/$/, '')}${p}`);
  // A path holding a control character is quoted, TAB and line breaks as `\t` `\n` (what the parser strips).
  const shown = visible(raw, true) === raw ? raw : visible(JSON.stringify(raw));
  if (!`${asSent.pathname}/`.startsWith(`${root}/`)) throw new UsageError(`${shown} leaves the API (${root}/)`, 'give a path of the REST API v4, such as /projects');
  const at = p.search(/[?#]/);
  const pathPart = at === -1 ? p : p.slice(0, at);
  if (opts.exact && (asSent.pathname !== `${root}${pathPart}` || /%2e/i.test(pathPart))) {
    throw new UsageError(`${shown} is not a plain path under the API: the URL parser would send ${asSent.pathname.slice(root.length) || '/'}`);
  }
  return p;
}
