// When the rotated secret cannot be saved, it must still reach the user: the old token is already
// dead. The failure is forced in-process, since a real disk cannot be made to fail on demand.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { createContext } from '../../src/context.js';
import { systemKeyring } from '../../src/core/credential-store.js';
import { tempDir } from '../helpers/cli.js';
import { rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c) => (text += c));
  return { stream, text: () => text };
}

async function runCli(argv: string[], env: Record<string, string>, sabotage?: (ctx: ReturnType<typeof createContext>) => void) {
  const out = capture();
  const err = capture();
  const ctx = createContext({ stdin: new PassThrough(), stdout: out.stream, stderr: err.stream, env, isTTY: { stdin: false, stdout: false, stderr: false } });
  sabotage?.(ctx);
  const code = await run(argv, ctx);
  return { code, stdout: out.text(), stderr: err.text() };
}

describe('token rotate when the profile cannot be written', () => {
  it('a token in the credential store: the store refuses the new secret, which is printed anyway (exit 1)', async () => {
    const sb = sandbox();
    const env = { FORGECTL_CONFIG_DIR: tempDir() };
    // A store that works for adding and reading, then refuses the write (a keyring locked meanwhile).
    const saved = new Map<string, string>();
    const real = { ...systemKeyring };
    systemKeyring.set = async (ref, secret) => void saved.set(ref.account, secret);
    systemKeyring.get = async (ref) => saved.get(ref.account);
    try {
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
    } finally {
      Object.assign(systemKeyring, real);
    }
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
