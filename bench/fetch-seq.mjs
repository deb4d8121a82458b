// Floor for `npm run bench`: every project as ndjson, one page at a time, each next page the one its
// predecessor names in `Link rel="next"`, with Node's built-in fetch. The same work per item as
// `forgectl projects list --all -o ndjson` (parse the page, serialize each item, write ndjson, wait
// when stdout is full), with nothing else. Newest first (order_by=id, sort=desc), as forgectl reads
// --all. Keyset paging by default (it has no offset limit); `--offset` follows offset links instead.
import { api, emit, fetchPage, nextLink } from './floor-lib.mjs';

const keyset = !process.argv.includes('--offset');
const first = new URL(api);
for (const [k, v] of Object.entries({ ...(keyset ? { pagination: 'keyset' } : {}), order_by: 'id', sort: 'desc', per_page: '100' })) first.searchParams.set(k, v);

let url = first.toString();
while (url) {
  const res = await fetchPage(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  await emit(await res.json());
  url = nextLink(res.headers.get('link'));
}
