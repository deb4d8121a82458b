// "did you mean …?": the known word a mistyped one was most likely meant to be.

/** Edits that still read as a typo of `word`: a few, more for a longer word. */
export type TypoAllowance = (word: string) => number;

/** Commands are short words: up to a third of the letters. */
const COMMAND_TYPO: TypoAllowance = (word) => Math.max(2, Math.floor(word.length / 3));

/** The known word closest to `word` by edit distance, if it is close enough to be a typo. */
export function nearest(word: string, known: Iterable<string>, allowance: TypoAllowance = COMMAND_TYPO): string | undefined {
  let best: string | undefined;
  // Only a word within the allowance, and closer than the best so far, can win: the search stops
  // early on every other one, so a long list of unknown names against many known ones stays fast.
  let limit = allowance(word);
  for (const k of known) {
    if (k === word || Math.abs(k.length - word.length) > limit) continue;
    const d = editDistanceWithin(word, k, limit);
    if (d <= limit) {
      best = k;
      limit = d - 1;
      if (limit < 0) break;
    }
  }
  return best;
}

/** Levenshtein distance (insertions, deletions, substitutions) when it is at most `limit`; else `limit + 1`. */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const over = limit + 1;
  // Only cells within `limit` of the diagonal can hold a distance up to `limit`; the others count as over.
  let prev = rows(b.length + 1, 0);
  let row = rows(b.length + 1, 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j <= limit ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    row[0] = i <= limit ? i : over;
    if (from > 1) row[from - 1] = over;
    let rowMin = row[0];
    for (let j = from; j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost, over);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (to < b.length) row[to + 1] = over;
    // A row's minimum never falls in later rows: past the limit, no alignment can come back under it.
    if (rowMin > limit) return over;
    [prev, row] = [row, prev];
  }
  return Math.min(prev[b.length], over);
}

/** Two rows reused across calls: the search compares one name with hundreds of others. */
const scratch: Int32Array[] = [new Int32Array(64), new Int32Array(64)];
function rows(length: number, which: 0 | 1): Int32Array {
  if (scratch[which].length < length) scratch[which] = new Int32Array(length * 2);
  return scratch[which];
}
