// Text from the server that reaches a terminal: control characters are shown, never obeyed (an MR
// title holding ESC[31m or an OSC sequence must not rewrite an admin's terminal), and credentials
// inside URLs are masked in every output.

/**
 * The Unicode bidi controls and marks (U+061C, U+200E-200F, U+202A-202E, U+2066-2069): they reorder
 * what a terminal shows, so `evil\u202Etxt.exe` reads as `evilexe.txt` (Trojan Source).
 */
export const BIDI_CONTROLS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
// C0 (but tab and newline, which callers handle), DEL, C1, bidi controls.
const CONTROL = new RegExp(`[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f${BIDI_CONTROLS}]`, 'g');
const CONTROL_ALL = new RegExp(`[\\x00-\\x1f\\x7f-\\x9f${BIDI_CONTROLS}]`, 'g');

function caret(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`; // ESC → ^[
  if (code === 0x7f) return '^?';
  if (code <= 0xff) return `\\x${code.toString(16)}`; // C1: no caret form
  return `\\u${code.toString(16).padStart(4, '0')}`; // bidi: as JSON and JavaScript escape it
}

/** Shows control characters visibly (`^[`, `^?`, `\x9b`, `\u202e`); tabs and newlines stay unless `all`. */
export function visible(s: string, all = false): string {
  return s.replace(all ? CONTROL_ALL : CONTROL, caret);
}

export const URL_MASK = '********';
// scheme://user:password@ or scheme://token@ — the userinfo part of any URL in the text.
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@]+)@/gi;
// `?name=` (or after `&`, `;`, `#`): a query or fragment parameter, wherever a URL stands in the text.
// Each one is looked at, also inside another's value (`?next=https://h/cb?access_token=…`).
const PARAM_START = /[?&;#]([^\s=&?#;"'<>]+)=/g;
// Where a credential's value ends: it is masked up to there, so no part of it is left.
const VALUE_END = /[\s&#"'<>]/;
// Parameters that carry a credential, by the facts GitLab filters from its own logs (a name ending in
// `token` or `key`, holding `password` or `secret`) and the signed URLs of object stores (`sig`,
// `X-Amz-Signature`, `X-Amz-Credential`). `private_token`, `access_token`, `feed_token` included.
const CREDENTIAL_PARAM = /^(sig|pass|passwd|pwd)$|(token|key|signature|credential)$|pass(word|phrase)|secret/i;

/** Whether a URL parameter (`private_token`, `sig`, `api_key[]`, percent-encoded or not) carries a credential. */
export function isCredentialParam(raw: string): boolean {
  let name = raw.replace(/\[.*$/, '');
  if (name.includes('%')) {
    try {
      name = decodeURIComponent(name);
    } catch {
      // Not valid percent-encoding: judged as written.
    }
  }
  return CREDENTIAL_PARAM.test(name);
}

/**
 * Masks the credentials of URLs inside a text: `https://u:****@h`, `https://****@h`, and the value of
 * each credential parameter, `?private_token=****&page=2`.
 */
export function maskUrlCredentials(s: string): string {
  let out = s;
  if (out.includes('@') && out.includes('://')) {
    out = out.replace(URL_USERINFO, (_m, scheme: string, info: string) => {
      const colon = info.indexOf(':');
      return colon >= 0 ? `${scheme}${info.slice(0, colon)}:${URL_MASK}@` : `${scheme}${URL_MASK}@`;
    });
  }
  return out.includes('=') ? maskCredentialParams(out) : out;
}

function maskCredentialParams(s: string): string {
  let out = '';
  let done = 0;
  PARAM_START.lastIndex = 0;
  for (let m = PARAM_START.exec(s); m; m = PARAM_START.exec(s)) {
    if (!isCredentialParam(m[1])) continue;
    const start = m.index + m[0].length;
    let end = start;
    while (end < s.length && !VALUE_END.test(s[end])) end++;
    const value = s.slice(start, end);
    if (value === '' || value === URL_MASK) continue;
    out += s.slice(done, start) + URL_MASK;
    done = end;
    PARAM_START.lastIndex = end;
  }
  return done === 0 ? s : out + s.slice(done);
}

/**
 * Whether JSON text (JSON.stringify's, any indent) may hold a URL with credentials, so that
 * maskUrlsDeep has something to do. Every string maskUrlCredentials changes shows in the text as
 * `://`, then characters that are none of `/?#@` nor a quote ending the string, then `@`; or as one of
 * `?&;#`, a credential parameter's name, then `=`. From each `@` and `=`, looking back for that is a
 * few characters, where a regular expression would read all of them.
 */
export function mayHoldUrlCredentials(json: string): boolean {
  for (let at = json.indexOf('@'); at >= 0; at = json.indexOf('@', at + 1)) {
    for (let i = at - 1; i >= 2; i--) {
      const c = json.charCodeAt(i);
      if (c === 0x2f /* / */) {
        if (json.charCodeAt(i - 1) === 0x2f && json.charCodeAt(i - 2) === 0x3a /* : */) return true;
        break;
      }
      if (c === 0x3f /* ? */ || c === 0x23 /* # */ || c === 0x40 /* @ */) break;
      if (c === 0x22 /* " */ && !escapedAt(json, i)) break;
    }
  }
  for (let eq = json.indexOf('='); eq >= 0; eq = json.indexOf('=', eq + 1)) {
    if (credentialParamBefore(json, eq)) return true;
  }
  return false;
}

// What may stand between a separator and `=` in a parameter name (PARAM_START's name).
const NAME_CHAR = /[^\s=&?#;"'<>]/;

/** Whether `?name=` (or `&`, `;`, `#`) ends at `eq`, with a credential parameter's name. */
function credentialParamBefore(text: string, eq: number): boolean {
  for (let i = eq - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '?' || c === '&' || c === ';' || c === '#') return i < eq - 1 && isCredentialParam(text.slice(i + 1, eq));
    if (!NAME_CHAR.test(c)) return false;
  }
  return false;
}

/** A quote is escaped when an odd number of backslashes stands before it. */
function escapedAt(s: string, i: number): boolean {
  let n = 0;
  while (s.charCodeAt(i - 1 - n) === 0x5c) n++;
  return n % 2 === 1;
}

/**
 * Server text kept on its line: line breaks written as `\n` and `\r`, so an instance's message cannot
 * start a line of its own that reads as forgectl's (`hint: …`, a fleet's summary).
 */
export function onOneLine(s: string): string {
  return s.includes('\n') || s.includes('\r') ? s.replace(/\r/g, '\\r').replace(/\n/g, '\\n') : s;
}

/** Server text on one terminal line (a prompt, a progress note): every control character shown, URL credentials masked. */
export function oneLineShown(s: string): string {
  return visible(maskUrlCredentials(s), true);
}

/** Deep copy with credentials in URL strings masked; returns the same object when nothing changed. */
export function maskUrlsDeep<T>(v: T): T {
  if (typeof v === 'string') return maskUrlCredentials(v) as T;
  if (Array.isArray(v)) {
    let changed = false;
    const out = v.map((x) => {
      const y = maskUrlsDeep(x);
      if (y !== x) changed = true;
      return y;
    });
    return (changed ? out : v) as T;
  }
  if (v && typeof v === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const y = maskUrlsDeep(x);
      if (y !== x) changed = true;
      out[k] = y;
    }
    return (changed ? out : v) as T;
  }
  return v;
}
