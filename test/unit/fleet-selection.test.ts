import { describe, expect, it } from 'vitest';
import { ExitCode, UsageError, worstExitCode } from '../../src/core/errors.js';
import { selectProfiles } from '../../src/core/profile-selection.js';

describe('a fleet exit code', () => {
  it('is the worst of the instances, ranked 130, 1, 4, 3, 2, 5, 0', () => {
    const ranked = [130, 1, 4, 3, 2, 5, 0];
    for (const [i, code] of ranked.entries()) {
      // Against every code ranked below it, in either order.
      for (const lower of ranked.slice(i)) {
        expect(worstExitCode([lower, code])).toBe(code);
        expect(worstExitCode([code, lower, ExitCode.ok])).toBe(code);
      }
    }
    expect(worstExitCode([])).toBe(0);
    // A watch stopped by SIGTERM counts as interrupted, above any failure.
    expect(worstExitCode([1, 143])).toBe(143);
  });
});

describe('which profiles a fleet selects', () => {
  const names = ['dr', 'prod-eu', 'prod-us', 'staging'];
  it('keeps the order given (the --serial canary first), globs by name, without repeats', () => {
    expect(selectProfiles(names, ['staging', 'prod-*', 'prod-eu'])).toEqual(['staging', 'prod-eu', 'prod-us']);
    expect(selectProfiles(names, ['prod-??'])).toEqual(['prod-eu', 'prod-us']);
    expect(selectProfiles(names, 'all')).toEqual(names);
  });
  it('refuses a name or glob that matches nothing, and --all-profiles with no profile', () => {
    expect(() => selectProfiles(names, ['prod'])).toThrow(UsageError);
    expect(() => selectProfiles(names, ['qa-*'])).toThrow(/no profile matches "qa-\*"/);
    // A glob's dot is a dot, not "any character".
    expect(() => selectProfiles(['prodXeu'], ['prod.eu'])).toThrow(UsageError);
    expect(() => selectProfiles([], 'all')).toThrow(UsageError);
  });
});
