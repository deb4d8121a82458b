// `profile login` with the storage choices, answered by a scripted prompter (in-process, with a
// terminal pretended). This context has no D-Bus session, so the credential store is unreachable.

import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runCli, ScriptedPrompter } from '../helpers/harness.js';
import { filesContaining } from '../helpers/keyring.js';
import { useSandbox } from '../helpers/sandbox.js';
import { suggestedProfileName } from '../../src/commands/profile/run.js';

const sandbox = useSandbox();

function login(args: string[], answers: (string | boolean)[], configDir: string) {
  return runCli(['profile', 'login', ...args], {
    env: { FORGECTL_CONFIG_DIR: configDir },
    tty: { stdin: true, stdout: false, stderr: true },
    prompt: new ScriptedPrompter(answers),
  });
}

const config = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

describe('profile login', () => {
  it('falls back to the file with a warning when no credential store is reachable', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const res = await login([], [sb.url, 'personal', sb.tokens.alice, 'home'], dir);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/^warning: no system credential store is reachable/m);
    expect(config(dir).profiles.home.token).toBe(sb.tokens.alice);
    // What the check learned is kept for `profile list`.
    expect(config(dir).profiles.home.verified).toMatchObject({ username: 'alice', isAdmin: false });
  });

  it('refuses with --storage keyring, after asking, and saves nothing', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const res = await login(['--storage', 'keyring'], [sb.url, 'personal', sb.tokens.alice, 'home'], dir);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: cannot save the token in the system credential store/m);
    expect(res.stderr).not.toContain(sb.tokens.alice);
    expect(filesContaining(dir, sb.tokens.alice)).toEqual([]);
    // Nothing was saved: reading the profiles created no config file either.
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('with --token-command asks no token, verifies the helper’s and stores only the command', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const res = await login(['--token-command', `printf '%s\\n' ${sb.tokens.bob}`], [sb.url, 'personal', 'ops'], dir);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/Verified token "bob-workstation"/);
    expect(config(dir).profiles.ops).toMatchObject({ tokenCommand: `printf '%s\\n' ${sb.tokens.bob}` });
    expect(config(dir).profiles.ops.token).toBeUndefined();
    expect(config(dir).profiles.ops.verified).toMatchObject({ username: 'bob', tokenName: 'bob-workstation' });
  });
});

describe('profile login asks again', () => {
  it('after an unreachable URL (probed before any token is asked) and after a refused token', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    const mark = sb.requests.length;
    const res = await login([], [`http://127.0.0.1:${port}`, sb.url, 'personal', 'glpat-not-a-real-token-000', sb.tokens.alice, 'home'], dir);
    expect(res.exitCode, res.stderr).toBe(0);
    // The harness's stderr is no real terminal, so the spinner's frames are not erased: drop them.
    const lines = res.stderr.split('\n').map((line) => line.replace(/^(?:\S checking [^…]*…)+/, ''));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^warning: cannot reach http://127\\.0\\.0\\.1:${port}: .*; asking again$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^warning: .* refused the token \(401 Unauthorized\): .*; asking again$/));
    expect(res.stderr).not.toContain('glpat-not-a-real-token-000');
    expect(config(dir).profiles.home).toMatchObject({ url: sb.url, token: sb.tokens.alice });
    // The URL is probed before the token: its first request carries none.
    expect(sb.requests.slice(mark)[0]).toMatchObject({ method: 'GET', path: '/api/v4/version' });
    expect(sb.requests.slice(mark)[0].headers['private-token']).toBeUndefined();
    // Answers are taken in order: the closed URL was refused before the token type was asked.
  });
});

describe('profile login suggests a profile name', () => {
  it('"sandbox" for a loopback instance, not the first number of its address', async () => {
    const sb = sandbox();
    const dir = tempDir();
    expect(new URL(sb.url).hostname).toBe('127.0.0.1');
    // An empty answer takes the suggested name.
    const res = await login([], [sb.url, 'personal', sb.tokens.alice, ''], dir);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(Object.keys(config(dir).profiles)).toEqual(['sandbox']);
  });

  it('from the host: its first word, not www; an address in full', () => {
    expect(suggestedProfileName('https://gitlab.example.com')).toBe('gitlab');
    expect(suggestedProfileName('https://www.example.org/gitlab')).toBe('example');
    expect(suggestedProfileName('http://localhost:3000')).toBe('sandbox');
    expect(suggestedProfileName('http://[::1]:8080')).toBe('sandbox');
    expect(suggestedProfileName('https://10.20.30.40')).toBe('10-20-30-40');
    expect(suggestedProfileName('https://[fd00::5]')).toBe('fd00--5');
    expect(suggestedProfileName('https://gitlab')).toBe('gitlab');
  });
});
