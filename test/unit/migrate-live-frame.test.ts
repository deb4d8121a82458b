// The live view's frame fits the terminal: a frame taller than the screen cannot be erased before
// the next redraw, so each one piled a copy into the scrollback (40 lines on 24 rows).

import { describe, expect, it } from 'vitest';
import { layoutFrame, type FrameEntity } from '../../src/commands/migrate/live-frame.js';
import { displayWidth, truncate } from '../../src/core/table.js';

function entities(n: number, status: (i: number) => string = (i) => (i === 0 ? 'started' : 'created')): FrameEntity[] {
  return Array.from({ length: n }, (_, i) => ({
    what: `project acme/platform/service-${String(i).padStart(2, '0')} → opensource/acme-copy/platform/service-${String(i).padStart(2, '0')}`,
    status: status(i),
    elapsed: `${i}s`,
  }));
}

/** Lines the terminal shows for a frame: the spinner takes two columns before the first. */
function screenLines(frame: string, columns: number): number {
  return frame.split('\n').reduce((n, line, i) => n + Math.max(1, Math.ceil((displayWidth(line) + (i === 0 ? 2 : 0)) / columns)), 0);
}

describe('the live view frame', () => {
  it('holds 40 entities on 24 rows in at most 23 lines, none wrapping, with "… N more"', () => {
    const frame = layoutFrame('migration 7 started: 0 of 40 finished', entities(40), '', { rows: 24, columns: 80 });
    const lines = frame.split('\n');
    expect(lines).toHaveLength(23);
    expect(screenLines(frame, 80)).toBe(23);
    for (const [i, line] of lines.entries()) expect(displayWidth(line) + (i === 0 ? 2 : 0), line).toBeLessThan(80);
    expect(lines.at(-1)).toBe('  … 19 more (19 created)');
    // Cut paths keep the status and the elapsed time in their columns.
    expect(lines[5]).toMatch(/^ {2}project acme\/platform\/service-04 → opensource\/acme-copy\/platfo… {2}created {2}4s$/);
  });

  it('keeps failed and running entities in view, and keeps a note within the limit', () => {
    const list = entities(30, (i) => (i === 25 ? 'failed' : i === 26 ? 'started' : 'finished'));
    const frame = layoutFrame('migration 7 started: 28 of 30 finished, 1 failed', list, 'polling migration 7 failed (503); trying again in 10s', { rows: 10, columns: 100 });
    const lines = frame.split('\n');
    expect(lines).toHaveLength(9);
    // Room for 6 entities: the failed and the running one are among them, in their place in the list.
    expect(lines.slice(1, 7).map((l) => l.match(/service-(\d+) /)![1])).toEqual(['00', '01', '02', '03', '25', '26']);
    expect(lines[5]).toMatch(/failed/);
    expect(lines.at(-2)).toBe('  … 24 more (24 finished)');
    expect(lines.at(-1)).toBe('  polling migration 7 failed (503); trying again in 10s');
  });

  it('fits a narrow terminal and wide characters by their columns', () => {
    const wide = [{ what: 'project 日本語/リポジトリ → 新しい/リポジトリ', status: 'created', elapsed: '3s' }];
    for (const columns of [20, 30, 45]) {
      const frame = layoutFrame('migration 7 started: 0 of 1 finished', wide, '', { rows: 24, columns });
      expect(screenLines(frame, columns), frame).toBe(2);
    }
    expect(displayWidth('日本')).toBe(4);
    expect(truncate('日本語のパス', 7)).toBe('日本語…');
  });

  it('a frame of fewer entities than rows is left whole', () => {
    const frame = layoutFrame('migration 7 started: 0 of 3 finished', entities(3), '', { rows: 24, columns: 200 });
    expect(frame.split('\n')).toHaveLength(4);
    expect(frame).not.toContain('more');
  });
});
