// Past the counted pages, a list that filters by id on both sides (`id_after`, `id_before`; spec part
// 3 §4.6) is cut into slices of ids that are read a few at a time, keyset paging inside each, and
// handed on strictly in the order one sequential read gives. Slices are sized from the density of
// the ids seen so far: a deleted range widens them, a dense run narrows them, so a gap costs a few
// empty answers and never a missing item. A slice ahead of the one being printed holds at most a
// slice's pages and the slices together a fixed number, so memory stays flat however long the list is.
//
// How far ahead it reads adapts to who is slower. While the printer waits for the network, up to the
// pages of as many slices as requests go at once; while pages wait for the printer (a fast server, a
// CPU-bound run), down to MIN_AHEAD: pages parsed far ahead, and answers read in parallel, live while several others print, outlive
// young-generation collections, are promoted and grow the old heap (a fixed 8 ahead on 50,000
// projects: ~88 MB promoted over the run and ~150 MB peak RSS; a fixed 2 to 4: ~14 MB and ~125 MB).
//
// Nothing here knows HTTP: the caller fetches a range and turns failures into list errors.

import { CommandFailedError } from './errors.js';
import { Pace } from './pace.js';

export interface IdRange {
  /** Ids greater than this (undefined: no lower bound but the list's own). */
  idAfter?: number;
  /** Ids less than this (undefined: no upper bound but the list's own). */
  idBefore?: number;
}

export interface SliceAnswer<T> {
  items: T[];
  headers: Record<string, string>;
  /**
   * Whether the server named a next page (Link rel="next"): false when its Link header names none,
   * undefined when it sent no Link header at all (a proxy may drop it).
   */
  next?: boolean;
}

export interface SliceReadOptions<T> {
  id(item: T): number;
  /** The list's order: newest (highest id) first. */
  descending: boolean;
  /** Id of the last item already handed on: the slices start past it. */
  after: number;
  /** Id of the list's last item, from one request in the other order (undefined: none known). */
  last: number | undefined;
  /** Items in a full page of this server: a full page never ends a slice but at its bound. */
  pageSize: number;
  /** Ids per slice to start with. */
  width: number;
  /** Requests in flight to start with; fewer when the server throttles (the offset reader's Pace). */
  concurrency: number;
  /** Items still wanted (Infinity: all): no slice is started past what they need. */
  wanted: number;
  /** One page of the items in `range`, in the list's order. */
  fetch(range: IdRange, signal: AbortSignal, onRetry: (info: { status?: number; retryAfter?: string }) => void): Promise<SliceAnswer<T>>;
}

/**
 * Pages per slice where ids have gaps. A slice that ends short costs one empty answer to be sure it
 * ended (see settle), so a slice spans nearly three pages: that answer is paid once per three pages,
 * where slices of 0.9 of a page paid it on every page (575 requests for 50,000 projects before the
 * check, 890 with it at 0.9, 635 at 2.9; CPU and peak memory unchanged).
 */
const FILL = 2.9;
/**
 * Pages one slice may hold or have on their way: a whole slice (FILL pages, the last one short) can be
 * read ahead of the printer. At 2 a slice ahead stopped before its last page and the empty answer
 * that ends it, so each slice, once printed, waited two round trips more, one after the other: at
 * 25 ms per request, 1.6 requests were in flight on average instead of 8 (issue 45). The pages held
 * ahead of the printer in all stay bounded by `ahead`.
 */
const PAGES_PER_SLICE = Math.ceil(FILL) + 1;
/** Pages held or on their way while the printer is the slower side: one printing, one coming. */
export const MIN_AHEAD = 2;

interface Slice<T> {
  /** Position (see `pos`) after which the slice starts, exclusive. */
  start: number;
  /** Last position of the slice, inclusive; undefined for the last slice, open to the list's end. */
  end?: number;
  /** Position of the last item received. */
  cursor: number;
  pages: T[][];
  received: number;
  answered: boolean;
  busy: boolean;
  done: boolean;
  error?: unknown;
}

/** Ids spanned per slice so that one holds about a page, from `items` seen over `ids` ids. */
export function sliceWidth(ids: number, items: number, pageSize: number): number {
  if (items <= 0) return Math.max(1, ids * 4);
  // Every id present: a slice of one page's ids ends at its own bound, in one request.
  if (items >= ids) return pageSize;
  return Math.max(1, Math.floor((ids * FILL * pageSize) / items));
}

/** Yields the pages of the list past `after`, in the list's order, reading slices concurrently. */
export async function* readSlices<T>(o: SliceReadOptions<T>): AsyncGenerator<T[]> {
  // Positions grow in the order items are printed, whichever way the ids go.
  const pos = (id: number) => (o.descending ? -id : id);
  const rangeOf = (s: Slice<T>): IdRange =>
    o.descending
      ? { idBefore: -s.cursor, idAfter: s.end === undefined ? undefined : -s.end - 1 }
      : { idAfter: s.cursor, idBefore: s.end === undefined ? undefined : s.end + 1 };

  const pace = new Pace(o.concurrency);
  // Slices read at once: one request each at most, so this many keep the concurrency busy.
  const slices = Math.max(2, o.concurrency);
  // Pages held ahead of the printed slice plus those on their way, at most, whatever the pace. A
  // slice's pages come one after another, so keeping `slices` requests in flight on a slow network
  // means holding the pages of the slices read ahead: about a slice's worth each (issue 45).
  const budget = slices * (PAGES_PER_SLICE - 1);
  const drop = new AbortController();
  const window: Slice<T>[] = [];
  const farEnd = o.last === undefined ? undefined : pos(o.last);
  let nextStart = pos(o.after);
  let planned = false;
  let width = Math.max(1, Math.floor(o.width));
  let inFlight = 0;
  let held = 0;
  let received = 0;
  let unanswered = 0;
  let finished = false;
  let wake: (() => void) | undefined;
  // Pages held ahead plus those on their way, between MIN_AHEAD and the budget (see the top).
  let ahead = slices;
  // Pages handed on since the printer last waited on the network.
  let calm = 0;
  // Of the printer's wait for the page handed on: time the event loop sat idle, and in all.
  let idleMs = 0;
  let waitedMs = 0;

  /**
   * One page is handed on. If the printer waited for it with the event loop mostly idle, the network
   * is the slower side: one more ahead. Otherwise (the page was there, or the wait was this process
   * reading and parsing other answers) one fewer after as many such pages as are ahead.
   */
  const adapt = () => {
    if (waitedMs > 0 && idleMs > waitedMs / 2) {
      ahead = Math.min(budget, ahead + 1);
      calm = 0;
    } else if (++calm >= ahead) {
      ahead = Math.max(MIN_AHEAD, ahead - 1);
      calm = 0;
    }
    idleMs = 0;
    waitedMs = 0;
  };

  const plan = (): Slice<T> | undefined => {
    if (planned || window.length > slices) return undefined;
    // With a --limit, slices already asked for may bring enough: wait for their answers first.
    if (unanswered > 0 && received + unanswered * o.pageSize >= o.wanted) return undefined;
    const end = nextStart + width;
    const last = farEnd === undefined || end >= farEnd;
    const s: Slice<T> = { start: nextStart, end: last ? undefined : end, cursor: nextStart, pages: [], received: 0, answered: false, busy: false, done: false };
    if (last) planned = true;
    else nextStart = end;
    window.push(s);
    unanswered++;
    return s;
  };

  const learn = (s: Slice<T>) => {
    if (s.end === undefined) return;
    const ids = s.end - s.start;
    // Halfway (geometrically) to what this slice suggests: one odd slice does not swing the rest.
    const suggested = Math.min(ids * 4, Math.max(ids / 8, sliceWidth(ids, s.received, o.pageSize)));
    width = Math.max(1, Math.round(Math.sqrt(width * suggested)));
  };

  const settle = (s: Slice<T>, { items, next }: SliceAnswer<T>) => {
    let cursor = s.cursor;
    for (const item of items) {
      const p = pos(o.id(item));
      // A server that ignores the id bounds would repeat items of other slices: never print them twice.
      if (!(p > cursor) || (s.end !== undefined && p > s.end)) {
        throw new CommandFailedError(
          `the server answered an item out of the id range asked for (id ${o.id(item)}); the list cannot be read in parallel here`,
          'set FORGECTL_PAGE_CONCURRENCY=1 to read it one page at a time',
        );
      }
      cursor = p;
    }
    s.cursor = cursor;
    s.received += items.length;
    received += items.length;
    if (items.length) {
      s.pages.push(items);
      held++;
    }
    // A slice ends at an empty page, at its bound, or where the server names no next page. A short
    // page alone is no end: a proxy may cap keyset pages below per_page, a server may filter a page
    // after cutting it (issue 33.10: 4% of a list lost). GitLab names a next page after every page that
    // is not empty, so a slice that ends short costs one empty answer. With no Link header at all,
    // only a short page ends it (a full one may have lost its header on the way).
    const named = next ?? items.length >= o.pageSize;
    if (items.length === 0 || (s.end !== undefined && s.cursor >= s.end) || !named) {
      s.done = true;
      learn(s);
    }
  };

  const start = (s: Slice<T>) => {
    s.busy = true;
    inFlight++;
    o.fetch(rangeOf(s), drop.signal, (info) => pace.throttled(info)).then(
      (answer) => {
        pace.answered(answer.headers);
        try {
          settle(s, answer);
        } catch (err) {
          s.error = err;
          s.done = true;
        }
      },
      (err: unknown) => {
        s.error = err;
        s.done = true;
      },
    ).finally(() => {
      inFlight--;
      s.busy = false;
      if (!s.answered) {
        s.answered = true;
        unanswered--;
      }
      const w = wake;
      wake = undefined;
      w?.();
      pump();
    });
  };

  const pick = (): Slice<T> | undefined => {
    for (let i = 0; i < window.length; i++) {
      const s = window[i];
      if (s.busy || s.done || s.pages.length >= PAGES_PER_SLICE) continue;
      // The printed slice always goes on: what it holds is printed at once.
      if (i === 0 || held + inFlight < ahead) return s;
      return undefined;
    }
    return held + inFlight < ahead || window.length === 0 ? plan() : undefined;
  };

  const pump = () => {
    while (!finished && inFlight < pace.limit) {
      const s = pick();
      if (!s) return;
      start(s);
    }
  };

  try {
    pump();
    for (;;) {
      const head = window[0];
      if (!head) return;
      if (head.pages.length) {
        const page = head.pages.shift()!;
        held--;
        adapt();
        pump();
        yield page;
        continue;
      }
      if (head.error !== undefined) throw head.error;
      if (head.done) {
        window.shift();
        pump();
        continue;
      }
      const before = performance.eventLoopUtilization();
      await new Promise<void>((resolve) => (wake = resolve));
      const during = performance.eventLoopUtilization(before);
      idleMs += during.idle;
      waitedMs += during.idle + during.active;
    }
  } finally {
    finished = true;
    drop.abort();
  }
}
