// Issue 33.11: a token that expires today is already expired for the service (from 00:00 UTC of its
// expiry date), so saving it to the profile would lock the caller out: refused (exit 2) before the
// rotation is sent; without saving, it is still sent, with a warning.

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { envFor, profileWith, rawGet, requestsSince, savedToken, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('token rotate self --expires-at today', () => {
  it('with --save: exit 2 saying why, before anything is sent; the profile keeps its working token', async () => {
    const sb = sandbox();
    const configDir = await profileWith(sb, 'alice');
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'rotate', 'self', '--save', '--expires-at', sb.state.clock.today()], { configDir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^error: --save with an expiry of today \(\d{4}-\d\d-\d\d\) would save a token the service already counts as expired/m);
    expect(res.stderr).toMatch(/^hint: give a later date/m);
    expect(requestsSince(sb, mark)).toHaveLength(0);
    expect(savedToken(configDir)).toBe(sb.tokens.alice);
    expect((await rawGet(sb, '/personal_access_tokens/self', sb.tokens.alice)).status).toBe(200);
  });

  it('saved by default (the profile’s own token): refused the same way, no rotation sent', async () => {
    const sb = sandbox();
    const configDir = await profileWith(sb, 'alice');
    const mark = sb.requests.length;
    const implicit = await forgectl(['token', 'rotate', 'self', '--expires-at', sb.state.clock.today()], { configDir });
    expect(implicit.exitCode).toBe(2);
    expect(implicit.stderr).toMatch(/^error: saving to profile main with an expiry of today/m);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(savedToken(configDir)).toBe(sb.tokens.alice);
  });

  it('with --no-save, or a token not from a profile: sent, with the warning', async () => {
    const sb = sandbox();
    const today = sb.state.clock.today();
    const configDir = await profileWith(sb, 'grace');
    const res = await forgectl(['token', 'rotate', 'self', '--no-save', '--expires-at', today, '-o', 'json'], { configDir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain(`warning: the new token expires today (${today})`);
    expect(JSON.parse(res.stdout).expires_at).toBe(today);
    expect(savedToken(configDir)).toBe(sb.tokens.grace);
    const fromEnv = await forgectl(['token', 'rotate', 'self', '--expires-at', today, '--dry-run'], { env: envFor(sb, 'bob') });
    expect(fromEnv.exitCode, fromEnv.stderr).toBe(0);
    expect(fromEnv.stderr).toContain(`warning: the new token expires today (${today})`);
  });
});
