// A destination where direct transfer is turned off (bulk_import_enabled false, as on a new
// self-managed instance and the sandbox's empty seed) answers every /bulk_imports request 404: the
// commands that read migrations say why, as `migrate start` does, not a bare "404 Not Found".

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ seed: 'empty' });

describe('migrations read where direct transfer is off', () => {
  it('migrate list, get, watch, entities, failures, verify and start name bulk_import_enabled and how to turn it on', async () => {
    const sb = sandbox();
    const cases = [
      ['list'],
      ['get', '1'],
      ['watch', '1', '--interval', '1s'],
      ['entities'],
      ['entities', '1'],
      ['entity', 'get', '1', '2'],
      ['failures', '1'],
      ['verify', '1', '--source-url', sb.url],
      // Not checked first, the start's POST itself answers 404.
      ['start', '--source-url', sb.url, '--entity', 'group:acme=', '--no-check'],
    ];
    for (const args of cases) {
      const res = await forgectl(['migrate', ...args], { env: envFor(sb, 'admin', { FORGECTL_SOURCE_TOKEN: sb.tokens.admin }) });
      const said = `migrate ${args.join(' ')}: ${res.stderr}`;
      expect(res.exitCode, said).toBe(3);
      expect(res.stdout, said).toBe('');
      expect(res.stderr, said).toContain(`error: 404 direct transfer is turned off on ${sb.url} (bulk_import_enabled is false)`);
      expect(res.stderr, said).not.toContain('not found on');
      expect(res.stderr, said).toContain('hint: an administrator turns it on with `forgectl settings set bulk_import_enabled=true`');
    }
  });

  it('once it is on, a migration that does not exist is not found, with no word of direct transfer', async () => {
    const sb = sandbox();
    const on = await forgectl(['settings', 'set', 'bulk_import_enabled=true', '--yes'], { env: envFor(sb) });
    expect(on.exitCode, on.stderr).toBe(0);
    try {
      const res = await forgectl(['migrate', 'get', '99'], { env: envFor(sb) });
      expect(res.exitCode).toBe(3);
      expect(res.stderr).toContain(`migration 99 not found on ${sb.url}`);
      expect(res.stderr).not.toContain('direct transfer');
      const listed = await forgectl(['migrate', 'list'], { env: envFor(sb) });
      expect(listed.exitCode, listed.stderr).toBe(0);
    } finally {
      await forgectl(['settings', 'set', 'bulk_import_enabled=false', '--yes'], { env: envFor(sb) });
    }
  });
});
