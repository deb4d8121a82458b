import { describe, expect, it } from 'vitest';
import { call, sandboxFor } from './helpers.js';

// The demo seed plus 50,000 generated projects: enough for the 10,000-count and 50,000-offset rules.
const sandbox = sandboxFor({ extraProjects: 50_000 });

function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (header ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)) out[m[2]] = m[1];
  return out;
}

describe('offset pagination headers (spec part 1 §9)', () => {
  it('gives page, neighbours, totals and absolute links keeping the other parameters', async () => {
    const sb = sandbox();
    const total = [...sb.state.tokens.values()].length;
    const res = await call(sb, '/personal_access_tokens?per_page=3&page=2&sort=id_asc', { token: sb.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    const h = res.headers;
    expect([h.get('x-page'), h.get('x-per-page'), h.get('x-next-page'), h.get('x-prev-page')]).toEqual(['2', '3', '3', '1']);
    expect(h.get('x-total')).toBe(String(total));
    expect(h.get('x-total-pages')).toBe(String(Math.ceil(total / 3)));
    const base = `${sb.url}/api/v4/personal_access_tokens`;
    expect(links(h.get('link'))).toEqual({
      prev: `${base}?page=1&per_page=3&sort=id_asc`,
      next: `${base}?page=3&per_page=3&sort=id_asc`,
      first: `${base}?page=1&per_page=3&sort=id_asc`,
      last: `${base}?page=${Math.ceil(total / 3)}&per_page=3&sort=id_asc`,
    });
  });

  it('leaves the next page empty on the last page and the previous one on the first', async () => {
    const sb = sandbox();
    const first = await call(sb, '/projects?search=project-0000&per_page=5', { token: sb.tokens.admin });
    expect(first.headers.get('x-prev-page')).toBe('');
    expect(links(first.headers.get('link')).prev).toBeUndefined();
    const last = await call(sb, '/projects?search=project-0000&per_page=5&page=2', { token: sb.tokens.admin });
    expect(last.body).toHaveLength(4);
    expect(last.headers.get('x-next-page')).toBe('');
    expect(links(last.headers.get('link')).next).toBeUndefined();
    const beyond = await call(sb, '/projects?search=project-0000&per_page=5&page=9', { token: sb.tokens.admin });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total')).toBe('9');
  });

  it('clamps per_page to 100, treats a negative one as the default, and refuses a non-number', async () => {
    const sb = sandbox();
    const big = await call(sb, '/projects?per_page=500', { token: sb.tokens.admin });
    expect(big.body).toHaveLength(100);
    expect(big.headers.get('x-per-page')).toBe('100');
    const neg = await call(sb, '/projects?per_page=-5&page=0', { token: sb.tokens.admin });
    expect(neg.body).toHaveLength(20);
    expect([neg.headers.get('x-per-page'), neg.headers.get('x-page')]).toEqual(['20', '1']);
    expect(await call(sb, '/projects?per_page=lots', { token: sb.tokens.admin })).toMatchObject({ status: 400, body: { message: 'per_page is invalid' } });
  });

  it('leaves out the totals and rel="last" above 10,000 records, as GitLab does', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects?per_page=100&page=3', { token: sb.tokens.admin });
    expect(res.body).toHaveLength(100);
    expect(res.headers.get('x-total')).toBeNull();
    expect(res.headers.get('x-total-pages')).toBeNull();
    expect(res.headers.get('x-next-page')).toBe('4');
    expect(Object.keys(links(res.headers.get('link'))).sort()).toEqual(['first', 'next', 'prev']);
  });

  it('refuses offsets beyond 50,000 projects with 405 and GitLab’s message', async () => {
    const sb = sandbox();
    const over = await call(sb, '/projects?per_page=100&page=501', { token: sb.tokens.admin });
    expect(over.status).toBe(405);
    expect(over.body).toEqual({
      message: 'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.',
    });
    expect((await call(sb, '/projects?page=2501', { token: sb.tokens.admin })).status).toBe(405);
    const edge = await call(sb, '/projects?per_page=100&page=500', { token: sb.tokens.admin });
    expect(edge.status).toBe(200);
    expect(edge.body).toHaveLength(100);
  });
});

describe('keyset pagination of projects', () => {
  it('follows rel="next" with id_after, in the order of the original query (realdata pagination_keyset_headers.json)', async () => {
    const sb = sandbox();
    const res = await call(sb, '/projects?pagination=keyset&per_page=50&order_by=id&sort=asc', { token: sb.tokens.admin });
    expect(res.status).toBe(200);
    const ids = res.body.map((p: any) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect(res.headers.get('link')).toBe(`<${sb.url}/api/v4/projects?pagination=keyset&per_page=50&order_by=id&sort=asc&id_after=${ids[49]}>; rel="next"`);
    expect(res.headers.get('x-total')).toBeNull();

    const next = await fetch(links(res.headers.get('link')).next, { headers: { 'PRIVATE-TOKEN': sb.tokens.admin } });
    const page2 = ((await next.json()) as any[]).map((p) => p.id);
    expect(page2[0]).toBeGreaterThan(ids[49]);
    expect(links(next.headers.get('link')).next).toContain(`id_after=${page2[49]}`);
  });

  it('walks backwards with id_before for sort=desc, beyond the offset ceiling', async () => {
    const sb = sandbox();
    // Ids below 200 lie more than 50,000 records deep in descending order.
    const res = await call(sb, '/projects?pagination=keyset&order_by=id&sort=desc&per_page=100&id_before=200', { token: sb.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.map((p: any) => p.id)).toEqual(Array.from({ length: 100 }, (_, i) => 199 - i));
    expect(links(res.headers.get('link')).next).toBe(`${sb.url}/api/v4/projects?pagination=keyset&order_by=id&sort=desc&per_page=100&id_before=100`);
  });

  it('names a next page after every page that is not empty (GitLab Keyset::Pager), ends with an empty one, and works for anonymous callers', async () => {
    const sb = sandbox();
    const seen: number[] = [];
    let url: string | undefined = `${sb.url}/api/v4/projects?pagination=keyset&order_by=id&sort=asc&per_page=40&search=project-000`;
    let pages = 0;
    let lastSize = -1;
    while (url) {
      const res: Response = await fetch(url);
      const page = (await res.json()) as any[];
      seen.push(...page.map((p) => p.id));
      url = links(res.headers.get('link')).next;
      pages++;
      lastSize = page.length;
    }
    const expected = sb.state.projects.filter((p) => p.path.startsWith('project-000') && p.visibility === 'public').map((p) => p.id);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 40) + 1);
    expect(lastSize).toBe(0);
  });

  it('answers 405 for keyset with another order, and where keyset is not available', async () => {
    const sb = sandbox();
    const message = { message: 'Keyset pagination is not yet available for this type of request' };
    expect(await call(sb, '/projects?pagination=keyset&order_by=name&sort=asc', { token: sb.tokens.admin })).toMatchObject({ status: 405, body: message });
    expect(await call(sb, '/projects?pagination=keyset', { token: sb.tokens.admin })).toMatchObject({ status: 405, body: message });
    expect(await call(sb, '/personal_access_tokens?pagination=keyset&order_by=id&sort=asc', { token: sb.tokens.admin })).toMatchObject({ status: 405, body: message });
  });
});
