// Floor for `npm run bench`: what `forgectl migrate verify 1 -o json` must ask, by a bare Node script
// with the built-in fetch. The migration (for its source URL), its entities, and per entity the lists
// verify compares item by item: merge requests by state (iid and title) and releases (tag),
// per_page=100, on the source and on the destination, at most 8 requests in flight per instance; what
// is on one side only is named. Every list is read as forgectl reads it: pages 2 to the last are asked
// as soon as page 1's headers number them (x-total-pages, else Link rel="last"), each waiting for a
// slot, then on by Link rel="next" past the last. Every answer is parsed; one JSON report is printed.
import { fetchPage, nextLink } from './floor-lib.mjs';

const dest = process.env.FORGECTL_URL;
const MAX = 8;
const STATES = ['opened', 'closed', 'merged', 'locked'];
const mr = { key: (i) => String(i.iid), title: (i) => String(i.title), id: (i) => `${i.iid} ${i.title}` };
const release = { key: (i) => String(i.tag_name), title: (i) => String(i.name ?? i.tag_name), id: (i) => String(i.tag_name) };
const RELATIONS = [...STATES.map((s) => [`merge_requests ${s}`, `merge_requests?scope=all&state=${s}&per_page=100`, mr]), ['releases', 'releases?per_page=100', release]];

/** At most `max` tasks at once; a finished task hands its slot to the next waiting one. */
function pool(max) {
  let running = 0;
  const waiting = [];
  return async (task) => {
    if (running < max) running++;
    else await new Promise((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

async function getJson(url) {
  const res = await fetchPage(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { res, body: await res.json() };
}

const pageOf = (url) => Number(new URL(url).searchParams.get('page') ?? 1);

/** How many pages page 1's headers say the list has: x-total-pages, else Link rel="last". */
function lastPage(h) {
  const total = Number(h.get('x-total-pages'));
  if (Number.isInteger(total) && total > 0) return total;
  const last = nextLink(h.get('link'), 'last');
  return last ? pageOf(last) : 1;
}

/** Every item of the list at `url` (page 1), each page waiting for a slot of the instance (`run`). */
async function list(run, url) {
  const ahead = [];
  const first = await run(async () => {
    const res = await fetchPage(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    // The other pages are asked before page 1's body is read, as their numbers are known.
    for (let page = 2; page <= lastPage(res.headers); page++) {
      const at = new URL(url);
      at.searchParams.set('page', String(page));
      ahead.push(run(() => getJson(at.href)));
    }
    return { res, body: await res.json() };
  });
  const pages = [first, ...(await Promise.all(ahead))];
  const items = pages.flatMap((p) => p.body);
  // Past the counted pages, on by Link (a list without totals, or one that grew while read).
  let next = nextLink(pages.at(-1).res.headers.get('link'));
  while (next) {
    const { res, body } = await run(() => getJson(next));
    items.push(...body);
    next = nextLink(res.headers.get('link'));
  }
  return items;
}

const onDest = pool(MAX);
const onSource = pool(MAX);
const migration = (await getJson(`${dest}/api/v4/bulk_imports/1`)).body;
const source = migration.source_url;
const entities = await list(onDest, `${dest}/api/v4/bulk_imports/1/entities?sort=asc&per_page=100&page=1`);
const contentUrl = (base, path, query) => `${base}/api/v4/projects/${encodeURIComponent(path)}/${query}`;

/** Items of `a` not in `b`, by identity, as often as `a` holds them more. */
function onlyIn(r, a, b) {
  const there = new Map();
  for (const i of b) there.set(r.id(i), (there.get(r.id(i)) ?? 0) + 1);
  const out = [];
  for (const i of a) {
    const n = there.get(r.id(i)) ?? 0;
    if (n > 0) there.set(r.id(i), n - 1);
    else out.push({ key: r.key(i), title: r.title(i) });
  }
  return out;
}

const report = await Promise.all(
  entities.map(async (e) => {
    const relations = await Promise.all(
      RELATIONS.map(async ([relation, query, r]) => {
        const [a, b] = await Promise.all([list(onSource, contentUrl(source, e.source_full_path, query)), list(onDest, contentUrl(dest, e.destination_full_path, query))]);
        const missing = onlyIn(r, a, b);
        const unexpected = onlyIn(r, b, a);
        return { relation, source: a.length, destination: b.length, status: missing.length || unexpected.length ? 'differs' : 'ok', missing, unexpected };
      }),
    );
    const complete = relations.every((r) => r.status === 'ok');
    return { id: e.id, entity_type: e.entity_type, status: e.status, source_full_path: e.source_full_path, destination_full_path: e.destination_full_path, present: true, complete, relations, failures: [] };
  }),
);
process.stdout.write(`${JSON.stringify({ migration: 1, source_url: source, destination_url: dest, complete: report.every((e) => e.complete), entities: report }, null, 2)}\n`);
