// chalk reads FORCE_COLOR when first loaded (by the first render below); a test process has no terminal.
process.env.FORCE_COLOR = '1';

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { list, render } from '../../src/core/output.js';
import { displayWidth, fitWidths, shortDate, tableLines, truncate } from '../../src/core/table.js';
import { columnKind, droppedNote, fitTable } from '../../src/core/table-fit.js';

describe('terminal table widths', () => {
  it('counts CJK and emoji as two columns, combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('合并请求')).toBe(8);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('🚀')).toBe(2);
  });

  it('cuts by columns with …, never half a wide character', () => {
    expect(truncate('合并请求', 6)).toBe('合并…');
    expect(truncate('合并请求', 5)).toBe('合并…');
    expect(truncate('short', 10)).toBe('short');
  });

  it('the widest text column gives way first; numbers and dates never', () => {
    expect(fitWidths([3, 60, 16], 50, [false, true, false])).toEqual([3, 27, 16]);
    expect(fitWidths([3, 60, 30], 50, [false, true, true])).toEqual([3, 24, 19]);
  });

  it('no line wider than asked, even when the columns cannot give way', () => {
    const lines = tableLines(['ID', 'A', 'B'], [['1', '2026-11-24 05:11', '2026-11-24 05:11']], 20);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(20);
  });

  it('timestamps short in local time; dates and other text unchanged', () => {
    const local = new Date('2026-11-24T05:11:33.120Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(shortDate('2026-11-24T05:11:33.120Z')).toBe(`${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`);
    expect(shortDate('2026-11-24')).toBe('2026-11-24');
    expect(shortDate('release 2026-11-24T05:11:33Z')).toBe('release 2026-11-24T05:11:33Z');
  });

  it('control characters stay escaped in a cut cell, and count as what is shown', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d) => (text += d));
    const rows = [{ id: 1, title: `\x1b[31mred${'x'.repeat(80)}` }];
    await render(list(rows, [{ key: 'id' }, { key: 'title' }]), { format: 'table', stdout: out, stderr: new PassThrough(), isTTY: true, color: false, width: 40 });
    expect(text).not.toContain('\x1b');
    expect(text).toContain('^[[31mred');
    for (const l of text.trimEnd().split('\n')) expect(displayWidth(l)).toBeLessThanOrEqual(40);
  });

  it('colours the state where colour is on, without moving the columns', async () => {
    const show = async (color: boolean) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (d) => (text += d));
      const rows = [{ id: 1, state: 'revoked', name: 'ci' }, { id: 22, state: 'active', name: 'deploy' }];
      await render(list(rows, [{ key: 'id' }, { key: 'state' }, { key: 'name' }]), { format: 'table', stdout: out, stderr: new PassThrough(), isTTY: true, color, width: 80 });
      return text;
    };
    const plain = await show(false);
    const coloured = await show(true);
    expect(coloured).toContain('\x1b[31mrevoked\x1b[39m');
    expect(coloured).toContain('\x1b[32mactive\x1b[39m');
    expect(plain).not.toContain('\x1b');
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain);
  });
});

describe('which columns a terminal table shows (table-fit)', () => {
  const header = ['ID', 'URL', 'PUSH', 'TAGS', 'TARGET', 'TITLE'];
  const rows = [
    ['1', 'https://hooks.example.com/a/very/long/path/to/the/receiver', 'true', 'false', 'main', 'A long title that can be cut'],
    ['2', 'https://hooks.example.com/b', 'false', 'true', 'main', 'Another title'],
  ];
  const kinds = header.map((_h, i) => columnKind(header[i].toLowerCase(), rows.map((r) => r[i])));

  it('reads flags from true/false cells and free text from the key; the rest are identifiers', () => {
    expect(kinds).toEqual(['id', 'id', 'flag', 'flag', 'id', 'text']);
    expect(columnKind('references.full', ['a!1'])).toBe('id');
    expect(columnKind('exception_message', ['boom'])).toBe('text');
    expect(columnKind('title', ['x'], 'id')).toBe('id');
  });

  it('says a constant column once, shrinks flags to a letter with a legend, and never cuts an identifier', () => {
    const fitted = fitTable({ header, rows, kinds, width: 80 });
    expect(fitted.header).toEqual(['ID', 'URL', 'P', 'T', 'TITLE']);
    expect(fitted.notes).toEqual(['Every row: TARGET main', 'P push, T tags (y yes, n no)']);
    expect(fitted.rows[0].slice(0, 4)).toEqual(['1', rows[0][1], 'y', 'n']);
    expect(fitted.cuttable).toEqual([false, false, false, false, true]);
    const lines = tableLines(fitted.header, fitted.rows, 80, {}, fitted.cuttable);
    expect(lines[1]).toContain(rows[0][1]);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(80);
  });

  it('leaves columns out when even that does not fit (flags first), and keeps all with --fields', () => {
    const fitted = fitTable({ header, rows, kinds, width: 72 });
    expect(fitted.dropped.map((i) => header[i])).toEqual(['TAGS', 'PUSH']);
    expect(fitted.header).toEqual(['ID', 'URL', 'TITLE']);
    expect(droppedNote([{ header: 'TAGS', key: 'tags' }], 72)).toBe('note: TAGS (tags) left out to fit 72 columns; --fields brings them back');
    expect(fitTable({ header, rows, kinds, width: 72, chosen: true }).header).toEqual(header);
  });

  it('leaves out the identifier whose going is enough, else the rightmost; dates last; an answer\'s keys from the right', () => {
    const h = ['ID', 'NAME', 'SCOPES', 'STATE', 'EXPIRES'];
    const r = [
      ['1', 'admin', 'api,sudo,read_user,admin_mode', 'active', '2027-09-23'],
      ['2', 'bob-workstation', 'api', 'revoked', '2027-03-27'],
    ];
    const k = h.map((_x, i) => columnKind(h[i].toLowerCase(), r.map((x) => x[i])));
    expect(fitTable({ header: h, rows: r, kinds: k, width: 50 }).header).toEqual(['ID', 'NAME', 'STATE', 'EXPIRES']);
    expect(fitTable({ header: h, rows: r, kinds: k, width: 50, keysInOrder: true }).header).toEqual(['ID', 'NAME', 'SCOPES']);
  });
});
