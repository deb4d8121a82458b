// What PUT /application/settings accepts, written from spec part 1 §2.7 and GitLab's model
// validations (app/models/application_setting.rb), on the sandbox's own: the client keeps its
// own table (src/api/settings-model.ts) and test/unit/rule-tables.test.ts compares the two, so a
// wrong rule on one side shows up instead of being shared.

export type ParamType = 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** Settings by the type Grape declares for them (spec §2.7's table, real identifiers). */
export const SETTING_TYPES: Readonly<Record<ParamType, readonly string[]>> = {
  boolean: [
    'signup_enabled', 'password_authentication_enabled_for_web', 'user_oauth_applications', 'domain_denylist_enabled', 'gravatar_enabled',
    'container_expiration_policies_enable_historic_entries', 'container_registry_expiration_policies_caching', 'enforce_terms',
    'user_show_add_ssh_key_message', 'allow_account_deletion', 'updating_name_disabled_for_users', 'allow_local_requests_from_hooks_and_services',
    'allow_local_requests_from_web_hooks_and_services', 'allow_local_requests_from_system_hooks', 'asset_proxy_enabled',
    'require_admin_approval_after_user_signup', 'require_personal_access_token_expiry', 'keep_latest_artifact', 'admin_mode',
    'cohort_tracking_enabled', 'silent_mode_enabled', 'package_registry_allow_anyone_to_pull_option', 'silent_admin_exports_enabled',
    'can_create_group', 'user_defaults_to_private_profile', 'external_authorization_service_enabled', 'jira_connect_public_key_storage_enabled',
    'plantuml_enabled', 'kroki_enabled', 'diagramsnet_enabled', 'maven_package_requests_forwarding', 'npm_package_requests_forwarding',
    'pypi_package_requests_forwarding', 'notify_on_unknown_sign_in', 'email_restrictions_enabled', 'akismet_enabled',
    'allow_group_owners_to_manage_ldap', 'allow_runner_registration_token', 'throttle_unauthenticated_api_enabled',
    'throttle_unauthenticated_packages_api_enabled', 'throttle_unauthenticated_web_enabled', 'time_tracking_limit_to_hours',
    'unique_ips_limit_enabled', 'update_runner_versions_enabled', 'usage_ping_enabled', 'use_clickhouse_for_analytics',
    'include_optional_metrics_in_service_ping', 'user_deactivation_emails_enabled', 'user_default_external', 'version_check_enabled',
    'duo_features_enabled', 'lock_duo_features_enabled', 'package_skip_metadata_url_validation', 'delete_inactive_projects',
    'housekeeping_enabled', 'require_two_factor_authentication', 'delete_unconfirmed_users', 'group_owners_can_manage_default_branch_protection',
    'default_project_deletion_protection', 'disable_personal_access_tokens', 'security_policy_global_group_approvers_enabled',
    'allow_all_integrations', 'floc_enabled', 'bulk_import_enabled',
  ],
  integer: [
    'id', 'default_projects_limit', 'default_branch_protection', 'failed_login_attempts_unlock_period_in_minutes', 'max_attachment_size',
    'max_decompressed_archive_size', 'max_export_size', 'max_import_size', 'max_import_remote_file_size', 'max_login_attempts',
    'session_expire_delay', 'container_registry_cleanup_tags_service_max_list_size', 'container_registry_delete_tags_service_timeout',
    'container_registry_expiration_policies_worker_capacity', 'container_registry_token_expire_delay', 'decompress_archive_file_timeout',
    'package_registry_cleanup_policies_worker_capacity', 'terminal_max_session_time', 'rsa_key_restriction', 'dsa_key_restriction',
    'ecdsa_key_restriction', 'ed25519_key_restriction', 'ecdsa_sk_key_restriction', 'ed25519_sk_key_restriction', 'first_day_of_week',
    'performance_bar_allowed_group_id', 'local_markdown_version', 'snippet_size_limit', 'issues_create_limit', 'raw_blob_request_limit',
    'wiki_page_max_content_bytes', 'bulk_import_max_download_file_size', 'project_jobs_api_rate_limit', 'bulk_import_concurrent_pipeline_batch_limit',
    'concurrent_relation_batch_export_limit', 'downstream_pipeline_trigger_limit_per_project_user_sha', 'projects_api_rate_limit_unauthenticated',
    'security_approval_policies_limit', 'external_pipeline_validation_service_timeout', 'concurrent_github_import_jobs_limit',
    'concurrent_bitbucket_import_jobs_limit', 'concurrent_bitbucket_server_import_jobs_limit', 'throttle_unauthenticated_api_period_in_seconds',
    'throttle_unauthenticated_api_requests_per_period', 'throttle_unauthenticated_packages_api_period_in_seconds',
    'throttle_unauthenticated_packages_api_requests_per_period', 'throttle_unauthenticated_web_period_in_seconds',
    'throttle_unauthenticated_web_requests_per_period', 'two_factor_grace_period', 'unconfirmed_users_delete_after_days',
    'unique_ips_limit_per_user', 'unique_ips_limit_time_window', 'asciidoc_max_includes', 'inactive_projects_delete_after_months',
    'inactive_projects_min_size_mb', 'inactive_projects_send_warning_email_after_months', 'housekeeping_optimize_repository_period',
    'housekeeping_full_repack_period', 'housekeeping_gc_period', 'housekeeping_incremental_repack_period', 'file_template_project_id',
    'deletion_adjourned_period', 'geo_status_timeout',
  ],
  number: ['polling_interval_multiplier', 'external_authorization_service_timeout'],
  string: [
    'default_preferred_language', 'default_snippet_visibility', 'default_project_visibility', 'default_group_visibility', 'after_sign_out_path',
    'home_page_url', 'default_ci_config_path', 'terms', 'asset_proxy_url', 'asset_proxy_secret_key', 'rate_limiting_response_text',
    'personal_access_token_prefix', 'security_txt_content', 'globally_allowed_ips', 'external_pipeline_validation_service_url',
    'external_pipeline_validation_service_token', 'external_authorization_service_url', 'external_authorization_service_default_label',
    'created_at', 'updated_at', 'plantuml_url', 'kroki_url', 'diagramsnet_url', 'jira_connect_application_key', 'jira_connect_proxy_url',
    'jira_connect_additional_audience_url', 'admin_notification_email', 'abuse_notification_email', 'email_restrictions', 'after_sign_up_text',
    'akismet_api_key', 'archive_builds_in_human_readable', 'user_default_internal_regex', 'whats_new_variant', 'geo_node_allowed_ips',
  ],
  array: [
    'restricted_visibility_levels', 'domain_allowlist', 'domain_denylist', 'outbound_local_requests_whitelist', 'asset_proxy_whitelist',
    'asset_proxy_allowlist', 'valid_runner_registrars', 'allowed_integrations',
  ],
  object: ['default_branch_protection_defaults', 'repository_storages_weighted'],
};

/** Shown by GET, ignored by PUT. */
export const READ_ONLY_SETTINGS: readonly string[] = ['id', 'created_at', 'updated_at'];

export const VISIBILITY_LEVELS = ['private', 'internal', 'public'] as const;

/** Grape `values:` declarations: anything else is `does not have a valid value` (400). */
export const SETTING_VALUES: Readonly<Record<string, readonly (string | number)[]>> = {
  default_branch_protection: [0, 1, 2, 3, 4],
  first_day_of_week: [0, 1, 6],
  default_snippet_visibility: VISIBILITY_LEVELS,
  default_project_visibility: VISIBILITY_LEVELS,
  default_group_visibility: VISIBILITY_LEVELS,
  whats_new_variant: ['all_tiers', 'current_tier', 'disabled'],
};

/** Items an array setting may hold. */
export const SETTING_ITEMS: Readonly<Record<string, readonly string[]>> = {
  restricted_visibility_levels: VISIBILITY_LEVELS,
  valid_runner_registrars: ['group', 'project'],
};

/** Numeric model validations (`numericality`), checked after typing: 400 `{message: {key: [...]}}`. */
export const SETTING_BOUNDS: Readonly<Record<string, { min?: number; max?: number }>> = {
  ...Object.fromEntries(
    [
      'default_projects_limit', 'max_decompressed_archive_size', 'max_export_size', 'max_import_size', 'max_import_remote_file_size',
      'container_registry_cleanup_tags_service_max_list_size', 'container_registry_delete_tags_service_timeout',
      'container_registry_expiration_policies_worker_capacity', 'decompress_archive_file_timeout', 'package_registry_cleanup_policies_worker_capacity',
      'terminal_max_session_time', 'local_markdown_version', 'issues_create_limit', 'raw_blob_request_limit', 'bulk_import_max_download_file_size',
      'project_jobs_api_rate_limit', 'downstream_pipeline_trigger_limit_per_project_user_sha', 'projects_api_rate_limit_unauthenticated',
      'external_pipeline_validation_service_timeout', 'concurrent_github_import_jobs_limit', 'concurrent_bitbucket_import_jobs_limit',
      'concurrent_bitbucket_server_import_jobs_limit', 'two_factor_grace_period', 'inactive_projects_min_size_mb', 'polling_interval_multiplier',
    ].map((k) => [k, { min: 0 }]),
  ),
  ...Object.fromEntries(
    [
      'failed_login_attempts_unlock_period_in_minutes', 'max_attachment_size', 'max_login_attempts', 'session_expire_delay',
      'container_registry_token_expire_delay', 'snippet_size_limit', 'bulk_import_concurrent_pipeline_batch_limit', 'concurrent_relation_batch_export_limit',
      'security_approval_policies_limit', 'throttle_unauthenticated_api_period_in_seconds', 'throttle_unauthenticated_api_requests_per_period',
      'throttle_unauthenticated_packages_api_period_in_seconds', 'throttle_unauthenticated_packages_api_requests_per_period',
      'throttle_unauthenticated_web_period_in_seconds', 'throttle_unauthenticated_web_requests_per_period', 'unconfirmed_users_delete_after_days',
      'unique_ips_limit_per_user', 'unique_ips_limit_time_window', 'inactive_projects_delete_after_months',
      'inactive_projects_send_warning_email_after_months', 'housekeeping_optimize_repository_period', 'housekeeping_full_repack_period',
      'housekeeping_gc_period', 'housekeeping_incremental_repack_period', 'geo_status_timeout',
    ].map((k) => [k, { min: 1 }]),
  ),
  wiki_page_max_content_bytes: { min: 1024 },
  asciidoc_max_includes: { min: 0, max: 64 },
  deletion_adjourned_period: { min: 1, max: 90 },
  external_authorization_service_timeout: { min: 0.001, max: 10 },
};

/** Deprecated names and the settings that replace them (both are written). */
export const SETTING_REPLACEMENTS: Readonly<Record<string, string>> = {
  allow_local_requests_from_hooks_and_services: 'allow_local_requests_from_web_hooks_and_services',
  asset_proxy_whitelist: 'asset_proxy_allowlist',
  admin_notification_email: 'abuse_notification_email',
  default_branch_protection: 'default_branch_protection_defaults',
};

/** Premium and Ultimate settings (spec §2.7 "Additional fields", the writable table's notes). */
export const PREMIUM_SETTINGS: readonly string[] = [
  'allow_account_deletion', 'allow_group_owners_to_manage_ldap', 'use_clickhouse_for_analytics', 'duo_features_enabled', 'lock_duo_features_enabled',
  'delete_unconfirmed_users', 'group_owners_can_manage_default_branch_protection', 'default_project_deletion_protection', 'disable_personal_access_tokens',
  'security_policy_global_group_approvers_enabled', 'allow_all_integrations', 'security_approval_policies_limit', 'unconfirmed_users_delete_after_days',
  'file_template_project_id', 'deletion_adjourned_period', 'geo_status_timeout', 'geo_node_allowed_ips', 'allowed_integrations',
];

/** Grape's `given switch: true { requires … }`: `orElse` is another set that satisfies it. */
export const SETTING_COMPANIONS: readonly { when: string; requires: readonly string[]; orElse?: readonly string[] }[] = [
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
  { when: 'housekeeping_enabled', requires: ['housekeeping_optimize_repository_period'], orElse: ['housekeeping_full_repack_period', 'housekeeping_gc_period', 'housekeeping_incremental_repack_period'] },
];

/** `lower` must stay below `higher` (the warning e-mail before the deletion). */
export const SETTING_ORDER: readonly { lower: string; higher: string }[] = [{ lower: 'inactive_projects_send_warning_email_after_months', higher: 'inactive_projects_delete_after_months' }];

const TYPE_OF = new Map<string, ParamType>(Object.entries(SETTING_TYPES).flatMap(([t, keys]) => keys.map((k) => [k, t as ParamType] as const)));

export function settingType(key: string): ParamType | undefined {
  return TYPE_OF.get(key);
}

// ---- checks that are more than a bound (GitLab's custom validators)

const DURATION_UNITS: [RegExp, number][] = [
  [/^s(ec(ond)?s?)?$/, 1],
  [/^m(in(ute)?s?)?$/, 60],
  [/^h((ou)?rs?|ours?)?$/, 3600],
  [/^d(ays?)?$/, 86_400],
  [/^w(ee)?ks?$|^w$/, 604_800],
  [/^mo(nths?|s)?$/, 2_592_000],
  [/^y((ea)?rs?|ears?)?$/, 31_536_000],
];

/** ChronicDuration-style text (`1 day`, `2 weeks`, `12h`) in seconds, or undefined. */
function durationSeconds(text: string): number | undefined {
  const parts = [...text.toLowerCase().matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/g)];
  const rest = text.toLowerCase().replace(/(\d+(?:\.\d+)?)\s*([a-z]+)/g, '').replace(/[\s,]|and/g, '');
  if (!parts.length || rest) return undefined;
  let total = 0;
  for (const [, n, unit] of parts) {
    const u = DURATION_UNITS.find(([re]) => re.test(unit));
    if (!u) return undefined;
    total += Number(n) * u[1];
  }
  return total;
}

type Check = (v: unknown) => string | undefined;

export const SETTING_CHECKS: Readonly<Record<string, Check>> = {
  archive_builds_in_human_readable: (v) => {
    if (v === null || v === '') return undefined;
    const s = typeof v === 'string' ? durationSeconds(v) : undefined;
    if (s === undefined) return 'is not a correct duration';
    return s < 86_400 ? 'must be at least 1 day' : undefined;
  },
  valid_runner_registrars: (v) => (Array.isArray(v) && new Set(v).size !== v.length ? 'has duplicate values' : undefined),
  default_branch_protection_defaults: (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return 'must be a hash';
    const o = v as Record<string, unknown>;
    const allowed = ['allowed_to_push', 'allow_force_push', 'allowed_to_merge', 'developer_can_initial_push'];
    if (Object.keys(o).some((k) => !allowed.includes(k))) return 'must be a valid json schema';
    for (const k of ['allowed_to_push', 'allowed_to_merge']) {
      if (!(k in o)) continue;
      const list = o[k];
      if (!Array.isArray(list) || !list.every((e) => e && typeof e === 'object' && [0, 30, 40, 60].includes((e as { access_level?: unknown }).access_level as number))) return 'must be a valid json schema';
    }
    for (const k of ['allow_force_push', 'developer_can_initial_push']) if (k in o && typeof o[k] !== 'boolean') return 'must be a valid json schema';
    return undefined;
  },
  repository_storages_weighted: (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return 'must be a hash';
    for (const w of Object.values(v as Record<string, unknown>)) if (!Number.isInteger(w) || (w as number) < 0 || (w as number) > 100) return 'value must be between 0 and 100';
    return undefined;
  },
};

/** What is wrong with a typed value (bounds, allowed values and items, custom checks), or undefined. */
export function settingProblem(key: string, value: unknown): string | undefined {
  if (value === null) return undefined;
  const b = SETTING_BOUNDS[key];
  if (b && typeof value === 'number') {
    if (b.min !== undefined && value < b.min) return `must be greater than or equal to ${b.min}`;
    if (b.max !== undefined && value > b.max) return `must be less than or equal to ${b.max}`;
  }
  const items = SETTING_ITEMS[key];
  if (items && Array.isArray(value) && value.some((x) => !items.includes(String(x)))) return 'contains an invalid value';
  return SETTING_CHECKS[key]?.(value);
}

export function hasValue(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}
