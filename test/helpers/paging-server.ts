// A fake GitLab list on 127.0.0.1 for tests that need pages the sandbox would not give (a list that
// changes while it is read, bytes written by hand): the test says what each page holds, this writes
// GitLab's paging headers (Link, x-page, x-next-page, x-total-pages, x-total) around it. One server
// per test file, started in beforeAll.

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';

export interface FakePageAnswer {
  /** The response body, as the server writes it. */
  body: string;
  /** The page named as the next one (Link rel="next" and x-next-page); none on the last page. */
  next?: number;
  totalPages: number;
  total: number;
}

/** Serves `path` (e.g. /api/v4/projects) with `answer(page, perPage)`; `origin` is set once it listens. */
export function usePagingServer(path: string, answer: (page: number, perPage: string | null) => FakePageAnswer): { readonly origin: string } {
  let server: Server;
  const state = { origin: '' };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', state.origin);
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = url.searchParams.get('per_page');
      const p = answer(page, perPage);
      const link = (n: number, rel: string) => `<${state.origin}${path}?page=${n}&per_page=${perPage}>; rel="${rel}"`;
      res.writeHead(200, {
        'content-type': 'application/json',
        link: [p.next ? link(p.next, 'next') : '', link(1, 'first'), link(p.totalPages, 'last')].filter(Boolean).join(', '),
        'x-page': String(page),
        'x-per-page': String(perPage),
        'x-next-page': p.next ? String(p.next) : '',
        'x-total-pages': String(p.totalPages),
        'x-total': String(p.total),
      });
      res.end(p.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    state.origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return state;
}
