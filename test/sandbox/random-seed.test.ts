// Seed `random:N` (src/sandbox/random-seed): the same N gives the same instance, another N another
// one, and what it fills passes the sandbox's own rules. Seeded in memory: no server needed.

import { describe, expect, it } from 'vitest';
import { SandboxState } from '../../src/sandbox/index.js';
import { MODULES } from '../../src/sandbox/modules.js';
import { adminStore } from '../../src/sandbox/admin/store.js';
import { defaultSettings } from '../../src/sandbox/settings/defaults.js';
import { settingProblem } from '../../src/sandbox/settings/rules.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function seeded(random?: number) {
  const state = new SandboxState(1, () => NOW);
  for (const m of MODULES) m.seed?.(state, 'demo', { random });
  const admin = adminStore(state);
  return { settings: admin.settings, limits: Object.fromEntries(admin.planLimits), hooks: [...admin.hooks.values()], broadcasts: [...admin.broadcasts.values()] };
}

describe('seed random:N', () => {
  it('gives the same instance for the same number and another for another number', () => {
    expect(seeded(12345)).toEqual(seeded(12345));
    expect(seeded(12345)).not.toEqual(seeded(12346));
  });

  it('moves settings off their defaults within the rules, and replaces the demo hooks and broadcasts', () => {
    const demo = seeded();
    for (const n of [1, 2, 3, 12345]) {
      const { settings, hooks, broadcasts } = seeded(n);
      const defaults = defaultSettings(NOW);
      const changed = Object.keys(settings).filter((k) => JSON.stringify(settings[k]) !== JSON.stringify(defaults[k]));
      expect(changed.length, `seed ${n}`).toBeGreaterThanOrEqual(10);
      for (const k of changed) expect(settingProblem(k, settings[k]), `seed ${n}: ${k}`).toBeUndefined();
      expect(hooks.map((h) => h.url)).not.toEqual(demo.hooks.map((h) => h.url));
      expect(new Set(hooks.map((h) => h.url)).size).toBe(hooks.length);
      expect(new Set(broadcasts.map((b) => b.message)).size).toBe(broadcasts.length);
      for (const b of broadcasts) expect(b.endsAt).toBeGreaterThan(b.startsAt);
    }
  });
});
