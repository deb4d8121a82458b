// The `short-page` fault (issue 33.10): a keyset page cut to half of what was asked, as a server that
// caps keyset pages below per_page sends it; following its Link still reaches every item, once.

import { describe, expect, it } from 'vitest';
import { all, call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });

describe('fault short-page', () => {
  it('halves a keyset page and names the next page after the last item kept; following the links gives every project once', async () => {
    const sb = sandbox();
    const token = sb.tokens.admin;
    const path = '/projects?pagination=keyset&order_by=id&sort=desc&per_page=10';
    const whole = await all(sb, path, token);
    expect(whole.length).toBeGreaterThan(20);

    sb.addFaults('short-page:1@GET:/projects?pagination=keyset');
    const short = await call(sb, path, { token });
    expect(short.status).toBe(200);
    expect(short.body.map((p: { id: number }) => p.id)).toEqual(whole.slice(0, 5).map((p) => p.id));
    expect(short.headers.get('link')).toContain(`id_before=${whole[4].id}`);

    sb.addFaults('short-page:forever@GET:/projects?pagination=keyset');
    try {
      const followed = await all(sb, path, token);
      expect(followed.map((p) => p.id)).toEqual(whole.map((p) => p.id));
    } finally {
      await sb.clearFaults();
    }
  });

  it('leaves an answer that is not a list of two or more alone', async () => {
    const sb = sandbox();
    sb.addFaults('short-page:1@GET:/projects?per_page=1');
    const one = await call(sb, '/projects?pagination=keyset&order_by=id&sort=asc&per_page=1', { token: sb.tokens.admin });
    expect(one.body).toHaveLength(1);
    await sb.clearFaults();
  });

  it('leaves a page-numbered list whole: its next page starts at a fixed offset, so a cut page would lose items', async () => {
    const sb = sandbox();
    const token = sb.tokens.admin;
    const whole = await call(sb, '/projects?per_page=10&page=1', { token });
    sb.addFaults('short-page:1@GET:/projects');
    try {
      const paged = await call(sb, '/projects?per_page=10&page=1', { token });
      expect(paged.body.map((p: { id: number }) => p.id)).toEqual(whole.body.map((p: { id: number }) => p.id));
      expect(paged.headers.get('link')).toBe(whole.headers.get('link'));
    } finally {
      await sb.clearFaults();
    }
  });
});
