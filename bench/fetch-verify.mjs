// Floor for `npm run bench`: what `forgectl migrate verify 1 -o json` must ask, by a bare Node script
// with the built-in fetch. The migration (for its source URL), its entities (the first page, then the
// rest 8 in flight by x-total-pages), and per entity the counts verify compares: merge requests by
// state and releases, per_page=1 with X-Total read, on the source and on the destination, at most 8
// requests in flight per instance. Every answer is parsed; one JSON report is printed.
import { fetchPage } from './floor-lib.mjs';

const dest = process.env.FORGECTL_URL;
const MAX = 8;
const STATES = ['opened', 'closed', 'merged', 'locked'];
const RELATIONS = [...STATES.map((s) => [`merge_requests ${s}`, `merge_requests?scope=all&state=${s}&per_page=1`]), ['releases', 'releases?per_page=1']];

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

const count = (run, base, path, query) =>
  run(async () => {
    const { res } = await getJson(`${base}/api/v4/projects/${encodeURIComponent(path)}/${query}`);
    return Number(res.headers.get('x-total'));
  });

const report = await Promise.all(
  entities.map(async (e) => {
    const relations = await Promise.all(
      RELATIONS.map(async ([relation, query]) => {
        const [a, b] = await Promise.all([count(onSource, source, e.source_full_path, query), count(onDest, dest, e.destination_full_path, query)]);
        return { relation, source: a, destination: b, missing: [], status: a === b ? 'ok' : 'differs' };
      }),
    );
    const complete = relations.every((r) => r.status === 'ok');
    return { id: e.id, entity_type: e.entity_type, status: e.status, source_full_path: e.source_full_path, destination_full_path: e.destination_full_path, present: true, complete, relations, failures: [] };
  }),
);
process.stdout.write(`${JSON.stringify({ migration: 1, source_url: source, destination_url: dest, complete: report.every((e) => e.complete), entities: report }, null, 2)}\n`);
