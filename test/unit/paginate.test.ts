import { afterEach, describe, expect, it } from 'vitest';
import type { MockAgent } from 'undici';
import { CancelledError, ListInterruptedError, PartialListError } from '../../src/core/errors.js';
import { collect, nextPageUrl, paginate, parseLinkHeader } from '../../src/core/paginate.js';
import { ORIGIN, json, mockClient } from './http-helpers.js';

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

function offsetHeaders(page: number, perPage: number, totalPages: number, path = '/api/v4/things', withTotals = true) {
  const link = (p: number, rel: string) => `<${ORIGIN}${path}?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  const links = [page < totalPages ? link(page + 1, 'next') : null, link(1, 'first')].filter(Boolean).join(', ');
  const h: Record<string, string> = { 'content-type': 'application/json', link: links, 'x-page': String(page), 'x-per-page': String(perPage) };
  if (page < totalPages) h['x-next-page'] = String(page + 1);
  if (withTotals) {
    h['x-total-pages'] = String(totalPages);
    h['x-total'] = String(totalPages * perPage);
  }
  return { headers: h };
}

describe('parseLinkHeader', () => {
  it('reads the service’s offset Link header', () => {
    const link =
      '<https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=1&per_page=3>; rel="prev", <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=3&per_page=3>; rel="next", <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=1&per_page=3>; rel="first", <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=3&per_page=3>; rel="last"';
    const rels = parseLinkHeader(link);
    expect(rels.next).toBe('https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=3&per_page=3');
    expect(Object.keys(rels).sort()).toEqual(['first', 'last', 'next', 'prev']);
  });

  it('reads the keyset cursor', () => {
    const rels = parseLinkHeader('<https://gitlab.example.com/api/v4/projects?pagination=keyset&per_page=50&order_by=id&sort=asc&id_after=42>; rel="next"');
    expect(new URL(rels.next).searchParams.get('id_after')).toBe('42');
  });

  it('falls back to x-next-page when there is no Link header', () => {
    expect(nextPageUrl({ status: 200, headers: { 'x-next-page': '3' }, data: [], url: '', dryRun: false }, `${ORIGIN}/api/v4/x?page=2&per_page=5`)).toBe(`${ORIGIN}/api/v4/x?page=3&per_page=5`);
    expect(nextPageUrl({ status: 200, headers: { 'x-next-page': '' }, data: [], url: '', dryRun: false }, `${ORIGIN}/api/v4/x?page=2`)).toBeUndefined();
  });

  it('goes on by the page count when a proxy stripped Link and x-next-page', () => {
    const answer = (headers: Record<string, string>) => ({ status: 200, headers, data: [], url: '', dryRun: false });
    expect(nextPageUrl(answer({ 'x-page': '2', 'x-total-pages': '5' }), `${ORIGIN}/api/v4/x?page=2&per_page=5`)).toBe(`${ORIGIN}/api/v4/x?page=3&per_page=5`);
    expect(nextPageUrl(answer({ 'x-total-pages': '5' }), `${ORIGIN}/api/v4/x?per_page=5`)).toBe(`${ORIGIN}/api/v4/x?per_page=5&page=2`);
    expect(nextPageUrl(answer({ 'x-page': '5', 'x-total-pages': '5' }), `${ORIGIN}/api/v4/x?page=5`)).toBeUndefined();
  });

  it('ends where a Link or x-next-page header names no next page, whatever the count says (the links win)', () => {
    const answer = (headers: Record<string, string>) => ({ status: 200, headers, data: [], url: '', dryRun: false });
    expect(nextPageUrl(answer({ link: `<${ORIGIN}/api/v4/x?page=1>; rel="first"`, 'x-page': '2', 'x-total-pages': '5' }), `${ORIGIN}/api/v4/x?page=2`)).toBeUndefined();
    expect(nextPageUrl(answer({ 'x-next-page': '', 'x-page': '2', 'x-total-pages': '5' }), `${ORIGIN}/api/v4/x?page=2`)).toBeUndefined();
  });
});

describe('paginate', () => {
  it('stops as cut (never loops) when the server names a page already read as the next one', async () => {
    const m = mockClient();
    agent = m.agent;
    const page = (p: number, next: number) => ({ headers: { 'content-type': 'application/json', link: `<${ORIGIN}/api/v4/things?page=${next}&per_page=2>; rel="next"` } });
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=2' }).reply(200, range(1, 2), page(1, 2));
    m.pool.intercept({ path: '/api/v4/things?page=2&per_page=2' }).reply(200, range(3, 2), page(2, 2));
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const item of paginate(m.client, '/things', {}, { all: true, perPage: 2 })) seen.push(item);
    })().catch((e: unknown) => e);
    expect(String((err as Error).message)).toMatch(/named a page already read as the next one/);
    expect(seen).toHaveLength(4);
  });

  it('pages asked on page 1\'s headers never print when page 1\'s body is not JSON: the list fails, nothing yielded', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=100' }).reply(200, '[{"id": 1}, {"id"', offsetHeaders(1, 100, 3)).persist();
    for (const p of [2, 3]) m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=100` }).reply(200, range((p - 1) * 100 + 1, 100), offsetHeaders(p, 100, 3)).persist();
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const item of paginate(m.client, '/things', {}, { all: true })) seen.push(item);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(seen).toEqual([]);
  });

  it('a page 1 retried after its headers (body cut, then whole) prints each page once, in order', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=100' }).reply(200, '[{"id": 1}, {"id"', offsetHeaders(1, 100, 3));
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=100' }).reply(200, range(1, 100), offsetHeaders(1, 100, 3));
    for (const p of [2, 3]) m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=100` }).reply(200, range((p - 1) * 100 + 1, 100), offsetHeaders(p, 100, 3)).persist();
    const items = await collect(paginate<{ id: number }>(m.client, '/things', {}, { all: true }));
    expect(items.map((i) => i.id)).toEqual(range(1, 300).map((i) => i.id));
  });

  it('fetches one page by default', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=20' }).reply(200, range(1, 20), offsetHeaders(1, 20, 3));
    expect(await collect(paginate(m.client, '/things'))).toHaveLength(20);
  });

  it('with --all fetches the remaining pages concurrently and emits them in page order', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=100' }).reply(200, range(1, 100), offsetHeaders(1, 100, 6));
    // Later pages answer sooner than earlier ones: the order must still be page order.
    for (let p = 2; p <= 6; p++) {
      m.pool
        .intercept({ path: `/api/v4/things?page=${p}&per_page=100` })
        .reply(200, range((p - 1) * 100 + 1, p === 6 ? 50 : 100), offsetHeaders(p, 100, 6))
        .delay((7 - p) * 15);
    }
    let maxInFlight = 0;
    let inFlight = 0;
    const original = m.client.request.bind(m.client);
    m.client.request = (async (req: Parameters<typeof original>[0]) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await original(req);
      } finally {
        inFlight--;
      }
    }) as typeof m.client.request;
    const items = await collect(paginate<{ id: number }>(m.client, '/things', {}, { all: true }));
    expect(items.map((i) => i.id)).toEqual(range(1, 550).map((i) => i.id));
    // All five remaining pages at once (up to eight are in flight), asked on page 1's headers while
    // its body is still being read: six requests in flight.
    expect(maxInFlight).toBe(6);
  });

  it('checks the items of each page once, as a whole, before any of them is yielded (counted pages, then by Link)', async () => {
    const m = mockClient();
    agent = m.agent;
    // Pages 1–3 are counted (read concurrently), page 4 is found by its Link alone.
    for (let p = 1; p <= 4; p++) {
      const headers = offsetHeaders(p, 3, 3).headers;
      if (p === 3) Object.assign(headers, { link: `<${ORIGIN}/api/v4/things?page=4&per_page=3>; rel="next"`, 'x-next-page': '4' });
      m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=3` }).reply(200, range((p - 1) * 3 + 1, p === 4 ? 2 : 3), { headers: p === 4 ? { 'content-type': 'application/json' } : headers });
    }
    const events: string[] = [];
    const checkItems = (items: unknown[]) => events.push(`check ${(items as { id: number }[]).map((i) => i.id).join(',')}`);
    for await (const item of paginate<{ id: number }>(m.client, '/things', {}, { all: true, perPage: 3, checkItems })) events.push(`item ${item.id}`);
    expect(events).toEqual([
      'check 1,2,3', 'item 1', 'item 2', 'item 3',
      'check 4,5,6', 'item 4', 'item 5', 'item 6',
      'check 7,8,9', 'item 7', 'item 8', 'item 9',
      'check 10,11', 'item 10', 'item 11',
    ]);
  });

  it('without --limit, an item passes two generator steps from its page to the consumer (paginate adds none of its own)', async () => {
    const m = mockClient();
    agent = m.agent;
    for (let p = 1; p <= 3; p++) m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=50` }).reply(200, range((p - 1) * 50 + 1, 50), offsetHeaders(p, 50, 3));
    // Every async generator's next(), the consumer's and each yield* delegation's, goes through this prototype.
    const proto = Object.getPrototypeOf((async function* () {})()) as { next: (...a: unknown[]) => Promise<unknown> };
    const generatorProto = Object.getPrototypeOf(proto) as typeof proto;
    const next = generatorProto.next;
    let steps = 0;
    generatorProto.next = function (this: unknown, ...a: unknown[]) {
      steps++;
      return next.apply(this, a);
    };
    try {
      const ids: number[] = [];
      for await (const item of paginate<{ id: number }>(m.client, '/things', {}, { all: true, perPage: 50 })) ids.push(item.id);
      expect(ids).toEqual(range(1, 150).map((i) => i.id));
      // The list reader's own generator and, for pages 2–3, the one that reads them concurrently.
      expect(steps).toBeLessThanOrEqual(50 + 2 * 100 + 10);
    } finally {
      generatorProto.next = next;
    }
  });

  it('hands each id on once when offset pages shift while read (counted and linked pages), and warns once', async () => {
    const warnings: string[] = [];
    const m = mockClient({ warn: (w) => warnings.push(w) });
    agent = m.agent;
    // An item was added ahead while the list was read: pages 2 and 3 begin with the item the page before ended with.
    const pages: Record<number, { id: number }[]> = { 1: range(1, 3), 2: range(3, 3), 3: range(5, 3), 4: [{ id: 7 }, { id: 8 }] };
    for (let p = 1; p <= 4; p++) {
      const headers = offsetHeaders(p, 3, 3).headers;
      if (p === 3) Object.assign(headers, { link: `<${ORIGIN}/api/v4/things?page=4&per_page=3>; rel="next"`, 'x-next-page': '4' });
      m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=3` }).reply(200, pages[p], { headers: p === 4 ? { 'content-type': 'application/json' } : headers });
    }
    const items = await collect(paginate<{ id: number }>(m.client, '/things', {}, { all: true, perPage: 3 }));
    expect(items.map((i) => i.id)).toEqual(range(1, 8).map((i) => i.id));
    expect(warnings).toEqual(['GET /things: the list changed while it was read, and its pages gave id 3 again; each item is taken once']);
  });

  it('keyset pages that repeat an item hand it on once; items without a numeric id are all passed on', async () => {
    const warnings: string[] = [];
    const m = mockClient({ warn: (w) => warnings.push(w) });
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&order_by=id&page=1&per_page=100' }).reply(200, range(1, 100), {
      headers: { 'content-type': 'application/json', link: `<${ORIGIN}/api/v4/projects?page=2&per_page=100>; rel="next"`, 'x-next-page': '2' },
    });
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&id_after=100&pagination=keyset&order_by=id&per_page=100' }).reply(200, [{ id: 100 }, { id: 101 }, { name: 'no id' }, { name: 'no id' }], json);
    const keyset = { maxOffsetItems: 50_000, orderBy: 'id', query: { sort: 'asc' }, after: (last: unknown) => ({ id_after: (last as { id: number }).id }) };
    const items = await collect(paginate<{ id?: number }>(m.client, '/projects', {}, { all: true, keyset, concurrency: 1 }));
    expect(items).toHaveLength(103);
    expect(items.slice(99)).toEqual([{ id: 100 }, { id: 101 }, { name: 'no id' }, { name: 'no id' }]);
    expect(warnings).toHaveLength(1);
  });

  it('a page its check refuses yields none of its items: the list stops after the pages before it', async () => {
    const m = mockClient();
    agent = m.agent;
    for (let p = 1; p <= 3; p++) m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=2` }).reply(200, range((p - 1) * 2 + 1, 2), offsetHeaders(p, 2, 3));
    const seen: number[] = [];
    const checkItems = (items: unknown[]) => {
      if ((items as { id: number }[]).some((i) => i.id === 4)) throw new Error('not a list of things');
    };
    const err = await (async () => {
      for await (const item of paginate<{ id: number }>(m.client, '/things', {}, { all: true, perPage: 2, checkItems, concurrency: 1 })) seen.push(item.id);
    })().catch((e: unknown) => e);
    expect((err as Error).message).toBe('not a list of things');
    expect(seen).toEqual([1, 2]);
  });

  it('follows Link one page at a time when the total is not told', async () => {
    const m = mockClient();
    agent = m.agent;
    for (let p = 1; p <= 3; p++) {
      m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=100` }).reply(200, range((p - 1) * 100 + 1, 100), offsetHeaders(p, 100, 3, '/api/v4/things', false));
    }
    const items = await collect(paginate<{ id: number }>(m.client, '/things', {}, { all: true }));
    expect(items).toHaveLength(300);
    expect(items.at(-1)?.id).toBe(300);
  });

  it('stops at --limit without fetching pages it does not need', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=30' }).reply(200, range(1, 30), offsetHeaders(1, 30, 10));
    m.pool.intercept({ path: '/api/v4/things?page=2&per_page=30' }).reply(200, range(31, 30), offsetHeaders(2, 30, 10));
    const items = await collect(paginate(m.client, '/things', {}, { limit: 45, perPage: 30 }));
    expect(items).toHaveLength(45);
    m.agent.assertNoPendingInterceptors();
  });

  it('switches to keyset paging after the last item of page 1, without fetching page 1 again', async () => {
    const m = mockClient();
    agent = m.agent;
    // No total: the list may be past the offset maximum. Page 1 is asked in keyset order already.
    m.pool.intercept({ path: '/api/v4/projects?visibility=public&sort=asc&order_by=id&page=1&per_page=100' }).reply(200, range(1, 100), {
      headers: { 'content-type': 'application/json', link: `<${ORIGIN}/api/v4/projects?page=2&per_page=100>; rel="next"`, 'x-next-page': '2' },
    });
    m.pool
      .intercept({ path: '/api/v4/projects?visibility=public&sort=asc&id_after=100&pagination=keyset&order_by=id&per_page=100' })
      .reply(200, range(101, 100), { headers: { 'content-type': 'application/json', link: `<${ORIGIN}/api/v4/projects?pagination=keyset&per_page=100&order_by=id&sort=asc&id_after=200&visibility=public>; rel="next"` } });
    m.pool
      .intercept({ path: '/api/v4/projects?pagination=keyset&per_page=100&order_by=id&sort=asc&id_after=200&visibility=public' })
      .reply(200, range(201, 7), { headers: { 'content-type': 'application/json' } });
    const keyset = { maxOffsetItems: 50_000, orderBy: 'id', query: { visibility: 'public', sort: 'asc' }, after: (last: unknown) => ({ id_after: (last as { id: number }).id }) };
    const items = await collect(paginate<{ id: number }>(m.client, '/projects', { visibility: 'public' }, { all: true, keyset }));
    expect(items.map((i) => i.id)).toEqual(range(1, 207).map((i) => i.id));
    m.agent.assertNoPendingInterceptors();
  });

  it('fails, after printing it, where a full keyset page comes without any Link header (a proxy stripped it): never a quiet end', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&order_by=id&page=1&per_page=100' }).reply(200, range(1, 100), {
      headers: { 'content-type': 'application/json', link: `<${ORIGIN}/api/v4/projects?page=2&per_page=100>; rel="next"`, 'x-next-page': '2' },
    });
    // GitLab names a next page after every keyset page that is not empty: this one lost its Link.
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&id_after=100&pagination=keyset&order_by=id&per_page=100' }).reply(200, range(101, 100), { headers: { 'content-type': 'application/json' } });
    const keyset = {
      maxOffsetItems: 50_000,
      orderBy: 'id',
      query: { sort: 'asc' },
      after: (last: unknown) => ({ id_after: (last as { id: number }).id }),
      resume: (last: unknown) => `--id-after ${(last as { id: number }).id}`,
    };
    const seen: number[] = [];
    const err = await (async () => {
      for await (const item of paginate<{ id: number }>(m.client, '/projects', {}, { all: true, keyset })) seen.push(item.id);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(range(1, 200).map((i) => i.id));
    expect(err).toBeInstanceOf(PartialListError);
    expect(String((err as PartialListError).cause)).toMatch(/no Link header/);
    expect(err).toMatchObject({ resume: '--id-after 200' });
    m.agent.assertNoPendingInterceptors();
  });

  it('also where the server caps per_page below what was asked: a page as full as page 1 without Link is a cut', async () => {
    const m = mockClient();
    agent = m.agent;
    // Asked for 100 a page, the server gives 50: that is its full page.
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&order_by=id&page=1&per_page=100' }).reply(200, range(1, 50), {
      headers: { 'content-type': 'application/json', link: `<${ORIGIN}/api/v4/projects?page=2&per_page=100>; rel="next"`, 'x-next-page': '2' },
    });
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&id_after=50&pagination=keyset&order_by=id&per_page=100' }).reply(200, range(51, 50), { headers: { 'content-type': 'application/json' } });
    const keyset = { maxOffsetItems: 50_000, orderBy: 'id', query: { sort: 'asc' }, after: (last: unknown) => ({ id_after: (last as { id: number }).id }) };
    const seen: number[] = [];
    const err = await (async () => {
      for await (const item of paginate<{ id: number }>(m.client, '/projects', {}, { all: true, keyset })) seen.push(item.id);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(range(1, 100).map((i) => i.id));
    expect(err).toBeInstanceOf(PartialListError);
    expect(String((err as PartialListError).cause)).toMatch(/no Link header/);
  });

  it('stays on offset paging when the total is known and under the maximum', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&order_by=id&page=1&per_page=100' }).reply(200, range(1, 100), offsetHeaders(1, 100, 2, '/api/v4/projects'));
    m.pool.intercept({ path: '/api/v4/projects?page=2&per_page=100' }).reply(200, range(101, 100), offsetHeaders(2, 100, 2, '/api/v4/projects'));
    const keyset = { maxOffsetItems: 50_000, orderBy: 'id', query: { sort: 'asc' }, after: () => ({}) };
    const items = await collect(paginate(m.client, '/projects', {}, { all: true, keyset }));
    expect(items).toHaveLength(200);
  });

  it('after Ctrl-C, pages already fetched ahead are not printed: the list stops, saying where to go on', async () => {
    const ctrlC = new AbortController();
    const m = mockClient({ signal: ctrlC.signal });
    agent = m.agent;
    for (let p = 1; p <= 3; p++) m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=2` }).reply(200, range(p * 2 - 1, 2), offsetHeaders(p, 2, 3));
    const seen: number[] = [];
    const err = await (async () => {
      for await (const item of paginate<{ id: number }>(m.client, '/things', {}, { all: true, perPage: 2 })) {
        seen.push(item.id);
        if (item.id === 3) ctrlC.abort();
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ListInterruptedError);
    expect(err).toBeInstanceOf(CancelledError);
    expect(err).toMatchObject({ page: 3, resume: '--page 3 --per-page 2' });
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  // Speed without timing (issue 45): what is asked for, and when, is seen on the client's requests.
  function spyRequests(m: ReturnType<typeof mockClient>) {
    const asked: { path: string; signal?: AbortSignal }[] = [];
    const original = m.client.request.bind(m.client);
    m.client.request = ((req: Parameters<typeof original>[0]) => {
      asked.push({ path: new URL(req.path, ORIGIN).search, signal: req.signal });
      return original(req);
    }) as typeof m.client.request;
    return asked;
  }
  const pagesAsked = (asked: { path: string }[]) => asked.map((a) => Number(new URLSearchParams(a.path).get('page')));

  it('asks for the pages after page 1 before handing on its first item, and for each next one as soon as a page arrives', async () => {
    const m = mockClient();
    agent = m.agent;
    for (let p = 1; p <= 12; p++) m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=10` }).reply(200, range((p - 1) * 10 + 1, 10), offsetHeaders(p, 10, 12));
    const asked = spyRequests(m);
    const it = paginate<{ id: number }>(m.client, '/things', {}, { all: true, perPage: 10 })[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ id: 1 });
    // Page 1 is being printed: pages 2 to 9 (eight in flight) are on their way already.
    expect(pagesAsked(asked)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let i = 2; i <= 11; i++) await it.next();
    // The first item of page 2 is handed on: page 10 went out when page 2 arrived, not once it is printed.
    expect(pagesAsked(asked)).toContain(10);
    const rest: number[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(r.value.id);
    expect(rest).toEqual(range(12, 109).map((i) => i.id));
    m.agent.assertNoPendingInterceptors();
  });

  it('a consumer that stops while page 1 is printed leaves none of the pages asked ahead running', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=10' }).reply(200, range(1, 10), offsetHeaders(1, 10, 4));
    for (let p = 2; p <= 4; p++) m.pool.intercept({ path: `/api/v4/things?page=${p}&per_page=10` }).reply(200, range((p - 1) * 10 + 1, 10), offsetHeaders(p, 10, 4)).delay(60_000);
    const asked = spyRequests(m);
    const seen: number[] = [];
    for await (const item of paginate<{ id: number }>(m.client, '/things', {}, { all: true, perPage: 10 })) {
      seen.push(item.id);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(pagesAsked(asked)).toEqual([1, 2, 3, 4]);
    expect(asked.slice(1).every((a) => a.signal?.aborted)).toBe(true);
  });

  it('past the counted pages, asks for the list\u2019s other end before handing on page 1 (id ranges)', async () => {
    const m = mockClient();
    agent = m.agent;
    // No total: past page 1 the list is read by id ranges, which need its last id first.
    m.pool.intercept({ path: '/api/v4/projects?sort=desc&order_by=id&page=1&per_page=10' }).reply(200, range(991, 10).reverse(), {
      headers: { 'content-type': 'application/json', link: `<${ORIGIN}/api/v4/projects?page=2&per_page=10>; rel="next"`, 'x-next-page': '2' },
    });
    m.pool.intercept({ path: '/api/v4/projects?sort=asc&pagination=keyset&order_by=id&per_page=1' }).reply(200, [{ id: 1 }], json);
    const asked = spyRequests(m);
    const keyset = {
      maxOffsetItems: 50_000,
      orderBy: 'id',
      query: { sort: 'desc' },
      after: (last: unknown) => ({ id_before: (last as { id: number }).id }),
      idRange: { id: (item: unknown) => (item as { id: number }).id, descending: true },
    };
    const it = paginate<{ id: number }>(m.client, '/projects', {}, { all: true, perPage: 10, keyset })[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ id: 1000 });
    expect(asked.map((a) => a.path)).toEqual(['?sort=desc&order_by=id&page=1&per_page=10', '?sort=asc&pagination=keyset&order_by=id&per_page=1']);
    await it.return(undefined);
    expect(asked[1].signal?.aborted).toBe(true);
  });

  it('lets the consumer stop early', async () => {
    const m = mockClient();
    agent = m.agent;
    m.pool.intercept({ path: '/api/v4/things?page=1&per_page=100' }).reply(200, range(1, 100), offsetHeaders(1, 100, 1));
    const seen: number[] = [];
    for await (const item of paginate<{ id: number }>(m.client, '/things', {}, { all: true })) {
      seen.push(item.id);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe('a next-page link to another origin', () => {
  // With a token it must not go there; without one (a public list), the other host's answer must
  // still never pass for the instance's.
  for (const [title, opts] of [
    ['never carries the token there: the list stops at that page with exit-1 error, nothing sent to the other host', { retries: 0 }],
    ['without a token (a public list) the list stops there too: the other host\'s answer never passes for the instance\'s', { retries: 0, credentials: { tokenType: 'personal' as const } }],
  ] as const) {
    it(title, async () => {
      const m = mockClient(opts);
      agent = m.agent;
      const evil = m.agent.get('https://elsewhere.example');
      const asked: string[] = [];
      evil.intercept({ path: /.*/ }).reply(200, (req: any) => {
        asked.push(req.path);
        return [{ id: 99 }];
      }).persist();
      m.pool
        .intercept({ path: '/api/v4/things?page=1&per_page=100' })
        .reply(200, range(1, 2), { headers: { 'content-type': 'application/json', link: '<https://elsewhere.example/api/v4/things?page=2&per_page=100>; rel="next"' } });
      const got: unknown[] = [];
      const err: any = await (async () => {
        for await (const x of paginate(m.client, '/things', {}, { all: true })) got.push(x);
      })().catch((e: unknown) => e);
      expect(got).toEqual(range(1, 2));
      expect(err?.name).toBe('PartialListError');
      expect(err.message).toMatch(/elsewhere\.example/);
      expect(asked).toEqual([]);
    });
  }

  it('a request to an absolute URL of another origin is refused before it leaves when it would carry the token', async () => {
    const m = mockClient();
    agent = m.agent;
    await expect(m.client.get('https://elsewhere.example/api/v4/user')).rejects.toThrow(/not sending the token of https:\/\/git\.example\.com to https:\/\/elsewhere\.example/);
    // Without credentials (an alert endpoint, public data) an absolute URL is fine.
    m.agent.get('https://elsewhere.example').intercept({ path: '/hook', method: 'POST' }).reply(200, { ok: true }, { headers: { 'content-type': 'application/json' } });
    expect((await m.client.request({ method: 'POST', path: 'https://elsewhere.example/hook', body: {}, authenticate: false })).data).toEqual({ ok: true });
  });
});
