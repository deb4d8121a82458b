// The bench server: an instance of N projects that pages as GitLab does, so `npm run bench` times
// forgectl and the floor scripts against a server that is not forgectl's own sandbox. Plain
// node:http, nothing of forgectl imported. Prints its URL on the first line of stdout.
//
//   node bench/server.mjs [--items N] [--tokens N] [--token-owners M] [--entities N] [--source-url URL] [--latency MS] [--gaps] [--rate-limit N] [--offset-limit N] [--count-limit N] [--port P] [--log]
//
// What it serves (any PRIVATE-TOKEN or Bearer token is accepted):
// - GET /api/v4/projects: the N projects, shaped like the documented full project
//   (test/fixtures/realdata/projects/list_full.json), ids 1..N or, with --gaps, rising by 1 to 4.
//   Every sortable field (name, path, created_at, updated_at, last_activity_at) rises with the id, so
//   each documented order_by is id order (sort=desc, the default, newest first); `id_after` and
//   `id_before` filter in both paging modes; other filters are accepted and match every project.
// - offset paging (GitLab's doc/api/rest/_index.md, "Pagination"; lib/gitlab/pagination/
//   offset_pagination.rb and offset_header_builder.rb): page (default 1), per_page (default 20, at
//   most 100, below 1 the default), headers x-page, x-per-page, x-next-page and x-prev-page (empty
//   when none), x-total, x-total-pages, and Link prev/next/first/last with the request's query,
//   keys sorted as Rails' to_query does. Above 10,000 matching items x-total, x-total-pages and
//   rel="last" are left out (--count-limit). page × per_page above 50,000 (--offset-limit) is
//   refused with 405, as for every type that has keyset paging.
// - keyset paging (pagination=keyset, order_by=id required, else 405; sort asc or desc): only a
//   Link rel="next" with id_after (asc) or id_before (desc) set to the page's last id. As in
//   lib/gitlab/pagination/keyset/pager.rb, every page that has items links a next one; the list
//   ends with an empty page without a Link, as the doc says.
// - GET /api/v4/personal_access_tokens: --tokens N tokens (default none), ids 1..N ascending, owned
//   by --token-owners M users (ids 1..M, default 1), with GitLab's documented fields
//   (test/fixtures/realdata/tokens/list.json) and a fixed spread of scopes, use, expiry and
//   revocation, so `token audit` finds every kind of finding. Offset paging as for projects, without
//   the offset limit (tokens have no keyset paging); filters state, revoked and user_id apply, others
//   match every token. GET /api/v4/users/:id: those owners (users/get_user.json's fields), 404 else.
// - a finished migration by direct transfer (spec part 1 §2.2-2.3) for `migrate verify`: GET
//   /api/v4/bulk_imports/1 (source_url: --source-url, default this server) and its --entities N
//   project entities (default none), src/project-NNNNNN -> dst/project-NNNNNN, offset paging as for
//   tokens. GET /api/v4/projects/:id/merge_requests (state opened, closed, merged, locked, all) and
//   /releases: X-Total from the project's number alone, so a source and a destination server agree;
//   a page holds up to per_page small items.
// - GET /api/v4/version and GET /api/v4/user (test/fixtures/realdata/users/current_user.json).
// - --latency MS: each answer waits MS first. --rate-limit N: RateLimit-Limit/-Name/-Observed/
//   -Remaining/-Reset on every answer for a window of 60 s, and 429 "Retry later" with Retry-After
//   and RateLimit-ResetTime past N requests (off by default: the bench runs far more than any limit).
// - --log: one line per request on stderr (method, path and query, status, and when it came and was
//   answered, in ms since the epoch), for tests and to see where a client waits.
//
// Each project's JSON is encoded once at start; a page body is one copy of those bytes, the same
// small cost for every page, order and client (no cache that one client's pages would fill for
// another's): what is timed is the client.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '5000' },
    tokens: { type: 'string', default: '0' },
    'token-owners': { type: 'string', default: '1' },
    entities: { type: 'string', default: '0' },
    'source-url': { type: 'string' },
    latency: { type: 'string', default: '0' },
    gaps: { type: 'boolean', default: false },
    'rate-limit': { type: 'string', default: '0' },
    'offset-limit': { type: 'string', default: '50000' },
    'count-limit': { type: 'string', default: '10000' },
    port: { type: 'string', default: '0' },
    log: { type: 'boolean', default: false },
  },
});
const N = count('items', args.items);
const LATENCY = count('latency', args.latency);
const TOKENS = count('tokens', args.tokens);
const TOKEN_OWNERS = Math.max(1, count('token-owners', args['token-owners']));
const ENTITIES = count('entities', args.entities);
const RATE_LIMIT = count('rate-limit', args['rate-limit']);
const OFFSET_LIMIT = count('offset-limit', args['offset-limit']);
/** Kaminari's count limit: past it GitLab leaves the totals out (lower with --count-limit, for tests). */
const COUNT_LIMIT = count('count-limit', args['count-limit']);

function count(name, value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`bench/server.mjs: --${name} takes a whole number, not ${JSON.stringify(value)}\n`);
    process.exit(2);
  }
  return n;
}

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;
const ORDER_BY = new Set(['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'similarity', 'repository_size', 'storage_size', 'packages_size', 'wiki_size']);

const fixture = (name) => JSON.parse(readFileSync(new URL(`../test/fixtures/realdata/${name}`, import.meta.url), 'utf8')).body;

// Ids in ascending order; with --gaps they rise by 1 to 4 (a fixed sequence, the same every run).
const ids = new Array(N);
for (let i = 0, id = 0, seed = 7; i < N; i++) {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  id += args.gaps ? 1 + (seed >> 16) % 4 : 1;
  ids[i] = id;
}
const items = serializeProjects();

/**
 * Each project as JSON, from the documented example with its own id, names, paths, links and
 * dates: the example serialized once with markers, then filled in per project.
 */
function serializeProjects() {
  const example = fixture('projects/list_full.json')[0];
  const marked = JSON.stringify({
    ...example,
    id: '@@ID@@',
    name: '@@NAME@@',
    path: '@@PATH@@',
    created_at: '@@CREATED@@',
    updated_at: '@@UPDATED@@',
    last_activity_at: '@@ACTIVITY@@',
    namespace: { ...example.namespace, id: '@@NSID@@', name: '@@NSNAME@@', path: '@@NSPATH@@', full_path: '@@NSPATH@@' },
  })
    .replaceAll('"@@ID@@"', '@@ID@@')
    .replaceAll('"@@NSID@@"', '@@NSID@@')
    .replaceAll('Diaspora / Diaspora Client', '@@NSNAME@@ / @@NAME@@')
    .replaceAll('diaspora/diaspora-client', '@@NSPATH@@/@@PATH@@')
    .replaceAll(`/projects/${example.id}/`, '/projects/@@ID@@/')
    .replaceAll(`/projects/${example.id}"`, '/projects/@@ID@@"')
    .replaceAll(`/avatar/${example.id}/`, '/avatar/@@ID@@/')
    .replaceAll('"web_url":"https://gitlab.example.com/diaspora"', '"web_url":"https://gitlab.example.com/@@NSPATH@@"');
  const parts = marked.split(/@@(\w+)@@/);
  const base = Date.parse('2020-01-01T00:00:00Z');
  const out = new Array(N);
  for (let i = 0; i < N; i++) {
    const id = ids[i];
    const group = Math.floor(i / 100) + 1;
    const at = (ms) => new Date(base + ms).toISOString();
    const values = {
      ID: String(id),
      NAME: `Project ${String(id).padStart(7, '0')}`,
      PATH: `project-${String(id).padStart(7, '0')}`,
      CREATED: at(id * 60_000),
      UPDATED: at(id * 60_000 + 30_000),
      ACTIVITY: at(id * 60_000 + 45_000),
      NSID: String(1000 + group),
      NSNAME: `Group ${String(group).padStart(4, '0')}`,
      NSPATH: `group-${String(group).padStart(4, '0')}`,
    };
    let s = '';
    for (let k = 0; k < parts.length; k++) s += k % 2 ? values[parts[k]] : parts[k];
    out[i] = Buffer.from(s);
  }
  return out;
}

/** Index of the first id greater than `id` (binary search over the ascending ids). */
function firstAbove(id) {
  let lo = 0;
  let hi = N;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] > id) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
/**
 * The JSON array of `count` projects from position `start` of the matching range, in `sort` order:
 * one copy of items encoded at start, the same work for every page, order and client.
 */
function body(lo, hi, sort, start, count) {
  const from = sort === 'asc' ? lo + start : hi - start - count;
  const parts = [OPEN];
  for (let k = 0; k < count; k++) {
    if (k) parts.push(COMMA);
    parts.push(items[sort === 'asc' ? from + k : from + count - 1 - k]);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

class Refusal {
  constructor(status, body) {
    this.status = status;
    this.body = body;
  }
}

function intParam(q, name) {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw new Refusal(400, { error: `${name} is invalid` });
  return Number(v);
}

/** The request's query with `set` applied, keys sorted as Rails' to_query sorts them. */
function linkTo(origin, q, set, path = '/api/v4/projects') {
  const pairs = [...q].filter(([k]) => !(k in set));
  for (const [k, v] of Object.entries(set)) pairs.push([k, String(v)]);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return `${origin}${path}?${new URLSearchParams(pairs)}`;
}

function listProjects(origin, q) {
  const orderBy = q.get('order_by') ?? 'created_at';
  if (!ORDER_BY.has(orderBy)) throw new Refusal(400, { error: 'order_by does not have a valid value' });
  const sort = q.get('sort') ?? 'desc';
  if (sort !== 'asc' && sort !== 'desc') throw new Refusal(400, { error: 'sort does not have a valid value' });
  const after = intParam(q, 'id_after');
  const before = intParam(q, 'id_before');
  const lo = after === undefined ? 0 : firstAbove(after);
  const hi = Math.max(lo, before === undefined ? N : firstAbove(before - 1));
  const perPageAsked = intParam(q, 'per_page') ?? DEFAULT_PER_PAGE;
  const perPage = perPageAsked < 1 ? DEFAULT_PER_PAGE : Math.min(perPageAsked, MAX_PER_PAGE);
  const total = hi - lo;

  if (q.get('pagination') === 'keyset') {
    if (orderBy !== 'id') throw new Refusal(405, { message: '405 Method Not Allowed - Keyset pagination is not yet available for this type of request' });
    const n = Math.min(perPage, total);
    const headers = {};
    if (n > 0) {
      const last = sort === 'asc' ? ids[lo + n - 1] : ids[hi - n];
      headers.link = `<${linkTo(origin, q, sort === 'asc' ? { id_after: last } : { id_before: last })}>; rel="next"`;
    }
    return { headers, body: body(lo, hi, sort, 0, n) };
  }

  const pageAsked = intParam(q, 'page') ?? 1;
  const page = pageAsked < 1 ? 1 : pageAsked;
  if (OFFSET_LIMIT > 0 && page * perPage > OFFSET_LIMIT) {
    throw new Refusal(405, {
      message: `405 Method Not Allowed - Offset pagination has a maximum allowed offset of ${OFFSET_LIMIT} for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.`,
    });
  }
  const { start, headers } = offsetPage(origin, '/api/v4/projects', q, page, perPage, total);
  return { headers, body: body(lo, hi, sort, Math.min(start, total), Math.max(0, Math.min(perPage, total - start))) };
}

/** GitLab's offset paging headers for `page` of `total` matching items, and where the page starts. */
function offsetPage(origin, path, q, page, perPage, total) {
  const start = (page - 1) * perPage;
  const counted = total <= COUNT_LIMIT;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const outOfRange = start >= total && page > 1;
  const next = !outOfRange && start + perPage < total ? page + 1 : undefined;
  const prev = page > 1 && !outOfRange ? page - 1 : undefined;
  const links = [];
  const at = (p) => linkTo(origin, q, { page: p, per_page: perPage }, path);
  if (prev) links.push(`<${at(prev)}>; rel="prev"`);
  if (next) links.push(`<${at(next)}>; rel="next"`);
  links.push(`<${at(1)}>; rel="first"`);
  if (counted) links.push(`<${at(totalPages)}>; rel="last"`);
  const headers = {
    'x-per-page': String(perPage),
    'x-page': String(page),
    'x-next-page': next ? String(next) : '',
    'x-prev-page': prev ? String(prev) : '',
    link: links.join(', '),
  };
  if (counted) {
    headers['x-total'] = String(total);
    headers['x-total-pages'] = String(totalPages);
  }
  return { start, headers };
}

// Tokens and their owners: the spread of the sandbox's generated tokens (every 5th never used, every
// 10th without expiry, some expired, every 23rd revoked), dated from the server's start.
const DAY_MS = 86_400_000;
const TOKEN_SCOPES = [['api'], ['read_api'], ['read_repository', 'write_repository'], ['read_user'], ['api', 'sudo']];
const tokens = serializeTokens();
const activeTokens = tokens.filter((t) => t.active);
const inactiveTokens = tokens.filter((t) => !t.active);
const owners = serializeOwners();

function serializeTokens() {
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const day = (offset) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
  const out = new Array(TOKENS);
  for (let i = 1; i <= TOKENS; i++) {
    const created = now - (10 + ((i * 7919) % 400)) * DAY_MS;
    const lastUsed = i % 5 === 0 ? null : Math.max(created, now - ((i * 104_729) % 200) * DAY_MS);
    const expires = i % 10 === 0 ? null : day(((i * 31) % 366) - 30);
    const revoked = i % 23 === 0;
    const active = !revoked && (expires === null || expires > today);
    const userId = (i % TOKEN_OWNERS) + 1;
    const json = {
      id: i,
      name: `generated-${i}`,
      revoked,
      created_at: new Date(created).toISOString(),
      description: null,
      scopes: TOKEN_SCOPES[i % TOKEN_SCOPES.length],
      user_id: userId,
      last_used_at: lastUsed === null ? null : new Date(lastUsed).toISOString(),
      active,
      expires_at: expires,
    };
    out[i - 1] = { userId, revoked, active, bytes: Buffer.from(JSON.stringify(json)) };
  }
  return out;
}

function serializeOwners() {
  const example = fixture('users/get_user.json');
  const width = String(TOKEN_OWNERS).length;
  const out = new Array(TOKEN_OWNERS);
  for (let u = 1; u <= TOKEN_OWNERS; u++) {
    const n = String(u).padStart(width, '0');
    const username = `owner-${n}`;
    out[u - 1] = Buffer.from(JSON.stringify({ ...example, id: u, username, name: `Owner ${n}`, state: 'active', avatar_url: null, web_url: `https://gitlab.example.com/${username}`, public_email: null }));
  }
  return out;
}

const joinArray = (buffers) => {
  const parts = [OPEN];
  for (let k = 0; k < buffers.length; k++) {
    if (k) parts.push(COMMA);
    parts.push(buffers[k]);
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
};

function listTokens(origin, q) {
  const state = q.get('state');
  if (state !== null && state !== 'active' && state !== 'inactive') throw new Refusal(400, { error: 'state does not have a valid value' });
  const revoked = q.get('revoked');
  if (revoked !== null && revoked !== 'true' && revoked !== 'false') throw new Refusal(400, { error: 'revoked is invalid' });
  const userId = intParam(q, 'user_id');
  let matching = state === 'active' ? activeTokens : state === 'inactive' ? inactiveTokens : tokens;
  if (revoked !== null || userId !== undefined) matching = matching.filter((t) => (revoked === null || t.revoked === (revoked === 'true')) && (userId === undefined || t.userId === userId));
  const perPageAsked = intParam(q, 'per_page') ?? DEFAULT_PER_PAGE;
  const perPage = perPageAsked < 1 ? DEFAULT_PER_PAGE : Math.min(perPageAsked, MAX_PER_PAGE);
  const pageAsked = intParam(q, 'page') ?? 1;
  const page = pageAsked < 1 ? 1 : pageAsked;
  const { start, headers } = offsetPage(origin, '/api/v4/personal_access_tokens', q, page, perPage, matching.length);
  return { headers, body: joinArray(matching.slice(start, start + perPage).map((t) => t.bytes)) };
}

const USER_PATH = /^\/api\/v4\/users\/(\d+)$/;
function getUser(path) {
  const id = Number(USER_PATH.exec(path)[1]);
  const bytes = owners[id - 1];
  return bytes ? { body: bytes } : { status: 404, body: { message: '404 User Not Found' } };
}

// The migration: N project entities, and per project a fixed number of merge requests by state and releases.
const MR_STATES = ['opened', 'closed', 'merged', 'locked'];
const entities = serializeEntities();

function serializeEntities() {
  const out = new Array(ENTITIES);
  const at = new Date(Date.parse('2024-01-01T00:00:00Z')).toISOString();
  const width = Math.max(6, String(ENTITIES).length);
  for (let i = 1; i <= ENTITIES; i++) {
    const slug = `project-${String(i).padStart(width, '0')}`;
    out[i - 1] = Buffer.from(
      JSON.stringify({
        id: i,
        bulk_import_id: 1,
        status: 'finished',
        entity_type: 'project',
        source_full_path: `src/${slug}`,
        destination_full_path: `dst/${slug}`,
        destination_name: slug,
        destination_slug: slug,
        destination_namespace: 'dst',
        parent_id: null,
        namespace_id: 2,
        project_id: 1000 + i,
        created_at: at,
        updated_at: at,
        failures: [],
        migrate_projects: true,
        migrate_memberships: true,
        has_failures: false,
        stats: {},
      }),
    );
  }
  return out;
}

function migration(origin) {
  const at = '2024-01-01T00:00:00.000Z';
  return { id: 1, status: 'finished', source_type: 'gitlab', source_url: args['source-url'] ?? origin, created_at: at, updated_at: at, has_failures: false };
}

function listEntities(origin, q) {
  const perPageAsked = intParam(q, 'per_page') ?? DEFAULT_PER_PAGE;
  const perPage = perPageAsked < 1 ? DEFAULT_PER_PAGE : Math.min(perPageAsked, MAX_PER_PAGE);
  const pageAsked = intParam(q, 'page') ?? 1;
  const page = pageAsked < 1 ? 1 : pageAsked;
  const sorted = q.get('sort') === 'desc' ? [...entities].reverse() : entities;
  const { start, headers } = offsetPage(origin, '/api/v4/bulk_imports/1/entities', q, page, perPage, sorted.length);
  return { headers, body: joinArray(sorted.slice(start, start + perPage)) };
}

const CONTENT_PATH = /^\/api\/v4\/projects\/([^/]+)\/(merge_requests|releases)$/;
/** Merge requests by state and releases of a project: counts from its number, the same on every server. */
function listContent(origin, path, q) {
  const [, id, what] = CONTENT_PATH.exec(path);
  const n = Number(/(\d+)$/.exec(decodeURIComponent(id))?.[1] ?? 0);
  let total;
  if (what === 'releases') total = n % 4;
  else {
    const state = q.get('state') ?? 'all';
    const byState = MR_STATES.map((_, k) => (n * (k + 3) + k) % (k === 3 ? 2 : 9));
    total = state === 'all' ? byState.reduce((a, b) => a + b, 0) : (byState[MR_STATES.indexOf(state)] ?? 0);
  }
  const perPageAsked = intParam(q, 'per_page') ?? DEFAULT_PER_PAGE;
  const perPage = perPageAsked < 1 ? DEFAULT_PER_PAGE : Math.min(perPageAsked, MAX_PER_PAGE);
  const page = Math.max(1, intParam(q, 'page') ?? 1);
  const { start, headers } = offsetPage(origin, path, q, page, perPage, total);
  const items = [];
  for (let k = start; k < Math.min(total, start + perPage); k++) {
    items.push(what === 'releases' ? { tag_name: `v${k + 1}.0`, name: `Release ${k + 1}` } : { id: n * 100 + k, iid: k + 1, title: `Merge request ${k + 1}`, state: q.get('state') ?? 'opened' });
  }
  return { headers, body: items };
}

const VERSION = Buffer.from(JSON.stringify({ version: '17.6.0', revision: 'bench000' }));
const USER = Buffer.from(JSON.stringify({ ...fixture('users/current_user.json'), is_admin: true }));

// RateLimit headers for one fixed window of 60 s, counted over every request, as Rack::Attack counts.
let window = 0;
let observed = 0;
function rateLimit() {
  const now = Math.floor(Date.now() / 1000);
  const current = Math.floor(now / 60);
  if (current !== window) {
    window = current;
    observed = 0;
  }
  observed++;
  const reset = (current + 1) * 60;
  const headers = {
    'ratelimit-name': 'throttle_authenticated_api',
    'ratelimit-limit': String(RATE_LIMIT),
    'ratelimit-observed': String(observed),
    'ratelimit-remaining': String(Math.max(0, RATE_LIMIT - observed)),
    'ratelimit-reset': String(reset),
  };
  if (observed <= RATE_LIMIT) return { headers };
  return { headers: { ...headers, 'retry-after': String(reset - now), 'ratelimit-resettime': new Date(reset * 1000).toUTCString() }, refused: true };
}

let requests = 0;
function answer(req) {
  const url = new URL(req.url ?? '/', 'http://x');
  const origin = `http://${req.headers.host}`;
  const token = req.headers['private-token'] ?? /^Bearer \S+/i.exec(req.headers.authorization ?? '')?.[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, body: { message: '405 Method Not Allowed' } };
  switch (url.pathname) {
    case '/api/v4/projects':
      return listProjects(origin, url.searchParams);
    case '/api/v4/version':
      return token ? { body: VERSION } : { status: 401, body: { message: '401 Unauthorized' } };
    case '/api/v4/user':
      return token ? { body: USER } : { status: 401, body: { message: '401 Unauthorized' } };
    case '/api/v4/personal_access_tokens':
      return listTokens(origin, url.searchParams);
    case '/api/v4/bulk_imports/1':
      return ENTITIES ? { body: migration(origin) } : { status: 404, body: { message: '404 Not found' } };
    case '/api/v4/bulk_imports/1/entities':
      return listEntities(origin, url.searchParams);
    default:
      if (USER_PATH.test(url.pathname)) return getUser(url.pathname);
      if (CONTENT_PATH.test(url.pathname)) return listContent(origin, url.pathname, url.searchParams);
      return { status: 404, body: { message: '404 Not Found' } };
  }
}

const server = createServer((req, res) => {
  requests++;
  const arrived = performance.timeOrigin + performance.now();
  const respond = () => {
    const limited = RATE_LIMIT > 0 ? rateLimit() : undefined;
    if (limited?.refused) {
      res.writeHead(429, { 'content-type': 'text/plain', ...limited.headers });
      return res.end('Retry later\n');
    }
    let out;
    try {
      out = answer(req);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      out = { status: err.status, body: err.body };
    }
    const payload = Buffer.isBuffer(out.body) ? out.body : Buffer.from(JSON.stringify(out.body));
    res.writeHead(out.status ?? 200, {
      'content-type': 'application/json',
      'cache-control': 'max-age=0, private, must-revalidate',
      vary: 'Origin',
      'x-request-id': `bench-${requests}`,
      ...out.headers,
      ...limited?.headers,
      'content-length': payload.length,
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
    // With the times (epoch ms) the request came and was answered: where a client waits.
    if (args.log) process.stderr.write(`${req.method} ${req.url} ${out.status ?? 200} ${arrived.toFixed(1)} ${(performance.timeOrigin + performance.now()).toFixed(1)}\n`);
  };
  // The request body (none is expected) is drained before answering, as a real server does.
  req.resume();
  req.on('end', () => (LATENCY > 0 ? setTimeout(respond, LATENCY) : respond()));
});

server.listen(Number(args.port), '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
