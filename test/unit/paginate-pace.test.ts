// --all fetches several pages at once and slows down when the server throttles (issue 15).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Pace } from '../../src/core/pace.js';
import { paginate } from '../../src/core/paginate.js';
import { mockClient } from './http-helpers.js';

describe('Pace', () => {
  it('halves on 429 or Retry-After and grows back by one per round of pages, below the throttled level', () => {
    const pace = new Pace(8);
    pace.throttled({ status: 429, retryAfter: '1' });
    expect(pace.limit).toBe(4);
    for (let i = 0; i < 4; i++) pace.answered({});
    expect(pace.limit).toBe(5);
    for (let i = 0; i < 50; i++) pace.answered({});
    expect(pace.limit).toBe(7);
    pace.throttled({ status: 503 });
    expect(pace.limit).toBe(7);
    pace.throttled({ status: 503, retryAfter: '2' });
    expect(pace.limit).toBe(3);
    pace.answered({ 'retry-after': '1' });
    expect(pace.limit).toBe(1);
  });

  it('keeps under the RateLimit-Remaining the server announces', () => {
    const pace = new Pace(8);
    pace.answered({ 'ratelimit-remaining': '3' });
    expect(pace.limit).toBe(3);
    // Rounds of pages at the announced level do not grow past it.
    for (let i = 0; i < 10; i++) pace.answered({ 'ratelimit-remaining': '3' });
    expect(pace.limit).toBe(3);
    pace.answered({ 'ratelimit-remaining': '0' });
    expect(pace.limit).toBe(1);
  });
});

describe('paginate --all against a server that throttles', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('starts with 8 pages in flight and asks for new pages with at most 4 in flight after a 429', async () => {
    const TOTAL = 40;
    let inFlight = 0;
    let throttledAt: number | undefined;
    let highestBefore = 0;
    let peakBefore = 0;
    const newAfter: number[] = [];
    let refusePage5: (() => void) | undefined;
    const held: (() => void)[] = [];
    server = createServer((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
      inFlight++;
      if (throttledAt === undefined) {
        peakBefore = Math.max(peakBefore, inFlight);
        highestBefore = Math.max(highestBefore, page);
      } else if (page > highestBefore) newAfter.push(inFlight);
      const answer = () => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'application/json', 'x-total-pages': String(TOTAL), 'x-next-page': page < TOTAL ? String(page + 1) : '' }).end(JSON.stringify([{ id: page }]));
      };
      // Until the 429, pages after the first are held, so all 8 are in flight however slow the machine;
      // page 5 is refused once they are, and the others answered just after.
      if (page === 1) answer();
      else if (throttledAt !== undefined) setTimeout(answer, 50);
      else if (page === 5) {
        refusePage5 = () => {
          inFlight--;
          throttledAt = page;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"message":"429 Too Many Requests"}');
        };
      } else held.push(answer);
      if (refusePage5 && highestBefore >= 9) {
        refusePage5();
        refusePage5 = undefined;
        setTimeout(() => held.splice(0).forEach((release) => release()), 50);
      }
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const { client } = mockClient({ baseUrl: `http://127.0.0.1:${port}`, dispatcher: undefined });
    const ids: number[] = [];
    for await (const item of paginate<{ id: number }>(client, '/projects', {}, { all: true, perPage: 1 })) ids.push(item.id);
    await client.close();
    expect(ids).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    expect(peakBefore).toBe(8);
    // The first new pages after the 429 go out with at most 4 in flight; never again 8.
    expect(newAfter.slice(0, 4).every((n) => n <= 4), String(newAfter)).toBe(true);
    expect(Math.max(...newAfter)).toBeLessThanOrEqual(7);
  });
});
