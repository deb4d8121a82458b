// The README's "Security" section is a promise: each claim is checked here against the built binary
// (in brief; the full matrices are in test/e2e/credentials.test.ts, test/unit/safe-output.test.ts,
// test/e2e/migrate-watch-signals.test.ts and test/e2e/envs.test.ts).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
const SECTION = /^## Security\n([\s\S]*?)^## /m.exec(README)?.[1] ?? '';
const sandbox = useSandbox();

describe('README "Security"', () => {
  it('states where tokens go, what is written and what is masked', () => {
    for (const claim of [
      '**Where a token is sent.**',
      'a token stored in a profile is sent only to that profile\'s origin',
      '`-p NAME` (or `FORGECTL_PROFILE`) with a URL of another origin is exit 2, and `--token \'\'` is exit 2',
      '`CI_JOB_TOKEN` is sent only to `CI_SERVER_URL`\'s origin',
      '**What is written where.**',
      'created with mode 0700',
      'written with mode 0600',
      '(`config.json.lock`, removed afterwards)',
      'never creates, locks or rewrites it',
      '**What is masked.**',
      '`https://user:********@host`',
      '`^[` for ESC',
    ]) {
      expect(SECTION, claim).toContain(claim);
    }
  });

  it('does not promise structured output "exactly as received" in the global options without the masking', () => {
    const row = README.split('\n').find((l) => l.startsWith('| `-o, --output')) ?? '';
    expect(row).toContain('exactly as received');
    expect(row).toMatch(/masked unless `--show-secrets`/);
  });

  it('keeps them: origin binding, file modes, no lock left, reads write nothing, masking', async () => {
    const sb = sandbox();
    const configDir = join(tempDir(), 'cfg');
    const added = await forgectl(['profile', 'add', 'home', '--url', sb.url, '--token-stdin', '--no-verify'], { configDir, input: sb.tokens.alice });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(configDir)).toEqual(['config.json']);
    const mtime = statSync(join(configDir, 'config.json')).mtimeMs;

    // Another origin named by the environment: the stored token is not sent (exit 4, host named).
    const other = 'http://127.0.0.1:9'; // discard port: nothing listens, nothing may be tried
    const elsewhere = await forgectl(['token', 'self'], { configDir, env: { GITLAB_HOST: other } });
    expect(elsewhere.exitCode).toBe(4);
    expect(elsewhere.stderr).toContain('127.0.0.1:9');
    expect((await forgectl(['token', 'self', '-p', 'home', '--url', other], { configDir })).exitCode).toBe(2);
    expect((await forgectl(['token', 'self', '--token', ''], { configDir })).exitCode).toBe(2);

    const listed = await forgectl(['profile', 'list', '-o', 'json'], { configDir });
    expect(json(listed)[0].token).toBe(`${sb.tokens.alice.slice(0, 4)}${'*'.repeat(12)}`);
    expect(listed.stdout).not.toContain(sb.tokens.alice);
    expect(statSync(join(configDir, 'config.json')).mtimeMs).toBe(mtime);
    expect(readdirSync(configDir)).toEqual(['config.json']);
  });
});
