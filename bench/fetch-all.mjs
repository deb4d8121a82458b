// Reference for `npm run bench`: every project as ndjson, fetched by a bare Node script with the
// built-in fetch, 8 pages in flight (ahead of the end when the server does not tell the page count) (halved on 429 or Retry-After, grown back by one per page),
// printed in page order. `forgectl projects list --all -o ndjson` is measured against it.
const base = `${process.env.FORGECTL_URL}/api/v4/projects?per_page=100`;
const headers = { 'PRIVATE-TOKEN': process.env.FORGECTL_TOKEN, Accept: 'application/json' };
const MAX = 8;
let limit = MAX;

async function page(n) {
  for (;;) {
    const res = await fetch(`${base}&page=${n}`, { headers });
    const retryAfter = res.headers.get('retry-after');
    if (res.status === 429 || (res.status === 503 && retryAfter)) {
      limit = Math.max(1, Math.floor(limit / 2));
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, Number(retryAfter ?? 1) * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`page ${n}: ${res.status}`);
    if (retryAfter) limit = Math.max(1, Math.floor(limit / 2));
    else if (limit < MAX) limit++;
    // GitLab leaves out the totals past 10,000 items: then the last page is the one without a next.
    const total = Number(res.headers.get('x-total-pages'));
    return { items: await res.json(), totalPages: total > 0 ? total : undefined, last: !res.headers.get('x-next-page') };
  }
}

function write(s) {
  return new Promise((resolve) => (process.stdout.write(s) ? resolve() : process.stdout.once('drain', resolve)));
}

async function emit(items) {
  let out = '';
  for (const item of items) out += `${JSON.stringify(item)}\n`;
  await write(out);
}

const first = await page(1);
await emit(first.items);
let lastPage = first.last ? 1 : (first.totalPages ?? Infinity);
const inFlight = new Map();
let next = 2;
for (let n = 2; n <= lastPage; n++) {
  while (next <= lastPage && inFlight.size < limit) {
    const p = page(next);
    p.catch(() => undefined);
    inFlight.set(next, p);
    next++;
  }
  const { items, last } = await inFlight.get(n);
  inFlight.delete(n);
  await emit(items);
  if (last) lastPage = n;
}
