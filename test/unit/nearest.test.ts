// "did you mean …?" for commands and settings. A settings file of thousands of unknown names was
// compared with every known name in full, the known names gathered again for each: 10,000 unknown
// names took half a minute. The search now stops at the typo allowance; these tests hold its answers
// to a plain edit distance, and count that the names are gathered once.

import { describe, expect, it, vi } from 'vitest';

const seen = vi.hoisted(() => ({ candidateSets: new Set<unknown>(), calls: 0 }));
vi.mock('../../src/core/nearest.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/core/nearest.js')>();
  return {
    ...real,
    nearest: (word: string, known: Iterable<string>, allowance?: (w: string) => number) => {
      seen.calls++;
      seen.candidateSets.add(known);
      return real.nearest(word, known, allowance);
    },
  };
});

const { nearest } = await vi.importActual<typeof import('../../src/core/nearest.js')>('../../src/core/nearest.js');
const { checkUnknownNames } = await import('../../src/commands/settings/names.js');

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  }
  return d[a.length][b.length];
}

/** The answer as the full search gives it: the first known word at the least distance, if within the allowance. */
function reference(word: string, known: string[], allowance: number): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    if (k === word) continue;
    const d = levenshtein(word, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= allowance ? best : undefined;
}

describe('nearest', () => {
  it('gives the same word as a full edit distance would, ties to the first, on thousands of random words', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const wordOf = (n: number) => Array.from({ length: n }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    let suggested = 0;
    for (let round = 0; round < 3000; round++) {
      const known = Array.from({ length: 12 }, () => wordOf(1 + Math.floor(random() * 8)));
      const word = wordOf(1 + Math.floor(random() * 8));
      const allowance = Math.floor(random() * 4);
      const got = nearest(word, known, () => allowance);
      expect(got, `${word} among ${known.join(',')} within ${allowance}`).toBe(reference(word, known, allowance));
      if (got) suggested++;
    }
    // Both answers occur often: the comparison is not only of "no suggestion".
    expect(suggested).toBeGreaterThan(500);
    expect(suggested).toBeLessThan(2900);
  });

  it('still finds the typo of a setting and of a command', () => {
    expect(nearest('projcts', ['profile', 'projects', 'settings'])).toBe('projects');
    expect(nearest('signup_enabeld', ['signup_enabled', 'signin_enabled'], () => 2)).toBe('signup_enabled');
    expect(nearest('zzzzzz', ['projects'])).toBeUndefined();
  });
});

describe('unknown setting names', () => {
  it('gathers the names a typo may have meant once for a whole file, not once per unknown name', () => {
    seen.calls = 0;
    seen.candidateSets.clear();
    const names = Array.from({ length: 2000 }, (_, i) => `custom_setting_${i}`);
    const warnings: string[] = [];
    checkUnknownNames(names, { signup_enabled: true }, { purpose: 'compare', allowUnknown: false, notes: { warn: (m: string) => warnings.push(m), notice: () => {} } });
    expect(seen.calls).toBe(2000);
    expect(seen.candidateSets.size).toBe(1);
    expect(warnings).toHaveLength(2000);
  });
});
