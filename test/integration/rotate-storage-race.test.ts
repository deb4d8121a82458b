// `token rotate` reads its profile at start and saves the new secret at the end. If `profile
// set-storage` moves the token meanwhile, the secret must go where the profile reads it now, or the
// profile is left with the revoked token. In-process, so the move can run exactly in between (when
// the rotation is sent) and the system credential store can be replaced by a map.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import type { HttpClient } from '../../src/core/http.js';
import { tempDir } from '../helpers/cli.js';
import { runCli } from '../helpers/harness.js';
import { withMemoryKeyring } from '../helpers/memory-keyring.js';
import { rawGet, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** Runs `meanwhile` just before the rotation request leaves. */
function beforeRotation(meanwhile: () => Promise<void>) {
  return (ctx: Context) => {
    const open = ctx.http.bind(ctx);
    ctx.http = async (o) => {
      const client = await open(o);
      const request = client.request.bind(client);
      client.request = (async (r) => {
        if (r.method === 'POST' && r.path.endsWith('/rotate')) await meanwhile();
        return request(r);
      }) as HttpClient['request'];
      return client;
    };
  };
}

describe('token rotate while the profile moves its token', () => {
  it('moved from the credential store to the file meanwhile: the new secret is saved in the file', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const env = { FORGECTL_CONFIG_DIR: dir };
    await withMemoryKeyring(async (keyring) => {
      const added = await runCli(['profile', 'add', 'kr', '--url', sb.url, '--token', sb.tokens.alice], { env });
      expect(added.exitCode, added.stderr).toBe(0);
      expect(keyring.size).toBe(1);

      const res = await runCli(['token', 'rotate', 'self', '-o', 'json'], {
        env,
        prepare: beforeRotation(async () => {
          const moved = await runCli(['profile', 'set-storage', 'kr', 'file'], { env });
          expect(moved.exitCode, moved.stderr).toBe(0);
        }),
      });
      expect(res.exitCode, res.stderr).toBe(0);
      const secret = JSON.parse(res.stdout).token as string;
      expect(res.stderr).toContain(`Saved the new token to profile kr (in ${join(dir, 'config.json')}).`);
      // The file the profile now reads holds the new secret; nothing was left in the store.
      const profile = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.kr;
      expect(profile.token).toBe(secret);
      expect(profile.keyring).toBeUndefined();
      expect([...keyring.values()]).toEqual([]);
      // And the profile works: the old token is revoked, the saved one is the live one.
      expect((await rawGet(sb, '/personal_access_tokens/self', secret)).status).toBe(200);
      const after = await runCli(['token', 'self', '-o', 'json'], { env });
      expect(after.exitCode, after.stderr).toBe(0);
    });
  });

  it('moved from the file to the credential store meanwhile: the new secret is saved in the store', async () => {
    const sb = sandbox();
    const dir = tempDir();
    const env = { FORGECTL_CONFIG_DIR: dir };
    await withMemoryKeyring(async (keyring) => {
      const added = await runCli(['profile', 'add', 'f', '--url', sb.url, '--token', sb.tokens.bob, '--storage', 'file'], { env });
      expect(added.exitCode, added.stderr).toBe(0);
      expect(keyring.size).toBe(0);

      const res = await runCli(['token', 'rotate', 'self', '-o', 'json'], {
        env,
        prepare: beforeRotation(async () => {
          const moved = await runCli(['profile', 'set-storage', 'f', 'keyring'], { env });
          expect(moved.exitCode, moved.stderr).toBe(0);
        }),
      });
      expect(res.exitCode, res.stderr).toBe(0);
      const secret = JSON.parse(res.stdout).token as string;
      expect(res.stderr).toContain('Saved the new token to profile f (in the system credential store).');
      const profile = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.f;
      expect(profile.token).toBeUndefined();
      expect([...keyring.values()]).toEqual([secret]);
      const after = await runCli(['token', 'self', '-o', 'json'], { env });
      expect(after.exitCode, after.stderr).toBe(0);
    });
  });
});
