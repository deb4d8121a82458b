// The frame of the `migrate watch` live view, laid out to fit the terminal. A frame taller than the
// terminal cannot be erased before the next one (the lines above the top are gone), so each redraw
// would pile a copy into the scrollback: at most rows − 1 lines, none wider than the terminal (a
// wrapped line is two lines), failed and running entities first, the rest summed up in one line.

import { displayWidth, padEnd, truncate } from '../../core/table.js';

export interface FrameEntity {
  /** `kind source → destination`, already made safe to show. */
  what: string;
  status: string;
  elapsed: string;
}

export interface TerminalSize {
  rows: number;
  columns: number;
}

/** The spinner and its space stand before the first line. */
const SPINNER_WIDTH = 2;
const RANK: Record<string, number> = { failed: 0, started: 1, created: 2, finished: 3 };

/**
 * The frame's text. `paint` colours a status after it is laid out (colour codes take no columns).
 * The last column stays free: a line that fills it wraps on some terminals.
 */
export function layoutFrame(
  header: string,
  entities: FrameEntity[],
  note: string,
  size: TerminalSize,
  paint: (status: string, text: string) => string = (_status, text) => text,
): string {
  const width = Math.max(1, size.columns - 1);
  const budget = Math.max(1, size.rows - 1);
  const lines = [truncate(header, width - SPINNER_WIDTH)];
  const noteLine = note && budget > 1 ? truncate(`  ${note}`, width) : '';
  const room = budget - lines.length - (noteLine ? 1 : 0);

  let shown = entities;
  let hidden: FrameEntity[] = [];
  if (entities.length > room) {
    const keep = Math.max(0, room - 1);
    const picked = new Set([...entities].sort((a, b) => (RANK[a.status] ?? 1) - (RANK[b.status] ?? 1)).slice(0, keep));
    shown = entities.filter((e) => picked.has(e));
    hidden = entities.filter((e) => !picked.has(e));
  }

  const statusWidth = Math.max(0, ...shown.map((e) => displayWidth(e.status)));
  const elapsedWidth = Math.max(0, ...shown.map((e) => displayWidth(e.elapsed)));
  const whatRoom = width - 2 - 2 - statusWidth - 2 - elapsedWidth;
  const whatWidth = Math.min(Math.max(0, ...shown.map((e) => displayWidth(e.what))), Math.max(1, whatRoom));
  for (const e of shown) {
    const what = padEnd(truncate(e.what, whatWidth), whatWidth);
    const status = padEnd(e.status, statusWidth);
    const plain = `  ${what}  ${status}  ${e.elapsed}`;
    // A terminal too narrow even for the status gets the row plain and cut.
    lines.push(displayWidth(plain) <= width ? `  ${what}  ${paint(e.status, status)}  ${e.elapsed}` : truncate(plain, width));
  }
  if (hidden.length && room > 0) {
    const counts = new Map<string, number>();
    for (const e of hidden) counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
    lines.push(truncate(`  … ${hidden.length} more (${[...counts].map(([st, n]) => `${n} ${st}`).join(', ')})`, width));
  }
  if (noteLine) lines.push(noteLine);
  return lines.join('\n');
}
