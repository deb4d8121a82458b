// Query-string encoding in the form the API (Rails/Grape) parses: arrays as `key[]=v`,
// hashes as `key[sub]=v` (e.g. `not[labels]=bug`). Undefined and null values are left out.

export type QueryScalar = string | number | boolean;
export type QueryValue =
  | QueryScalar
  | null
  | undefined
  | readonly QueryScalar[]
  | { readonly [key: string]: QueryValue };
export type QueryParams = { readonly [key: string]: QueryValue };

function enc(s: string): string {
  return encodeURIComponent(s);
}

// Brackets stay literal: the service's own examples write `custom_attributes[location]=…`.
function encKey(k: string): string {
  return enc(k).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

function pairs(prefix: string, value: QueryValue, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) out.push(`${encKey(prefix)}[]=${enc(String(item))}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, QueryValue>)) pairs(`${prefix}[${k}]`, v, out);
    return;
  }
  out.push(`${encKey(prefix)}=${enc(String(value))}`);
}

export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const out: string[] = [];
  for (const [k, v] of Object.entries(params)) pairs(k, v, out);
  return out.join('&');
}

/** Appends encoded params to a URL that may already carry a query. */
export function withQuery(url: string, params: QueryParams | undefined): string {
  const q = encodeQuery(params);
  if (!q) return url;
  return url + (url.includes('?') ? '&' : '?') + q;
}

/** Encodes one path segment: `group/sub/project` → `group%2Fsub%2Fproject`. */
export function encodePathSegment(s: string | number): string {
  return encodeURIComponent(String(s));
}
