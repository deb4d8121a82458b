// Floor for `npm run bench`: every project as ndjson, one page at a time, each next page the one its
// predecessor names in `Link rel="next"`, with Node's built-in fetch. The same work per item as
// `forgectl projects list --all -o ndjson` (parse the page, serialize each item, write ndjson, wait
// when stdout is full), with nothing else. Newest first (order_by=id, sort=desc), as forgectl reads
// --all. Keyset paging by default (it has no offset limit); `--offset` follows offset links instead.
const keyset = !process.argv.includes('--offset');
const first = new URL(`${process.env.FORGECTL_URL}/api/v4/projects`);
for (const [k, v] of Object.entries({ ...(keyset ? { pagination: 'keyset' } : {}), order_by: 'id', sort: 'desc', per_page: '100' })) first.searchParams.set(k, v);
const headers = { 'PRIVATE-TOKEN': process.env.FORGECTL_TOKEN, Accept: 'application/json' };

function write(s) {
  return new Promise((resolve) => (process.stdout.write(s) ? resolve() : process.stdout.once('drain', resolve)));
}

/** The URL of `Link: <…>; rel="next"`, if any. */
function nextLink(link) {
  for (const part of (link ?? '').split(/,(?=\s*<)/)) {
    const m = /<([^>]*)>.*;\s*rel="?next"?/.exec(part);
    if (m) return m[1];
  }
  return undefined;
}

let url = first.toString();
while (url) {
  const res = await fetch(url, { headers });
  const retryAfter = res.headers.get('retry-after');
  if (res.status === 429 || (res.status === 503 && retryAfter)) {
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, Number(retryAfter ?? 1) * 1000));
    continue;
  }
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let out = '';
  for (const item of await res.json()) out += `${JSON.stringify(item)}\n`;
  await write(out);
  url = nextLink(res.headers.get('link'));
}
