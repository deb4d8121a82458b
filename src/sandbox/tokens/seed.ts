// Credentials of the seeds, with deterministic secrets (derived from their names). `Sandbox.tokens`
// maps the names below to the secrets.

import { DAY_MS } from '../clock.js';
import { jobTokenSecret, oauthSecret, patSecret } from '../secrets.js';
import type { SandboxState, SeedKind } from '../state.js';
import type { PersonalAccessToken } from '../types.js';

interface TokenSpec {
  key?: string;
  user: string;
  name: string;
  scopes: string[];
  description?: string;
  createdDaysAgo: number;
  lastUsedDaysAgo?: number;
  /** Days from today; negative for an expired token; null never expires. */
  expiresInDays: number | null;
  revoked?: boolean;
  impersonation?: boolean;
  /** Key of the token this one replaced by rotation. */
  rotatedFrom?: string;
}

const DEMO: TokenSpec[] = [
  { key: 'admin', user: 'root', name: 'admin', scopes: ['api', 'sudo', 'read_user', 'admin_mode'], description: 'Administration', createdDaysAgo: 120, lastUsedDaysAgo: 1, expiresInDays: 300 },
  { key: 'admin_nosudo', user: 'root', name: 'admin-no-sudo', scopes: ['api'], createdDaysAgo: 90, expiresInDays: 200 },
  { key: 'alice', user: 'alice', name: 'alice-laptop', scopes: ['api', 'read_user'], description: 'Alice’s laptop', createdDaysAgo: 60, lastUsedDaysAgo: 2, expiresInDays: 90 },
  { key: 'bob', user: 'bob', name: 'bob-workstation', scopes: ['api'], createdDaysAgo: 45, lastUsedDaysAgo: 5, expiresInDays: 120 },
  { key: 'readonly', user: 'carol', name: 'carol-readonly', scopes: ['read_api'], description: 'Dashboards', createdDaysAgo: 30, lastUsedDaysAgo: 3, expiresInDays: 60 },
  { key: 'readonly_rotate', user: 'carol', name: 'carol-self-rotating', scopes: ['read_api', 'self_rotate'], createdDaysAgo: 20, expiresInDays: 30 },
  { key: 'revoked', user: 'bob', name: 'ci-deploy-old', scopes: ['api'], createdDaysAgo: 200, lastUsedDaysAgo: 150, expiresInDays: 100, revoked: true },
  { key: 'expired', user: 'alice', name: 'legacy-script', scopes: ['api'], createdDaysAgo: 400, lastUsedDaysAgo: 40, expiresInDays: -10 },
  // A token family: `rotated` was replaced by `rotated_current`; presenting the old one to a
  // rotation endpoint revokes the current one (reuse detection).
  { key: 'rotated', user: 'alice', name: 'ci-pipeline', scopes: ['api'], createdDaysAgo: 50, lastUsedDaysAgo: 10, expiresInDays: 7, revoked: true },
  { key: 'rotated_current', user: 'alice', name: 'ci-pipeline', scopes: ['api'], createdDaysAgo: 10, expiresInDays: 20, rotatedFrom: 'rotated' },
  { key: 'grace', user: 'grace', name: 'grace-ci', scopes: ['api', 'read_repository'], description: 'CI of the compiler', createdDaysAgo: 15, expiresInDays: 350 },
  { user: 'bob', name: 'ci-runner-registration', scopes: ['read_api'], createdDaysAgo: 8, expiresInDays: 25 },
  { user: 'dave', name: 'dave-scripts', scopes: ['read_api'], createdDaysAgo: 5, lastUsedDaysAgo: 1, expiresInDays: null },
  { key: 'impersonation', user: 'dave', name: 'support-impersonation', scopes: ['api'], createdDaysAgo: 2, expiresInDays: 5, impersonation: true },
  // What a token audit finds besides expiry: one idle with a broad scope, one never used and never expiring.
  { key: 'idle_deploy', user: 'frank', name: 'old-deploy-key', scopes: ['write_repository'], createdDaysAgo: 300, lastUsedDaysAgo: 120, expiresInDays: 60 },
  { key: 'forgotten', user: 'grace', name: 'forgotten-integration', scopes: ['read_api'], createdDaysAgo: 200, expiresInDays: null },
];

export function seedTokens(state: SandboxState, kind: SeedKind): void {
  const now = state.clock.now();
  const specs = kind === 'empty' ? DEMO.slice(0, 1) : DEMO;
  const byKey = new Map<string, PersonalAccessToken>();
  for (const s of specs) {
    const owner = state.findUser(s.user);
    if (!owner) throw new Error(`seed: no user ${s.user}`);
    const createdAt = now - s.createdDaysAgo * DAY_MS;
    const secret = patSecret(s.key ?? `${s.user}:${s.name}`, state.secretSalt);
    const token = state.addToken({
      userId: owner.id,
      name: s.name,
      description: s.description ?? null,
      scopes: s.scopes,
      createdAt,
      updatedAt: createdAt,
      lastUsedAt: s.lastUsedDaysAgo === undefined ? null : now - s.lastUsedDaysAgo * DAY_MS,
      expiresAt: s.expiresInDays === null ? null : state.clock.daysFromToday(s.expiresInDays),
      revoked: !!s.revoked,
      impersonation: !!s.impersonation,
      previousId: s.rotatedFrom ? byKey.get(s.rotatedFrom)!.id : null,
      secret,
    });
    if (s.key) {
      byKey.set(s.key, token);
      state.seedTokens[s.key] = secret;
    }
  }
  if (kind === 'empty') return;

  const alice = state.findUser('alice')!;
  const oauth = state.addOAuthToken({ userId: alice.id, secret: oauthSecret('oauth_alice', state.secretSalt), scopes: ['api'], createdAt: now, expiresIn: 7200, revoked: false });
  state.seedTokens.oauth_alice = oauth.secret;
  const bob = state.findUser('bob')!;
  const project = state.findProject('acme/platform/api')?.project;
  if (project) {
    const job = state.addJobToken({ userId: bob.id, projectId: project.id, secret: jobTokenSecret('job', state.secretSalt), running: true });
    state.seedTokens.job = job.secret;
  }
}
