// Many reads retried at once (an instance answering 503 to a burst): the retries wait in parallel,
// and the user sees the plan, not a Node warning about a "memory leak".

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ random: 7 });

it('state plan whose parallel reads all meet a 503 retries them and prints no MaxListeners warning', async () => {
  const env = envFor(sandbox(), 'admin', { FORGECTL_RETRY_BASE_MS: '50' });
  const exported = await forgectl(['state', 'export', '--all-groups'], { env });
  expect(exported.exitCode, exported.stderr).toBe(0);
  const file = join(tempDir(), 'instance.yaml');
  writeFileSync(file, exported.stdout);
  sandbox().addFaults('503:40');
  try {
    const res = await forgectl(['state', 'plan', '-f', file], { env });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/No changes|0 to create, 0 to update/);
    expect(res.stderr).not.toMatch(/MaxListeners|memory leak/);
  } finally {
    await sandbox().clearFaults();
  }
});
