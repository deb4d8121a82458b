// Checks and conversions of user input. Each failure is a UsageError (exit 2) naming the flag,
// raised before anything is sent.

import { UsageError } from './errors.js';

export function parseInteger(flag: string, raw: string, opts: { min?: number; max?: number } = {}): number {
  const s = raw.trim();
  if (!/^-?\d+$/.test(s)) throw new UsageError(`${flag} must be an integer, got ${JSON.stringify(raw)}`);
  const n = Number(s);
  if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} is out of range: ${raw}`);
  if (opts.min !== undefined && n < opts.min) throw new UsageError(`${flag} must be at least ${opts.min}, got ${n}`);
  if (opts.max !== undefined && n > opts.max) throw new UsageError(`${flag} must be at most ${opts.max}, got ${n}`);
  return n;
}

export function parseNumber(flag: string, raw: string): number {
  const n = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag} must be a number, got ${JSON.stringify(raw)}`);
  return n;
}

export function parseBoolean(flag: string, raw: string): boolean {
  const s = raw.trim().toLowerCase();
  if (['true', 'yes', '1', 'on'].includes(s)) return true;
  if (['false', 'no', '0', 'off'].includes(s)) return false;
  throw new UsageError(`${flag} must be true or false, got ${JSON.stringify(raw)}`);
}

export function parseChoice<T extends string>(flag: string, raw: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(raw)) return raw as T;
  throw new UsageError(`${flag} must be one of ${choices.join(', ')}; got ${JSON.stringify(raw)}`);
}

export function parseList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseIntegerList(flag: string, raw: string, opts: { min?: number } = {}): number[] {
  return parseList(raw).map((s) => parseInteger(flag, s, opts));
}

const DAY_MS = 86_400_000;

// `m` is refused: a minute to a developer, a month to an admin planning expiries.
const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  min: 60_000,
  h: 3_600_000,
  d: DAY_MS,
  w: 7 * DAY_MS,
  mo: 30 * DAY_MS,
};

const UNIT_NAMES = { s: 'seconds', min: 'minutes', h: 'hours', d: 'days' } as const;

/** The unit an option is usually given in: the one its refusal of a bare number suggests. */
export type UsualUnit = keyof typeof UNIT_NAMES;

/** What an option's help says a duration is. */
export const DURATION_HELP = 'a number and a unit: s, min, h, d, w or mo (30 days)';

/** The units as errors name them. */
const DURATION_UNITS_HELP = 's (seconds), min (minutes), h (hours), d (days), w (weeks), mo (months of 30 days)';

/** The longest duration taken: ten years (dates beyond it overflow, timers long before). */
export const MAX_DURATION_DAYS = 3650;

/**
 * `90s`, `5min`, `2h`, `30d`, `2w`, `3mo`, `1h30min`; returns milliseconds. A bare number is refused
 * (it meant seconds once, and `--expiring-within 30` then found nothing): `unit` is the unit the
 * option is usually given in, offered in the hint.
 */
export function parseDuration(flag: string, raw: string, unit: UsualUnit = 's'): number {
  const ms = parseDurationUnbounded(flag, raw, unit);
  if (ms > MAX_DURATION_DAYS * DAY_MS) throw new UsageError(`${flag} must be at most ${MAX_DURATION_DAYS}d (ten years), got ${raw.trim()}`);
  return ms;
}

function parseDurationUnbounded(flag: string, raw: string, unit: UsualUnit): number {
  const s = raw.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(s)) {
    throw new UsageError(`${flag} needs a unit, got ${JSON.stringify(raw)}`, `for ${s} ${UNIT_NAMES[unit]} write ${s}${unit}; units: ${DURATION_UNITS_HELP}`);
  }
  const re = /(\d+(?:\.\d+)?)([a-z]+)/g;
  let total = 0;
  let consumed = 0;
  for (const m of s.matchAll(re)) {
    if (m[2] === 'm') {
      throw new UsageError(`${flag}: "m" could mean minutes or months, got ${JSON.stringify(raw)}`, `write ${m[1]}min for minutes or ${m[1]}mo for months (30 days)`);
    }
    const size = DURATION_UNITS[m[2]];
    if (size === undefined) break;
    total += Number(m[1]) * size;
    consumed += m[0].length;
  }
  if (!s || consumed !== s.length) {
    throw new UsageError(`${flag} must be a duration such as 45s, 5min, 2h, 30d or 3mo; got ${JSON.stringify(raw)}`, `units: ${DURATION_UNITS_HELP}`);
  }
  return Math.round(total);
}

/** A calendar date YYYY-MM-DD that exists. */
export function parseDate(flag: string, raw: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!m) throw new UsageError(`${flag} must be a date YYYY-MM-DD, got ${JSON.stringify(raw)}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new UsageError(`${flag} is not a real date: ${raw}`);
  }
  return raw.trim();
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO 8601 date or date-time (`2024-01-31`, `2024-01-31T10:00:00Z`, with offset). */
export function parseDateTime(flag: string, raw: string): string {
  const s = raw.trim();
  if (!ISO_DATETIME.test(s)) {
    throw new UsageError(`${flag} must be an ISO 8601 date-time such as 2024-01-31T10:00:00Z, got ${JSON.stringify(raw)}`);
  }
  const datePart = s.slice(0, 10);
  parseDate(flag, datePart);
  if (Number.isNaN(Date.parse(s.replace(' ', 'T')))) throw new UsageError(`${flag} is not a valid date-time: ${raw}`);
  return s;
}

/** Today as YYYY-MM-DD in UTC, the calendar the service validates expiry dates in. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDaysUtc(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same calendar date one year later (29 February maps to 28 February). */
export function addOneYearUtc(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** Splits `KEY=VALUE`; the value may itself contain `=`. */
export function splitKeyValue(flag: string, raw: string): [string, string] {
  const i = raw.indexOf('=');
  if (i <= 0) throw new UsageError(`${flag} takes KEY=VALUE, got ${JSON.stringify(raw)}`);
  return [raw.slice(0, i).trim(), raw.slice(i + 1)];
}

/** Commander collector for repeatable options. */
export function collectRepeated(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
