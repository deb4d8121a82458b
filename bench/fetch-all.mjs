// Floor for `npm run bench`: every project as ndjson, fetched by a bare Node script with the
// built-in fetch, 8 offset pages in flight (halved on 429 or Retry-After, grown back by one per
// page), printed in page order, newest first (order_by=id, sort=desc) as forgectl reads --all. The
// same work per item as `forgectl projects list --all -o ndjson`: parse, serialize, write ndjson.
//
// Without the totals (GitLab leaves them out past 10,000 items) it fetches 8 pages ahead of the end
// and stops at the first page that links no next one. Offset pages stop at 50,000 items (GitLab's
// default offset limit, spec part 3 §8; an instance's lower limit shows as a 405): past it, the
// list goes on by keyset from the last id, one page at a time along `Link rel="next"`.
import { api, emit, fetchPage, nextLink } from './floor-lib.mjs';

const OFFSET_LIMIT = 50_000;
const PER_PAGE = 100;
const MAX = 8;
const base = `${api}?order_by=id&sort=desc&per_page=${PER_PAGE}`;
let limit = MAX;

async function get(url) {
  const res = await fetchPage(url, () => (limit = Math.max(1, Math.floor(limit / 2))));
  // A lower offset limit than GitLab's default (self-managed instances set their own): go on by keyset.
  if (res.status === 405 && /offset/i.test(await res.text())) return { refused: true };
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  if (res.headers.get('retry-after')) limit = Math.max(1, Math.floor(limit / 2));
  else if (limit < MAX) limit++;
  const total = Number(res.headers.get('x-total-pages'));
  // The links decide where the list ends; x-next-page where a proxy strips them.
  const next = nextLink(res.headers.get('link')) ?? (res.headers.get('x-next-page') || undefined);
  return { items: await res.json(), totalPages: total > 0 ? total : undefined, next };
}

const first = await get(`${base}&page=1`);
await emit(first.items);
const offsetPages = Math.floor(OFFSET_LIMIT / PER_PAGE);
let lastPage = first.next ? Math.min(first.totalPages ?? Infinity, offsetPages) : 1;
let last = first;
const inFlight = new Map();
let scheduled = 2;
for (let n = 2; n <= lastPage; n++) {
  while (scheduled <= lastPage && inFlight.size < limit) {
    const p = get(`${base}&page=${scheduled}`);
    p.catch(() => undefined);
    inFlight.set(scheduled, p);
    scheduled++;
  }
  const page = await inFlight.get(n);
  inFlight.delete(n);
  if (page.refused) break;
  last = page;
  await emit(last.items);
  if (!last.next) lastPage = n;
}

// Past the offset limit: keyset from the last id printed.
if (last.next && last.items.length) {
  let url = `${api}?pagination=keyset&order_by=id&sort=desc&per_page=${PER_PAGE}&id_before=${last.items.at(-1).id}`;
  while (url) {
    const page = await get(url);
    await emit(page.items);
    url = page.next;
  }
}
