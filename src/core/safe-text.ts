// Text from the server that reaches a terminal: control characters are shown, never obeyed (an MR
// title holding ESC[31m or an OSC sequence must not rewrite an admin's terminal), and credentials
// inside URLs are masked in every output.

// C0 (but tab and newline, which callers handle), DEL, C1.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/g;
const CONTROL_ALL = /[\x00-\x1f\x7f\x80-\x9f]/g;

function caret(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`; // ESC → ^[
  if (code === 0x7f) return '^?';
  return `\\x${code.toString(16)}`; // C1: no caret form
}

/** Shows control characters visibly (`^[`, `^?`, `\x9b`); tabs and newlines stay unless `all`. */
export function visible(s: string, all = false): string {
  return s.replace(all ? CONTROL_ALL : CONTROL, caret);
}

export const URL_MASK = '********';
// scheme://user:password@ or scheme://token@ — the userinfo part of any URL in the text.
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@]+)@/gi;

/** Masks the credential part of URLs inside a text: `https://u:****@h`, `https://****@h`. */
export function maskUrlCredentials(s: string): string {
  if (!s.includes('@') || !s.includes('://')) return s;
  return s.replace(URL_USERINFO, (_m, scheme: string, info: string) => {
    const colon = info.indexOf(':');
    return colon >= 0 ? `${scheme}${info.slice(0, colon)}:${URL_MASK}@` : `${scheme}${URL_MASK}@`;
  });
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
