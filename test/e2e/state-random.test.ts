// `state export → plan` round trip on a randomly seeded sandbox: settings off their defaults, plan
// limits, hooks (some with tokens), broadcasts, notification settings and group protected
// environments. The seed is in the test's name; replay one with FORGECTL_TEST_RANDOM_SEED=N.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { forgectl, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const fromEnv = process.env.FORGECTL_TEST_RANDOM_SEED;
const seed = fromEnv ? Number(fromEnv) : Math.floor(Math.random() * 1_000_000);
const sandbox = useSandbox({ seed: 'demo', random: seed });

it(`export --all-groups of random seed ${seed} reads back as no change (replay: FORGECTL_TEST_RANDOM_SEED=${seed})`, async () => {
  const sb = sandbox();
  const exp = await forgectl(['state', 'export', '--all-groups'], { env: envFor(sb) });
  expect(exp.exitCode, `seed ${seed}: ${exp.stderr}`).toBe(0);
  const doc = parse(exp.stdout);
  // The seed did fill what the round trip is meant to cover.
  expect(doc.system_hooks.length, `seed ${seed}`).toBeGreaterThan(0);
  expect(Object.values(doc.groups).some((g: any) => Object.keys(g.protected_environments ?? {}).length > 0), `seed ${seed}`).toBe(true);
  const path = join(tempDir(), `random-${seed}.yaml`);
  writeFileSync(path, exp.stdout);
  const mark = sb.requests.length;
  const plan = await forgectl(['state', 'plan', '-f', path, '--exit-code'], { env: envFor(sb) });
  expect(plan.exitCode, `seed ${seed}:\n${plan.stdout}${plan.stderr}`).toBe(0);
  expect(plan.stdout, `seed ${seed}`).toContain('No changes');
  expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);

  // The service never returns a hook's token: a hook given one in the file is still in sync.
  doc.system_hooks[0].token = { env: 'RANDOM_HOOK_TOKEN' };
  const withToken = join(tempDir(), `random-${seed}-token.yaml`);
  writeFileSync(withToken, stringify(doc));
  const planToken = await forgectl(['state', 'plan', '-f', withToken, '--exit-code'], { env: envFor(sb, 'admin', { RANDOM_HOOK_TOKEN: 'random-hook-secret-5521' }) });
  expect(planToken.exitCode, `seed ${seed}:\n${planToken.stdout}${planToken.stderr}`).toBe(0);
  expect(planToken.stdout + planToken.stderr).not.toContain('random-hook-secret-5521');
});

it('plan sends the reads of the instance sections together: all are out while none has answered', async () => {
  const sb = sandbox();
  const sections = 'settings,plan_limits,system_hooks,broadcast_messages,notification_settings';
  const exp = await forgectl(['state', 'export', '--only', sections], { env: envFor(sb) });
  expect(exp.exitCode, exp.stderr).toBe(0);
  const path = join(tempDir(), 'instance.yaml');
  writeFileSync(path, exp.stdout);
  // No read ever answers: one after another, only the first would reach the sandbox before the timeout.
  const reads = ['/application/settings', '/application/plan_limits', '/hooks', '/broadcast_messages', '/notification_settings'];
  sb.addFaults(reads.map((p) => `hang:forever@GET:${p}`).join(','));
  const mark = sb.requests.length;
  try {
    const plan = await forgectl(['state', 'plan', '-f', path, '--timeout', '2', '--retries', '0'], { env: envFor(sb) });
    expect(plan.exitCode).not.toBe(0);
  } finally {
    await sb.clearFaults();
  }
  const sent = requestsSince(sb, mark).map((r) => r.path.replace('/api/v4', ''));
  expect(new Set(sent)).toEqual(new Set(reads));
});
