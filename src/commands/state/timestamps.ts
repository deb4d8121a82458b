// Times of the instance file in YAML 1.1's timestamp forms (yaml.org/type/timestamp), as PyYAML
// writes a time it read unquoted: `2026-11-17 15:35:05.237000+00:00`, `2026-11-17`. They are read
// as the instant they name and normalised to ISO 8601 in UTC.

// year-month-day, then optionally T or spaces, the time, a fraction, and Z or an offset.
const YAML11_TIMESTAMP = /^(\d{4})-(\d\d?)-(\d\d?)(?:(?:[Tt]|[ \t]+)(\d\d?):(\d\d):(\d\d)(?:\.(\d*))?(?:[ \t]*(Z)|([-+])(\d\d?)(?::?(\d\d))?)?)?$/;

/** The same pattern as a string, for the file's JSON Schema. */
export const YAML11_TIMESTAMP_PATTERN = YAML11_TIMESTAMP.source;

/** The instant a YAML 1.1 timestamp names, as `toISOString()` writes it; undefined if it names none. */
export function normaliseTimestamp(raw: string): string | undefined {
  const m = YAML11_TIMESTAMP.exec(raw.trim());
  if (!m) return undefined;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = m.slice(1, 7);
  const fraction = (m[7] ?? '').padEnd(3, '0').slice(0, 3);
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(fraction));
  const date = new Date(ms);
  // Date.UTC rolls 31 February over into March: such a date names no instant.
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) return undefined;
  // No zone is UTC in YAML 1.1.
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11] ?? 0)) : 0;
  return new Date(ms - offsetMinutes * 60_000).toISOString();
}
