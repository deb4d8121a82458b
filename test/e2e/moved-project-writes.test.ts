// Issue 24 item 9: a renamed project's old path answers 301 for writes as for reads (spec part 1
// §9.5), and forgectl follows a same-origin redirect of a PUT or POST with the same method and body.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

// acme/web/storefront was renamed from acme/web/shop (sandbox seed).
const OLD = '/api/v4/projects/acme%2Fweb%2Fshop';

describe('writes through a renamed project’s old path', () => {
  it('PUT: mr update by the old path changes the merge request, the PUT repeated at the new address', async () => {
    const sb = sandbox();
    const id = sb.state.findProject('acme/web/storefront')!.project.id;
    const [mr] = json<{ iid: number }[]>(await forgectl(['mr', 'list', '--project', 'acme/web/storefront', '-o', 'json'], { env: envFor(sb) }));
    const mark = sb.requests.length;
    const res = await forgectl(['mr', 'update', `acme/web/shop!${mr.iid}`, '--title', 'Renamed path, same merge request', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json(res).title).toBe('Renamed path, same merge request');
    const puts = requestsSince(sb, mark).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path)).toEqual([`${OLD}/merge_requests/${mr.iid}`, `/api/v4/projects/${id}/merge_requests/${mr.iid}`]);
    expect(puts[1].body).toEqual(puts[0].body);
    const view = await forgectl(['mr', 'view', `acme/web/storefront!${mr.iid}`, '-o', 'json'], { env: envFor(sb) });
    expect(json(view).title).toBe('Renamed path, same merge request');
  });

  it('POST: dashboards star by the old path stars it once, the POST repeated at the new address', async () => {
    const sb = sandbox();
    const id = sb.state.findProject('acme/web/storefront')!.project.id;
    const mark = sb.requests.length;
    const res = await forgectl(['dashboards', 'star', 'acme/web/shop', 'config/prometheus/common_metrics.yml', '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(res.exitCode, res.stderr).toBe(0);
    const posts = requestsSince(sb, mark).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([`${OLD}/metrics/user_starred_dashboards`, `/api/v4/projects/${id}/metrics/user_starred_dashboards`]);
    expect(posts[1].body).toEqual({ dashboard_path: 'config/prometheus/common_metrics.yml' });
    expect(posts[1].headers['private-token']).toBe(sb.tokens.alice);
  });
});
