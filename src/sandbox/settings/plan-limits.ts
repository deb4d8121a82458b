// Plan limits of spec part 1 §2.6 with the values of shared/realdata/plan_limits/get.json.

/** The integer limits of spec §2.6, in the order of the real GET answer. */
export const PLAN_LIMIT_KEYS = Object.keys(defaultPlanLimits());


/** The PUT answer leaves these out (spec §2.6). */
export const OMITTED_FROM_PUT = new Set(['enforcement_limit', 'notification_limit', 'storage_size_limit']);

export function defaultPlanLimits(): Record<string, number> {
  return {
    ci_instance_level_variables: 25,
    ci_pipeline_size: 0,
    ci_active_jobs: 0,
    ci_project_subscriptions: 2,
    ci_pipeline_schedules: 10,
    ci_needs_size_limit: 50,
    ci_registered_group_runners: 1000,
    ci_registered_project_runners: 1000,
    dotenv_size: 5120,
    dotenv_variables: 20,
    conan_max_file_size: 3221225472,
    enforcement_limit: 0,
    generic_packages_max_file_size: 5368709120,
    helm_max_file_size: 5242880,
    notification_limit: 0,
    maven_max_file_size: 3221225472,
    npm_max_file_size: 524288000,
    nuget_max_file_size: 524288000,
    pypi_max_file_size: 3221225472,
    terraform_module_max_file_size: 1073741824,
    storage_size_limit: 0,
  };
}
