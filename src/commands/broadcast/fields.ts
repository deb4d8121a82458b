// Checking broadcast message options and turning them into API fields, before anything is sent.

import type { BroadcastFields } from '../../api/broadcast.js';
import { UsageError } from '../../core/errors.js';
import { parseDateTime, parseDuration, parseIntegerList } from '../../core/parse.js';
import { exclusive } from '../shared.js';

export const BROADCAST_TYPES = ['banner', 'notification'] as const;
export const BROADCAST_THEMES = ['indigo', 'light-indigo', 'blue', 'light-blue', 'green', 'light-green', 'red', 'light-red', 'dark', 'light'] as const;
export const ACCESS_LEVELS = [10, 20, 30, 40, 50];
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface BroadcastOptions {
  message?: string;
  startsAt?: string;
  endsAt?: string;
  duration?: string;
  font?: string;
  targetAccessLevels?: string;
  targetPath?: string;
  type?: string;
  theme?: string;
  dismissable?: boolean;
}

/** An ISO 8601 date-time as UTC; a time without an offset is taken as UTC, as the service shows times. */
export function utcDateTime(flag: string, raw: string): string {
  const s = parseDateTime(flag, raw);
  const withZone = /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : /(Z|[+-]\d{2}:?\d{2})$/i.test(s) ? s : `${s}Z`;
  return new Date(Date.parse(withZone.replace(' ', 'T'))).toISOString();
}

export interface ParsedBroadcast {
  fields: BroadcastFields;
  /** Milliseconds of --duration, applied to the start once it is known. */
  durationMs?: number;
}

export function parseBroadcastOptions(o: BroadcastOptions): ParsedBroadcast {
  exclusive(o as Record<string, unknown>, { endsAt: '--ends-at', duration: '--duration' });
  const f: BroadcastFields = {};
  if (o.message !== undefined) {
    if (!o.message.trim()) throw new UsageError('--message must not be empty');
    f.message = o.message;
  }
  if (o.startsAt !== undefined) f.starts_at = utcDateTime('--starts-at', o.startsAt);
  if (o.endsAt !== undefined) f.ends_at = utcDateTime('--ends-at', o.endsAt);
  let durationMs: number | undefined;
  if (o.duration !== undefined) {
    durationMs = parseDuration('--duration', o.duration, 'min');
    if (durationMs < 60_000) throw new UsageError('--duration must be at least one minute');
  }
  if (o.font !== undefined) {
    if (!HEX_COLOR.test(o.font)) throw new UsageError(`--font must be a hex colour such as #FFFFFF or #fff, got ${JSON.stringify(o.font)}`);
    f.font = o.font;
  }
  if (o.targetAccessLevels !== undefined) {
    const levels = o.targetAccessLevels.trim() === '' ? [] : parseIntegerList('--target-access-levels', o.targetAccessLevels);
    const bad = levels.find((l) => !ACCESS_LEVELS.includes(l));
    if (bad !== undefined) throw new UsageError(`--target-access-levels takes only ${ACCESS_LEVELS.join(', ')} (guest to owner); got ${bad}`);
    f.target_access_levels = [...new Set(levels)];
  }
  if (o.targetPath !== undefined) f.target_path = o.targetPath;
  if (o.type !== undefined) f.broadcast_type = o.type;
  if (o.theme !== undefined) f.theme = o.theme;
  if (o.dismissable !== undefined) f.dismissable = o.dismissable;
  return { fields: f, durationMs };
}

/** The end must come after the start (both as epoch milliseconds). */
export function checkWindow(startMs: number, endMs: number): void {
  if (endMs <= startMs) {
    throw new UsageError(`the message would end (${new Date(endMs).toISOString()}) before it starts (${new Date(startMs).toISOString()})`, 'the end must come after the start');
  }
}
