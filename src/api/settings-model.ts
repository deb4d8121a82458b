// The application settings of spec part 1 §2.7, typed, with the writable rules of that section.
// One description serves the CLI (typing KEY=VALUE and files, checking before sending) and the
// sandbox (the same types and rules on the server side).
//
// Names are the service's real identifiers: the spec replaces brand words with neutral ones
// (`avatar_lookup_enabled` for `gravatar_enabled`), real instances and shared/realdata use the
// brand words, so the neutral names are accepted as aliases.

import type { SizeUnit } from '../core/sizes.js';

export type SettingType = 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

export interface SettingDef {
  type: SettingType;
  /** Deprecated: the setting to use instead. */
  replacement?: string;
  /** Takes effect only after the instance restarts. */
  restart?: boolean;
  /** Shown by GET, not writable (id, timestamps). */
  readOnly?: boolean;
  min?: number;
  max?: number;
  /** Allowed values of a string or integer setting. */
  values?: readonly (string | number)[];
  /** Allowed items of an array setting. */
  items?: readonly string[];
  /** May be sent as a string too (the asset-proxy lists). */
  stringOrArray?: boolean;
  /** Premium or Ultimate only. */
  premium?: boolean;
  /** Extra check of the typed value; returns what is wrong. */
  check?: (value: unknown) => string | undefined;
  /** A size kept in this unit: a value may be given with one (`3GB`, `512MiB`). */
  size?: SizeUnit;
  /** The instance keeps it without surrounding whitespace (GitLab strips `terms`): sent and compared so. */
  trimmed?: boolean;
}

const VISIBILITY = ['private', 'internal', 'public'] as const;

/** `1 day`, `2 weeks`, `3 mo`, `12h`: seconds, or undefined when not a duration. */
export function humanDurationSeconds(raw: string): number | undefined {
  const units: [RegExp, number][] = [
    [/^(s|secs?|seconds?)$/, 1],
    [/^(m|mins?|minutes?)$/, 60],
    [/^(h|hrs?|hours?)$/, 3600],
    [/^(d|days?)$/, 86_400],
    [/^(w|wks?|weeks?)$/, 7 * 86_400],
    [/^(mo|mos|months?)$/, 30 * 86_400],
    [/^(y|yrs?|years?)$/, 365 * 86_400],
  ];
  const s = raw.trim().toLowerCase();
  if (!s) return undefined;
  let total = 0;
  let rest = s;
  const part = /^(\d+(?:\.\d+)?)\s*([a-z]+)\s*(?:,|and)?\s*/;
  while (rest) {
    const m = part.exec(rest);
    if (!m) return undefined;
    const unit = units.find(([re]) => re.test(m[2]));
    if (!unit) return undefined;
    total += Number(m[1]) * unit[1];
    rest = rest.slice(m[0].length);
  }
  return total;
}

function archiveAge(value: unknown): string | undefined {
  if (value === null || value === '') return undefined; // empty: never archive
  const seconds = typeof value === 'string' ? humanDurationSeconds(value) : undefined;
  if (seconds === undefined) return 'must be a duration such as "1 day", "2 weeks" or "3 months" (empty: never)';
  if (seconds < 86_400) return 'must be at least 1 day';
  return undefined;
}

function runnerRegistrars(value: unknown): string | undefined {
  const v = value as string[];
  if (new Set(v).size !== v.length) return 'must not repeat an item (one of [], [group], [project], [group, project])';
  return undefined;
}

function accessLevelList(v: unknown): boolean {
  return Array.isArray(v) && v.every((x) => x && typeof x === 'object' && Number.isInteger((x as { access_level?: unknown }).access_level));
}

function branchProtectionDefaults(value: unknown): string | undefined {
  const known = new Set(['allowed_to_push', 'allow_force_push', 'allowed_to_merge', 'developer_can_initial_push']);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'must be an object';
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!known.has(k)) return `has an unknown key ${k} (known: ${[...known].join(', ')})`;
  for (const k of ['allowed_to_push', 'allowed_to_merge']) {
    if (k in o && !accessLevelList(o[k])) return `${k} must be an array of {access_level: integer}`;
    for (const entry of (o[k] as { access_level: number }[] | undefined) ?? []) {
      if (![0, 30, 40, 60].includes(entry.access_level)) return `${k} access_level must be one of 0, 30, 40, 60; got ${entry.access_level}`;
    }
  }
  for (const k of ['allow_force_push', 'developer_can_initial_push']) {
    if (k in o && typeof o[k] !== 'boolean') return `${k} must be true or false`;
  }
  return undefined;
}

function storageWeights(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'must be an object of storage name to weight';
  for (const [name, w] of Object.entries(value as Record<string, unknown>)) {
    if (!Number.isInteger(w) || (w as number) < 0 || (w as number) > 100) return `weight of storage ${name} must be an integer from 0 to 100`;
  }
  return undefined;
}

const bool = (extra: Partial<SettingDef> = {}): SettingDef => ({ type: 'boolean', ...extra });
const int = (extra: Partial<SettingDef> = {}): SettingDef => ({ type: 'integer', ...extra });
const num = (extra: Partial<SettingDef> = {}): SettingDef => ({ type: 'number', ...extra });
const str = (extra: Partial<SettingDef> = {}): SettingDef => ({ type: 'string', ...extra });
const arr = (extra: Partial<SettingDef> = {}): SettingDef => ({ type: 'array', ...extra });
const obj = (extra: Partial<SettingDef> = {}): SettingDef => ({ type: 'object', ...extra });
const nonNegative = { min: 0 };

export const SETTINGS: Readonly<Record<string, SettingDef>> = {
  // ---- booleans
  signup_enabled: bool(),
  password_authentication_enabled_for_web: bool(),
  user_oauth_applications: bool(),
  domain_denylist_enabled: bool(),
  gravatar_enabled: bool(),
  container_expiration_policies_enable_historic_entries: bool(),
  container_registry_expiration_policies_caching: bool(),
  enforce_terms: bool(),
  user_show_add_ssh_key_message: bool(),
  allow_account_deletion: bool({ premium: true }),
  updating_name_disabled_for_users: bool(),
  allow_local_requests_from_hooks_and_services: bool({ replacement: 'allow_local_requests_from_web_hooks_and_services' }),
  allow_local_requests_from_web_hooks_and_services: bool(),
  allow_local_requests_from_system_hooks: bool(),
  asset_proxy_enabled: bool({ restart: true }),
  require_admin_approval_after_user_signup: bool(),
  require_personal_access_token_expiry: bool(),
  keep_latest_artifact: bool(),
  admin_mode: bool(),
  cohort_tracking_enabled: bool(),
  silent_mode_enabled: bool(),
  package_registry_allow_anyone_to_pull_option: bool(),
  silent_admin_exports_enabled: bool(),
  can_create_group: bool(),
  user_defaults_to_private_profile: bool(),
  external_authorization_service_enabled: bool(),
  jira_connect_public_key_storage_enabled: bool(),
  plantuml_enabled: bool(),
  kroki_enabled: bool(),
  diagramsnet_enabled: bool(),
  maven_package_requests_forwarding: bool(),
  npm_package_requests_forwarding: bool(),
  pypi_package_requests_forwarding: bool(),
  notify_on_unknown_sign_in: bool(),
  email_restrictions_enabled: bool(),
  akismet_enabled: bool(),
  allow_group_owners_to_manage_ldap: bool({ premium: true }),
  allow_runner_registration_token: bool(),
  throttle_unauthenticated_api_enabled: bool(),
  throttle_unauthenticated_packages_api_enabled: bool(),
  throttle_unauthenticated_web_enabled: bool(),
  time_tracking_limit_to_hours: bool(),
  unique_ips_limit_enabled: bool(),
  update_runner_versions_enabled: bool(),
  usage_ping_enabled: bool(),
  use_clickhouse_for_analytics: bool({ premium: true }),
  include_optional_metrics_in_service_ping: bool(),
  user_deactivation_emails_enabled: bool(),
  user_default_external: bool(),
  version_check_enabled: bool(),
  duo_features_enabled: bool({ premium: true }),
  lock_duo_features_enabled: bool({ premium: true }),
  package_skip_metadata_url_validation: bool(),
  delete_inactive_projects: bool(),
  housekeeping_enabled: bool(),
  require_two_factor_authentication: bool(),
  delete_unconfirmed_users: bool({ premium: true }),
  group_owners_can_manage_default_branch_protection: bool({ premium: true }),
  default_project_deletion_protection: bool({ premium: true }),
  disable_personal_access_tokens: bool({ premium: true }),
  security_policy_global_group_approvers_enabled: bool({ premium: true }),
  allow_all_integrations: bool({ premium: true }),
  floc_enabled: bool(),

  // ---- integers
  id: int({ readOnly: true }),
  default_projects_limit: int(nonNegative),
  default_branch_protection: int({ replacement: 'default_branch_protection_defaults', values: [0, 1, 2, 3, 4] }),
  failed_login_attempts_unlock_period_in_minutes: int({ min: 1 }),
  max_attachment_size: int({ min: 1, size: 'MiB' }),
  max_decompressed_archive_size: int({ ...nonNegative, size: 'MiB' }),
  max_export_size: int({ ...nonNegative, size: 'MiB' }),
  max_import_size: int({ ...nonNegative, size: 'MiB' }),
  max_import_remote_file_size: int({ ...nonNegative, size: 'MiB' }),
  max_login_attempts: int({ min: 1 }),
  session_expire_delay: int({ min: 1, restart: true }),
  container_registry_cleanup_tags_service_max_list_size: int(nonNegative),
  container_registry_delete_tags_service_timeout: int(nonNegative),
  container_registry_expiration_policies_worker_capacity: int(nonNegative),
  container_registry_token_expire_delay: int({ min: 1 }),
  decompress_archive_file_timeout: int(nonNegative),
  package_registry_cleanup_policies_worker_capacity: int(nonNegative),
  terminal_max_session_time: int(nonNegative),
  rsa_key_restriction: int(),
  dsa_key_restriction: int(),
  ecdsa_key_restriction: int(),
  ed25519_key_restriction: int(),
  ecdsa_sk_key_restriction: int(),
  ed25519_sk_key_restriction: int(),
  first_day_of_week: int({ values: [0, 1, 6] }),
  performance_bar_allowed_group_id: int(),
  local_markdown_version: int(nonNegative),
  snippet_size_limit: int({ min: 1, size: 'bytes' }),
  issues_create_limit: int(nonNegative),
  raw_blob_request_limit: int(nonNegative),
  wiki_page_max_content_bytes: int({ min: 1024, size: 'bytes' }),
  bulk_import_enabled: bool(),
  bulk_import_max_download_file_size: int({ ...nonNegative, size: 'MiB' }),
  project_jobs_api_rate_limit: int(nonNegative),
  bulk_import_concurrent_pipeline_batch_limit: int({ min: 1 }),
  concurrent_relation_batch_export_limit: int({ min: 1 }),
  downstream_pipeline_trigger_limit_per_project_user_sha: int(nonNegative),
  projects_api_rate_limit_unauthenticated: int(nonNegative),
  security_approval_policies_limit: int({ min: 1, premium: true }),
  external_pipeline_validation_service_timeout: int(nonNegative),
  concurrent_github_import_jobs_limit: int(nonNegative),
  concurrent_bitbucket_import_jobs_limit: int(nonNegative),
  concurrent_bitbucket_server_import_jobs_limit: int(nonNegative),
  throttle_unauthenticated_api_period_in_seconds: int({ min: 1 }),
  throttle_unauthenticated_api_requests_per_period: int({ min: 1 }),
  throttle_unauthenticated_packages_api_period_in_seconds: int({ min: 1 }),
  throttle_unauthenticated_packages_api_requests_per_period: int({ min: 1 }),
  throttle_unauthenticated_web_period_in_seconds: int({ min: 1 }),
  throttle_unauthenticated_web_requests_per_period: int({ min: 1 }),
  two_factor_grace_period: int(nonNegative),
  unconfirmed_users_delete_after_days: int({ min: 1, premium: true }),
  unique_ips_limit_per_user: int({ min: 1 }),
  unique_ips_limit_time_window: int({ min: 1 }),
  asciidoc_max_includes: int({ min: 0, max: 64 }),
  inactive_projects_delete_after_months: int({ min: 1 }),
  inactive_projects_min_size_mb: int({ ...nonNegative, size: 'MiB' }),
  inactive_projects_send_warning_email_after_months: int({ min: 1 }),
  housekeeping_optimize_repository_period: int({ min: 1 }),
  housekeeping_full_repack_period: int({ min: 1 }),
  housekeeping_gc_period: int({ min: 1 }),
  housekeeping_incremental_repack_period: int({ min: 1 }),
  file_template_project_id: int({ premium: true }),
  deletion_adjourned_period: int({ min: 1, max: 90, premium: true }),
  geo_status_timeout: int({ min: 1, premium: true }),

  // ---- numbers
  polling_interval_multiplier: num(nonNegative),
  external_authorization_service_timeout: num({ min: 0.001, max: 10 }),

  // ---- strings
  default_preferred_language: str(),
  default_snippet_visibility: str({ values: VISIBILITY }),
  default_project_visibility: str({ values: VISIBILITY }),
  default_group_visibility: str({ values: VISIBILITY }),
  after_sign_out_path: str(),
  home_page_url: str(),
  default_ci_config_path: str(),
  terms: str({ trimmed: true }),
  asset_proxy_url: str({ restart: true }),
  asset_proxy_secret_key: str({ restart: true }),
  rate_limiting_response_text: str(),
  personal_access_token_prefix: str(),
  security_txt_content: str(),
  globally_allowed_ips: str(),
  external_pipeline_validation_service_url: str(),
  external_pipeline_validation_service_token: str(),
  external_authorization_service_url: str(),
  external_authorization_service_default_label: str(),
  created_at: str({ readOnly: true }),
  updated_at: str({ readOnly: true }),
  plantuml_url: str(),
  kroki_url: str(),
  diagramsnet_url: str(),
  jira_connect_application_key: str(),
  jira_connect_proxy_url: str(),
  jira_connect_additional_audience_url: str(),
  admin_notification_email: str({ replacement: 'abuse_notification_email' }),
  abuse_notification_email: str(),
  email_restrictions: str(),
  after_sign_up_text: str(),
  akismet_api_key: str(),
  archive_builds_in_human_readable: str({ check: archiveAge }),
  user_default_internal_regex: str(),
  whats_new_variant: str({ values: ['all_tiers', 'current_tier', 'disabled'] }),
  geo_node_allowed_ips: str({ premium: true }),

  // ---- arrays
  restricted_visibility_levels: arr({ items: VISIBILITY }),
  domain_allowlist: arr(),
  domain_denylist: arr(),
  outbound_local_requests_whitelist: arr(),
  asset_proxy_whitelist: arr({ replacement: 'asset_proxy_allowlist', restart: true, stringOrArray: true }),
  asset_proxy_allowlist: arr({ restart: true, stringOrArray: true }),
  valid_runner_registrars: arr({ items: ['group', 'project'], check: runnerRegistrars }),
  allowed_integrations: arr({ premium: true }),

  // ---- objects
  default_branch_protection_defaults: obj({ check: branchProtectionDefaults }),
  repository_storages_weighted: obj({ check: storageWeights }),
};

/** Spec (neutral) name → real identifier. */
export const SETTING_ALIASES: Readonly<Record<string, string>> = {
  avatar_lookup_enabled: 'gravatar_enabled',
  spam_service_enabled: 'akismet_enabled',
  spam_service_api_key: 'akismet_api_key',
  use_columnar_store_for_analytics: 'use_clickhouse_for_analytics',
  ai_features_enabled: 'duo_features_enabled',
  lock_ai_features_enabled: 'lock_duo_features_enabled',
  replication_node_allowed_ips: 'geo_node_allowed_ips',
  replication_status_timeout: 'geo_status_timeout',
};

/**
 * A switch and the settings it needs (spec §2.7 "requires"; the ones of real instances in the range
 * the spec leaves out). `orElse`: an alternative set that satisfies the switch as well.
 */
export interface CompanionRule {
  when: string;
  requires: readonly string[];
  orElse?: readonly string[];
}

export const COMPANION_RULES: readonly CompanionRule[] = [
  { when: 'akismet_enabled', requires: ['akismet_api_key'] },
  { when: 'asset_proxy_enabled', requires: ['asset_proxy_url'] },
  { when: 'email_restrictions_enabled', requires: ['email_restrictions'] },
  { when: 'domain_denylist_enabled', requires: ['domain_denylist'] },
  { when: 'require_two_factor_authentication', requires: ['two_factor_grace_period'] },
  { when: 'throttle_unauthenticated_api_enabled', requires: ['throttle_unauthenticated_api_period_in_seconds', 'throttle_unauthenticated_api_requests_per_period'] },
  { when: 'throttle_unauthenticated_packages_api_enabled', requires: ['throttle_unauthenticated_packages_api_period_in_seconds', 'throttle_unauthenticated_packages_api_requests_per_period'] },
  { when: 'throttle_unauthenticated_web_enabled', requires: ['throttle_unauthenticated_web_period_in_seconds', 'throttle_unauthenticated_web_requests_per_period'] },
  { when: 'unique_ips_limit_enabled', requires: ['unique_ips_limit_per_user', 'unique_ips_limit_time_window'] },
  { when: 'plantuml_enabled', requires: ['plantuml_url'] },
  { when: 'kroki_enabled', requires: ['kroki_url'] },
  { when: 'external_authorization_service_enabled', requires: ['external_authorization_service_url', 'external_authorization_service_default_label', 'external_authorization_service_timeout'] },
  {
    when: 'housekeeping_enabled',
    requires: ['housekeeping_optimize_repository_period'],
    orElse: ['housekeeping_full_repack_period', 'housekeeping_gc_period', 'housekeeping_incremental_repack_period'],
  },
];

/** Rules between two values: the warning e-mail must come before the deletion (in months). */
export interface OrderRule {
  lower: string;
  higher: string;
}
export const ORDER_RULES: readonly OrderRule[] = [{ lower: 'inactive_projects_send_warning_email_after_months', higher: 'inactive_projects_delete_after_months' }];

export function canonicalSetting(name: string): string {
  return SETTING_ALIASES[name] ?? name;
}

/** A value counts as given when it is not null, not empty and not an empty list. */
export function hasValue(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}

/** What is wrong with a typed value against its definition's bounds, or undefined. */
export function checkBounds(def: SettingDef, value: unknown): string | undefined {
  if (value === null) return undefined;
  if ((def.type === 'integer' || def.type === 'number') && typeof value === 'number') {
    if (def.min !== undefined && value < def.min) return `must be at least ${def.min}, got ${value}`;
    if (def.max !== undefined && value > def.max) return `must be at most ${def.max}, got ${value}`;
  }
  if (def.values && !def.values.includes(value as string | number)) return `must be one of ${def.values.join(', ')}; got ${JSON.stringify(value)}`;
  if (def.items && Array.isArray(value)) {
    const bad = value.find((x) => !def.items!.includes(String(x)));
    if (bad !== undefined) return `items must be from ${def.items.join(', ')}; got ${JSON.stringify(bad)}`;
  }
  return def.check?.(value);
}
