// A migration source behind a private CA (an HTTPS front of the source sandbox whose certificate only
// the profile's CA file makes trusted): a saved profile of it works for the migrate commands and the
// wizard as `-p NAME` does for every other command, its TLS settings going with its URL and token.

import { rmSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runCli, ScriptedPrompter, type TestContextOptions } from '../helpers/harness.js';
import { envFor, useMigrationSandboxes } from '../helpers/sandbox.js';
import { LOOPBACK_CA, useTlsFront } from '../helpers/tls-front.js';

const { source, dest } = useMigrationSandboxes();
const front = useTlsFront(source);

/** A config dir with profile `old`: the source behind TLS, its CA file (a copy, to remove) and bob's token. */
async function sourceProfile(): Promise<{ configDir: string; ca: string }> {
  const configDir = tempDir('forgectl-tls-');
  const ca = join(configDir, 'old-ca.pem');
  copyFileSync(LOOPBACK_CA, ca);
  const res = await runCli(['profile', 'add', 'old', '--url', front().url, '--ca-file', ca, '--token-stdin'], { env: { FORGECTL_CONFIG_DIR: configDir }, input: `${source().tokens.bob}\n` });
  expect(res.exitCode, res.stderr).toBe(0);
  return { configDir, ca };
}

/** `forgectl ARGV` in-process against the destination, with the config dir holding `old`. */
const runIn = (configDir: string, argv: string[], o: Pick<TestContextOptions, 'prompt' | 'tty'> = {}) =>
  runCli(argv, { retryBaseMs: 1, ...o, env: envFor(dest(), 'admin', { NO_COLOR: '1', FORGECTL_CONFIG_DIR: configDir }) });

describe('a source profile with a CA file', () => {
  it('-p old reaches it (what every command does with the profile)', async () => {
    const { configDir } = await sourceProfile();
    const res = await runCli(['api', '/version', '-p', 'old'], { env: { FORGECTL_CONFIG_DIR: configDir } });
    expect(res.exitCode, res.stderr).toBe(0);
  });

  it('the wizard signs in with it when its name is the first answer, and searches the source through it', async () => {
    const { configDir } = await sourceProfile();
    const passed = front().passed;
    const prompt = new ScriptedPrompter(['old', 'acme/web', 'opensource', 'wiz-tls', true, false, 'cancel']);
    const res = await runIn(configDir, ['migrate', 'start'], { prompt, tty: true });
    expect(res.exitCode, res.stderr).toBe(130);
    expect(prompt.asked.filter((q) => q.startsWith('Source instance URL'))).toHaveLength(1);
    expect(res.stderr).toContain(`Signed in to ${front().url} as @bob`);
    expect(prompt.offered[0].choices[0]).toMatchObject({ value: 'group:acme/web' });
    expect(front().passed).toBeGreaterThan(passed);
  });

  it('the wizard signs in with it given as --source-profile', async () => {
    const { configDir } = await sourceProfile();
    const prompt = new ScriptedPrompter(['acme/web', 'opensource', 'wiz-tls-flag', true, false, 'cancel']);
    const res = await runIn(configDir, ['migrate', 'start', '--source-profile', 'old'], { prompt, tty: true });
    expect(res.exitCode, res.stderr).toBe(130);
    expect(prompt.asked.some((q) => q.startsWith('Source instance URL') || q.startsWith('Access token on'))).toBe(false);
    expect(res.stderr).toContain(`Signed in to ${front().url} as @bob`);
  });

  it('a profile saved with --insecure: the wizard signs in without the CA, and says verification is off for the source', async () => {
    const configDir = tempDir('forgectl-tls-');
    const added = await runCli(['profile', 'add', 'old', '--url', front().url, '--insecure', '--token-stdin'], { env: { FORGECTL_CONFIG_DIR: configDir }, input: `${source().tokens.bob}\n` });
    expect(added.exitCode, added.stderr).toBe(0);
    const prompt = new ScriptedPrompter(['old', 'acme/web', 'opensource', 'wiz-insecure', true, false, 'cancel']);
    const res = await runIn(configDir, ['migrate', 'start'], { prompt, tty: true });
    expect(res.exitCode, res.stderr).toBe(130);
    expect(res.stderr).toContain(`Signed in to ${front().url} as @bob`);
    expect(res.stderr).toContain('warning: TLS certificate verification is off for the source (profile old is insecure)');
  });

  it('migrate check and start --dry-run read the source through it', async () => {
    const { configDir } = await sourceProfile();
    const check = await runIn(configDir, ['migrate', 'check', '--source-profile', 'old', '--entity', 'project:acme/web/storefront=opensource:sf-tls', '-o', 'json']);
    expect(check.exitCode, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).entities[0].will_move).toMatchObject({ 'merge_requests opened': 2, releases: 2 });
    const dry = await runIn(configDir, ['migrate', 'start', '--source-profile', 'old', '--entity', 'project:acme/web/storefront=opensource:sf-tls', '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('The entity can start.');
  });

  it('a CA file the profile names that is gone is exit 2 naming the profile, as with -p, nothing sent', async () => {
    const { configDir, ca } = await sourceProfile();
    rmSync(ca);
    const passed = front().passed;
    const viaP = await runCli(['api', '/version', '-p', 'old'], { env: { FORGECTL_CONFIG_DIR: configDir } });
    expect(viaP.exitCode).toBe(2);
    const line = `error: profile old: its --ca-file ${ca} cannot be read`;
    expect(viaP.stderr.split('\n')[0]).toBe(line);
    const check = await runIn(configDir, ['migrate', 'check', '--source-profile', 'old', '--entity', 'project:acme/web/storefront=opensource:sf-tls']);
    expect(check.exitCode).toBe(2);
    expect(check.stderr.split('\n')[0]).toBe(line);
    expect(front().passed).toBe(passed);
  });
});
