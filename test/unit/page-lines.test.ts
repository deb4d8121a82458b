// The second thread that encodes big list pages' NDJSON lines (issue 45): its lines must be the ones
// itemJson writes on the main thread, masks and escapes included, and a list must never wait for it to
// start. The worker runs from the same source the build bundles (src/core/line-worker.ts).

import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { encodePage, itemJson } from '../../src/core/item-json.js';
import { lineReady, receivedLine, rememberPage, secondThreadRunning, wantReceivedLines } from '../../src/core/page-lines.js';

const items = (from: number) => [
  { id: from, runners_token: 'GR1348941secret', notes: 'a'.repeat(30_000), import_url: 'https://u:pa55@git.example.com/x.git' },
  { id: from + 1, notes: 'b'.repeat(30_000), name: 'caf\u00e9 \u202eevil \u0085', nested: { webhook_secret: '', list: [1, null, 'x'] } },
  { id: from + 2, notes: 'c'.repeat(30_000), web_url: 'https://git.example.com/g/p?private_token=abc123&page=2' },
];

describe('encodePage', () => {
  it('gives itemJson\'s line for each item and says which ones have token-like values to mask', () => {
    const page = items(1);
    const encoded = encodePage(JSON.stringify(page))!;
    expect(encoded.lines).toEqual(page.map((i) => itemJson(i, false)));
    expect([...encoded.masked]).toEqual([1, 0, 0]);
    expect(encoded.lines.join('\n')).not.toContain('pa55');
    expect(encoded.lines.join('\n')).not.toContain('abc123');
    expect(encoded.lines[1]).toContain('\\u202e');
  });

  it('gives nothing for text that is not a JSON array', () => {
    expect(encodePage('{"id":1}')).toBeUndefined();
    expect(encodePage('[{"id":1}')).toBeUndefined();
  });
});

describe('the second thread', () => {
  it('without it (no bundled worker), every line is encoded here and nothing waits', () => {
    wantReceivedLines();
    const page = items(10);
    rememberPage(page, JSON.stringify(page));
    expect(secondThreadRunning()).toBe(false);
    for (const item of page) {
      expect(lineReady(item)).toBeUndefined();
      expect(receivedLine(item, true)).toBe(itemJson(item, true));
    }
  });

  it('once running, encodes the pages handed to it, and each line is the one this thread would write', async () => {
    // As the build does: the worker's bundled source, where page-lines.ts looks for it.
    (globalThis as Record<string, unknown>).__FORGECTL_LINE_WORKER__ = buildSync({ entryPoints: ['src/core/line-worker.ts'], bundle: true, platform: 'node', format: 'cjs', write: false }).outputFiles[0].text;
    wantReceivedLines();
    // The first big page starts the thread; it is encoded here.
    const first = items(20);
    rememberPage(first, JSON.stringify(first));
    expect(lineReady(first[0])).toBeUndefined();
    for (let waited = 0; !secondThreadRunning() && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(secondThreadRunning()).toBe(true);

    const pages = [items(30), items(40), items(50)];
    for (const page of pages) rememberPage(page, JSON.stringify(page));
    for (const page of pages) {
      for (const item of page) {
        const waiting = lineReady(item);
        if (item === page[0]) expect(waiting).toBeInstanceOf(Promise);
        if (waiting) await waiting;
        expect(receivedLine(item, true)).toBe(itemJson(item, true));
        expect(receivedLine(item, false)).toBe(itemJson(item, false));
      }
    }
    // A small page stays here.
    const small = [{ id: 99, name: 'x' }];
    rememberPage(small, JSON.stringify(small));
    expect(lineReady(small[0])).toBeUndefined();
  });
});
