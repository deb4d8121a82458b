// Typed reading of request parameters, with Grape's coercion rules and error texts
// (`x is invalid`, `x does not have a valid value`, `x is missing`). Errors are collected and
// raised together by `done()`, as Grape reports every failing parameter at once.

import { invalidParams } from './errors.js';
import { isParamObject, type ParamObject, type ParamValue } from './query.js';

const TRUE = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE = new Set(['0', 'off', 'f', 'false', 'n', 'no']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

export class ParamReader {
  readonly errors: string[] = [];

  constructor(readonly src: ParamObject) {}

  private raw(name: string): ParamValue | undefined {
    const v = this.src[name];
    return v === null || v === '' ? undefined : v;
  }

  has(name: string): boolean {
    return name in this.src;
  }

  private fail(name: string, why = 'is invalid'): undefined {
    this.errors.push(`${name} ${why}`);
    return undefined;
  }

  string(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return this.fail(name);
  }

  required(name: string): string | undefined {
    const v = this.string(name);
    if (v === undefined && !this.errors.some((e) => e.startsWith(`${name} `))) this.fail(name, 'is missing');
    return v;
  }

  bool(name: string): boolean | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (typeof v === 'boolean') return v;
    const s = String(v).toLowerCase();
    if (TRUE.has(s)) return true;
    if (FALSE.has(s)) return false;
    return this.fail(name);
  }

  int(name: string): number | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    if (typeof v === 'string' && /^[-+]?\d+$/.test(v.trim())) return Number(v.trim());
    return this.fail(name);
  }

  /** ISO 8601 date-time (a bare date means its midnight UTC); epoch milliseconds. */
  datetime(name: string): number | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s;
    const t = /^\d{4}-\d{2}-\d{2}/.test(s) ? Date.parse(iso) : NaN;
    if (Number.isNaN(t) || !validDate(s.slice(0, 10))) return this.fail(name);
    return t;
  }

  /** YYYY-MM-DD. */
  date(name: string): string | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    return validDate(s) ? s : this.fail(name);
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    return (values as readonly string[]).includes(s) ? (s as T) : this.fail(name, 'does not have a valid value');
  }

  intOneOf(name: string, values: readonly number[]): number | undefined {
    const n = this.int(name);
    if (n === undefined) return undefined;
    return values.includes(n) ? n : this.fail(name, 'does not have a valid value');
  }

  /** An array, or a comma-separated string (GitLab's CommaSeparatedToArray). */
  list(name: string): string[] | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    const items = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : undefined;
    if (!items) return this.fail(name);
    return items.map((s) => s.trim()).filter(Boolean);
  }

  /** A `key[sub]=value` hash of strings. */
  hash(name: string): Record<string, string> | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (!isParamObject(v)) return this.fail(name);
    const out: Record<string, string> = {};
    for (const [k, val] of Object.entries(v)) if (typeof val === 'string' || typeof val === 'number') out[k] = String(val);
    return out;
  }

  /** Throws the collected validation errors (400). */
  done(): void {
    if (this.errors.length) throw invalidParams(this.errors);
  }
}
