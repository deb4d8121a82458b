// YAML 1.1 timestamps (as PyYAML writes a time it read unquoted) read as the instant they name.

import { describe, expect, it } from 'vitest';
import { normaliseTimestamp } from '../../src/commands/state/timestamps.js';

describe('normaliseTimestamp', () => {
  it('reads the forms of yaml.org/type/timestamp as one instant in UTC', () => {
    expect(normaliseTimestamp('2026-11-17T15:35:05.237Z')).toBe('2026-11-17T15:35:05.237Z');
    expect(normaliseTimestamp('2026-11-17 15:35:05.237000+00:00')).toBe('2026-11-17T15:35:05.237Z');
    expect(normaliseTimestamp('2026-11-17t15:35:05Z')).toBe('2026-11-17T15:35:05.000Z');
    expect(normaliseTimestamp('2026-11-17 16:35:05+01:00')).toBe('2026-11-17T15:35:05.000Z');
    expect(normaliseTimestamp('2026-11-17T10:35:05-05')).toBe('2026-11-17T15:35:05.000Z');
    expect(normaliseTimestamp('2026-11-17T16:35:05+0100')).toBe('2026-11-17T15:35:05.000Z');
    expect(normaliseTimestamp('2026-11-17 15:35:05 Z')).toBe('2026-11-17T15:35:05.000Z');
    // No zone is UTC; a date alone is its midnight.
    expect(normaliseTimestamp('2026-11-17 15:35:05')).toBe('2026-11-17T15:35:05.000Z');
    expect(normaliseTimestamp('2026-11-17')).toBe('2026-11-17T00:00:00.000Z');
    expect(normaliseTimestamp('2026-1-7 5:06:07')).toBe('2026-01-07T05:06:07.000Z');
  });

  it('names no instant for what is not a time, or a date that does not exist', () => {
    for (const raw of ['yesterday', '2026-02-30', '2026-11-17 25:00:00', '2026-11-17T15:35', '17/11/2026', '']) expect(normaliseTimestamp(raw), raw).toBeUndefined();
  });
});
