// Sizes with units, for the settings and plan limits kept in bytes or MiB: `3GB` (decimal, 1000s),
// `512MiB` (binary, 1024s), `10kB`, or a bare number in the unit the value is kept in.

import { UsageError } from './errors.js';

/** The unit a value is kept in by the service. */
export type SizeUnit = 'bytes' | 'MiB';

const UNIT_BYTES: Readonly<Record<SizeUnit, number>> = { bytes: 1, MiB: 1024 ** 2 };

/** Prefix letter → power of 1000 (decimal) or of 1024 (binary, with `i`). */
const POWERS: Readonly<Record<string, number>> = { '': 0, k: 1, m: 2, g: 3, t: 4 };

/** What help and errors say a size is. */
export const SIZE_HELP = 'a number, or one with a unit: kB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024), e.g. 3GB or 512MiB';

/** A number with an optional unit, as JSON Schema (no flags) can check it; parseSize says what is wrong. */
export const SIZE_PATTERN = '^\\d+(\\.\\d+)?\\s*([kKmMgGtT]?[iI]?[bB])?$';

/** A size in `unit` (a bare number is already in it). Throws a UsageError naming `flag`. */
export function parseSize(flag: string, raw: string, unit: SizeUnit): number {
  const s = raw.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(?:([kmgt]?)(i?)b)?$/i.exec(s);
  if (!m) throw new UsageError(`${flag} must be a size in ${unit}: ${SIZE_HELP}; got ${JSON.stringify(raw)}`);
  const [, number, prefix = '', binary] = m;
  const unitGiven = m[0] !== number;
  if (!unitGiven) {
    if (!/^\d+$/.test(number)) throw new UsageError(`${flag} must be a whole number of ${unit}, got ${JSON.stringify(raw)}`);
    return checkedSafe(flag, raw, Number(number));
  }
  if (binary && !prefix) throw new UsageError(`${flag} must be a size in ${unit}: ${SIZE_HELP}; got ${JSON.stringify(raw)}`);
  const bytes = Number(number) * (binary ? 1024 : 1000) ** POWERS[prefix.toLowerCase()]!;
  if (!Number.isInteger(bytes)) throw new UsageError(`${flag}: ${s} is not a whole number of bytes`);
  const value = bytes / UNIT_BYTES[unit];
  if (!Number.isInteger(value)) throw new UsageError(`${flag} is in ${unit}: ${s} is not a whole number of ${unit}`, `give a whole number of ${unit}, or a size in ${unit === 'MiB' ? 'MiB, GiB or TiB' : 'bytes'}`);
  return checkedSafe(flag, raw, value);
}

function checkedSafe(flag: string, raw: string, n: number): number {
  if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} is out of range: ${raw}`);
  return n;
}
