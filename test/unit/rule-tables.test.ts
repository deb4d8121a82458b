// The client and the sandbox keep their own rule tables (settings, plan limits, enumerations) so
// that a wrong rule is not shared: the sandbox would accept what the client wrongly allows and no
// test would notice. This test compares them; a disagreement fails here, and the spec (or realdata)
// decides which side to fix.

import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '../../src/api/analytics.js';
import { MIGRATION_STATUSES } from '../../src/api/bulk-imports.js';
import { DEPLOY_ACCESS_LEVELS, TIERS as CLIENT_TIERS } from '../../src/api/environments.js';
import { PLAN_LIMIT_KEYS as CLIENT_PLAN_LIMIT_KEYS } from '../../src/api/settings.js';
import { COMPANION_RULES, ORDER_RULES, SETTINGS, SETTING_ALIASES, checkBounds } from '../../src/api/settings-model.js';
import { SPEC_SETTING_NAMES } from '../../src/sandbox/settings/spec-names.js';
import { ACCESS_LEVELS as CLIENT_BROADCAST_LEVELS } from '../../src/commands/broadcast/fields.js';
import { NOTIFICATION_EVENTS, NOTIFICATION_LEVELS } from '../../src/commands/notify/run.js';
import { PLAN_LIMIT_KEYS, defaultPlanLimits } from '../../src/sandbox/settings/plan-limits.js';
import { defaultSettings } from '../../src/sandbox/settings/defaults.js';
import {
  PREMIUM_SETTINGS,
  READ_ONLY_SETTINGS,
  SETTING_BOUNDS,
  SETTING_CHECKS,
  SETTING_COMPANIONS,
  SETTING_ITEMS,
  SETTING_ORDER,
  SETTING_REPLACEMENTS,
  SETTING_TYPES,
  SETTING_VALUES,
  settingProblem,
  settingType,
} from '../../src/sandbox/settings/rules.js';
import { STATUSES } from '../../src/sandbox/bulk-imports/store.js';
import { analyticsModule } from '../../src/sandbox/analytics/routes.js';
import { Router } from '../../src/sandbox/http/router.js';
import { SandboxState } from '../../src/sandbox/state.js';
import { DEPLOY_LEVELS, TIERS } from '../../src/sandbox/protected-environments/routes.js';
import { EMAIL_EVENTS, LEVELS, ULTIMATE_EVENTS } from '../../src/sandbox/notification-settings/store.js';
import { ACCESS_LEVELS as SANDBOX_BROADCAST_LEVELS } from '../../src/sandbox/broadcast-messages/routes.js';

const sorted = <T>(xs: Iterable<T>) => [...xs].map(String).sort();
const clientKeys = Object.keys(SETTINGS);

describe('application settings', () => {
  it('both know the same settings with the same types', () => {
    const sandboxKeys = Object.values(SETTING_TYPES).flat();
    expect(sorted(sandboxKeys)).toEqual(sorted(clientKeys));
    expect(new Set(sandboxKeys).size).toBe(sandboxKeys.length);
    const mismatched = clientKeys.filter((k) => settingType(k) !== SETTINGS[k].type).map((k) => `${k}: client ${SETTINGS[k].type}, sandbox ${settingType(k)}`);
    expect(mismatched).toEqual([]);
  });

  it('the sandbox’s fresh instance shows every setting it knows', () => {
    const shown = Object.keys(defaultSettings(Date.now()));
    expect(Object.values(SETTING_TYPES).flat().filter((k) => !shown.includes(k))).toEqual([]);
  });

  it('agree on the spec’s names of the settings the service names otherwise', () => {
    expect(Object.fromEntries(Object.entries(SPEC_SETTING_NAMES).map(([service, spec]) => [spec, service]))).toEqual(SETTING_ALIASES);
  });

  it('agree on read-only, deprecated and Premium settings', () => {
    expect(sorted(READ_ONLY_SETTINGS)).toEqual(sorted(clientKeys.filter((k) => SETTINGS[k].readOnly)));
    expect(SETTING_REPLACEMENTS).toEqual(Object.fromEntries(clientKeys.filter((k) => SETTINGS[k].replacement).map((k) => [k, SETTINGS[k].replacement])));
    expect(sorted(PREMIUM_SETTINGS)).toEqual(sorted(clientKeys.filter((k) => SETTINGS[k].premium)));
  });

  it('agree on allowed values, items and numeric bounds', () => {
    expect(SETTING_VALUES).toEqual(Object.fromEntries(clientKeys.filter((k) => SETTINGS[k].values).map((k) => [k, [...SETTINGS[k].values!]])));
    expect(SETTING_ITEMS).toEqual(Object.fromEntries(clientKeys.filter((k) => SETTINGS[k].items).map((k) => [k, [...SETTINGS[k].items!]])));
    const clientBounds = Object.fromEntries(
      clientKeys
        .filter((k) => SETTINGS[k].min !== undefined || SETTINGS[k].max !== undefined)
        .map((k) => [k, Object.fromEntries(Object.entries({ min: SETTINGS[k].min, max: SETTINGS[k].max }).filter(([, v]) => v !== undefined))]),
    );
    expect(SETTING_BOUNDS).toEqual(clientBounds);
  });

  it('agree on which settings need companions and which must stay ordered', () => {
    const norm = (rules: readonly { when: string; requires: readonly string[]; orElse?: readonly string[] }[]) =>
      rules.map((r) => ({ when: r.when, requires: sorted(r.requires), orElse: r.orElse ? sorted(r.orElse) : undefined })).sort((a, b) => a.when.localeCompare(b.when));
    expect(norm(SETTING_COMPANIONS)).toEqual(norm(COMPANION_RULES));
    expect(SETTING_ORDER).toEqual(ORDER_RULES.map((r) => ({ lower: r.lower, higher: r.higher })));
  });

  it('accept and refuse the same values for the settings with their own checks', () => {
    expect(sorted(Object.keys(SETTING_CHECKS))).toEqual(sorted(clientKeys.filter((k) => SETTINGS[k].check)));
    const samples: Record<string, unknown[]> = {
      archive_builds_in_human_readable: ['1 day', '2 weeks', '3 months', '12h', '1 hour', 'soon', '', null, '1 year'],
      valid_runner_registrars: [[], ['group'], ['group', 'project'], ['group', 'group']],
      default_branch_protection_defaults: [
        { allowed_to_push: [{ access_level: 40 }], allow_force_push: false },
        { allowed_to_push: [{ access_level: 50 }] },
        { allow_force_push: 'yes' },
        { unknown: true },
        [],
      ],
      repository_storages_weighted: [{ default: 100 }, { default: 101 }, { default: -1 }, { default: 'x' }, []],
    };
    for (const [key, values] of Object.entries(samples)) {
      for (const v of values) {
        const clientOk = checkBounds(SETTINGS[key], v) === undefined;
        const sandboxOk = settingProblem(key, v) === undefined;
        expect({ key, v, ok: sandboxOk }).toEqual({ key, v, ok: clientOk });
      }
    }
  });

  it('agree at the edges of every bound', () => {
    for (const [key, b] of Object.entries(SETTING_BOUNDS)) {
      const step = SETTINGS[key].type === 'integer' ? 1 : 0.0005;
      const edges = [b.min, b.max].filter((x): x is number => x !== undefined);
      for (const v of edges.flatMap((x) => [x - step, x, x + step])) {
        expect({ key, v, ok: settingProblem(key, v) === undefined }).toEqual({ key, v, ok: checkBounds(SETTINGS[key], v) === undefined });
      }
    }
  });
});

describe('plan limits and enumerations', () => {
  it('agree on the plan limit keys', () => {
    expect(sorted(PLAN_LIMIT_KEYS)).toEqual(sorted(CLIENT_PLAN_LIMIT_KEYS));
    expect(Object.values(defaultPlanLimits()).every(Number.isInteger)).toBe(true);
  });

  it('agree on environment tiers, deploy access levels, migration statuses and activity kinds', () => {
    expect([...TIERS]).toEqual([...CLIENT_TIERS]);
    expect(sorted(DEPLOY_LEVELS)).toEqual(sorted(DEPLOY_ACCESS_LEVELS));
    expect(sorted(STATUSES)).toEqual(sorted(MIGRATION_STATUSES));
    // The sandbox serves /analytics/group_activity/<kind>_count for each kind the client asks for.
    const router = new Router();
    analyticsModule.register(router, new SandboxState());
    expect(ACTIVITY_KINDS.filter((k) => !router.match('GET', `/analytics/group_activity/${k}_count`))).toEqual([]);
  });

  it('agree on notification levels and events, and broadcast access levels', () => {
    expect(sorted(LEVELS)).toEqual(sorted(NOTIFICATION_LEVELS));
    expect(sorted([...EMAIL_EVENTS, ...ULTIMATE_EVENTS])).toEqual(sorted(NOTIFICATION_EVENTS));
    expect(sorted(SANDBOX_BROADCAST_LEVELS)).toEqual(sorted(CLIENT_BROADCAST_LEVELS));
  });
});
