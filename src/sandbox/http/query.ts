// Rails-style parameters: `a[]=1&a[]=2` is an array, `a[b]=1` a hash, `a=1&a=2` keeps the last,
// as Rack's `parse_nested_query` does.

import { ApiError } from './errors.js';

export type ParamValue = string | number | boolean | null | ParamValue[] | ParamObject | UploadedFile;
export interface ParamObject {
  [key: string]: ParamValue;
}

export interface UploadedFile {
  kind: 'file';
  filename: string;
  contentType: string;
  data: Buffer;
}

export function isParamObject(v: unknown): v is ParamObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v) && (v as { kind?: unknown }).kind !== 'file';
}

function decode(s: string): string {
  const plus = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

/** The raw `key=value` pairs of a query string, decoded, in order. */
export function queryPairs(raw: string): [string, string | null][] {
  const out: [string, string | null][] = [];
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    out.push(eq === -1 ? [decode(part), null] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return out;
}

function typeError(name: string): ApiError {
  return new ApiError(400, { message: `400 Bad request - invalid query parameters: expected a consistent type for ${name}` });
}

/** Port of Rack::QueryParser#normalize_params. */
function normalize(params: ParamObject, name: string, value: ParamValue): ParamObject {
  const m = /^[[\]]*([^[\]]+)\]*/.exec(name);
  const key = m?.[1] ?? '';
  const after = m ? name.slice(m[0].length) : '';
  if (!key) return params;
  if (after === '') params[key] = value;
  else if (after === '[') params[name] = value;
  else if (after === '[]') {
    const arr = (params[key] ??= []);
    if (!Array.isArray(arr)) throw typeError(key);
    arr.push(value);
  } else {
    const child = /^\[\]\[([^[\]]+)\]$/.exec(after)?.[1] ?? /^\[\](.+)$/.exec(after)?.[1];
    if (child !== undefined) {
      const arr = (params[key] ??= []);
      if (!Array.isArray(arr)) throw typeError(key);
      const last = arr[arr.length - 1];
      if (isParamObject(last) && !hasNested(last, child)) normalize(last, child, value);
      else arr.push(normalize({}, child, value));
    } else {
      const sub = (params[key] ??= {});
      if (!isParamObject(sub)) throw typeError(key);
      params[key] = normalize(sub, after, value);
    }
  }
  return params;
}

function hasNested(obj: ParamObject, key: string): boolean {
  const parts = key.split(/[[\]]+/).filter(Boolean);
  let cur: ParamValue = obj;
  for (const p of parts) {
    if (!isParamObject(cur) || !(p in cur)) return false;
    cur = cur[p];
  }
  return true;
}

export function parseNested(pairs: Iterable<[string, ParamValue]>): ParamObject {
  const params: ParamObject = {};
  for (const [k, v] of pairs) normalize(params, k, v);
  return params;
}

export function parseQuery(raw: string): ParamObject {
  return parseNested(queryPairs(raw));
}

function encode(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+');
}

/** Builds a query string from decoded pairs. */
export function buildQuery(pairs: [string, string | null][]): string {
  return pairs.map(([k, v]) => (v === null ? encode(k) : `${encode(k)}=${encode(v)}`)).join('&');
}
