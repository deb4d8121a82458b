// Issue 25, what a newcomer meets in the first hour: errors that name what they are about and where
// the refused token came from, secrets nobody thought to hide, Admin Mode.

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('a 404 names what was not found and where', () => {
  it('token get, token list --user, migrate watch and mr merge name their object and the instance', async () => {
    const sb = sandbox();
    const cases: [string[], string][] = [
      [['token', 'get', '999'], `error: token 999 not found on ${sb.url} (404 Not Found)`],
      [['token', 'list', '--user', 'nobody'], `error: user nobody not found on ${sb.url} (404 Not Found)`],
      [['migrate', 'watch', '99'], `error: migration 99 not found on ${sb.url} (404 Not found)`],
      [['mr', 'merge', 'acme/platform/api!9999', '--yes'], `error: merge request acme/platform/api!9999 not found on ${sb.url}`],
      [['mr', 'view', 'acme/nothing-here', '1'], `error: merge request !1 of project acme/nothing-here not found on ${sb.url} (404 Project Not Found)`],
    ];
    for (const [argv, line] of cases) {
      const res = await forgectl(argv, { env: envFor(sb) });
      expect(res.exitCode, argv.join(' ')).toBe(3);
      expect(res.stderr.split('\n')[0], argv.join(' ')).toContain(line);
    }
  });
});
