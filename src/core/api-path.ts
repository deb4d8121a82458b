// A path under the API as the URL parser will send it. The parser strips TAB, LF and CR and then
// resolves `.`/`..` (also `%2e`, and `\` as `/`), so a check on the string can be walked round: the
// check here is on the parser's answer, which is what the request goes to.

import { UsageError } from './errors.js';

/**
 * `raw` (a path under `apiRoot`, with or without its query) as the URL parser will send it; a
 * UsageError where it leaves the root. With `exact`, also where the parser rewrites it at all: a path
 * made by forgectl is always canonical, so a rewrite means an identity that should have been refused.
 */
export function apiPath(apiRoot: string, raw: string, opts: { exact?: boolean } = {}): string {
  const root = new URL(apiRoot).pathname.replace(/\/$/, '');
  const p = raw.startsWith('/') ? raw : `/${raw}`;
  const asSent = new URL(`${apiRoot.replace(/\/$/, '')}${p}`);
  if (!`${asSent.pathname}/`.startsWith(`${root}/`)) throw new UsageError(`${visible(raw)} leaves the API (${root}/)`, 'give a path of the REST API v4, such as /projects');
  const at = p.search(/[?#]/);
  const pathPart = at === -1 ? p : p.slice(0, at);
  if (opts.exact && (asSent.pathname !== `${root}${pathPart}` || /%2e/i.test(pathPart))) {
    throw new UsageError(`${visible(raw)} is not a plain path under the API: the URL parser would send ${asSent.pathname.slice(root.length) || '/'}`);
  }
  return p;
}

/** Control characters made visible, for the message. */
function visible(s: string): string {
  return /[\u0000-\u001f\u007f]/.test(s) ? JSON.stringify(s) : s;
}
