// The id-range reader on its own (issue 27 item 2): order, gaps, memory held ahead of the consumer.

import { describe, expect, it } from 'vitest';
import { MIN_AHEAD, readSlices, type IdRange, type SliceReadOptions } from '../../src/core/id-slices.js';

const PAGE = 100;
const tick = () => new Promise<void>((r) => setImmediate(r));

/** A keyset server over `ids` in memory: answers after a tick, counts requests and pages handed out. */
function server(ids: number[], descending: boolean) {
  const sorted = [...ids].sort((a, b) => (descending ? b - a : a - b));
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0 };
  const fetch = async (r: IdRange) => {
    stats.requests++;
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    await tick();
    stats.inFlight--;
    const items = sorted.filter((id) => (r.idAfter === undefined || id > r.idAfter) && (r.idBefore === undefined || id < r.idBefore)).slice(0, PAGE);
    return { items: items.map((id) => ({ id })), headers: {} };
  };
  return { sorted, stats, fetch };
}

function options(ids: number[], descending: boolean, fetch: SliceReadOptions<{ id: number }>['fetch']): SliceReadOptions<{ id: number }> {
  const sorted = [...ids].sort((a, b) => (descending ? b - a : a - b));
  const first = sorted.slice(0, PAGE);
  return {
    id: (p) => p.id,
    descending,
    after: first[first.length - 1],
    last: sorted[sorted.length - 1],
    pageSize: PAGE,
    width: PAGE,
    concurrency: 8,
    wanted: Infinity,
    fetch,
  };
}

/** Ids with a dense run, a hole of a million ids, a sparse run and scattered holes. */
function gappy(): number[] {
  const ids: number[] = [];
  for (let id = 1; id <= 3000; id++) if (id % 7 !== 3) ids.push(id);
  for (let id = 1_003_000; id <= 1_010_000; id += 9) ids.push(id);
  for (let id = 1_010_001; id <= 1_013_000; id++) ids.push(id);
  return ids;
}

describe('readSlices', () => {
  for (const descending of [true, false]) {
    it(`hands on every item once, in the list's order, across a hole of a million ids (${descending ? 'newest' : 'oldest'} first)`, async () => {
      const ids = gappy();
      const s = server(ids, descending);
      const got: number[] = [];
      for await (const page of readSlices(options(ids, descending, s.fetch))) got.push(...page.map((p) => p.id));
      expect(got).toEqual(s.sorted.slice(PAGE));
      // The hole costs a few empty answers, not one per page's worth of ids.
      expect(s.stats.requests).toBeLessThan(1.5 * Math.ceil(ids.length / PAGE) + 40);
      expect(s.stats.maxInFlight).toBe(8);
    });
  }

  it('holds the same bounded number of pages ahead of a slow consumer at 5,000 and 50,000 items', async () => {
    const heldAhead = async (n: number) => {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const s = server(ids, true);
      let answered = 0;
      let consumed = 0;
      let most = 0;
      const fetch: SliceReadOptions<{ id: number }>['fetch'] = async (r, signal, onRetry) => {
        const a = await s.fetch(r);
        answered++;
        most = Math.max(most, answered - consumed);
        void signal;
        void onRetry;
        return a;
      };
      for await (const page of readSlices(options(ids, true, fetch))) {
        consumed++;
        // The consumer is slower than the server: pages pile up unless the reader waits.
        for (let i = 0; i < 5; i++) await tick();
        void page;
      }
      return most;
    };
    const small = await heldAhead(5_000);
    const large = await heldAhead(50_000);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(8 + 2);
  });

  it('reads only MIN_AHEAD pages ahead of a consumer slower than the server, 8 ahead of a network slower than the consumer', async () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => i + 1);
    /** Most pages asked for but not yet consumed, over the second half of the list (after adapting). */
    const askedAhead = async (answerAfter: () => Promise<void>, consume: () => Promise<void>) => {
      const s = server(ids, true);
      let asked = 0;
      let consumed = 0;
      let most = 0;
      const fetch: SliceReadOptions<{ id: number }>['fetch'] = async (r) => {
        asked++;
        if (consumed >= 100) most = Math.max(most, asked - consumed);
        await answerAfter();
        return s.fetch(r);
      };
      for await (const page of readSlices(options(ids, true, fetch))) {
        void page;
        await consume();
        consumed++;
      }
      return most;
    };
    // The server answers at once, the consumer takes 2 ms a page: pages held ahead would only wait.
    const slowConsumer = await askedAhead(async () => undefined, () => new Promise((r) => setTimeout(r, 2)));
    // The answers take 20 ms, the consumer none: the reader keeps its concurrency.
    const slowNetwork = await askedAhead(() => new Promise((r) => setTimeout(r, 20)), async () => undefined);
    expect(slowConsumer).toBeLessThanOrEqual(MIN_AHEAD + 1);
    expect(slowNetwork).toBeGreaterThanOrEqual(7);
  });

  it('keeps its concurrency on a slow network where slices span about three pages and each ends with an empty answer, as GitLab names a next page after every page that is not empty', async () => {
    // Ids rising by 1 to 4: slices of about 2.9 pages, each read to an empty answer (issue 33.10).
    const ids: number[] = [];
    for (let i = 0, id = 0; i < 20_000; i++) ids.push((id += 1 + ((i * 7919) % 4)));
    const s = server(ids, true);
    let consumed = 0;
    let inFlight = 0;
    const inFlightAtAsk: number[] = [];
    const fetch: SliceReadOptions<{ id: number }>['fetch'] = async (r) => {
      if (consumed >= 50) inFlightAtAsk.push(inFlight);
      inFlight++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const a = await s.fetch(r);
      inFlight--;
      return { ...a, next: a.items.length > 0 };
    };
    const got: number[] = [];
    for await (const page of readSlices(options(ids, true, fetch))) {
      got.push(...page.map((p) => p.id));
      consumed++;
    }
    expect(got).toEqual(s.sorted.slice(PAGE));
    // In flight when a request leaves, past the start: near the concurrency, not one slice's pages in turn.
    const mean = inFlightAtAsk.reduce((a, b) => a + b, 0) / inFlightAtAsk.length;
    expect(mean).toBeGreaterThanOrEqual(5);
  });

  it('refuses items outside the range asked for (a server that ignores id_after/id_before), printing nothing twice', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const sorted = [...ids].reverse();
    const fetch = async () => ({ items: sorted.slice(0, PAGE).map((id) => ({ id })), headers: {} });
    const got: number[] = [];
    const err = await (async () => {
      for await (const page of readSlices(options(ids, true, fetch))) got.push(...page.map((p) => p.id));
    })().catch((e: unknown) => e);
    expect(String(err)).toMatch(/out of the id range asked for/);
    expect(new Set(got).size).toBe(got.length);
  });

  describe('a slice ends at an empty page, at its bound, or where the server names no next page; never on a short page alone', () => {
    for (const descending of [true, false]) {
      it(`a server that caps keyset pages below per_page: every item (${descending ? 'newest' : 'oldest'} first)`, async () => {
        const ids = gappy();
        const s = server(ids, descending);
        // A page holds 37 items where 100 were asked, and names the next page after any that is not empty (GitLab's rule).
        const capped: SliceReadOptions<{ id: number }>['fetch'] = async (r) => {
          const items = (await s.fetch(r)).items.slice(0, 37);
          return { items, headers: {}, next: items.length > 0 };
        };
        const got: number[] = [];
        for await (const page of readSlices(options(ids, descending, capped))) got.push(...page.map((p) => p.id));
        expect(got).toEqual(s.sorted.slice(PAGE));
      });
    }

    it('a server that filters a page after cutting it (items hidden from this user): every item shown, none twice', async () => {
      const ids = gappy();
      const hidden = (id: number) => id % 11 === 0;
      const s = server(ids, true);
      // The page is cut at PAGE ids of the whole list, then the hidden ones are taken out; the next page
      // starts after the cut, so it is named even when the page comes back short or empty of visible ones.
      const filtering: SliceReadOptions<{ id: number }>['fetch'] = async (r) => {
        const a = await s.fetch(r);
        return { items: a.items.filter((i) => !hidden(i.id)), headers: {}, next: a.items.length > 0 };
      };
      const visibleFirst = s.sorted.slice(0, PAGE).filter((id) => !hidden(id));
      const o = { ...options(ids, true, filtering), after: visibleFirst[visibleFirst.length - 1] };
      const got: number[] = [];
      for await (const page of readSlices(o)) got.push(...page.map((p) => p.id));
      expect(got).toEqual(s.sorted.filter((id) => !hidden(id) && id < o.after));
    });

    it('a page whose Link header names no next page ends its slice, even a full one', async () => {
      const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
      const s = server(ids, true);
      let asked = 0;
      const fetch: SliceReadOptions<{ id: number }>['fetch'] = async (r) => {
        asked++;
        const a = await s.fetch(r);
        return { ...a, next: false };
      };
      const o = { ...options(ids, true, fetch), width: 10_000, last: 1 };
      const got: number[] = [];
      for await (const page of readSlices(o)) got.push(...page.map((p) => p.id));
      // One slice over the whole rest: its first page is full, and the server said there is no more.
      expect(got).toEqual(s.sorted.slice(PAGE, 2 * PAGE));
      expect(asked).toBe(1);
    });
  });
});
