// Floor for `npm run bench`: what `forgectl migrate verify 1 -o json` must ask, by a bare Node script
// with the built-in fetch. The migration (for its source URL), its entities (the first page, then the
// rest 8 in flight by x-total-pages), and per entity the lists verify compares item by item: merge
// requests by state (iid and title) and releases (tag), per_page=100 and every page by its Link
// header, on the source and on the destination, at most 8 requests in flight per instance; what is on
// one side only is named. Every answer is parsed; one JSON report is printed.
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

const migration = (await getJson(`${dest}/api/v4/bulk_imports/1`)).body;
const source = migration.source_url;
const entitiesUrl = (page) => `${dest}/api/v4/bulk_imports/1/entities?sort=asc&per_page=100&page=${page}`;
const first = await getJson(entitiesUrl(1));
const pages = Number(first.res.headers.get('x-total-pages')) || 1;
const onDest = pool(MAX);
const onSource = pool(MAX);
const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => onDest(async () => (await getJson(entitiesUrl(i + 2))).body)));
const entities = [first.body, ...rest].flat();

/** Every item of a list, page after page by Link; each page waits for a slot of the instance. */
async function list(run, base, path, query) {
  const items = [];
  let url = `${base}/api/v4/projects/${encodeURIComponent(path)}/${query}`;
  while (url) {
    const { res, body } = await run(() => getJson(url));
    items.push(...body);
    url = nextLink(res.headers.get('link'));
  }
  return items;
}

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
        const [a, b] = await Promise.all([list(onSource, source, e.source_full_path, query), list(onDest, dest, e.destination_full_path, query)]);
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
