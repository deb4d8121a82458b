import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { addOneYearUtc, parseDate, parseDateTime, parseDuration, parseInteger } from '../../src/core/parse.js';
import { rotationExpiry } from '../../src/commands/token/run.js';

describe('input parsing', () => {
  it('parses durations', () => {
    expect(parseDuration('--x', '30d')).toBe(30 * 86_400_000);
    expect(parseDuration('--x', '1h30min')).toBe(5_400_000);
    expect(parseDuration('--x', '2mo')).toBe(60 * 86_400_000);
    expect(parseDuration('--x', '100ms')).toBe(100);
    expect(() => parseDuration('--x', '90')).toThrow(/needs a unit/);
    expect(() => parseDuration('--x', '5m')).toThrow(/minutes or months/);
    expect(() => parseDuration('--x', '1h30m')).toThrow(/minutes or months/);
    expect(() => parseDuration('--x', '3y')).toThrow(UsageError);
    expect(() => parseDuration('--x', '30 days')).toThrow(UsageError);
    expect(() => parseDuration('--x', '')).toThrow(UsageError);
  });

  it('accepts only real calendar dates', () => {
    expect(parseDate('--d', '2024-02-29')).toBe('2024-02-29');
    expect(() => parseDate('--d', '2023-02-29')).toThrow(/not a real date/);
    expect(() => parseDate('--d', '2024-13-01')).toThrow(UsageError);
    expect(() => parseDate('--d', '31/12/2024')).toThrow(UsageError);
  });

  it('accepts ISO 8601 date-times and refuses the rest', () => {
    for (const ok of ['2024-01-31', '2024-01-31T10:00:00Z', '2024-01-31T10:00:00.123+02:00', '2024-01-31T10:00Z']) expect(parseDateTime('--t', ok)).toBe(ok);
    for (const bad of ['2022-010-30T11:22:40Z', 'yesterday', '2024-02-30T00:00:00Z']) expect(() => parseDateTime('--t', bad)).toThrow(UsageError);
  });

  it('checks integers and bounds', () => {
    expect(parseInteger('--n', '5', { min: 1 })).toBe(5);
    expect(() => parseInteger('--n', '0', { min: 1 })).toThrow(/at least 1/);
    expect(() => parseInteger('--n', '1.5')).toThrow(/integer/);
    expect(() => parseInteger('--n', '101', { max: 100 })).toThrow(/at most 100/);
  });

  it('adds one year on the calendar, mapping 29 February to 28 February', () => {
    expect(addOneYearUtc('2024-02-29')).toBe('2025-02-28');
    expect(addOneYearUtc('2025-06-15')).toBe('2026-06-15');
  });

  it('checks a rotation expiry: real date, after today, at most one year ahead', () => {
    const today = '2026-03-10';
    expect(rotationExpiry({ expiresAt: '2026-03-11' }, today)).toBe('2026-03-11');
    expect(() => rotationExpiry({ expiresAt: '2026-03-10' }, today)).toThrow(/must be after today/);
    expect(rotationExpiry({ expiresAt: '2027-03-10' }, today)).toBe('2027-03-10');
    expect(rotationExpiry({ expiresIn: '30d' }, today)).toBe('2026-04-09');
    expect(rotationExpiry({}, today)).toBeUndefined();
    expect(() => rotationExpiry({ expiresAt: '2026-03-09' }, today)).toThrow(/must be after today/);
    expect(() => rotationExpiry({ expiresAt: '2027-03-11' }, today)).toThrow(/more than one year/);
    expect(() => rotationExpiry({ expiresIn: '400d' }, today)).toThrow(/more than one year/);
    expect(() => rotationExpiry({ expiresAt: '2026-02-30' }, today)).toThrow(/not a real date/);
    expect(() => rotationExpiry({ expiresAt: '2026-04-01', expiresIn: '3d' }, today)).toThrow(/cannot be used together/);
  });
});
