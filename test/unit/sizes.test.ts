import { describe, expect, it } from 'vitest';
import { parseSize } from '../../src/core/sizes.js';
import { UsageError } from '../../src/core/errors.js';

describe('parseSize', () => {
  it.each([
    ['3GB', 'bytes', 3_000_000_000],
    ['512MiB', 'bytes', 536_870_912],
    ['10kB', 'bytes', 10_000],
    ['10KB', 'bytes', 10_000],
    ['1 KiB', 'bytes', 1024],
    ['1.5GiB', 'bytes', 1_610_612_736],
    ['42', 'bytes', 42],
    ['42B', 'bytes', 42],
    ['2TiB', 'MiB', 2 * 1024 * 1024],
    ['1GiB', 'MiB', 1024],
    ['100', 'MiB', 100],
    ['1048576B', 'MiB', 1],
  ] as const)('%s in %s is %d', (raw, unit, n) => {
    expect(parseSize('x', raw, unit)).toBe(n);
  });

  it.each([['3XB'], ['GB'], ['-1GB'], ['1e3'], ['3 G B'], ['1.5B']])('%s is refused', (raw) => {
    expect(() => parseSize('x', raw, 'bytes')).toThrow(UsageError);
  });

  it('refuses a size that is not a whole number of the unit the value is kept in', () => {
    expect(() => parseSize('x', '3GB', 'MiB')).toThrow('x is in MiB: 3GB is not a whole number of MiB');
  });
});
