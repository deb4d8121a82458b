// `forgectl sandbox` prints the seeded alert integrations (URL and key) at start, and they work.

import { describe, expect, it } from 'vitest';
import { startCli } from '../helpers/harness.js';

function startCommand(args: string[]) {
  const run = startCli(['sandbox', ...args]);
  return { ctx: run.ctx, done: run.done, out: run.stdout };
}

async function waitFor(read: () => string, what: RegExp): Promise<string> {
  for (let i = 0; i < 200; i++) {
    if (what.test(read())) return read();
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not printed: ${what}\n${read()}`);
}

describe('sandbox start-up output', () => {
  it('lists each alert integration with a working URL and key (json)', async () => {
    const run = startCommand(['--port', '0', '-o', 'json']);
    try {
      const info = JSON.parse((await waitFor(run.out, /\n/)).split('\n')[0]);
      expect(info.alerts.map((a: any) => [a.project, a.type, a.active])).toEqual([
        ['acme/platform/api', 'http', true],
        ['acme/platform/api', 'prometheus', true],
        ['acme/web/storefront', 'http', false],
      ]);
      const http = info.alerts[0];
      expect(http.url).toBe(`${info.url}/acme/platform/api/alerts/notify/uptime-checks/1.json`);
      expect(http.key).toMatch(/^[0-9a-f]{32}$/);
      const res = await fetch(http.url, { method: 'POST', headers: { Authorization: `Bearer ${http.key}`, 'Content-Type': 'application/json' }, body: '{"title":"from start-up"}' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ iid: 1, title: 'from start-up' }]);
    } finally {
      run.ctx.abort.abort();
      await run.done;
    }
  });

  it('prints them as a table after the tokens (table)', async () => {
    const run = startCommand(['--port', '0']);
    try {
      const text = await waitFor(run.out, /prometheus\/alerts\/notify\.json/);
      expect(text).toContain('Alert integrations');
      expect(text).toMatch(/http\ttrue\thttp:\/\/127\.0\.0\.1:\d+\/acme\/platform\/api\/alerts\/notify\/uptime-checks\/1\.json\t[0-9a-f]{32}/);
    } finally {
      run.ctx.abort.abort();
      await run.done;
    }
  });
});
