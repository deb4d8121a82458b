// Generated tokens and their owners for benchmarks (`extraTokens` owned by `extraTokenOwners`
// generated users, e.g. 20,000 by 2,000): a spread of expiry, use and scopes, so an audit finds
// every kind of finding, the same on every run.

import { DAY_MS } from '../clock.js';
import { patSecret } from '../secrets.js';
import type { SandboxState } from '../state.js';

const SCOPES = [['api'], ['read_api'], ['read_repository', 'write_repository'], ['read_user'], ['api', 'sudo']];

export function seedExtraTokens(state: SandboxState, count: number, owners: number): void {
  const now = state.clock.now();
  const width = String(owners).length;
  const userIds: number[] = [];
  for (let u = 1; u <= owners; u++) {
    const n = String(u).padStart(width, '0');
    userIds.push(state.addUser({ username: `owner-${n}`, name: `Owner ${n}`, createdAt: now - (500 + (u % 300)) * DAY_MS }).id);
  }
  for (let i = 1; i <= count; i++) {
    const createdAt = now - (10 + ((i * 7919) % 400)) * DAY_MS;
    // Every 5th never used; the others last used 0-199 days ago (never before creation).
    const lastUsedAt = i % 5 === 0 ? null : Math.max(createdAt, now - ((i * 104_729) % 200) * DAY_MS);
    // Every 10th never expires; the others from 30 days ago to 335 days ahead (some expired).
    const expiresAt = i % 10 === 0 ? null : state.clock.daysFromToday(((i * 31) % 366) - 30);
    state.addToken({
      userId: userIds[i % owners],
      name: `generated-${i}`,
      description: null,
      scopes: SCOPES[i % SCOPES.length],
      createdAt,
      updatedAt: createdAt,
      lastUsedAt,
      expiresAt,
      revoked: i % 23 === 0,
      impersonation: false,
      previousId: null,
      secret: patSecret(`generated:${i}`, state.secretSalt),
    });
  }
}
