// Fault matrix, `migrate watch` (issue 13): an entity list that fails or arrives cut never counts as
// "finished" or as a migration without entities; the watch keeps going and exits 1 only at its
// timeout. A destination sandbox (clock 200× faster) migrates from a source sandbox.

import { beforeAll, describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { FAULTS, specFor } from '../helpers/faults.js';
import { useMigrationSandboxes } from '../helpers/sandbox.js';

const { source, dest } = useMigrationSandboxes();
let id: number;
const env = () => ({ FORGECTL_URL: dest().url, FORGECTL_TOKEN: dest().tokens.admin, FORGECTL_RETRY_BASE_MS: '1' });

beforeAll(async () => {
  const started = await forgectl(['migrate', 'start', '--source-url', source().url, '--source-token-stdin', '--entity', 'project:acme/web/landing-page=opensource:landing-watch-faults', '-o', 'json'], {
    env: env(),
    input: source().tokens.bob,
  });
  id = json(started).id;
  // Let it end, so a watch that reads everything sees "finished" on its first poll.
  const done = await forgectl(['migrate', 'watch', String(id), '--interval', '100ms'], { env: env() });
  expect(done.exitCode, done.stderr).toBe(0);
});

async function watch(spec: string, timeout: string) {
  await dest().clearFaults();
  dest().addFaults(spec);
  try {
    // The global --timeout (per request, seconds) goes before the command: `watch` has its own.
    return await forgectl(['--timeout', '1', '--retries', '0', 'migrate', 'watch', String(id), '--interval', '100ms', '--timeout', timeout], { env: env() });
  } finally {
    await dest().clearFaults();
  }
}

describe('fault matrix: migrate watch', () => {
  for (const f of FAULTS) {
    it(`${f.kind} on every entity list: keeps watching, never "finished", exit 1 at its timeout`, async () => {
      const res = await watch(specFor(f, 'forever', `GET:/bulk_imports/${id}/entities`), '2s');
      expect(res.exitCode, res.stderr).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toMatch(new RegExp(`warning: polling migration ${id} failed \\(.+\\); trying again in`));
      expect(res.stderr).toContain(`error: migration ${id} has not ended after 2s`);
      expect(res.stderr).not.toMatch(/\d+ of \d+ finished/);
      expect(res.stderr).toContain('(no answer yet)');
      expect(res.stderr).not.toContain('0 of 0 finished');
    });
  }

  it('two cut entity lists, then whole ones: the watch goes on and ends with the real entities', async () => {
    const res = await watch(`reset-body:2@GET:/bulk_imports/${id}/entities`, '30s');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`migration ${id} finished: 1 of 1 finished`));
    expect(res.stdout).toMatch(/\tacme\/web\/landing-page\topensource\/landing-watch-faults\tfinished\t/);
  });
});
