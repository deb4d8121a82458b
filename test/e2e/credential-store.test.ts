// Tokens in a real Secret Service (gnome-keyring on a private D-Bus session): the config directory
// never holds the token, every command still works, rotation saves to the store, removal cleans it;
// and without a session bus, the file fallback.

import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir, unwritableDir } from '../helpers/cli.js';
import { KEYRING_PLATFORM, filesContaining, storeContents, storeSecret, useKeyringSession } from '../helpers/keyring.js';
import { rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const keyring = useKeyringSession();
const lockedKeyring = useKeyringSession({ unlocked: false });

function config(configDir: string): any {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
}

describe.skipIf(!KEYRING_PLATFORM)('tokens in the system credential store', () => {
  it('add, use, rotate and remove: the token is in the store and in no file of the config directory', async () => {
    const sb = sandbox();
    const ks = keyring();
    const configDir = tempDir();
    const run = (args: string[], input?: string) => forgectl(args, { configDir, env: ks.env, input });
    const token = sb.tokens.bob;

    const added = await run(['profile', 'add', 'work', '--url', sb.url, '--token-stdin'], `${token}\n`);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).not.toMatch(/warning/);
    expect(added.stderr).toMatch(/system credential store/);
    expect(filesContaining(configDir, token)).toEqual([]);
    expect(config(configDir).profiles.work.token).toBeUndefined();
    const account = `work@${configDir} for ${sb.url}`;
    expect(config(configDir).profiles.work.keyring).toEqual({ service: 'forgectl', account });
    expect(await storeContents(ks)).toContainEqual({ account, password: token });
    // gnome-keyring encrypts what it stores: the token is in no file of its home either.
    expect(filesContaining(ks.home, token)).toEqual([]);

    const listed = json<any[]>(await run(['profile', 'list', '-o', 'json']));
    expect(listed).toMatchObject([{ name: 'work', storage: 'keyring', token: null }]);
    const self = await run(['token', 'self', '-o', 'json']);
    expect(self.exitCode, self.stderr).toBe(0);
    expect(json<any>(self).name).toBe('bob-workstation');
    expect((await run(['projects', 'list', '-o', 'json', '--limit', '1'])).exitCode).toBe(0);

    const rotated = await run(['token', 'rotate', 'self', '-o', 'json']);
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    const secret = json<any>(rotated).token as string;
    expect(rotated.stderr).toContain('Saved the new token to profile work (in the system credential store)');
    expect(await storeContents(ks)).toContainEqual({ account, password: secret });
    expect(filesContaining(configDir, secret)).toEqual([]);
    expect((await rawGet(sb, '/personal_access_tokens/self', token)).status).toBe(401);
    const after = await run(['token', 'self', '-o', 'json']);
    expect(after.exitCode, after.stderr).toBe(0);
    expect(json<any>(after).id).toBe(json<any>(rotated).id);

    const removed = await run(['profile', 'remove', 'work', '--yes']);
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect((await storeContents(ks)).map((c) => c.account)).not.toContain(account);
  });

  it('keeps the token in the file with --storage file, and set-storage moves it both ways', async () => {
    const sb = sandbox();
    const ks = keyring();
    const configDir = tempDir();
    const run = (args: string[], input?: string) => forgectl(args, { configDir, env: ks.env, input });
    const token = sb.tokens.alice;
    const account = `dev@${configDir} for ${sb.url}`;

    expect((await run(['profile', 'add', 'dev', '--url', sb.url, '--token-stdin', '--storage', 'file'], `${token}\n`)).exitCode).toBe(0);
    expect(config(configDir).profiles.dev.token).toBe(token);
    expect((await storeContents(ks)).map((c) => c.account)).not.toContain(account);

    // --dry-run says what would move and moves nothing; an unknown profile is a usage error.
    const dry = await run(['profile', 'set-storage', 'dev', 'keyring', '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('dry run: would move the token of profile dev to the system credential store');
    expect(config(configDir).profiles.dev.token).toBe(token);
    expect((await storeContents(ks)).map((c) => c.account)).not.toContain(account);
    const unknown = await run(['profile', 'set-storage', 'nope', 'keyring']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/no profile named nope/);

    const toStore = await run(['profile', 'set-storage', 'dev', 'keyring']);
    expect(toStore.exitCode, toStore.stderr).toBe(0);
    expect(filesContaining(configDir, token)).toEqual([]);
    expect(await storeContents(ks)).toContainEqual({ account, password: token });
    expect(json<any>(await run(['profile', 'show', 'dev', '-o', 'json'])).storage).toBe('keyring');
    expect((await run(['token', 'self'])).exitCode).toBe(0);

    const toFile = await run(['profile', 'set-storage', 'dev', 'file']);
    expect(toFile.exitCode, toFile.stderr).toBe(0);
    expect(config(configDir).profiles.dev).toMatchObject({ token });
    expect(config(configDir).profiles.dev.keyring).toBeUndefined();
    expect((await storeContents(ks)).map((c) => c.account)).not.toContain(account);
    expect((await run(['token', 'self'])).exitCode).toBe(0);

    const same = await run(['profile', 'set-storage', 'dev', 'file']);
    expect(same.exitCode).toBe(0);
    expect(same.stderr).toMatch(/already in/);
    expect((await run(['profile', 'set-storage', 'dev', 'vault'])).exitCode).toBe(2);
  });

  it('set-token replaces the token in the profile’s store entry, never in a file; list shows who it is without the store', async () => {
    const sb = sandbox();
    const ks = keyring();
    const configDir = tempDir();
    const run = (args: string[], input?: string) => forgectl(args, { configDir, env: ks.env, input });
    expect((await run(['profile', 'add', 'work', '--url', sb.url, '--token-stdin'], `${sb.tokens.alice}\n`)).exitCode).toBe(0);
    const account = `work@${configDir} for ${sb.url}`;

    const res = await run(['profile', 'set-token', 'work', '--token-stdin'], `${sb.tokens.rotated_current}\n`);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('Replaced the token of profile work (in the system credential store)');
    expect(await storeContents(ks)).toContainEqual({ account, password: sb.tokens.rotated_current });
    expect((await storeContents(ks)).filter((c) => c.account === account)).toHaveLength(1);
    expect(filesContaining(configDir, sb.tokens.rotated_current)).toEqual([]);
    expect(config(configDir).profiles.work).toMatchObject({ keyring: { service: 'forgectl', account }, verified: { username: 'alice', tokenName: 'ci-pipeline' } });
    expect(json<any>(await run(['token', 'self', '-o', 'json'])).name).toBe('ci-pipeline');

    // Listing needs no store: without any D-Bus session it still says who the token is.
    const listed = await forgectl(['profile', 'list', '-o', 'json'], { configDir });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(json<any[]>(listed)).toMatchObject([{ name: 'work', storage: 'keyring', user: 'alice', admin: false, token: null }]);
    // The store is shared by this file's tests: leave it as found.
    expect((await run(['profile', 'remove', 'work', '--yes'])).exitCode).toBe(0);
    expect((await storeContents(ks)).map((c) => c.account)).not.toContain(account);
  });

  it('replacing a profile stored in the keyring with a file one removes the old entry', async () => {
    const sb = sandbox();
    const ks = keyring();
    const configDir = tempDir();
    const run = (args: string[], input?: string) => forgectl(args, { configDir, env: ks.env, input });
    const account = `ops@${configDir} for ${sb.url}`;
    expect((await run(['profile', 'add', 'ops', '--url', sb.url, '--token-stdin', '--no-verify'], `${sb.tokens.readonly}\n`)).exitCode).toBe(0);
    expect((await storeContents(ks)).map((c) => c.account)).toContain(account);
    const replaced = await run(['profile', 'add', 'ops', '--url', sb.url, '--token-stdin', '--no-verify', '--storage', 'file', '--yes'], `${sb.tokens.alice}\n`);
    expect(replaced.exitCode, replaced.stderr).toBe(0);
    expect((await storeContents(ks)).map((c) => c.account)).not.toContain(account);
    expect(config(configDir).profiles.ops.token).toBe(sb.tokens.alice);
  });

  it("pointing a keyring profile at another instance writes a new entry: the old instance's entry is never overwritten", async () => {
    const sb = sandbox();
    const ks = keyring();
    const configDir = tempDir();
    const run = (args: string[], input?: string) => forgectl(args, { configDir, env: ks.env, input });
    const other = 'https://other.example';
    expect((await run(['profile', 'add', 'mv', '--url', sb.url, '--token-stdin', '--no-verify'], `${sb.tokens.readonly}\n`)).exitCode).toBe(0);
    const moved = await run(['profile', 'add', 'mv', '--url', other, '--token-stdin', '--no-verify', '--yes'], 'glpat-for-the-other-instance\n');
    expect(moved.exitCode, moved.stderr).toBe(0);
    // Had the config write failed in between, it would still name the sandbox's entry, which kept its token.
    expect(await storeContents(ks)).toEqual([{ account: `mv@${configDir} for ${other}`, password: 'glpat-for-the-other-instance' }]);
    expect(config(configDir).profiles.mv.keyring.account).toBe(`mv@${configDir} for ${other}`);
  });
});

describe.skipIf(!KEYRING_PLATFORM)('a config directory that cannot be written', () => {
  it('fails with exit 2 and leaves no token behind in the store', async (t) => {
    const sb = sandbox();
    const ks = keyring();
    const locked = unwritableDir();
    if (!locked) t.skip('no way to make a directory unwritable here (root without chattr +i)');
    const { dir, undo } = locked!;
    try {
      const before = (await storeContents(ks)).map((c) => c.account);
      const res = await forgectl(['profile', 'add', 'ro', '--url', sb.url, '--token-stdin', '--no-verify'], { configDir: dir, env: ks.env, input: `${sb.tokens.alice}\n` });
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toMatch(/^error: config directory .* is not writable/m);
      expect((await storeContents(ks)).map((c) => c.account)).toEqual(before);
    } finally {
      undo();
    }
  });
});

describe.skipIf(!KEYRING_PLATFORM)('config directories named alike', () => {
  // Tokens no other test here rotates.
  it('two `cfg` directories in two working directories keep separate tokens; removing one leaves the other', async () => {
    const sb = sandbox();
    const ks = keyring();
    const [here, there] = [tempDir(), tempDir()];
    // One named by FORGECTL_CONFIG_DIR, the other by --config-dir: both relative, both `cfg`.
    const inHere = (args: string[], input?: string) => forgectl(args, { configDir: 'cfg', cwd: here, env: ks.env, input });
    const inThere = (args: string[], input?: string) => forgectl([...args, '--config-dir', 'cfg'], { cwd: there, env: ks.env, input });
    expect((await inHere(['profile', 'add', 'work', '--url', sb.url, '--token-stdin'], `${sb.tokens.alice}\n`)).exitCode).toBe(0);
    expect((await inThere(['profile', 'add', 'work', '--url', sb.url, '--token-stdin'], `${sb.tokens.grace}\n`)).exitCode).toBe(0);
    const accounts = [here, there].map((d) => `work@${realpathSync(join(d, 'cfg'))} for ${sb.url}`);
    expect(config(join(here, 'cfg')).profiles.work.keyring.account).toBe(accounts[0]);
    expect(config(join(there, 'cfg')).profiles.work.keyring.account).toBe(accounts[1]);

    const who = async (run: typeof inHere) => json<any>(await run(['token', 'self', '-o', 'json'])).name;
    expect(await who(inHere)).toBe('alice-laptop');
    expect(await who(inThere)).toBe('grace-ci');

    const removed = await inThere(['profile', 'remove', 'work', '--yes']);
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(await who(inHere)).toBe('alice-laptop');
    expect(await storeContents(ks)).toContainEqual({ account: accounts[0], password: sb.tokens.alice });
  });

  it('a reference written by an older build (keyed by the directory as typed) still resolves', async () => {
    const sb = sandbox();
    const ks = keyring();
    const cwd = tempDir();
    const account = `old@cfg for ${sb.url}`;
    mkdirSync(join(cwd, 'cfg'), { mode: 0o700 });
    writeFileSync(join(cwd, 'cfg', 'config.json'), JSON.stringify({ default: 'old', profiles: { old: { url: sb.url, keyring: { service: 'forgectl', account } } } }), { mode: 0o600 });
    await storeSecret(ks, account, sb.tokens.admin);
    const self = await forgectl(['token', 'self', '-o', 'json'], { configDir: 'cfg', cwd, env: ks.env });
    expect(self.exitCode, self.stderr).toBe(0);
    expect(json<any>(self).name).toBe('admin');
    // Removing the profile removes the entry it names.
    expect((await forgectl(['profile', 'remove', 'old', '--yes'], { configDir: 'cfg', cwd, env: ks.env })).exitCode).toBe(0);
    expect((await storeContents(ks)).map((c) => c.account)).not.toContain(account);
  });
});

describe.skipIf(!KEYRING_PLATFORM)('a credential store that cannot be unlocked (no one to type the password)', () => {
  it('set-token into a locked store fails (exit 1), the config and its recorded identity unchanged, the token in no file', async () => {
    const sb = sandbox();
    const ks = lockedKeyring();
    const configDir = tempDir();
    const keyringRef = { service: 'forgectl', account: `k@${configDir} for ${sb.url}` };
    const verified = { tokenId: 3, userId: 2, username: 'alice', verifiedAt: '2026-01-01T00:00:00.000Z' };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ default: 'k', profiles: { k: { url: sb.url, keyring: keyringRef, verified } } }), { mode: 0o600 });
    const before = readFileSync(join(configDir, 'config.json'), 'utf8');
    const res = await forgectl(['profile', 'set-token', 'k', '--token-stdin'], { configDir, env: ks.env, input: sb.tokens.readonly });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: cannot save the token in the system credential store: /m);
    expect(res.stderr).toMatch(/^hint: unlock the store and run the command again; the profile still holds its old token$/m);
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(before);
    expect(filesContaining(configDir, sb.tokens.readonly)).toEqual([]);
  });

  it('falls back to the file with a warning, and --storage keyring refuses', async () => {
    const sb = sandbox();
    const ks = lockedKeyring();
    const configDir = tempDir();
    const run = (args: string[], input: string) => forgectl(args, { configDir, env: ks.env, input });
    const res = await run(['profile', 'add', 'h', '--url', sb.url, '--token-stdin', '--no-verify'], `${sb.tokens.readonly}\n`);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/^warning: no system credential store is reachable \(Couldn't access platform storage: .*\); the token is kept in /m);
    expect(config(configDir).profiles.h.token).toBe(sb.tokens.readonly);
    const refused = await run(['profile', 'add', 'k', '--url', sb.url, '--token-stdin', '--no-verify', '--storage', 'keyring'], `${sb.tokens.alice}\n`);
    expect(refused.exitCode).toBe(1);
    expect(filesContaining(configDir, sb.tokens.alice)).toEqual([]);
  });
});

describe('no credential store reachable (no D-Bus session)', () => {
  it('falls back to the file with a one-line warning', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const res = await forgectl(['profile', 'add', 'ci', '--url', sb.url, '--token-stdin'], { configDir, input: `${sb.tokens.admin}\n` });
    expect(res.exitCode, res.stderr).toBe(0);
    const warnings = res.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/no system credential store is reachable .*--storage file/);
    expect(res.stderr).not.toContain(sb.tokens.admin);
    expect(config(configDir).profiles.ci.token).toBe(sb.tokens.admin);
    expect(json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir }))).toMatchObject([{ name: 'ci', storage: 'file' }]);
  });

  it('with --storage file says nothing; with --storage keyring refuses and saves nothing', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const file = await forgectl(['profile', 'add', 'a', '--url', sb.url, '--token-stdin', '--storage', 'file', '--no-verify'], { configDir, input: `${sb.tokens.bob}\n` });
    expect(file.exitCode, file.stderr).toBe(0);
    expect(file.stderr).not.toMatch(/warning/);

    const refused = await forgectl(['profile', 'add', 'b', '--url', sb.url, '--token-stdin', '--storage', 'keyring', '--no-verify'], { configDir, input: `${sb.tokens.alice}\n` });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^error: cannot save the token in the system credential store: no D-Bus session/m);
    expect(filesContaining(configDir, sb.tokens.alice)).toEqual([]);
    expect(json<any[]>(await forgectl(['profile', 'list', '-o', 'json'], { configDir })).map((p) => p.name)).toEqual(['a']);

    const move = await forgectl(['profile', 'set-storage', 'a', 'keyring'], { configDir });
    expect(move.exitCode).toBe(1);
    expect(config(configDir).profiles.a.token).toBe(sb.tokens.bob);
  });

  it.skipIf(!KEYRING_PLATFORM)('a profile whose token is in the store fails with exit 4 where the store cannot be reached', async () => {
    const sb = sandbox();
    const configDir = tempDir();
    const ks = keyring();
    expect((await forgectl(['profile', 'add', 'k', '--url', sb.url, '--token-stdin', '--no-verify'], { configDir, env: ks.env, input: `${sb.tokens.bob}\n` })).exitCode).toBe(0);
    const res = await forgectl(['token', 'self'], { configDir });
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toMatch(/^error: the token of profile k is in the system credential store, which cannot be used/m);
    expect(res.stderr).toMatch(/^hint: .*set-storage k file/m);
  });
});
