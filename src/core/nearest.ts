// "did you mean …?": the known word a mistyped one was most likely meant to be.

/** Edits that still read as a typo of `word`: a few, more for a longer word. */
export type TypoAllowance = (word: string) => number;

/** Commands are short words: up to a third of the letters. */
const COMMAND_TYPO: TypoAllowance = (word) => Math.max(2, Math.floor(word.length / 3));

/** The known word closest to `word` by edit distance, if it is close enough to be a typo. */
export function nearest(word: string, known: Iterable<string>, allowance: TypoAllowance = COMMAND_TYPO): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    if (k === word) continue;
    const d = editDistance(word, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= allowance(word) ? best : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
