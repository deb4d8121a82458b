// The two project shapes (spec part 3 §2.7), field for field and in the order of the real examples
// (shared/realdata/projects/list_simple.json, list_full.json, list_user.json).

import type { SandboxState } from '../state.js';
import { runnersToken } from '../secrets.js';
import { ACCESS, type Namespace, type Project, type ProjectStatistics, type User } from '../types.js';

export interface ProjectRenderOptions {
  user: User | null;
  /** statistics=true: shown to Reporters and above. */
  statistics?: boolean;
  /** with_custom_attributes=true by an administrator. */
  customAttributes?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function namespaceJson(state: SandboxState, ns: Namespace): Record<string, unknown> {
  const fullPath = state.fullPath(ns);
  return {
    id: ns.id,
    name: ns.name,
    path: ns.path,
    kind: ns.kind,
    full_path: fullPath,
    parent_id: ns.parentId,
    avatar_url: ns.avatarUrl,
    web_url: ns.kind === 'group' ? `${state.baseUrl}/groups/${fullPath}` : `${state.baseUrl}/${fullPath}`,
  };
}

function urls(state: SandboxState, p: Project) {
  const pathWithNamespace = state.projectPath(p);
  const host = new URL(state.baseUrl).hostname;
  return {
    pathWithNamespace,
    web: `${state.baseUrl}/${pathWithNamespace}`,
    ssh: `git@${host}:${pathWithNamespace}.git`,
    http: `${state.baseUrl}/${pathWithNamespace}.git`,
    avatar: p.avatar ? `${state.baseUrl}/uploads/-/system/project/avatar/${p.id}/avatar.png` : null,
    registry: `registry.${host}/${pathWithNamespace}`,
  };
}

/** BasicProjectDetails: anonymous callers and simple=true. */
export function simpleProject(state: SandboxState, p: Project): Record<string, unknown> {
  const ns = state.namespace(p.namespaceId);
  const u = urls(state, p);
  return {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${state.fullName(ns)} / ${p.name}`,
    path: p.path,
    path_with_namespace: u.pathWithNamespace,
    created_at: iso(p.createdAt),
    default_branch: p.defaultBranch,
    tag_list: [...p.topics],
    topics: [...p.topics],
    ssh_url_to_repo: u.ssh,
    http_url_to_repo: u.http,
    web_url: u.web,
    avatar_url: u.avatar,
    star_count: p.starCount,
    last_activity_at: iso(p.lastActivityAt),
    namespace: namespaceJson(state, ns),
  };
}

/** Deterministic sizes, so repeated runs show the same numbers. */
export function projectStatistics(p: Project): ProjectStatistics {
  const repo = p.emptyRepo ? 0 : 100_000 + ((p.id * 7919) % 5_000_000);
  const wiki = (p.id * 31) % 4 === 0 ? 20_480 : 0;
  const artifacts = (p.id * 104_729) % 2_000_000;
  return {
    commit_count: p.emptyRepo ? 0 : 1 + ((p.id * 37) % 900),
    storage_size: repo + wiki + artifacts,
    repository_size: repo,
    wiki_size: wiki,
    lfs_objects_size: 0,
    job_artifacts_size: artifacts,
    pipeline_artifacts_size: 0,
    packages_size: 0,
    snippets_size: 0,
    uploads_size: 0,
    container_registry_size: 0,
  };
}

function markdownHtml(text: string | null): string {
  if (!text) return '';
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<p data-sourcepos="1:1-1:${text.length}" dir="auto">${escaped}</p>`;
}

function featureLevel(enabled: boolean): string {
  return enabled ? 'enabled' : 'disabled';
}

/** Project settings as a new project has them; `project.settings` overrides. */
function defaultSettings(p: Project): Record<string, unknown> {
  return {
    resolve_outdated_diff_discussions: false,
    wiki_enabled: true,
    jobs_enabled: true,
    snippets_enabled: true,
    container_registry_enabled: true,
    service_desk_enabled: false,
    wiki_access_level: 'enabled',
    builds_access_level: 'enabled',
    snippets_access_level: 'enabled',
    pages_access_level: p.visibility === 'public' ? 'enabled' : 'private',
    analytics_access_level: 'enabled',
    container_registry_access_level: 'enabled',
    security_and_compliance_access_level: 'private',
    forking_access_level: 'enabled',
    // The 17.x docs show null for both; kept as documented.
    emails_disabled: null,
    emails_enabled: null,
    shared_runners_enabled: true,
    group_runners_enabled: true,
    lfs_enabled: true,
    ci_default_git_depth: 20,
    ci_forward_deployment_enabled: true,
    ci_forward_deployment_rollback_allowed: true,
    ci_allow_fork_pipelines_to_run_in_parent_project: true,
    ci_job_token_scope_enabled: false,
    ci_separated_caches: true,
    ci_restrict_pipeline_cancellation_role: 'developer',
    ci_pipeline_variables_minimum_override_role: 'maintainer',
    ci_push_repository_for_job_token_allowed: false,
    public_jobs: true,
    build_timeout: 3600,
    auto_cancel_pending_pipelines: 'enabled',
    ci_config_path: '',
    only_allow_merge_if_pipeline_succeeds: false,
    allow_merge_on_skipped_pipeline: null,
    allow_pipeline_trigger_approve_deployment: false,
    restrict_user_defined_variables: false,
    request_access_enabled: true,
    only_allow_merge_if_all_discussions_are_resolved: false,
    remove_source_branch_after_merge: true,
    printing_merge_request_link_enabled: true,
    merge_method: 'merge',
    squash_option: 'default_off',
    enforce_auth_checks_on_uploads: true,
    suggestion_commit_message: null,
    merge_commit_template: null,
    squash_commit_template: null,
    issue_branch_template: '%{id}-%{title}',
    auto_devops_enabled: false,
    auto_devops_deploy_strategy: 'continuous',
    autoclose_referenced_issues: true,
    keep_latest_artifact: true,
    runner_token_expiration_interval: null,
    external_authorization_classification_label: '',
    requirements_enabled: false,
    requirements_access_level: 'enabled',
    security_and_compliance_enabled: false,
    pre_receive_secret_detection_enabled: false,
    warn_about_potentially_unwanted_characters: true,
    ...p.settings,
  };
}

function permissions(state: SandboxState, p: Project, user: User | null) {
  if (!user) return { project_access: null, group_access: null };
  const ns = state.namespace(p.namespaceId);
  const direct = ns.kind === 'user' && ns.ownerId === user.id ? ACCESS.owner : (p.members?.get(user.id) ?? 0);
  const group = ns.kind === 'group' ? state.memberAccess(user, ns) : 0;
  return {
    project_access: direct ? { access_level: direct, notification_level: 3 } : null,
    group_access: group ? { access_level: group, notification_level: 3 } : null,
  };
}

/** ProjectWithAccess: authenticated callers without simple=true. */
export function fullProject(state: SandboxState, p: Project, opts: ProjectRenderOptions): Record<string, unknown> {
  const ns = state.namespace(p.namespaceId);
  const u = urls(state, p);
  const s = defaultSettings(p);
  const access = state.accessLevel(opts.user, p);
  const api = `${state.baseUrl}/api/v4/projects/${p.id}`;
  const out: Record<string, unknown> = {
    id: p.id,
    description: p.description,
    description_html: markdownHtml(p.description),
    name: p.name,
    name_with_namespace: `${state.fullName(ns)} / ${p.name}`,
    path: p.path,
    path_with_namespace: u.pathWithNamespace,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    default_branch: p.defaultBranch,
    tag_list: [...p.topics],
    topics: [...p.topics],
  };
  // Personal projects name their owner (the user-projects example, list_user.json).
  if (ns.kind === 'user' && ns.ownerId !== null) {
    const owner = state.users.get(ns.ownerId);
    if (owner) out.owner = { id: owner.id, name: owner.name, created_at: iso(owner.createdAt) };
  }
  Object.assign(out, {
    ssh_url_to_repo: u.ssh,
    http_url_to_repo: u.http,
    web_url: u.web,
    readme_url: p.emptyRepo ? null : `${u.web}/-/blob/${p.defaultBranch ?? 'main'}/README.md`,
    avatar_url: u.avatar,
    forks_count: p.forksCount,
    star_count: p.starCount,
    last_activity_at: iso(p.lastActivityAt),
    namespace: namespaceJson(state, ns),
    container_registry_image_prefix: u.registry,
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    },
    packages_enabled: true,
    empty_repo: p.emptyRepo,
    archived: p.archived,
    visibility: p.visibility,
    resolve_outdated_diff_discussions: s.resolve_outdated_diff_discussions,
    container_expiration_policy: {
      cadence: '1d',
      enabled: false,
      keep_n: 10,
      older_than: '90d',
      name_regex: '.*',
      name_regex_keep: '',
      next_run_at: iso(p.createdAt + 86_400_000),
    },
    issues_enabled: p.issuesEnabled,
    merge_requests_enabled: p.mergeRequestsEnabled,
    wiki_enabled: s.wiki_enabled,
    jobs_enabled: s.jobs_enabled,
    snippets_enabled: s.snippets_enabled,
    container_registry_enabled: s.container_registry_enabled,
    service_desk_enabled: s.service_desk_enabled,
    can_create_merge_request_in: access >= ACCESS.developer,
    issues_access_level: featureLevel(p.issuesEnabled),
    repository_access_level: 'enabled',
    merge_requests_access_level: featureLevel(p.mergeRequestsEnabled),
  });
  for (const k of ['forking_access_level', 'wiki_access_level', 'builds_access_level', 'snippets_access_level', 'pages_access_level', 'analytics_access_level', 'container_registry_access_level', 'security_and_compliance_access_level', 'emails_disabled', 'emails_enabled', 'shared_runners_enabled', 'group_runners_enabled', 'lfs_enabled']) out[k] = s[k];
  Object.assign(out, { creator_id: p.creatorId, import_url: p.importUrl, import_type: p.importType, import_status: p.importStatus, import_error: null, open_issues_count: p.openIssuesCount });
  for (const k of ['ci_default_git_depth', 'ci_forward_deployment_enabled', 'ci_forward_deployment_rollback_allowed', 'ci_allow_fork_pipelines_to_run_in_parent_project', 'ci_job_token_scope_enabled', 'ci_separated_caches', 'ci_restrict_pipeline_cancellation_role', 'ci_pipeline_variables_minimum_override_role', 'ci_push_repository_for_job_token_allowed', 'public_jobs', 'build_timeout', 'auto_cancel_pending_pipelines', 'ci_config_path']) out[k] = s[k];
  out.shared_with_groups = [];
  for (const k of ['only_allow_merge_if_pipeline_succeeds', 'allow_merge_on_skipped_pipeline', 'allow_pipeline_trigger_approve_deployment', 'restrict_user_defined_variables', 'request_access_enabled', 'only_allow_merge_if_all_discussions_are_resolved', 'remove_source_branch_after_merge', 'printing_merge_request_link_enabled', 'merge_method', 'squash_option', 'enforce_auth_checks_on_uploads', 'suggestion_commit_message', 'merge_commit_template', 'squash_commit_template', 'issue_branch_template', 'auto_devops_enabled', 'auto_devops_deploy_strategy', 'autoclose_referenced_issues', 'keep_latest_artifact', 'runner_token_expiration_interval', 'external_authorization_classification_label', 'requirements_enabled', 'requirements_access_level', 'security_and_compliance_enabled', 'pre_receive_secret_detection_enabled']) out[k] = s[k];
  out.compliance_frameworks = [];
  out.warn_about_potentially_unwanted_characters = s.warn_about_potentially_unwanted_characters;
  out.permissions = permissions(state, p, opts.user);
  addConditionalFields(state, p, opts, access, out);
  return out;
}

/** Fields GitLab adds only for some callers or projects (list_user.json shows them). */
function addConditionalFields(state: SandboxState, p: Project, opts: ProjectRenderOptions, access: number, out: Record<string, unknown>): void {
  if (access >= ACCESS.maintainer) {
    // Exposed with the admin_project permission (Premium adds the mirror and approval settings).
    Object.assign(out, {
      runners_token: runnersToken(p.id, state.secretSalt),
      approvals_before_merge: 0,
      mirror: p.mirror ?? false,
      mirror_user_id: p.mirror ? p.creatorId : null,
      mirror_trigger_builds: false,
      only_mirror_protected_branches: false,
      mirror_overwrites_diverged_branches: false,
      service_desk_address: null,
    });
  }
  if (opts.user?.admin) out.repository_storage = 'default';
  if (p.markedForDeletionOn) {
    out.marked_for_deletion_at = p.markedForDeletionOn;
    out.marked_for_deletion_on = p.markedForDeletionOn;
  }
  if (opts.statistics && access >= ACCESS.reporter) out.statistics = projectStatistics(p);
  if (opts.customAttributes && opts.user?.admin) {
    out.custom_attributes = Object.entries(p.customAttributes ?? {}).map(([key, value]) => ({ key, value }));
  }
}
