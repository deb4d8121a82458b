// Seed `random:N`: the demo instance, then every resource `forgectl state` manages filled from a
// generator seeded with N — settings moved off their defaults within the sandbox's own §2.7 rules,
// plan limits, system hooks, broadcast messages, notification settings and group protected
// environments. Values are valid by construction, so the instance is one an API client could build.

import { adminStore, type BroadcastMessage } from '../admin/store.js';
import { EMAIL_EVENTS, LEVELS, settingFor } from '../notification-settings/store.js';
import { seedProtectedEnvironment, TIERS, DEPLOY_LEVELS } from '../protected-environments/routes.js';
import { ACCESS_LEVELS, THEMES } from '../broadcast-messages/routes.js';
import { OMITTED_FROM_PUT } from '../settings/plan-limits.js';
import {
  PREMIUM_SETTINGS, SETTING_BOUNDS, SETTING_COMPANIONS, SETTING_ITEMS, SETTING_ORDER, SETTING_REPLACEMENTS, SETTING_TYPES, SETTING_VALUES, READ_ONLY_SETTINGS,
} from '../settings/rules.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Group } from '../types.js';
import { Rng } from './rng.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Settings a seed leaves alone: premium-only, deprecated aliases, switches that need companions, ordered pairs. */
function untouchable(): Set<string> {
  return new Set([
    ...PREMIUM_SETTINGS,
    ...READ_ONLY_SETTINGS,
    ...Object.keys(SETTING_REPLACEMENTS),
    ...SETTING_COMPANIONS.flatMap((c) => [c.when, ...c.requires, ...(c.orElse ?? [])]),
    ...SETTING_ORDER.flatMap((o) => [o.lower, o.higher]),
  ]);
}

function randomSettings(rng: Rng, settings: Record<string, unknown>): void {
  const skip = untouchable();
  const free = (keys: readonly string[]) => keys.filter((k) => !skip.has(k) && k in settings);
  for (const key of rng.some(free(SETTING_TYPES.boolean), 8)) settings[key] = !settings[key];
  for (const key of rng.some(free(Object.keys(SETTING_BOUNDS).filter((k) => SETTING_TYPES.integer.includes(k))), 8)) {
    const { min = 0, max = min + 10_000 } = SETTING_BOUNDS[key]!;
    let value = rng.int(min, max);
    if (value === settings[key]) value = value === max ? min : value + 1;
    settings[key] = value;
  }
  for (const key of free(Object.keys(SETTING_VALUES))) if (rng.bool()) settings[key] = rng.pick(SETTING_VALUES[key]!);
  for (const key of free(Object.keys(SETTING_ITEMS))) if (rng.bool()) settings[key] = rng.some(SETTING_ITEMS[key]!, rng.int(1, 2));
  if (rng.bool()) settings.home_page_url = `https://${rng.word()}.example.com/`;
  if (rng.bool()) settings.after_sign_out_path = `/${rng.word()}/bye`;
  if (rng.bool()) settings.default_ci_config_path = `.ci/${rng.word()}.yml`;
  // Text a YAML writer must quote or fold: several lines, `: `, `#`, quotes, non-ASCII.
  if (rng.bool()) settings.after_sign_up_text = `Welcome to ${rng.word()}!\nRead: the *rules* # first\n  "quoted" — ünïcode\n`;
  if (rng.bool()) settings.terms = `# Terms\n\n1. Be kind: ${rng.word()}.\n2. 'yes' / no / ~ / null`;
  if (rng.bool()) settings.domain_allowlist = [`${rng.word()}.example.com`, `${rng.word()}.example.org`];
}

function randomPlanLimits(rng: Rng, limits: Record<string, number>): void {
  const keys = Object.keys(limits).filter((k) => !OMITTED_FROM_PUT.has(k));
  for (const key of rng.some(keys, 6)) limits[key] = rng.int(0, 100_000);
}

function randomHooks(rng: Rng, state: SandboxState): void {
  const store = adminStore(state);
  store.hooks.clear();
  const now = state.clock.now();
  const count = rng.int(1, 5);
  const urls = new Set<string>();
  while (urls.size < count) urls.add(`https://${rng.word()}-${rng.int(1, 999)}.hooks.example.com/${rng.word()}`);
  for (const url of urls) {
    const id = store.nextId('hook');
    store.hooks.set(id, {
      id,
      url,
      name: rng.bool() ? `${rng.word()} hook` : '',
      description: rng.bool() ? `Sends events to ${rng.word()}` : '',
      createdAt: now - rng.int(1, 400) * DAY,
      pushEvents: rng.bool(),
      tagPushEvents: rng.bool(),
      mergeRequestsEvents: rng.bool(),
      repositoryUpdateEvents: rng.bool(),
      enableSslVerification: rng.bool(),
      token: rng.bool() ? `hook-secret-${rng.int(100_000, 999_999)}` : null,
    });
  }
}

function randomBroadcasts(rng: Rng, state: SandboxState): void {
  const store = adminStore(state);
  store.broadcasts.clear();
  const now = state.clock.now();
  const count = rng.int(0, 4);
  const messages = new Set<string>();
  while (messages.size < count) messages.add(`${rng.word()} ${rng.word()} notice ${rng.int(1, 9999)}`);
  for (const message of messages) {
    // Start on a whole second, as the API keeps them; fields left out keep POST's defaults.
    const startsAt = Math.floor((now + rng.int(-30, 30) * HOUR) / 1000) * 1000;
    const m: BroadcastMessage = {
      id: store.nextId('broadcast'),
      message,
      startsAt,
      endsAt: startsAt + rng.int(1, 240) * HOUR,
      font: '#FFFFFF',
      targetAccessLevels: [],
      targetPath: '',
      broadcastType: 'banner',
      dismissable: false,
      theme: 'indigo',
    };
    if (rng.bool()) m.targetAccessLevels = rng.some(ACCESS_LEVELS, rng.int(1, 3));
    if (rng.bool()) m.targetPath = `*/${rng.word()}`;
    if (rng.bool()) m.message = `${message}: "${rng.word()}" #${rng.int(1, 99)} — 🚧`;
    if (rng.bool()) m.broadcastType = 'notification';
    if (rng.bool()) m.dismissable = true;
    if (rng.bool()) m.theme = rng.pick(THEMES);
    if (rng.bool()) m.font = '#000000';
    store.broadcasts.set(m.id, m);
  }
}

function randomNotification(rng: Rng, state: SandboxState, key: string, levels: readonly string[]): void {
  const s = settingFor(state, key);
  s.level = rng.pick(levels) as typeof s.level;
  for (const e of EMAIL_EVENTS) s.events[e] = rng.bool();
}

function randomProtectedEnvironments(rng: Rng, state: SandboxState, group: Group): void {
  const subgroups = [...state.namespaces.values()].filter((n) => n.kind === 'group' && n.id !== group.id && state.ancestors(n).some((a) => a.id === group.id));
  // Each entry once per list, as GitLab's uniqueness validation wants.
  const maintainers = [...state.users.values()].filter((u) => !u.admin && state.memberAccess(u, group) >= ACCESS.maintainer);
  const candidates: { accessLevel?: number; groupId?: number; userId?: number; groupInheritanceType?: number }[] = [
    ...DEPLOY_LEVELS.map((accessLevel) => ({ accessLevel })),
    ...subgroups.map((g) => ({ groupId: g.id, groupInheritanceType: rng.int(0, 1) })),
    ...maintainers.map((u) => ({ userId: u.id })),
  ];
  for (const name of rng.some(TIERS, rng.int(1, 3))) {
    const deploy = rng.some(candidates, rng.int(1, 3));
    const approvals = rng.some(candidates, rng.int(0, 2)).map((e) => ({ ...e, requiredApprovals: rng.int(1, 3) }));
    seedProtectedEnvironment(state, group, { name, deploy, approvals, requiredApprovalCount: rng.int(0, 2) });
  }
}

export function seedRandom(state: SandboxState, seed: number): void {
  const rng = new Rng(seed);
  const admin = adminStore(state);
  randomSettings(rng, admin.settings);
  randomPlanLimits(rng, admin.planLimits.get('default')!);
  randomHooks(rng, state);
  randomBroadcasts(rng, state);
  const root = [...state.users.values()].find((u) => u.admin);
  if (root) randomNotification(rng, state, `global:${root.id}`, LEVELS.filter((l) => l !== 'global'));
  const groups = [...state.namespaces.values()].filter((n): n is Group => n.kind === 'group');
  for (const group of rng.some(groups, Math.ceil(groups.length / 2))) {
    randomProtectedEnvironments(rng, state, group);
    if (root && rng.bool()) randomNotification(rng, state, `group:${root.id}:${group.id}`, LEVELS);
  }
}
