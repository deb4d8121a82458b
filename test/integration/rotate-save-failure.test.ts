// When the rotated secret cannot be saved, it must still reach the user: the old token is already
// dead. The failure is forced in-process, since a real disk cannot be made to fail on demand.

import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import { systemKeyring } from '../../src/core/credential-store.js';
import { runCli as runInProcess } from '../helpers/harness.js';
import { withMemoryKeyring } from '../helpers/memory-keyring.js';
import { tempDir } from '../helpers/cli.js';
import { rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

async function runCli(argv: string[], env: Record<string, string>, sabotage?: (ctx: Context) => void) {
  const res = await runInProcess(argv, { env, prepare: sabotage });
  return { code: res.exitCode, stdout: res.stdout, stderr: res.stderr };
}

describe('token rotate when the profile cannot be written', () => {
  it('a token in the credential store: the store refuses the new secret, which is printed anyway (exit 1)', async () => {
    const sb = sandbox();
    const env = { FORGECTL_CONFIG_DIR: tempDir() };
    // A store that works for adding and reading, then refuses the write (a keyring locked meanwhile).
    await withMemoryKeyring(async (saved) => {
      const added = await runCli(['profile', 'add', 'kr', '--url', sb.url, '--token', sb.tokens.alice], env);
      expect(added.code, added.stderr).toBe(0);
      expect([...saved.values()]).toEqual([sb.tokens.alice]);
      systemKeyring.set = async () => {
        throw new Error('Couldn’t access platform storage: the collection is locked');
      };
      const res = await runCli(['token', 'rotate', 'self', '-o', 'json'], env);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/could not save the new token to profile kr: Couldn’t access platform storage: the collection is locked/);
      const secret = JSON.parse(res.stdout).token as string;
      expect((await rawGet(sb, '/personal_access_tokens/self', secret)).status).toBe(200);
      expect(res.stderr).not.toContain(secret);
    });
  });

  it('prints the new secret, says it was not saved, and exits 1', async () => {
    const sb = sandbox();
    const env = { FORGECTL_CONFIG_DIR: tempDir() };
    const added = await runCli(['profile', 'add', 'main', '--url', sb.url, '--token', sb.tokens.bob], env);
    expect(added.code, added.stderr).toBe(0);

    const res = await runCli(['token', 'rotate', 'self', '-o', 'json'], env, (ctx) => {
      const open = ctx.profiles.bind(ctx);
      ctx.profiles = async () => {
        const store = await open();
        store.updateToken = () => {
          throw new Error('disk full');
        };
        return store;
      };
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/could not save the new token to profile main: disk full/);
    const secret = JSON.parse(res.stdout).token as string;
    expect((await rawGet(sb, '/personal_access_tokens/self', secret)).status).toBe(200);
    expect(res.stderr).not.toContain(secret);
  });
});
