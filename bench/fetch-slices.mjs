// Floor for `npm run bench` that pages as forgectl does past the counted pages: every project as
// ndjson, newest first, read by id ranges. Page 1 by offset (order_by=id, sort=desc), the list's
// lowest id by one keyset request in the other order, then slices of ids sized from page 1's density
// (about 2.9 pages each), up to 8 read at once with keyset paging inside each (id_after and
// id_before as bounds; a slice ends at an empty page or where no next page is named), printed in
// slice order. The same work per item as `forgectl projects list --all -o ndjson`, with the built-in
// fetch and nothing else.
import { api, emit, fetchPage, nextLink } from './floor-lib.mjs';

const PER_PAGE = 100;
const MAX = 8;

async function get(url) {
  const res = await fetchPage(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { items: await res.json(), next: nextLink(res.headers.get('link')) };
}

/** The pages of ids in (after, before), newest first. */
async function readSlice(after, before) {
  const pages = [];
  let url = `${api}?pagination=keyset&order_by=id&sort=desc&per_page=${PER_PAGE}&id_after=${after}&id_before=${before}`;
  while (url) {
    const page = await get(url);
    pages.push(page.items);
    // As forgectl: a short page is no end where a next page is named (issue 33.10), an empty one is.
    url = page.items.length === 0 ? undefined : page.next;
  }
  return pages;
}

const first = await get(`${api}?order_by=id&sort=desc&per_page=${PER_PAGE}&page=1`);
await emit(first.items);
if (first.next && first.items.length) {
  const lowest = (await get(`${api}?pagination=keyset&order_by=id&sort=asc&per_page=1`)).items[0]?.id;
  const top = first.items[0].id;
  const bottom = first.items.at(-1).id;
  const width = Math.max(1, Math.floor(((top - bottom + 1) * 2.9 * PER_PAGE) / first.items.length));
  let before = bottom;
  const queue = [];
  const fill = () => {
    while (queue.length < MAX && lowest !== undefined && before > lowest) {
      const after = Math.max(lowest - 1, before - width - 1);
      const slice = readSlice(after, before);
      slice.catch(() => undefined);
      queue.push(slice);
      before = after + 1;
    }
  };
  fill();
  while (queue.length) {
    const pages = await queue.shift();
    fill();
    for (const items of pages) await emit(items);
  }
}
