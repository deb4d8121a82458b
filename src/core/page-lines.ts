// A long list printed as received (NDJSON) spends most of its time encoding items it has just parsed.
// A page big enough is handed, as the text it came in, to a second thread that encodes its lines while
// this one parses, checks and prints: a fleet's pages that arrive together are printed on two cores
// (issue 45). Where that thread cannot be had (the sources run under vitest, a failed start), every line
// is encoded here, as before.

import type { Worker } from 'node:worker_threads';
import { itemJson } from './item-json.js';

// The worker's script, bundled by the build (scripts/esbuild-options.mjs) from src/core/line-worker.ts.
declare const __FORGECTL_LINE_WORKER__: string | undefined;

// Below this a page is encoded here: handing it over costs more than it saves.
const MIN_PAGE_CHARS = 64 * 1024;

interface Encoded {
  lines: string[];
  masked: Uint8Array;
}

interface Page {
  items: unknown[];
  /** Where the next item looked up is expected: items are printed in order. */
  cursor: number;
  /** Who encodes the page: 0 nobody yet, 1 the second thread, 2 this one (set by whoever is first). */
  claim: Int32Array;
  encoded?: Encoded;
  pending?: Promise<void>;
}

const BY_HELPER = 1;
const BY_MAIN = 2;

const pageOf = new WeakMap<object, Page>();
const remembered = new WeakSet<object>();
let wanted = false;
let started = false;
let told = false;
let helper: LineHelper | undefined;

class LineHelper {
  private ready = false;
  private broken = false;
  private nextId = 0;
  private readonly waiting = new Map<number, (e: Encoded | undefined) => void>();

  constructor(private readonly worker: Worker) {
    // Kept referenced only while a page is out: an idle helper never keeps the process alive, a busy
    // one always does (else the run could end with lines still to print).
    worker.unref();
    worker.on('message', (m: 'ready' | { id: number; lines?: string[]; masked?: Uint8Array }) => {
      if (m === 'ready') {
        this.ready = true;
        return;
      }
      this.settle(m.id, m.lines && m.masked ? { lines: m.lines, masked: m.masked } : undefined);
    });
    worker.on('error', () => this.fail());
    worker.on('exit', () => this.fail());
  }

  get usable(): boolean {
    return this.ready && !this.broken;
  }

  get broke(): boolean {
    return this.broken;
  }

  /** The page's lines, unless this thread claims the page first (then undefined). */
  encode(text: string, claim: Int32Array): Promise<Encoded | undefined> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, text, claim });
    });
  }

  private settle(id: number, e: Encoded | undefined): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
    resolve?.(e);
  }

  private fail(): void {
    this.broken = true;
    for (const id of [...this.waiting.keys()]) this.settle(id, undefined);
  }
}

function startHelper(): void {
  const source = typeof __FORGECTL_LINE_WORKER__ === 'string' ? __FORGECTL_LINE_WORKER__ : undefined;
  if (!source) return;
  started = true;
  import('node:worker_threads')
    .then(({ Worker }) => {
      helper = new LineHelper(new Worker(source, { eval: true, stdout: true, stderr: true }));
    })
    .catch(() => undefined);
}

/** Whether the second thread runs and takes pages (false until it has started, or after it failed). */
export function secondThreadRunning(): boolean {
  return !!helper?.usable;
}

/** Said by a writer that prints list items as received: their pages may be encoded ahead. */
export function wantReceivedLines(): void {
  wanted = true;
}

/**
 * Each array answer as parsed (the HTTP client), with the text it was parsed from: a big page of a
 * list printed as received goes to the second thread, which is started on the first such page.
 */
export function rememberPage(items: unknown[], text: string, trace?: (line: string) => void): void {
  if (!wanted || text.length < MIN_PAGE_CHARS || remembered.has(items)) return;
  remembered.add(items);
  // The first such page starts the thread and is encoded here; the next ones go to it, even while it
  // starts (a page it has not begun when its lines are wanted is then taken back, see lineReady).
  if (!started) return startHelper();
  if (!helper || helper.broke) return;
  if (!told) trace?.('* encoding the lines of list pages on a second thread');
  told = true;
  const page: Page = { items, cursor: 0, claim: new Int32Array(new SharedArrayBuffer(4)) };
  page.pending = helper.encode(text, page.claim).then((encoded) => {
    page.encoded = encoded;
    page.pending = undefined;
  });
  for (const item of items) if (item !== null && typeof item === 'object') pageOf.set(item, page);
}

/**
 * Undefined when the item's line can be had now (receivedLine); else a promise of when it can. A page
 * the second thread has not begun while it is still starting is taken back and encoded here: a
 * printer never waits for the thread to start. Once it runs, its pages are waited for: it encodes
 * while this thread parses and prints the next ones.
 */
export function lineReady(item: unknown): Promise<void> | undefined {
  const page = item !== null && typeof item === 'object' ? pageOf.get(item) : undefined;
  if (!page?.pending) return undefined;
  if (helper?.usable) return page.pending;
  if (Atomics.compareExchange(page.claim, 0, 0, BY_MAIN) === 0 || Atomics.load(page.claim, 0) === BY_MAIN) {
    page.pending = undefined;
    return undefined;
  }
  return page.pending;
}

/**
 * The item's NDJSON line, `itemJson(item, tokenLike)`: the second thread's when it encoded the item's
 * page and the line is that (nothing to mask), else encoded here. The page's items must not have been
 * changed since they were parsed; no list item is (commands build new objects).
 */
export function receivedLine(item: unknown, tokenLike: boolean | undefined): string {
  const page = item !== null && typeof item === 'object' ? pageOf.get(item) : undefined;
  const encoded = page?.encoded;
  if (page && encoded && encoded.lines.length === page.items.length && Atomics.load(page.claim, 0) === BY_HELPER) {
    const i = indexOnPage(page, item);
    if (i >= 0 && !(tokenLike && encoded.masked[i])) return encoded.lines[i];
  }
  return itemJson(item, tokenLike);
}

function indexOnPage(page: Page, item: unknown): number {
  if (page.items[page.cursor] === item) return page.cursor++;
  const i = page.items.indexOf(item);
  if (i >= 0) page.cursor = i + 1;
  return i;
}
