// List paging over the API's offset pages (`Link`, `x-next-page`, `x-total-pages`) and keyset pages
// (`Link rel="next"` with a cursor). With --all, once the first page tells the page count, the
// remaining pages are fetched a few at a time and emitted in order; items are yielded as their page
// arrives, so a streaming formatter keeps memory flat however long the list is. The links decide where
// the list ends: it goes on past the count when a list grows while read, and links that end it before
// a count the server gave make it a cut list (offset pages shift when items go, so some were missed).

import { CancelledError, CommandFailedError, ListInterruptedError, PartialListError } from './errors.js';
import type { HttpClient, HttpResponse, RequestOptions } from './http.js';
import { readSlices, sliceWidth } from './id-slices.js';
import { Pace } from './pace.js';
import type { QueryParams } from './query.js';
import { SeenIds } from './seen-ids.js';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
export const DEFAULT_CONCURRENCY = 8;

export interface PageOptions {
  all?: boolean;
  page?: number;
  perPage?: number;
  limit?: number;
  /**
   * Most pages in flight with --all when the page count is known. The number adapts: halved when
   * the server answers 429 or sends Retry-After, kept under its RateLimit-Remaining, grown back by
   * one per round of pages up to just below the level that was throttled.
   */
  concurrency?: number;
  /**
   * Offset paging stops at a maximum for some lists (projects: 50,000 records). When the first page
   * shows the list goes past it, or does not tell its size, page by keyset instead.
   */
  keyset?: KeysetOptions;
  /** Told about each page (for the "more pages" hint and for tests). */
  onPage?: (info: PageInfo) => void;
  /** Checks the items of each page once, before any of them is yielded (the shape of the list's items). */
  checkItems?: (items: unknown[]) => void;
}

export interface KeysetOptions {
  maxOffsetItems: number;
  orderBy: string;
  /** The list's query in keyset order (with its `sort`); the first offset page is asked in this order too. */
  query: QueryParams;
  /** Query that continues after `last` (e.g. `id_after`), so the switch never starts over. */
  after: (last: unknown) => QueryParams;
  /** Flags that resume a keyset listing after `last` (for the message of a list that stopped). */
  resume?: (last: unknown) => string;
  /**
   * The list also filters by id on both sides (`id_after`, `id_before`; spec part 3 §4.6): past the
   * counted pages it is read in parallel by id ranges, in the same order (src/core/id-slices.ts).
   */
  idRange?: { id: (item: unknown) => number; descending: boolean };
}

export interface PageInfo {
  page?: number;
  totalPages?: number;
  total?: number;
  nextUrl?: string;
  mode: 'offset' | 'keyset';
}

/** Parses an RFC 8288 `Link` header into rel → URL. */
export function parseLinkHeader(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  for (const part of value.split(/,(?=\s*<)/)) {
    const m = /<([^>]*)>\s*((?:;\s*[^;]+)*)/.exec(part.trim());
    if (!m) continue;
    const rel = /;\s*rel="?([^";]+)"?/i.exec(m[2] ?? '');
    if (rel) for (const r of rel[1].trim().split(/\s+/)) out[r.toLowerCase()] = m[1];
  }
  return out;
}

function intHeader(headers: Record<string, string>, name: string): number | undefined {
  const v = headers[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function pageItems<T>(res: HttpResponse<unknown>, check?: (items: unknown[]) => void): T[] {
  if (Array.isArray(res.data)) {
    check?.(res.data);
    return res.data as T[];
  }
  // A list endpoint always answers an array (`[]` when empty): an empty body is not an empty list.
  if (res.data === null || res.data === undefined) throw new Error(`${res.url}: the answer has no body where a list was expected`);
  check?.([res.data]);
  return [res.data as T];
}

function pageNumber(url: string): number | undefined {
  const p = new URL(url).searchParams.get('page');
  return p && /^\d+$/.test(p) ? Number(p) : undefined;
}

/** Fetches one page; a failure after the first page becomes a PartialListError saying where to resume. */
async function fetchPage(
  http: HttpClient,
  url: string,
  perPage: number,
  resume?: string,
  onRetry?: RequestOptions['onRetry'],
  signal?: AbortSignal,
): Promise<HttpResponse<unknown>> {
  try {
    // Checked here, not only where the token would go: a public list read without a token must not
    // go on with another host's items as if they were the instance's.
    if (new URL(url).origin !== new URL(http.baseUrl).origin) {
      throw new CommandFailedError(
        `the instance named ${http.options.redactor.url(url)} as the next page, on another host`,
        'check the instance\'s external URL setting, or --url',
      );
    }
    const res = await http.request<unknown>({ method: 'GET', path: url, onRetry, signal });
    pageItems(res);
    return res;
  } catch (err) {
    throw partial(err, url, perPage, resume);
  }
}

function partial(err: unknown, url: string, perPage: number, resume?: string): unknown {
  if (err instanceof ListInterruptedError || err instanceof PartialListError) return err;
  const page = pageNumber(url);
  const from = resume ?? (page !== undefined ? `--page ${page} --per-page ${perPage}` : undefined);
  // Ctrl-C stays an interruption for whatever waits on one; it says where the list stopped.
  if (err instanceof CancelledError) return new ListInterruptedError(page, from);
  return new PartialListError(err, page, from);
}

/** After Ctrl-C, pages that already arrived are not printed: the list stops before `url`. */
function stopIfInterrupted(http: HttpClient, url: string, perPage: number, resume?: string): void {
  if (http.options.signal?.aborted) throw partial(new CancelledError('interrupted'), url, perPage, resume);
}

/** A next link to a page already read would loop for ever: the list stops there as cut. */
function refuseRepeat(next: string | undefined, fetched: Set<string>, perPage: number, resume?: string): string | undefined {
  if (next === undefined || !fetched.has(next)) return next;
  throw partial(new CommandFailedError('the server named a page already read as the next one; the list cannot go on'), next, perPage, resume);
}

/**
 * Where the page after this one is, by `Link rel=next`, else `x-next-page`, else the page count: a
 * proxy that strips the first two must not make a list of 5 pages end quietly after page 1. Either
 * header present without a next page ends the list, whatever the count says.
 */
export function nextPageUrl(res: HttpResponse<unknown>, requestUrl: string): string | undefined {
  const links = parseLinkHeader(res.headers.link);
  if (links.next) return new URL(links.next, requestUrl).toString();
  const next = intHeader(res.headers, 'x-next-page');
  if (next) return setParam(requestUrl, 'page', String(next));
  if (res.headers.link !== undefined || res.headers['x-next-page'] !== undefined) return undefined;
  const totalPages = intHeader(res.headers, 'x-total-pages');
  const page = intHeader(res.headers, 'x-page') ?? pageNumber(requestUrl) ?? 1;
  if (totalPages !== undefined && page < totalPages) return setParam(requestUrl, 'page', String(page + 1));
  return undefined;
}

/** The list's links and the page count the server gave disagree: what was printed may miss items. */
function changedWhileRead(what: string): PartialListError {
  return new PartialListError(new CommandFailedError(`${what}: the list is cut, as it changed while it was read (items may be missing)`, 'run the same command again to read the whole list'));
}

/** A page whose links end the list while the server counted more pages: a cut, never a quiet end. */
function checkEnd(page: number | undefined, counted: number | undefined): void {
  if (page !== undefined && counted !== undefined && page < counted) {
    throw changedWhileRead(`the server counted ${counted} pages, but page ${page} names no next one`);
  }
}

function higher(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

function setParam(url: string, key: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(key, value);
  return u.toString();
}

function effectivePerPage(opts: PageOptions): number {
  if (opts.perPage) return Math.min(MAX_PER_PAGE, opts.perPage);
  if (opts.all) return MAX_PER_PAGE;
  if (opts.limit) return Math.min(MAX_PER_PAGE, Math.max(opts.limit, 1));
  return DEFAULT_PER_PAGE;
}

/**
 * Yields the items of a list endpoint. One page unless `all` or `limit` asks for more; stops as
 * soon as `limit` items were yielded (the consumer may also stop early with `break`).
 */
export function paginate<T = unknown>(http: HttpClient, path: string, query: QueryParams = {}, opts: PageOptions = {}): AsyncGenerator<T> {
  // Without --limit, no generator of its own: one step less per item, one function less to optimize.
  return opts.limit && opts.limit > 0 ? limited<T>(http, path, query, opts, opts.limit) : readList<T>(http, path, query, opts);
}

/**
 * A list capped by --limit that stops part way resumes with the part of the cap not yet printed:
 * the same command with the page flags alone would print up to the whole cap again.
 */
async function* limited<T>(http: HttpClient, path: string, query: QueryParams, opts: PageOptions, limit: number): AsyncGenerator<T> {
  let yielded = 0;
  try {
    for await (const item of readList<T>(http, path, query, opts)) {
      yield item;
      yielded++;
    }
  } catch (err) {
    throw withRemainingLimit(err, limit - yielded);
  }
}

function withRemainingLimit(err: unknown, remaining: number): unknown {
  if (err instanceof ListInterruptedError) return err.resume ? new ListInterruptedError(err.page, `${err.resume} --limit ${remaining}`) : err;
  if (err instanceof PartialListError && err.resume) return new PartialListError(err.cause, err.page, `${err.resume} --limit ${remaining}`, err.printed);
  return err;
}

async function* readList<T>(http: HttpClient, path: string, query: QueryParams, opts: PageOptions): AsyncGenerator<T> {
  const perPage = effectivePerPage(opts);
  const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
  const many = opts.all || limit !== Infinity;
  let yielded = 0;

  // With a keyset fallback, the offset pages are asked in keyset order from the start, so a switch
  // goes on after the last item instead of fetching page 1 again.
  const keyset = many ? opts.keyset : undefined;
  const firstQuery = keyset ? { ...query, ...keyset.query, order_by: keyset.orderBy } : query;
  const firstUrl = http.resolveUrl(path, { ...firstQuery, page: opts.page ?? 1, per_page: perPage });
  // Each id once, whichever way the pages are read; the first repeat is warned of (as a cut list is).
  const seen = new SeenIds((id) => http.options.warn?.(`GET ${path}: the list changed while it was read, and its pages gave id ${id} again; each item is taken once`));
  const firstPage = opts.page ?? 1;
  const concurrency = Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY);
  // The pages past page 1 leave as soon as its headers arrive, when they alone decide the route: its
  // body (in a fleet, every instance's page 1) is read and parsed meanwhile. Page 1's answer as a
  // whole decides below; pages asked on headers it does not confirm are dropped.
  let early: PagesAhead | undefined;
  const onHeaders =
    many && limit === Infinity && concurrency > 1
      ? (headers: Record<string, string>) => {
          early?.stop();
          early = countedPagesAhead(http, headers, firstUrl, firstPage, concurrency, perPage, keyset);
          early?.schedule();
        }
      : undefined;
  let first: HttpResponse<unknown>;
  let firstItems: T[];
  try {
    first = await http.request<unknown>({ method: 'GET', path: firstUrl, onHeaders });
    firstItems = seen.fresh(pageItems<T>(first, opts.checkItems));
  } catch (err) {
    (early as PagesAhead | undefined)?.stop();
    throw err;
  }
  const totalPages = intHeader(first.headers, 'x-total-pages');
  const total = intHeader(first.headers, 'x-total');
  let next = nextPageUrl(first, firstUrl);
  opts.onPage?.({ page: opts.page ?? 1, totalPages, total, nextUrl: next, mode: 'offset' });

  // Items still wanted once page 1 is printed; the route past it is known from page 1's headers.
  const wanted = limit - Math.min(limit, firstItems.length);
  const goOn = many && next !== undefined && wanted > 0;
  const toKeyset = goOn && keyset !== undefined && firstItems.length > 0 && (total === undefined || total > keyset.maxOffsetItems);
  // A few pages left are read one after the other: slicing would cost more requests than it saves.
  const slicing = toKeyset && keyset!.idRange !== undefined && concurrency > 1 && wanted > 2 * firstItems.length;
  const counting = goOn && !toKeyset && totalPages !== undefined && new URL(next!).searchParams.has('page') && concurrency > 1;
  const neededPages = totalPages === undefined ? 0 : limit === Infinity ? totalPages : Math.min(totalPages, firstPage - 1 + Math.ceil(limit / perPage));
  // What comes after page 1 is asked for before page 1 is printed: its printing (or, in a fleet, the
  // other instances') no longer delays every later page by as long.
  // A closure may have set it: TypeScript sees `early` as never assigned here.
  const asked = early as PagesAhead | undefined;
  const reuse = counting && asked !== undefined && asked.templateUrl === next && asked.to === neededPages;
  if (!reuse) asked?.stop();
  const ahead = reuse ? asked : counting ? new PagesAhead(http, next!, firstPage + 1, neededPages, concurrency, perPage) : undefined;
  ahead?.schedule();
  const farEnd = slicing ? farEndRequest(http, path, keyset!, keyset!.idRange!, perPage, firstItems[firstItems.length - 1]) : undefined;
  try {
    let last: T | undefined;
    for (const item of firstItems) {
      if (yielded >= limit) return;
      yield item;
      last = item;
      yielded++;
    }
    if (!many || yielded >= limit) return;
    // The highest page count any page gave: links that end the list before it cut the list.
    let counted = totalPages;
    if (!next) return checkEnd(intHeader(first.headers, 'x-page') ?? firstPage, counted);

    if (toKeyset) {
      if (farEnd) yield* keysetSlices<T>(http, path, keyset!, keyset!.idRange!, firstItems, perPage, concurrency, limit - yielded, opts, farEnd, seen);
      else yield* keysetPages<T>(http, path, keyset!, last!, perPage, limit - yielded, opts, seen, firstItems.length);
      return;
    }

    const fetched = new Set([firstUrl]);
    if (ahead) {
      // The counted pages come first; the last one's links say whether the list goes on.
      const end = yield* concurrentPages<T>(ahead, limit - yielded, perPage, opts, seen);
      yielded += end.yielded;
      if (yielded >= limit) return;
      for (let p = firstPage + 1; p <= neededPages; p++) fetched.add(setParam(next, 'page', String(p)));
      counted = higher(counted, end.counted);
      next = refuseRepeat(end.next, fetched, perPage);
      if (!next) return checkEnd(neededPages, counted);
    }
    yield* offsetPages<T>(http, next, fetched, counted, total, perPage, limit - yielded, opts, seen);
  } finally {
    // The consumer stopped during page 1 (or a failure): pages asked ahead are dropped.
    ahead?.stop();
    farEnd?.drop.abort();
  }
}

/**
 * The pages read at once past page 1, from page 1's headers alone: only for a whole list (no
 * --limit) whose offset pages are counted and that stays on them (a keyset switch needs page 1's
 * items). readList checks the route against the whole answer before it takes these pages.
 */
function countedPagesAhead(
  http: HttpClient,
  headers: Record<string, string>,
  firstUrl: string,
  firstPage: number,
  concurrency: number,
  perPage: number,
  keyset: KeysetOptions | undefined,
): PagesAhead | undefined {
  const total = intHeader(headers, 'x-total');
  if (keyset && (total === undefined || total > keyset.maxOffsetItems)) return undefined;
  const totalPages = intHeader(headers, 'x-total-pages');
  const next = nextPageUrl({ status: 200, headers, data: undefined, url: firstUrl, dryRun: false }, firstUrl);
  if (totalPages === undefined || next === undefined || !new URL(next).searchParams.has('page')) return undefined;
  return new PagesAhead(http, next, firstPage + 1, totalPages, concurrency, perPage);
}

/** Offset pages one after the other along the links, from `next` on. */
async function* offsetPages<T>(
  http: HttpClient,
  next: string | undefined,
  fetched: Set<string>,
  counted: number | undefined,
  total: number | undefined,
  perPage: number,
  limit: number,
  opts: PageOptions,
  seen: SeenIds,
): AsyncGenerator<T> {
  let yielded = 0;
  while (next && yielded < limit) {
    const url = next;
    const res = await fetchPage(http, url, perPage);
    stopIfInterrupted(http, url, perPage);
    fetched.add(url);
    counted = higher(counted, intHeader(res.headers, 'x-total-pages'));
    const page = intHeader(res.headers, 'x-page') ?? pageNumber(url);
    next = nextPageUrl(res, url);
    opts.onPage?.({ page, totalPages: counted, total, nextUrl: next, mode: 'offset' });
    for (const item of seen.fresh(pageItems<T>(res, opts.checkItems))) {
      if (yielded >= limit) return;
      yield item;
      yielded++;
    }
    if (!next) checkEnd(page, counted);
    next = refuseRepeat(next, fetched, perPage);
  }
}

/**
 * Offset pages `from..to` asked ahead of the reader, as many at once as the Pace allows; a page is
 * asked as soon as there is room, not when the one before it has been printed.
 */
class PagesAhead {
  readonly pace: Pace;
  private readonly inFlight = new Map<number, Promise<HttpResponse<unknown>>>();
  // Once the list stops (a page failed for good, or the consumer has enough), the pages fetched
  // ahead are dropped: their retries would only hold up the exit.
  private readonly drop = new AbortController();
  private scheduled: number;

  constructor(
    readonly http: HttpClient,
    /** The first page's next link: the other pages are this with another page number. */
    readonly templateUrl: string,
    readonly from: number,
    readonly to: number,
    concurrency: number,
    private readonly perPage: number,
  ) {
    this.pace = new Pace(concurrency);
    this.scheduled = from;
  }

  urlOf(page: number): string {
    return setParam(this.templateUrl, 'page', String(page));
  }

  schedule(): void {
    while (this.scheduled <= this.to && this.inFlight.size < this.pace.limit) {
      const p = fetchPage(this.http, this.urlOf(this.scheduled), this.perPage, undefined, (info) => this.pace.throttled(info), this.drop.signal);
      // Avoid an unhandled rejection for pages fetched ahead of a failure; awaited in take.
      p.catch(() => undefined);
      this.inFlight.set(this.scheduled, p);
      this.scheduled++;
    }
  }

  async take(page: number): Promise<HttpResponse<unknown>> {
    this.schedule();
    const res = await this.inFlight.get(page)!;
    this.inFlight.delete(page);
    return res;
  }

  stop(): void {
    this.drop.abort();
    this.inFlight.clear();
  }
}

/**
 * Yields the pages of `ahead` strictly in page order. Each page but the last must name the next as
 * its next one; returns where the last one says the list goes on.
 */
async function* concurrentPages<T>(
  ahead: PagesAhead,
  remaining: number,
  perPage: number,
  opts: PageOptions,
  seen: SeenIds,
): AsyncGenerator<T, { yielded: number; next?: string; counted?: number }> {
  const { from, to } = ahead;
  // No counted page left (the count ends at page 1): where page 1 links is where the list goes on.
  if (from > to) return { yielded: 0, next: ahead.templateUrl };
  let yielded = 0;
  let counted: number | undefined;
  try {
    for (let page = from; page <= to; page++) {
      const res = await ahead.take(page);
      stopIfInterrupted(ahead.http, ahead.urlOf(page), perPage);
      ahead.pace.answered(res.headers);
      // The next page goes out before this one is printed.
      ahead.schedule();
      counted = higher(counted, intHeader(res.headers, 'x-total-pages'));
      opts.onPage?.({ page, totalPages: to, mode: 'offset' });
      for (const item of seen.fresh(pageItems<T>(res, opts.checkItems))) {
        if (yielded >= remaining) return { yielded };
        yield item;
        yielded++;
      }
      const next = nextPageUrl(res, ahead.urlOf(page));
      if (page === to) return { yielded, next, counted };
      if (!next) throw changedWhileRead(`the server counted ${higher(counted, to)} pages, but page ${page} names no next one`);
      const named = pageNumber(next);
      if (named !== page + 1) throw changedWhileRead(`page ${page} names ${named === undefined ? 'another list' : `page ${named}`} as the next one, not page ${page + 1}`);
    }
    return { yielded };
  } finally {
    ahead.stop();
  }
}

async function* keysetPages<T>(
  http: HttpClient,
  path: string,
  keyset: KeysetOptions,
  after: T,
  perPage: number,
  limit: number,
  opts: PageOptions,
  seen: SeenIds,
  /** Items in a full page of this server (page 1 named a next one): fewer than asked where it caps per_page. */
  fullPage = perPage,
): AsyncGenerator<T> {
  let url: string | undefined = http.resolveUrl(path, {
    ...keyset.query,
    ...keyset.after(after),
    pagination: 'keyset',
    order_by: keyset.orderBy,
    per_page: perPage,
  });
  let last: T = after;
  let yielded = 0;
  const fetched = new Set<string>();
  while (url && yielded < limit) {
    const current: string = url;
    const res = await fetchPage(http, current, perPage, keyset.resume?.(last));
    stopIfInterrupted(http, current, perPage, keyset.resume?.(last));
    const links = parseLinkHeader(res.headers.link);
    fetched.add(current);
    url = links.next ? new URL(links.next, current).toString() : undefined;
    opts.onPage?.({ nextUrl: url, mode: 'keyset' });
    const items = pageItems<T>(res, opts.checkItems);
    for (const item of seen.fresh(items)) {
      if (yielded >= limit) return;
      yield item;
      last = item;
      yielded++;
    }
    // GitLab names a next page after every keyset page that is not empty: a full one without any Link
    // header lost it on the way (a proxy), and ending there would be a quiet cut.
    if (res.headers.link === undefined && items.length >= Math.min(perPage, fullPage) && yielded < limit) {
      throw partial(new CommandFailedError(`a full page of ${items.length} items came with no Link header, so the next page is unknown: the list may be cut`), current, perPage, keyset.resume?.(last));
    }
    url = refuseRepeat(url, fetched, perPage, keyset.resume?.(last));
  }
}

/** The list's last item, asked for (one item in the other order) while page 1 is printed. */
interface FarEnd {
  url: string;
  answer: Promise<HttpResponse<unknown>>;
  drop: AbortController;
}

function farEndRequest<T>(http: HttpClient, path: string, keyset: KeysetOptions, range: NonNullable<KeysetOptions['idRange']>, perPage: number, last: T): FarEnd {
  const order = { ...keyset.query, pagination: 'keyset', order_by: keyset.orderBy };
  const url = http.resolveUrl(path, { ...order, sort: range.descending ? 'asc' : 'desc', per_page: 1 });
  const drop = new AbortController();
  const answer = fetchPage(http, url, perPage, keyset.resume?.(last), undefined, drop.signal);
  // Awaited by keysetSlices; a consumer that stops during page 1 never awaits it.
  answer.catch(() => undefined);
  return { url, answer, drop };
}

/**
 * The rest of a keyset list after its first page, read in parallel by id ranges: the first page gives
 * one end and the density of the ids, one request of one item in the other order gives the other end.
 */
async function* keysetSlices<T>(
  http: HttpClient,
  path: string,
  keyset: KeysetOptions,
  range: NonNullable<KeysetOptions['idRange']>,
  firstItems: T[],
  perPage: number,
  concurrency: number,
  limit: number,
  opts: PageOptions,
  farEnd: FarEnd,
  seen: SeenIds,
): AsyncGenerator<T> {
  const order = { ...keyset.query, pagination: 'keyset', order_by: keyset.orderBy };
  let last = firstItems[firstItems.length - 1];
  const farUrl = farEnd.url;
  const far = pageItems<T>(await farEnd.answer, opts.checkItems);
  stopIfInterrupted(http, farUrl, perPage, keyset.resume?.(last));
  const first = range.id(firstItems[0]);
  const after = range.id(last);
  const pages = readSlices<T>({
    id: (item) => range.id(item),
    descending: range.descending,
    after,
    last: far.length ? range.id(far[0]) : undefined,
    // The first page named a next one, so it was full: this is the server's page size.
    pageSize: firstItems.length,
    width: sliceWidth(Math.abs(first - after) + 1, firstItems.length, firstItems.length),
    concurrency,
    wanted: limit,
    fetch: async (r, signal, onRetry) => {
      // Only the bounds of the slice replace the list's own; an open side keeps the caller's.
      const bounds = { ...(r.idAfter !== undefined && { id_after: r.idAfter }), ...(r.idBefore !== undefined && { id_before: r.idBefore }) };
      const url = http.resolveUrl(path, { ...order, ...bounds, per_page: perPage });
      const res = await fetchPage(http, url, perPage, undefined, onRetry, signal);
      const next = res.headers.link === undefined ? undefined : parseLinkHeader(res.headers.link).next !== undefined;
      return { items: pageItems<T>(res, opts.checkItems), headers: res.headers, next };
    },
  });
  let yielded = 0;
  try {
    for await (const page of pages) {
      stopIfInterrupted(http, farUrl, perPage, keyset.resume?.(last));
      opts.onPage?.({ mode: 'keyset' });
      for (const item of seen.fresh(page)) {
        if (yielded >= limit) return;
        yield item;
        last = item;
        yielded++;
      }
    }
  } catch (err) {
    // Whatever slice failed, the list stops after the last item printed, and goes on from it.
    throw partial(unwrapListError(err), farUrl, perPage, keyset.resume?.(last));
  }
}

function unwrapListError(err: unknown): unknown {
  if (err instanceof ListInterruptedError) return new CancelledError('interrupted');
  if (err instanceof PartialListError) return err.cause;
  return err;
}

/** Collects a paginated list into an array (for commands that need the whole list). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
