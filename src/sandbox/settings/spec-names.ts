// An instance that reports the settings by the spec's neutral names (spec part 1 §2.7:
// `spam_service_enabled`, `ai_features_enabled`…) instead of the service's brand identifiers, as a
// server written from the spec does. The store keeps the service's names; only what goes over the
// wire is renamed. The client keeps its own table (SETTING_ALIASES); rule-tables.test.ts compares.

import type { SandboxState } from '../state.js';

export type SettingNaming = 'service' | 'spec';
export const SETTING_NAMINGS: readonly SettingNaming[] = ['service', 'spec'];

/** The service's identifier → the spec's name. */
export const SPEC_SETTING_NAMES: Readonly<Record<string, string>> = {
  gravatar_enabled: 'avatar_lookup_enabled',
  akismet_enabled: 'spam_service_enabled',
  akismet_api_key: 'spam_service_api_key',
  use_clickhouse_for_analytics: 'use_columnar_store_for_analytics',
  duo_features_enabled: 'ai_features_enabled',
  lock_duo_features_enabled: 'lock_ai_features_enabled',
  geo_node_allowed_ips: 'replication_node_allowed_ips',
  geo_status_timeout: 'replication_status_timeout',
};

const SERVICE_NAME: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SPEC_SETTING_NAMES).map(([service, spec]) => [spec, service]));

const naming = new WeakMap<SandboxState, SettingNaming>();

export function setSettingNaming(state: SandboxState, n: SettingNaming): void {
  naming.set(state, n);
}

function specNaming(state: SandboxState): boolean {
  return naming.get(state) === 'spec';
}

/** A setting's name as this instance reports it (in answers and error messages). */
export function reportedName(state: SandboxState, key: string): string {
  return specNaming(state) ? (SPEC_SETTING_NAMES[key] ?? key) : key;
}

/** The settings as this instance reports them (GET and the answer to PUT). */
export function reportedSettings(state: SandboxState, settings: Record<string, unknown>): Record<string, unknown> {
  if (!specNaming(state)) return settings;
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [reportedName(state, k), v]));
}

/**
 * PUT parameters under the store's names. A spec-named instance declares only the spec's names, so
 * the service's identifiers are parameters it does not know: ignored, as Grape ignores them.
 */
export function storedParams<T>(state: SandboxState, input: Record<string, T>): Record<string, T> {
  if (!specNaming(state)) return input;
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(input)) {
    if (k in SPEC_SETTING_NAMES) continue;
    out[SERVICE_NAME[k] ?? k] = v;
  }
  return out;
}
