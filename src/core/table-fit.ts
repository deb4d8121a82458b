// Which columns a terminal table shows, and how, before it is cut to the width: identifiers
// (references, paths, URLs, names, enum values) are never cut, only free text is. A column with one
// value on every row is said once under the table; true/false columns shrink to one letter with a
// legend; if it still does not fit, columns drop out (flags first, then identifiers, dates last) and
// stderr says which, for --fields to bring back.

import { GAP_WIDTH, MIN_CUT, displayWidth } from './table.js';

/** What a column holds: free `text` may be cut; an `id` never is; a `flag` is true or false. */
export type ColumnKind = 'text' | 'id' | 'flag';

// Keys whose values are sentences, not names: titles, descriptions, messages, bodies, label lists.
const TEXT_KEY = /(^|[._])(title|description|message|body|note|content|bio|merge_error|labels)$/;
const FLAG_VALUE = /^(true|false|-)$/;
/** A date or a short timestamp (table.ts shortDate), or nothing. */
const DATE = /^(-|\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?)$/;

/** The kind a column declares, or one read from its key and cells. */
export function columnKind(key: string, cells: string[], declared?: ColumnKind): ColumnKind {
  if (declared) return declared;
  if (cells.length && cells.every((c) => FLAG_VALUE.test(c)) && cells.some((c) => c !== '-')) return 'flag';
  return TEXT_KEY.test(key) ? 'text' : 'id';
}

export interface FitInput {
  header: string[];
  rows: string[][];
  kinds: ColumnKind[];
  /** Terminal columns (unknown: nothing is left out). */
  width?: number;
  /** The user named the columns (--fields): all are shown as they are. */
  chosen?: boolean;
  /** The columns are an answer's keys in its order (`api -o table`), most telling first: what does not fit leaves from the right. */
  keysInOrder?: boolean;
}

export interface FittedTable {
  /** Indexes of the input columns shown, in order. */
  columns: number[];
  header: string[];
  rows: string[][];
  /** Per shown column: may it be cut. */
  cuttable: boolean[];
  /** Lines printed under the table: values said once, the legend of shrunk flags. */
  notes: string[];
  /** Indexes of the input columns left out to fit. */
  dropped: number[];
}

const total = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + GAP_WIDTH * Math.max(0, widths.length - 1);

/** One letter per flag column, its header's first letter not taken yet (then any letter of it). */
function flagLetters(headers: string[]): string[] {
  const used = new Set<string>();
  return headers.map((h) => {
    const letters = [...h.toUpperCase().replace(/[^A-Z]/g, '')];
    const pick = letters.find((l) => !used.has(l)) ?? letters[0] ?? '?';
    used.add(pick);
    return pick;
  });
}

export function fitTable(input: FitInput): FittedTable {
  const { header, rows, kinds, width } = input;
  let shown = header.map((_h, i) => i);
  const notes: string[] = [];
  const dropped: number[] = [];
  const natural = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i]))));
  // Only a table too wide for the terminal says a constant column once: a table that fits reads best whole.
  if (!input.chosen && rows.length > 1 && width !== undefined && total(natural) > width) {
    // Said once: the first column stays (it names the rows), and so does free text.
    const constant = shown.filter((i) => i > 0 && kinds[i] !== 'text' && rows.every((r) => r[i] === rows[0][i]));
    if (constant.length && constant.length < shown.length - 1) {
      notes.push(`Every row: ${constant.map((i) => `${header[i]} ${rows[0][i]}`).join(', ')}`);
      shown = shown.filter((i) => !constant.includes(i));
    }
  }
  let shrink = false;
  if (!input.chosen && width !== undefined && total(shown.map((i) => natural[i])) > width) {
    shrink = true;
    // Text gives way down to MIN_CUT, a flag to one letter; identifiers keep their width.
    const least = (i: number) => (kinds[i] === 'flag' ? 1 : kinds[i] === 'text' ? Math.min(natural[i], MIN_CUT) : natural[i]);
    // Still too wide: columns leave, flags first, then identifiers, dates last (they are short and say
    // when); the first column and text stay. In each group the rightmost that alone makes the table fit,
    // else the rightmost.
    const isDate = (i: number) => rows.every((r) => DATE.test(r[i]));
    const first = shown[0];
    const groups = input.keysInOrder
      ? [shown.filter((i) => i !== first)]
      : [
          shown.filter((i) => kinds[i] === 'flag'),
          shown.filter((i) => kinds[i] === 'id' && i !== first && !isDate(i)),
          shown.filter((i) => kinds[i] === 'id' && i !== first && isDate(i)),
        ];
    const without = (i: number) => total(shown.filter((s) => s !== i).map(least));
    for (const group of groups) {
      while (group.length && total(shown.map(least)) > width) {
        const enough = input.keysInOrder ? [] : group.filter((i) => without(i) <= width);
        const i = (enough.length ? enough : group).at(-1)!;
        group.splice(group.indexOf(i), 1);
        shown = shown.filter((s) => s !== i);
        dropped.push(i);
      }
    }
  }
  const head = shown.map((i) => header[i]);
  const body = rows.map((r) => shown.map((i) => r[i]));
  const flagsShown = shown.map((i, n) => (kinds[i] === 'flag' ? n : -1)).filter((n) => n >= 0);
  if (shrink && flagsShown.length) {
    const letters = flagLetters(flagsShown.map((n) => head[n]));
    notes.push(`${flagsShown.map((n, k) => `${letters[k]} ${head[n].toLowerCase()}`).join(', ')} (y yes, n no)`);
    flagsShown.forEach((n, k) => {
      head[n] = letters[k];
      for (const r of body) r[n] = r[n] === 'true' ? 'y' : r[n] === 'false' ? 'n' : '-';
    });
  }
  return { columns: shown, header: head, rows: body, cuttable: shown.map((i) => kinds[i] === 'text'), notes: notes.map((n) => wrapWords(n, width)), dropped };
}

/** A sentence in lines of at most `width` columns, the later ones indented. */
function wrapWords(text: string, width: number | undefined): string {
  if (width === undefined) return text;
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && displayWidth(last) + 1 + displayWidth(word) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(lines.length ? `  ${word}` : word);
  }
  return lines.join('\n');
}

/** The stderr note naming the columns left out (with their --fields names); undefined when none. */
export function droppedNote(dropped: { header: string; key: string }[], width: number | undefined): string | undefined {
  if (!dropped.length) return undefined;
  return wrapWords(`note: ${dropped.map((d) => `${d.header} (${d.key})`).join(', ')} left out to fit ${width} columns; --fields brings them back`, width);
}
