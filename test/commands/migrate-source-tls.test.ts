// A migration source behind a private CA (an HTTPS front of the source sandbox whose certificate only
// the profile's CA file makes trusted): a saved profile of it works for the migrate commands and the
// wizard as `-p NAME` does for every other command, its TLS settings going with its URL and token.

import { rmSync, copyFileSync, writeFileSync } from 'node:fs';
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

describe('--source-ca-file: a source URL behind a private CA, with no profile', () => {
  const noProfile = () => tempDir('forgectl-tls-');

  it('the wizard, a URL typed at its first question: the warning names --source-ca-file, and with it the wizard signs in', async () => {
    const configDir = noProfile();
    const refused = new ScriptedPrompter([front().url, source().tokens.bob]);
    const res = await runIn(configDir, ['migrate', 'start'], { prompt: refused, tty: true });
    expect(res.exitCode).not.toBe(0);
    const host = new URL(front().url).host;
    expect(res.stderr).toMatch(new RegExp(`warning: cannot reach ${front().url}: .*SELF_SIGNED.*; give the CA of ${host} with --source-ca-file PEM; asking again`));
    expect(res.stderr).not.toMatch(/--ca-file|--insecure/);

    const passed = front().passed;
    const prompt = new ScriptedPrompter([front().url, source().tokens.bob, 'acme/web', 'opensource', 'wiz-source-ca', true, false, 'cancel']);
    const ok = await runIn(configDir, ['migrate', 'start', '--source-ca-file', LOOPBACK_CA], { prompt, tty: true });
    expect(ok.exitCode, ok.stderr).toBe(130);
    expect(ok.stderr).toContain(`Signed in to ${front().url} as @bob`);
    expect(prompt.offered[0].choices[0]).toMatchObject({ value: 'group:acme/web' });
    expect(front().passed).toBeGreaterThan(passed);
  });

  it('migrate check and start --dry-run with --source-url read the source through it; without it the check names it', async () => {
    const configDir = noProfile();
    const args = ['--source-url', front().url, '--entity', 'project:acme/web/storefront=opensource:sf-ca-flag'];
    const env = { FORGECTL_SOURCE_TOKEN: source().tokens.bob };
    const run = (argv: string[]) => runCli(argv, { retryBaseMs: 1, env: envFor(dest(), 'admin', { NO_COLOR: '1', FORGECTL_CONFIG_DIR: configDir, ...env }) });
    const check = await run(['migrate', 'check', ...args, '--source-ca-file', LOOPBACK_CA, '-o', 'json']);
    expect(check.exitCode, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).entities[0].will_move).toMatchObject({ 'merge_requests opened': 2, releases: 2 });
    const dry = await run(['migrate', 'start', ...args, '--source-ca-file', LOOPBACK_CA, '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('The entity can start.');
    const without = await run(['migrate', 'check', ...args]);
    expect(without.exitCode).toBe(1);
    expect(without.stdout).toContain(`give the CA of ${new URL(front().url).host} with --source-ca-file PEM`);
  });

  it('a missing or unreadable file, or one with no certificate, is exit 2 before anything is sent', async () => {
    const configDir = noProfile();
    const empty = join(configDir, 'empty.pem');
    writeFileSync(empty, 'not a certificate\n');
    const passed = front().passed;
    const marks = dest().requests.length;
    for (const [file, said] of [
      [join(configDir, 'missing.pem'), 'cannot read it'],
      [configDir, 'cannot read it'],
      [empty, 'holds no PEM certificate'],
    ] as const) {
      for (const argv of [
        ['migrate', 'check', '--source-url', front().url, '--entity', 'group:acme/web=', '--source-ca-file', file],
        ['migrate', 'start', '--source-url', front().url, '--entity', 'group:acme/web=', '--source-ca-file', file, '--yes'],
        ['migrate', 'verify', '1', '--source-url', front().url, '--source-ca-file', file],
      ]) {
        const res = await runCli(argv, { env: envFor(dest(), 'admin', { FORGECTL_CONFIG_DIR: configDir, FORGECTL_SOURCE_TOKEN: source().tokens.bob }) });
        expect(res.exitCode, `${argv.join(' ')}: ${res.stderr}`).toBe(2);
        expect(res.stderr.split('\n')[0]).toContain(`error: --source-ca-file ${file}`);
        expect(res.stderr.split('\n')[0]).toContain(said);
      }
    }
    expect(front().passed).toBe(passed);
    expect(dest().requests.length).toBe(marks);
  });
});
