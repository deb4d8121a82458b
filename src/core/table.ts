// The list table a terminal shows: aligned columns that fit the terminal's width, measured in
// terminal columns (CJK and emoji take two), the widest text column cut with `…`, timestamps short,
// states coloured. Pipes never come here: they get full values, tab-separated (output.ts).

/** Timestamps as the API sends them: `2026-11-24T05:11:33.120Z`, `…+01:00`. */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An API timestamp as `YYYY-MM-DD HH:MM` in the local time zone; anything else unchanged. */
export function shortDate(s: string): string {
  if (!ISO_DATETIME.test(s)) return s;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) return s;
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

// East Asian Wide and Fullwidth ranges (Unicode EastAsianWidth.txt, the blocks in use) and emoji.
const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x267f, 0x267f],
  [0x2693, 0x2693],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26ce, 0x26ce],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f3],
  [0x26f5, 0x26f5],
  [0x26fa, 0x26fa],
  [0x26fd, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x274e, 0x274e],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];

function isWide(cp: number): boolean {
  if (cp < 0x1100) return false;
  let lo = 0;
  let hi = WIDE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = WIDE[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

// Combining marks, zero-width joiners and variation selectors take no column of their own.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufe00-\ufe0f]$/u;

/** Terminal columns one character takes. */
function charWidth(ch: string): number {
  if (ZERO_WIDTH.test(ch)) return 0;
  return isWide(ch.codePointAt(0)!) ? 2 : 1;
}

/** Terminal columns a text takes (it holds no control characters: cells are made visible first). */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch);
  return w;
}

/** Cuts a text to `width` columns, ending with `…` when anything was left out. */
export function truncate(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  if (width <= 0) return '';
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = charWidth(ch);
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

/** Pads a text with spaces to `width` columns. */
export function padEnd(s: string, width: number): string {
  return s + ' '.repeat(Math.max(0, width - displayWidth(s)));
}

const GAP = '  ';
export const GAP_WIDTH = GAP.length;
/** A column is not cut below this (a title of 8 columns still says what it is). */
export const MIN_CUT = 8;
/** Cells that are never cut: numbers, dates and times (half a date misleads), and `-`. */
const UNCUTTABLE = /^(-|\d+|\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?)$/;

/** The widest text column keeps this much while the other text columns give way. */
const WIDEST_KEEPS = 24;

/**
 * Column widths that fit in `maxWidth`. Text columns give way, the widest first (one column at a
 * time, always the widest left): first the widest down to WIDEST_KEEPS while the others go down to
 * MIN_CUT, then it too. Numbers and dates are never cut.
 */
export function fitWidths(natural: number[], maxWidth: number, cuttable: boolean[] = natural.map(() => true)): number[] {
  const widths = [...natural];
  let excess = widths.reduce((a, b) => a + b, 0) + GAP.length * Math.max(0, widths.length - 1) - maxWidth;
  const widestText = natural.reduce((best, w, i) => (cuttable[i] && (best < 0 || w > natural[best]) ? i : best), -1);
  const shrink = (floor: (i: number) => number) => {
    while (excess > 0) {
      let pick = -1;
      for (let i = 0; i < widths.length; i++) {
        if (cuttable[i] && widths[i] > floor(i) && (pick < 0 || widths[i] > widths[pick])) pick = i;
      }
      if (pick < 0) return;
      widths[pick]--;
      excess--;
    }
  };
  shrink((i) => (i === widestText ? Math.min(natural[i], WIDEST_KEEPS) : MIN_CUT));
  shrink(() => MIN_CUT);
  return widths;
}

export interface TableStyle {
  header?: (s: string) => string;
  /** Colours a cell after it is padded (so the colour codes never count in the width). */
  cell?: (column: number, text: string, padded: string) => string;
}

/** Lines of an aligned table; with `maxWidth`, no line is wider than it. */
export function tableLines(header: string[], rows: string[][], maxWidth: number | undefined, style: TableStyle = {}, textColumns?: boolean[]): string[] {
  const natural = header.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i]))));
  // Given: only free text may be cut (table-fit.ts); else any column but numbers and dates.
  const cuttable = header.map((_h, i) => (textColumns ? textColumns[i] : true) && rows.some((r) => !UNCUTTABLE.test(r[i])));
  const widths = maxWidth ? fitWidths(natural, maxWidth, cuttable) : natural;
  const line = (cells: string[], paint: (i: number, text: string, padded: string) => string) => {
    const parts = cells.map((c, i) => {
      const text = truncate(c, widths[i]);
      const last = i === cells.length - 1;
      return paint(i, text, last ? text : padEnd(text, widths[i]));
    });
    return parts.join(GAP).trimEnd();
  };
  const head = style.header ?? ((s: string) => s);
  const cellStyle = style.cell ?? ((_i: number, _t: string, padded: string) => padded);
  const out = [line(header, (_i, _t, padded) => head(padded))];
  for (const r of rows) out.push(line(r, cellStyle));
  // Columns that cannot give way (many narrow ones): the line itself is cut, never wrapped.
  if (maxWidth && natural.length && widths.reduce((a, b) => a + b, 0) + GAP.length * (widths.length - 1) > maxWidth) {
    return out.map((l) => cutStyled(l, maxWidth));
  }
  return out;
}

const SGR = /\x1b\[[0-9;]*m/g;

/** Cuts a line that may hold colour codes to `width` columns (the codes are dropped when it is cut). */
function cutStyled(l: string, width: number): string {
  const plain = l.replace(SGR, '');
  return displayWidth(plain) <= width ? l : truncate(plain, width);
}
