# fish completion for forgectl. Generated from the command tree by `npm run docs`; do not edit by hand.
# Install: copy to ~/.config/fish/completions/forgectl.fish

function __forgectl_takes_value
    switch "$argv[1]|$argv[2]"
        case 'state export|-f' 'state export|--file' 'state export|--only' 'state export|--plans' 'state export|--groups' 'state export|--only-managed' 'state plan|-f' 'state plan|--file' 'state plan|--replace' 'state plan|--out' 'state apply|-f' 'state apply|--file' 'state apply|--plan' 'state apply|--replace' 'settings set|-f' 'settings set|--file' 'settings diff|-f' 'settings diff|--file' 'plan-limits get|--plan' 'plan-limits set|--plan' 'hooks create|--url' 'hooks create|--name' 'hooks create|--description' 'hooks test|--url' 'hooks delete|--url' 'broadcast create|--message' 'broadcast create|--starts-at' 'broadcast create|--ends-at' 'broadcast create|--duration' 'broadcast create|--font' 'broadcast create|--target-access-levels' 'broadcast create|--target-path' 'broadcast create|--type' 'broadcast create|--theme' 'broadcast update|--message' 'broadcast update|--starts-at' 'broadcast update|--ends-at' 'broadcast update|--duration' 'broadcast update|--font' 'broadcast update|--target-access-levels' 'broadcast update|--target-path' 'broadcast update|--type' 'broadcast update|--theme' 'broadcast delete|--message' 'token list|--user' 'token list|--state' 'token list|--revoked' 'token list|--search' 'token list|--created-after' 'token list|--created-before' 'token list|--last-used-after' 'token list|--last-used-before' 'token list|--expiring-within' 'token list|--unused-for' 'token list|--scope' 'token audit|--expiring-within' 'token audit|--unused-for' 'token audit|--fail-on' 'token audit|--user' 'token audit|--exclude-user' 'token create|--user' 'token create|--name' 'token create|--scope' 'token create|--expires-in' 'token create|--expires-at' 'token create|--description' 'token create|--secrets-to' 'token rotate|--expires-at' 'token rotate|--expires-in' 'token rotate|--where' 'token rotate|--user' 'token rotate|--exclude-user' 'token rotate|--secrets-to' 'token rotate|--own-token' 'token revoke|--where' 'token revoke|--user' 'token revoke|--exclude-user' 'token revoke|--own-token' 'users list|--search' 'migrate start|--source-url' 'migrate start|--source-token-env' 'migrate start|--source-profile' 'migrate start|--source-ca-file' 'migrate start|--entity' 'migrate start|-f' 'migrate start|--file' 'migrate start|--interval' 'migrate start|--watch-timeout' 'migrate check|--source-url' 'migrate check|--source-token-env' 'migrate check|--source-profile' 'migrate check|--source-ca-file' 'migrate check|--entity' 'migrate check|-f' 'migrate check|--file' 'migrate list|--status' 'migrate list|--sort' 'migrate entities|--status' 'migrate entities|--sort' 'migrate verify|--source-url' 'migrate verify|--source-token-env' 'migrate verify|--source-profile' 'migrate verify|--source-ca-file' 'migrate watch|--interval' 'migrate watch|--timeout' 'envs protect|--deploy' 'envs protect|--approval' 'envs update|--add-deploy' 'envs update|--change-deploy' 'envs update|--remove-deploy' 'envs update|--add-approval' 'envs update|--change-approval' 'envs update|--remove-approval' 'envs update|--required-approval-count' 'envs apply|-f' 'envs apply|--file' 'mr list|--project' 'mr list|--state' 'mr list|--scope' 'mr list|--order-by' 'mr list|--sort' 'mr list|--labels' 'mr list|--not-labels' 'mr list|--milestone' 'mr list|--not-milestone' 'mr list|--author' 'mr list|--author-id' 'mr list|--author-username' 'mr list|--not-author' 'mr list|--assignee' 'mr list|--assignee-id' 'mr list|--assignee-username' 'mr list|--not-assignee' 'mr list|--reviewer' 'mr list|--reviewer-id' 'mr list|--reviewer-username' 'mr list|--not-reviewer' 'mr list|--my-reaction-emoji' 'mr list|--not-my-reaction-emoji' 'mr list|--approved-by-ids' 'mr list|--approver-ids' 'mr list|--approved' 'mr list|--created-after' 'mr list|--created-before' 'mr list|--updated-after' 'mr list|--updated-before' 'mr list|--deployed-after' 'mr list|--deployed-before' 'mr list|--environment' 'mr list|--in' 'mr list|--iids' 'mr list|--search' 'mr list|--source-branch' 'mr list|--target-branch' 'mr list|--view' 'mr list|--wip' 'mr update|--title' 'mr update|--description' 'mr update|--description-file' 'mr update|--labels' 'mr update|--add-labels' 'mr update|--remove-labels' 'mr update|--assignee' 'mr update|--assignees' 'mr update|--reviewers' 'mr update|--milestone' 'mr update|--target-branch' 'mr merge|--sha' 'mr merge|--message' 'mr merge|--squash-message' 'mr train list|--branch' 'mr train list|--scope' 'mr train list|--sort' 'mr train add|--sha' 'discussion list|--type' 'discussion get|--type' 'discussion create|--type' 'discussion create|--body' 'discussion create|--body-file' 'discussion create|--created-at' 'discussion reply|--type' 'discussion reply|--body' 'discussion reply|--body-file' 'discussion reply|--created-at' 'discussion reply|--note-id' 'discussion edit|--type' 'discussion edit|--body' 'discussion edit|--body-file' 'discussion delete-note|--type' 'epic list|--author-id' 'epic list|--author' 'epic list|--labels' 'epic list|--order-by' 'epic list|--sort' 'epic list|--search' 'epic list|--state' 'epic list|--created-after' 'epic list|--created-before' 'epic list|--updated-after' 'epic list|--updated-before' 'epic list|--my-reaction-emoji' 'epic list|--not-author-id' 'epic list|--not-author' 'epic list|--not-labels' 'epic create|--title' 'epic create|--labels' 'epic create|--created-at' 'epic create|--description' 'epic create|--description-file' 'epic create|--color' 'epic create|--start-date-fixed' 'epic create|--due-date-fixed' 'epic create|--parent-id' 'epic update|--title' 'epic update|--labels' 'epic update|--add-labels' 'epic update|--remove-labels' 'epic update|--state-event' 'epic update|--updated-at' 'epic update|--description' 'epic update|--description-file' 'epic update|--color' 'epic update|--start-date-fixed' 'epic update|--due-date-fixed' 'epic update|--parent-id' 'events list|--user' 'events list|--project' 'events list|--scope' 'events list|--action' 'events list|--target-type' 'events list|--before' 'events list|--after' 'events list|--sort' 'notify get|--group' 'notify get|--project' 'notify set|--group' 'notify set|--project' 'notify set|--level' 'notify set|--email' 'notify set|--on' 'notify set|--off' 'wiki get|--version' 'wiki create|--title' 'wiki create|--content' 'wiki create|--file' 'wiki create|--format' 'wiki update|--title' 'wiki update|--content' 'wiki update|--file' 'wiki update|--format' 'wiki upload|--branch' 'alerts send|--url' 'alerts send|--auth' 'alerts send|-f' 'alerts send|--file' 'alerts send|--title' 'alerts send|--description' 'alerts send|--severity' 'alerts send|--service' 'alerts send|--monitoring-tool' 'alerts send|--hosts' 'alerts send|--fingerprint' 'alerts send|--start-time' 'alerts send|--end-time' 'alerts send|--environment' 'alerts send|--field' 'alerts resolve|--url' 'alerts resolve|--auth' 'alerts resolve|--fingerprint' 'alerts resolve|--end-time' 'analytics|--only' 'releases list|--sort' 'projects list|--user' 'projects list|--id-after' 'projects list|--id-before' 'projects list|--last-activity-after' 'projects list|--last-activity-before' 'projects list|--min-access-level' 'projects list|--order-by' 'projects list|--repository-storage' 'projects list|--search' 'projects list|--sort' 'projects list|--topic' 'projects list|--topic-id' 'projects list|--updated-after' 'projects list|--updated-before' 'projects list|--visibility' 'projects list|--with-programming-language' 'projects list|--custom-attribute' 'profile add|--url' 'profile add|--token' 'profile add|--token-command' 'profile add|--storage' 'profile add|--token-type' 'profile add|--sudo' 'profile add|--ca-file' 'profile add|--client-cert' 'profile add|--client-key' 'profile login|--token-command' 'profile login|--storage' 'profile set-token|--token' 'api|-X' 'api|--method' 'api|-f' 'api|--raw-field' 'api|-F' 'api|--field' 'api|--input' 'api|-H' 'api|--header' 'sandbox|--port' 'sandbox|--host' 'sandbox|--seed' 'sandbox|--latency' 'sandbox|--fault' 'sandbox|--extra-projects' 'sandbox|--extra-tokens' 'sandbox|--extra-token-owners' 'sandbox|--clock-speed' 'sandbox|--setting-names' '*|-p' '*|--profile' '*|--profiles' '*|--fleet-concurrency' '*|--url' '*|--token' '*|--token-type' '*|--sudo' '*|-o' '*|--output' '*|--fields' '*|--page' '*|--per-page' '*|--limit' '*|--timeout' '*|--retries' '*|--ca-file' '*|--client-cert' '*|--client-key' '*|--config-dir' '*|--inventory'
            return 0
    end
    return 1
end

function __forgectl_alias
    switch "$argv[1]|$argv[2]"
        case 'hooks|ls'
            echo 'list'
        case 'broadcast|ls'
            echo 'list'
        case 'token|ls'
            echo 'list'
        case 'users|ls'
            echo 'list'
        case 'migrate|ls'
            echo 'list'
        case 'envs|ls'
            echo 'list'
        case 'mr|ls'
            echo 'list'
        case 'mr|show'
            echo 'view'
        case 'discussion|ls'
            echo 'list'
        case 'epic|ls'
            echo 'list'
        case 'events|ls'
            echo 'list'
        case 'iteration-events|ls'
            echo 'list'
        case 'wiki|ls'
            echo 'list'
        case 'releases|ls'
            echo 'list'
        case 'projects|ls'
            echo 'list'
        case 'profile|ls'
            echo 'list'
        case 'profile|rm'
            echo 'remove'
        case '*'
            echo $argv[2]
    end
end

function __forgectl_children
    switch "$argv[1]"
        case ''
            echo state settings plan-limits hooks broadcast token users migrate envs mr discussion epic events iteration-events notify wiki alerts analytics releases dashboards projects profile api sandbox licenses completion man help
        case 'state'
            echo export plan apply show schema
        case 'settings'
            echo get set diff
        case 'plan-limits'
            echo get set
        case 'hooks'
            echo list get create test delete
        case 'broadcast'
            echo list get create update delete
        case 'token'
            echo list audit get self create rotate revoke
        case 'users'
            echo list get
        case 'migrate'
            echo start check list get entities entity failures verify watch
        case 'migrate entity'
            echo get
        case 'envs'
            echo list get protect update unprotect apply
        case 'mr'
            echo list view update close reopen merge delete train
        case 'mr train'
            echo list status add
        case 'discussion'
            echo list get create reply edit delete-note
        case 'epic'
            echo list get create update close reopen
        case 'events'
            echo list
        case 'iteration-events'
            echo list get
        case 'notify'
            echo get set
        case 'wiki'
            echo list get create update delete upload
        case 'alerts'
            echo send resolve
        case 'releases'
            echo list
        case 'dashboards'
            echo star unstar
        case 'projects'
            echo list
        case 'profile'
            echo add login list show schema use set-storage set-token remove
    end
end

# Prints the command path typed so far ("token rotate") and, on a second line, the number of positionals.
function __forgectl_walk
    set -l words (commandline -opc)
    set -l cmdpath ''
    set -l positionals 0
    set -l skip 0
    for w in $words[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $w
            case '--*=*'
            case '-*'
                if __forgectl_takes_value "$cmdpath" $w
                    set skip 1
                end
            case '*'
                set -l child (__forgectl_alias "$cmdpath" $w)
                if contains -- $child (string split ' ' -- (__forgectl_children "$cmdpath"))
                    set cmdpath (string trim -- "$cmdpath $child")
                else
                    set positionals (math $positionals + 1)
                end
        end
    end
    echo $cmdpath
    echo $positionals
end

function __forgectl_at
    set -l walked (__forgectl_walk)
    test "$walked[1]" = "$argv[1]"
end

# True when the word being completed is positional argument N (from 0), or any after it with +.
function __forgectl_positional
    set -l walked (__forgectl_walk)
    if test "$argv[2]" = +
        test "$walked[2]" -ge $argv[1]
    else
        test "$walked[2]" = $argv[1]
    end
end

# KEY=VALUE: the current word's KEY with each value it can take.
function __forgectl_assign_values
    set -l key (string split -m1 = -- (commandline -ct))[1]
    set -l values
    switch "$argv[1]|$key"
        case 'settings set|signup_enabled'
            set values true false
        case 'settings set|password_authentication_enabled_for_web'
            set values true false
        case 'settings set|user_oauth_applications'
            set values true false
        case 'settings set|domain_denylist_enabled'
            set values true false
        case 'settings set|gravatar_enabled'
            set values true false
        case 'settings set|container_expiration_policies_enable_historic_entries'
            set values true false
        case 'settings set|container_registry_expiration_policies_caching'
            set values true false
        case 'settings set|enforce_terms'
            set values true false
        case 'settings set|user_show_add_ssh_key_message'
            set values true false
        case 'settings set|allow_account_deletion'
            set values true false
        case 'settings set|updating_name_disabled_for_users'
            set values true false
        case 'settings set|allow_local_requests_from_web_hooks_and_services'
            set values true false
        case 'settings set|allow_local_requests_from_system_hooks'
            set values true false
        case 'settings set|asset_proxy_enabled'
            set values true false
        case 'settings set|require_admin_approval_after_user_signup'
            set values true false
        case 'settings set|require_personal_access_token_expiry'
            set values true false
        case 'settings set|keep_latest_artifact'
            set values true false
        case 'settings set|admin_mode'
            set values true false
        case 'settings set|cohort_tracking_enabled'
            set values true false
        case 'settings set|silent_mode_enabled'
            set values true false
        case 'settings set|package_registry_allow_anyone_to_pull_option'
            set values true false
        case 'settings set|silent_admin_exports_enabled'
            set values true false
        case 'settings set|can_create_group'
            set values true false
        case 'settings set|user_defaults_to_private_profile'
            set values true false
        case 'settings set|external_authorization_service_enabled'
            set values true false
        case 'settings set|jira_connect_public_key_storage_enabled'
            set values true false
        case 'settings set|plantuml_enabled'
            set values true false
        case 'settings set|kroki_enabled'
            set values true false
        case 'settings set|diagramsnet_enabled'
            set values true false
        case 'settings set|maven_package_requests_forwarding'
            set values true false
        case 'settings set|npm_package_requests_forwarding'
            set values true false
        case 'settings set|pypi_package_requests_forwarding'
            set values true false
        case 'settings set|notify_on_unknown_sign_in'
            set values true false
        case 'settings set|email_restrictions_enabled'
            set values true false
        case 'settings set|akismet_enabled'
            set values true false
        case 'settings set|allow_group_owners_to_manage_ldap'
            set values true false
        case 'settings set|allow_runner_registration_token'
            set values true false
        case 'settings set|throttle_unauthenticated_api_enabled'
            set values true false
        case 'settings set|throttle_unauthenticated_packages_api_enabled'
            set values true false
        case 'settings set|throttle_unauthenticated_web_enabled'
            set values true false
        case 'settings set|time_tracking_limit_to_hours'
            set values true false
        case 'settings set|unique_ips_limit_enabled'
            set values true false
        case 'settings set|update_runner_versions_enabled'
            set values true false
        case 'settings set|usage_ping_enabled'
            set values true false
        case 'settings set|use_clickhouse_for_analytics'
            set values true false
        case 'settings set|include_optional_metrics_in_service_ping'
            set values true false
        case 'settings set|user_deactivation_emails_enabled'
            set values true false
        case 'settings set|user_default_external'
            set values true false
        case 'settings set|version_check_enabled'
            set values true false
        case 'settings set|duo_features_enabled'
            set values true false
        case 'settings set|lock_duo_features_enabled'
            set values true false
        case 'settings set|package_skip_metadata_url_validation'
            set values true false
        case 'settings set|delete_inactive_projects'
            set values true false
        case 'settings set|housekeeping_enabled'
            set values true false
        case 'settings set|require_two_factor_authentication'
            set values true false
        case 'settings set|delete_unconfirmed_users'
            set values true false
        case 'settings set|group_owners_can_manage_default_branch_protection'
            set values true false
        case 'settings set|default_project_deletion_protection'
            set values true false
        case 'settings set|disable_personal_access_tokens'
            set values true false
        case 'settings set|security_policy_global_group_approvers_enabled'
            set values true false
        case 'settings set|allow_all_integrations'
            set values true false
        case 'settings set|floc_enabled'
            set values true false
        case 'settings set|first_day_of_week'
            set values 0 1 6
        case 'settings set|bulk_import_enabled'
            set values true false
        case 'settings set|default_snippet_visibility'
            set values private internal public
        case 'settings set|default_project_visibility'
            set values private internal public
        case 'settings set|default_group_visibility'
            set values private internal public
        case 'settings set|whats_new_variant'
            set values all_tiers current_tier disabled
        case 'settings set|avatar_lookup_enabled'
            set values true false
        case 'settings set|spam_service_enabled'
            set values true false
        case 'settings set|use_columnar_store_for_analytics'
            set values true false
        case 'settings set|ai_features_enabled'
            set values true false
        case 'settings set|lock_ai_features_enabled'
            set values true false
    end
    for v in $values
        echo "$key=$v"
    end
end

# The one source of profile names: the config directory's, or the --inventory file's the line names.
# For --profiles a,b,…: each name after the ones already typed.
function __forgectl_profiles
    set -l before (string match -r -- '^[^=]*,' (commandline -ct))
    set -l words (commandline -opc)
    set -l from
    for i in (seq (count $words))
        switch $words[$i]
            case --inventory --config-dir
                set -l j (math $i + 1)
                test $j -le (count $words); and set from $from $words[$i] $words[$j]
            case '--inventory=*' '--config-dir=*'
                set from $from $words[$i]
        end
    end
    for name in (command forgectl profile list --fields name $from 2>/dev/null)
        echo "$before$name"
    end
end
# The -o formats of the command typed so far: only those it takes.
function __forgectl_formats
    switch (__forgectl_walk)[1]
        case 'state export' 'state schema' 'profile schema' 'profile use' 'profile set-storage' 'profile remove' 'licenses' 'completion' 'man'
            true
        case 'state plan' 'state show' 'migrate check' 'migrate verify'
            printf '%s\n' table json yaml ndjson csv markdown
        case 'state apply' 'settings get' 'settings set' 'settings diff' 'plan-limits get' 'plan-limits set' 'hooks list' 'hooks get' 'hooks create' 'hooks test' 'hooks delete' 'broadcast list' 'broadcast get' 'broadcast create' 'broadcast update' 'broadcast delete' 'token list' 'token audit' 'token get' 'token self' 'token create' 'token rotate' 'token revoke' 'users list' 'users get' 'migrate start' 'migrate list' 'migrate get' 'migrate entities' 'migrate entity get' 'migrate failures' 'migrate watch' 'envs list' 'envs get' 'envs protect' 'envs update' 'envs unprotect' 'envs apply' 'mr list' 'mr view' 'mr update' 'mr close' 'mr reopen' 'mr merge' 'mr delete' 'mr train list' 'mr train status' 'mr train add' 'discussion list' 'discussion get' 'discussion create' 'discussion reply' 'discussion edit' 'discussion delete-note' 'epic list' 'epic get' 'epic create' 'epic update' 'epic close' 'epic reopen' 'events list' 'iteration-events list' 'iteration-events get' 'notify get' 'notify set' 'wiki list' 'wiki get' 'wiki create' 'wiki update' 'wiki delete' 'wiki upload' 'alerts send' 'alerts resolve' 'analytics' 'releases list' 'dashboards star' 'dashboards unstar' 'projects list' 'profile add' 'profile login' 'profile list' 'profile show' 'profile set-token' 'api' 'sandbox' 'help'
            printf '%s\n' table json yaml ndjson csv
        case '*'
            printf '%s\n' table json yaml ndjson csv markdown
    end
end

complete -c forgectl -f
complete -c forgectl -n '__forgectl_at \'\'' -a state -d 'The instance as code: export its configuration to a file, plan and apply changes'
complete -c forgectl -n '__forgectl_at \'\'' -a settings -d 'Read, change and compare the instance’s application settings (administrators)'
complete -c forgectl -n '__forgectl_at \'\'' -a plan-limits -d 'Read and change the limits of a plan (administrators)'
complete -c forgectl -n '__forgectl_at \'\'' -a hooks -d 'Manage system hooks: server-wide event deliveries (administrators)'
complete -c forgectl -n '__forgectl_at \'\'' -a broadcast -d 'Manage broadcast messages shown to the instance’s users'
complete -c forgectl -n '__forgectl_at \'\'' -a token -d 'List, inspect, create, rotate and revoke personal access tokens'
complete -c forgectl -n '__forgectl_at \'\'' -a users -d 'List and show user accounts (read-only)'
complete -c forgectl -n '__forgectl_at \'\'' -a migrate -d 'Migrate groups and projects from another instance by direct transfer'
complete -c forgectl -n '__forgectl_at \'\'' -a envs -d 'Group-level protected environments: who may deploy and who must approve'
complete -c forgectl -n '__forgectl_at \'\'' -a mr -d 'Find, update, merge and queue merge requests'
complete -c forgectl -n '__forgectl_at \'\'' -a discussion -d 'Threads and comments on issues, snippets and epics'
complete -c forgectl -n '__forgectl_at \'\'' -a epic -d 'Epics of a group'
complete -c forgectl -n '__forgectl_at \'\'' -a events -d 'Read the activity feed of you, a user or a project'
complete -c forgectl -n '__forgectl_at \'\'' -a iteration-events -d 'Iteration changes of an issue'
complete -c forgectl -n '__forgectl_at \'\'' -a notify -d 'Read and change your notification settings'
complete -c forgectl -n '__forgectl_at \'\'' -a wiki -d 'Manage the wiki pages of a group'
complete -c forgectl -n '__forgectl_at \'\'' -a alerts -d 'Send and resolve alerts through a project’s alert integration'
complete -c forgectl -n '__forgectl_at \'\'' -a analytics -d 'Recent activity counts of a group: issues, merge requests, new members'
complete -c forgectl -n '__forgectl_at \'\'' -a releases -d 'Releases of the projects in a group'
complete -c forgectl -n '__forgectl_at \'\'' -a dashboards -d 'Star and unstar metrics dashboards'
complete -c forgectl -n '__forgectl_at \'\'' -a projects -d 'List projects visible to you or owned by a user'
complete -c forgectl -n '__forgectl_at \'\'' -a profile -d 'Manage credential profiles (instance URL, token, TLS options)'
complete -c forgectl -n '__forgectl_at \'\'' -a api -d 'Send a request to any API endpoint and print the answer'
complete -c forgectl -n '__forgectl_at \'\'' -a sandbox -d 'Run a local simulator of the API, for trying commands and testing scripts offline'
complete -c forgectl -n '__forgectl_at \'\'' -a licenses -d 'Print the licences of forgectl and of the software it includes'
complete -c forgectl -n '__forgectl_at \'\'' -a completion -d 'Print the tab-completion script for bash, zsh or fish'
complete -c forgectl -n '__forgectl_at \'\'' -a man -d 'Show the manual page of forgectl or of a command group'
complete -c forgectl -n '__forgectl_at \'\'' -a help -d 'Show the help of a command'
complete -c forgectl -n '__forgectl_at \'state\'' -a export -d 'Print the instance’s configuration as a file that `state plan` reads back as no change'
complete -c forgectl -n '__forgectl_at \'state\'' -a plan -d 'Show what `state apply` would change (sends nothing but reads)'
complete -c forgectl -n '__forgectl_at \'state\'' -a apply -d 'Make the instance match the file: shows the plan, asks (--yes in scripts), applies'
complete -c forgectl -n '__forgectl_at \'state\'' -a show -d 'Print a plan saved by `state plan --out` as it will run (sends no request, needs no profile)'
complete -c forgectl -n '__forgectl_at \'state\'' -a schema -d 'Print the JSON Schema of the instance file (for editors)'
complete -c forgectl -n '__forgectl_at \'settings\'' -a get -d 'Show the application settings, or only the named ones (secrets masked)'
complete -c forgectl -n '__forgectl_at \'settings\'' -a set -d 'Change settings: KEY=VALUE arguments and/or a YAML or JSON file'
complete -c forgectl -n '__forgectl_at \'settings\'' -a diff -d 'Compare the instance’s settings with a YAML or JSON file'
complete -c forgectl -n '__forgectl_at \'plan-limits\'' -a get -d 'Show the limits of a plan'
complete -c forgectl -n '__forgectl_at \'plan-limits\'' -a set -d 'Change limits of a plan: KEY=VALUE with non-negative integers, sizes with units'
complete -c forgectl -n '__forgectl_at \'hooks\'' -a list -d 'List system hooks'
complete -c forgectl -n '__forgectl_at \'hooks\'' -a get -d 'Show one system hook'
complete -c forgectl -n '__forgectl_at \'hooks\'' -a create -d 'Add a system hook'
complete -c forgectl -n '__forgectl_at \'hooks\'' -a test -d 'Run a hook with mock data and print the delivery the service sent'
complete -c forgectl -n '__forgectl_at \'hooks\'' -a delete -d 'Delete a system hook (asks first; --yes in scripts)'
complete -c forgectl -n '__forgectl_at \'broadcast\'' -a list -d 'List broadcast messages (no credentials needed)'
complete -c forgectl -n '__forgectl_at \'broadcast\'' -a get -d 'Show one broadcast message (no credentials needed)'
complete -c forgectl -n '__forgectl_at \'broadcast\'' -a create -d 'Create a broadcast message (administrators)'
complete -c forgectl -n '__forgectl_at \'broadcast\'' -a update -d 'Change a broadcast message (administrators); nothing is defaulted'
complete -c forgectl -n '__forgectl_at \'broadcast\'' -a delete -d 'Delete a broadcast message (asks first; --yes in scripts)'
complete -c forgectl -n '__forgectl_at \'token\'' -a list -d 'List personal access tokens (administrators see every user’s)'
complete -c forgectl -n '__forgectl_at \'token\'' -a audit -d 'Find tokens that need attention: no expiry, expiring, unused, broad; grouped by owner'
complete -c forgectl -n '__forgectl_at \'token\'' -a get -d 'Show one token'
complete -c forgectl -n '__forgectl_at \'token\'' -a self -d 'Show the token in use'
complete -c forgectl -n '__forgectl_at \'token\'' -a create -d 'Make a personal access token for a user (administrators); the secret is printed once'
complete -c forgectl -n '__forgectl_at \'token\'' -a rotate -d 'Rotate a token: the service revokes it and issues a new secret, printed once'
complete -c forgectl -n '__forgectl_at \'token\'' -a revoke -d 'Revoke tokens by id, or every token with a finding (asks first; --yes in scripts)'
complete -c forgectl -n '__forgectl_at \'users\'' -a list -d 'List users (administrators see every field and may filter by --admins)'
complete -c forgectl -n '__forgectl_at \'users\'' -a get -d 'Show one user by id or username'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a start -d 'Start a migration from --entity flags, a plan file, or (on a terminal) a wizard'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a check -d 'Check that a migration can start, and count what will move (sends no write)'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a list -d 'List your migrations'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a get -d 'Show one migration'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a entities -d 'List the entities of a migration (of all your migrations without ID)'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a entity -d 'One entity of a migration'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a failures -d 'Show the failure records of one entity, or of every entity of a migration'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a verify -d 'Check that everything of a migration arrived: source and destination compared, entity by entity'
complete -c forgectl -n '__forgectl_at \'migrate\'' -a watch -d 'Follow a migration until every entity ended'
complete -c forgectl -n '__forgectl_at \'migrate entity\'' -a get -d 'Show one entity of a migration: status, source → destination, failures'
complete -c forgectl -n '__forgectl_at \'envs\'' -a list -d 'List the protected environments of a group'
complete -c forgectl -n '__forgectl_at \'envs\'' -a get -d 'Show one protected environment'
complete -c forgectl -n '__forgectl_at \'envs\'' -a protect -d 'Protect a tier: who may deploy, who must approve'
complete -c forgectl -n '__forgectl_at \'envs\'' -a update -d 'Add, change or remove deploy entries and approval rules'
complete -c forgectl -n '__forgectl_at \'envs\'' -a unprotect -d 'Remove the protection of a tier (asks first; --yes in scripts)'
complete -c forgectl -n '__forgectl_at \'envs\'' -a apply -d 'Make a group’s protected environments match a file'
complete -c forgectl -n '__forgectl_at \'mr\'' -a list -d 'List merge requests: across projects only yours unless --scope all, or in one project'
complete -c forgectl -n '__forgectl_at \'mr\'' -a view -d 'Show one merge request: state, branches, author, merge status, pipeline'
complete -c forgectl -n '__forgectl_at \'mr\'' -a update -d 'Change a merge request’s title, description, labels, people, milestone or options'
complete -c forgectl -n '__forgectl_at \'mr\'' -a close -d 'Close a merge request'
complete -c forgectl -n '__forgectl_at \'mr\'' -a reopen -d 'Reopen a closed merge request'
complete -c forgectl -n '__forgectl_at \'mr\'' -a merge -d 'Merge a merge request, now or when its pipeline succeeds'
complete -c forgectl -n '__forgectl_at \'mr\'' -a delete -d 'Delete a merge request for good (administrators and project owners)'
complete -c forgectl -n '__forgectl_at \'mr\'' -a train -d 'Merge trains: list them, see an entry, queue a merge request (Premium)'
complete -c forgectl -n '__forgectl_at \'mr train\'' -a list -d 'List the merge trains of a project, or of one target branch'
complete -c forgectl -n '__forgectl_at \'mr train\'' -a status -d 'Show the merge train entry of a merge request'
complete -c forgectl -n '__forgectl_at \'mr train\'' -a add -d 'Add a merge request to the merge train of its target branch'
complete -c forgectl -n '__forgectl_at \'discussion\'' -a list -d 'List the discussions of an item as a tree of notes'
complete -c forgectl -n '__forgectl_at \'discussion\'' -a get -d 'Show one discussion'
complete -c forgectl -n '__forgectl_at \'discussion\'' -a create -d 'Start a thread'
complete -c forgectl -n '__forgectl_at \'discussion\'' -a reply -d 'Add a note to a discussion'
complete -c forgectl -n '__forgectl_at \'discussion\'' -a edit -d 'Change the text of a note'
complete -c forgectl -n '__forgectl_at \'discussion\'' -a delete-note -d 'Delete a note'
complete -c forgectl -n '__forgectl_at \'epic\'' -a list -d 'List the epics of a group (and, by default, its subgroups)'
complete -c forgectl -n '__forgectl_at \'epic\'' -a get -d 'Show one epic'
complete -c forgectl -n '__forgectl_at \'epic\'' -a create -d 'Create an epic'
complete -c forgectl -n '__forgectl_at \'epic\'' -a update -d 'Change an epic (at least one change)'
complete -c forgectl -n '__forgectl_at \'epic\'' -a close -d 'Close an epic'
complete -c forgectl -n '__forgectl_at \'epic\'' -a reopen -d 'Reopen an epic'
complete -c forgectl -n '__forgectl_at \'events\'' -a list -d 'List activity events (newest first)'
complete -c forgectl -n '__forgectl_at \'iteration-events\'' -a list -d 'List the iteration events of an issue'
complete -c forgectl -n '__forgectl_at \'iteration-events\'' -a get -d 'Show one iteration event'
complete -c forgectl -n '__forgectl_at \'notify\'' -a get -d 'Show your notification level (and events when custom)'
complete -c forgectl -n '__forgectl_at \'notify\'' -a set -d 'Change your notification level, email or events'
complete -c forgectl -n '__forgectl_at \'wiki\'' -a list -d 'List the pages of a group wiki'
complete -c forgectl -n '__forgectl_at \'wiki\'' -a get -d 'Show one wiki page'
complete -c forgectl -n '__forgectl_at \'wiki\'' -a create -d 'Create a wiki page'
complete -c forgectl -n '__forgectl_at \'wiki\'' -a update -d 'Change a wiki page’s title, content or format'
complete -c forgectl -n '__forgectl_at \'wiki\'' -a delete -d 'Delete a wiki page'
complete -c forgectl -n '__forgectl_at \'wiki\'' -a upload -d 'Upload a file to the wiki and print its markdown link'
complete -c forgectl -n '__forgectl_at \'alerts\'' -a send -d 'Send an alert (or a metrics-alerting batch) to an integration’s alert URL'
complete -c forgectl -n '__forgectl_at \'alerts\'' -a resolve -d 'Resolve the open alert with a fingerprint (sends the resolving payload)'
complete -c forgectl -n '__forgectl_at \'releases\'' -a list -d 'List the releases of a group’s projects, newest first'
complete -c forgectl -n '__forgectl_at \'dashboards\'' -a star -d 'Star a metrics dashboard of a project'
complete -c forgectl -n '__forgectl_at \'dashboards\'' -a unstar -d 'Unstar one dashboard, or every dashboard of the project with --all'
complete -c forgectl -n '__forgectl_at \'projects\'' -a list -d 'List projects (every filter of the API as a flag)'
complete -c forgectl -n '__forgectl_at \'profile\'' -a add -d 'Add or replace a profile, verifying its token first'
complete -c forgectl -n '__forgectl_at \'profile\'' -a login -d 'Add a profile interactively (URL, token type, hidden token prompt)'
complete -c forgectl -n '__forgectl_at \'profile\'' -a list -d 'List profiles: who each token is (as last verified), whether an administrator’s, where it lives; offline'
complete -c forgectl -n '__forgectl_at \'profile\'' -a show -d 'Show a profile (default: the one in use); the token is masked'
complete -c forgectl -n '__forgectl_at \'profile\'' -a schema -d 'Print the JSON Schema of an inventory file (--inventory), for editors'
complete -c forgectl -n '__forgectl_at \'profile\'' -a use -d 'Make a profile the default'
complete -c forgectl -n '__forgectl_at \'profile\'' -a set-storage -d 'Move a profile’s token to the system credential store (keyring) or to config.json (file)'
complete -c forgectl -n '__forgectl_at \'profile\'' -a set-token -d 'Replace a profile’s token, verifying it first; the profile keeps its other settings'
complete -c forgectl -n '__forgectl_at \'profile\'' -a remove -d 'Remove a profile and its stored token'
complete -c forgectl -n '__forgectl_at \'state export\'' -s f -l file -r -F -d 'write the file here (whole or not at all) instead of standard output; a regular file or a link to one; {profile} is the profile in use (required over several instances)'
complete -c forgectl -n '__forgectl_at \'state export\'' -l only -x -a 'settings plan_limits system_hooks broadcast_messages notification_settings groups' -d 'export only these sections (comma-separated)'
complete -c forgectl -n '__forgectl_at \'state export\'' -l plans -x -d 'export the limits of these plans too (comma-separated; default is always exported)'
complete -c forgectl -n '__forgectl_at \'state export\'' -l groups -x -d 'export these groups (comma-separated paths)'
complete -c forgectl -n '__forgectl_at \'state export\'' -l all-groups -d 'export every group of the instance (read in parallel)'
complete -c forgectl -n '__forgectl_at \'state export\'' -l include-ended -d 'also export broadcasts that have ended (left out by default: applied elsewhere they would create an expired banner)'
complete -c forgectl -n '__forgectl_at \'state export\'' -l only-managed -r -F -d 'export only the keys and items this state file manages, with the instance\'s values (references kept from the file)'
complete -c forgectl -n '__forgectl_at \'state plan\'' -s f -l file -r -F -d 'YAML file of the instance as it should be, - for standard input; repeatable: later files override earlier ones key by key, {profile} is the profile in use, a leading ? lets the file be missing'
complete -c forgectl -n '__forgectl_at \'state plan\'' -l prune -d 'also delete what the file does not name: hooks, broadcasts, and the protected environments of the groups it lists'
complete -c forgectl -n '__forgectl_at \'state plan\'' -l replace -x -d 'replace this hook of the file although nothing compared differs (its token is never compared): sends its token anew, as after rotating the secret; repeatable, e.g. \'system_hooks[https://ci.example.com/events]\''
complete -c forgectl -n '__forgectl_at \'state plan\'' -l out -r -F -d 'also save the plan document (JSON, no secret values) for `state apply --plan`; - prints it on standard output (the text then goes to standard error); a regular file or a link to one; {profile} is the profile in use (required over several instances)'
complete -c forgectl -n '__forgectl_at \'state plan\'' -l no-secrets -d 'compare everything but secret-bearing fields; their references are not resolved'
complete -c forgectl -n '__forgectl_at \'state plan\'' -l exit-code -d 'exit 5 when there are changes'
complete -c forgectl -n '__forgectl_at \'state plan\'' -l strict -d 'refuse settings forgectl does not know'
complete -c forgectl -n '__forgectl_at \'state plan\'' -l allow-unknown -d 'send a name close to a known setting as given instead of refusing it as a typo'
complete -c forgectl -n '__forgectl_at \'state apply\'' -s f -l file -r -F -d 'YAML file of the instance as it should be, - for standard input; repeatable: later files override earlier ones key by key, {profile} is the profile in use, a leading ? lets the file be missing'
complete -c forgectl -n '__forgectl_at \'state apply\'' -l plan -r -F -d 'apply the plan `state plan --out` saved, as reviewed (instead of -f)'
complete -c forgectl -n '__forgectl_at \'state apply\'' -l prune -d 'also delete what the file does not name: hooks, broadcasts, and the protected environments of the groups it lists'
complete -c forgectl -n '__forgectl_at \'state apply\'' -l replace -x -d 'replace this hook of the file although nothing compared differs (its token is never compared): sends its token anew, as after rotating the secret; repeatable, e.g. \'system_hooks[https://ci.example.com/events]\''
complete -c forgectl -n '__forgectl_at \'state apply\'' -l strict -d 'refuse settings forgectl does not know'
complete -c forgectl -n '__forgectl_at \'state apply\'' -l allow-unknown -d 'send a name close to a known setting as given instead of refusing it as a typo'
complete -c forgectl -n '__forgectl_at \'settings get\'' -l show-secrets -d 'print secret settings (API keys, tokens, shared secrets) in clear'
complete -c forgectl -n '__forgectl_at \'settings set\'' -s f -l file -r -F -d 'YAML or JSON mapping of settings, - for standard input (arguments override it)'
complete -c forgectl -n '__forgectl_at \'settings set\'' -l strict -d 'refuse settings forgectl does not know instead of sending them with a warning'
complete -c forgectl -n '__forgectl_at \'settings set\'' -l allow-unknown -d 'send a name close to a known setting as given instead of refusing it as a typo'
complete -c forgectl -n '__forgectl_at \'settings set\'' -l show-secrets -d 'print secret values unmasked'
complete -c forgectl -n '__forgectl_at \'settings diff\'' -s f -l file -r -F -d 'YAML or JSON mapping of the settings as they should be, - for standard input'
complete -c forgectl -n '__forgectl_at \'settings diff\'' -l exit-code -d 'exit 5 when settings differ'
complete -c forgectl -n '__forgectl_at \'settings diff\'' -l strict -d 'refuse settings forgectl does not know'
complete -c forgectl -n '__forgectl_at \'settings diff\'' -l allow-unknown -d 'compare a name close to a known setting as given instead of refusing it as a typo'
complete -c forgectl -n '__forgectl_at \'settings diff\'' -l show-secrets -d 'print secret values in clear'
complete -c forgectl -n '__forgectl_at \'plan-limits get\'' -l plan -x -d 'plan name (community edition: only default; enterprise: free, premium, ultimate…)'
complete -c forgectl -n '__forgectl_at \'plan-limits set\'' -l plan -x -d 'plan name (community edition: only default; enterprise: free, premium, ultimate…)'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l url -x -d 'where deliveries go (http or https) (not the global --url)'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l name -x -d 'name of the hook'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l description -x -d 'description of the hook'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l secret-stdin -d 'read the secret token from standard input'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l secret -d 'ask for the secret token (hidden prompt; needs a terminal)'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l push-events -d 'deliver push events'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l no-push-events -d 'do not deliver push events'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l tag-push-events -d 'deliver tag push events'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l no-tag-push-events -d 'do not deliver tag push events'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l merge-requests-events -d 'deliver merge request events'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l no-merge-requests-events -d 'do not deliver merge request events'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l repository-update-events -d 'deliver repository update events (service default)'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l no-repository-update-events -d 'do not deliver repository update events'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l ssl-verification -d 'verify the TLS certificate of the hook URL (sent as enable_ssl_verification=true)'
complete -c forgectl -n '__forgectl_at \'hooks create\'' -l no-ssl-verification -d 'do not verify the TLS certificate of the hook URL'
complete -c forgectl -n '__forgectl_at \'hooks test\'' -l url -x -d 'the hook with exactly this URL, instead of an id (not the global --url)'
complete -c forgectl -n '__forgectl_at \'hooks delete\'' -l url -x -d 'the hook with exactly this URL, instead of an id (not the global --url)'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l message -x -d 'the message (required)'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l starts-at -x -d 'ISO 8601 start (default: now, set by the service)'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l ends-at -x -d 'ISO 8601 end (default: one hour after now)'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l duration -x -d 'end this long after the start instead of --ends-at, e.g. 90min, 2h or 3d (a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l font -x -d 'text colour as a hex code, e.g. #FFFFFF'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l target-access-levels -x -d 'show only to these roles: comma-separated from 10, 20, 30, 40, 50'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l target-path -r -F -d 'show only on matching paths, e.g. */welcome'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l type -x -a 'banner notification' -d 'banner (default) or notification'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l theme -x -a 'indigo light-indigo blue light-blue green light-green red light-red dark light' -d 'banner colour theme'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l dismissable -d 'users may dismiss the message'
complete -c forgectl -n '__forgectl_at \'broadcast create\'' -l no-dismissable -d 'users may not dismiss the message'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l message -x -d 'new message text; without an id, the message with exactly this text'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l starts-at -x -d 'ISO 8601 start'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l ends-at -x -d 'ISO 8601 end'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l duration -x -d 'end this long after the start instead of --ends-at, e.g. 90min, 2h or 3d (a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l font -x -d 'text colour as a hex code, e.g. #FFFFFF'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l target-access-levels -x -d 'show only to these roles: comma-separated from 10, 20, 30, 40, 50'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l target-path -r -F -d 'show only on matching paths, e.g. */welcome'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l type -x -a 'banner notification' -d 'banner or notification'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l theme -x -a 'indigo light-indigo blue light-blue green light-green red light-red dark light' -d 'banner colour theme'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l dismissable -d 'users may dismiss the message'
complete -c forgectl -n '__forgectl_at \'broadcast update\'' -l no-dismissable -d 'users may not dismiss the message'
complete -c forgectl -n '__forgectl_at \'broadcast delete\'' -l message -x -d 'the message with exactly this text, instead of an id'
complete -c forgectl -n '__forgectl_at \'token list\'' -l user -x -d 'owner: user id or username (filtering by another user needs an administrator)'
complete -c forgectl -n '__forgectl_at \'token list\'' -l state -x -a 'active inactive' -d 'active or inactive'
complete -c forgectl -n '__forgectl_at \'token list\'' -l revoked -x -d 'true or false'
complete -c forgectl -n '__forgectl_at \'token list\'' -l search -x -d 'name contains this text'
complete -c forgectl -n '__forgectl_at \'token list\'' -l created-after -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l created-before -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l last-used-after -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l last-used-before -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l expiring-within -x -d 'only active tokens that expire within this time, e.g. 30d or 3mo (a number and a unit: s, min, h, d, w or mo (30 days)); tokens without an expiry are left out, and counted on stderr'
complete -c forgectl -n '__forgectl_at \'token list\'' -l expiry -d 'only tokens with an expiry date'
complete -c forgectl -n '__forgectl_at \'token list\'' -l no-expiry -d 'only active tokens without an expiry date'
complete -c forgectl -n '__forgectl_at \'token list\'' -l unused-for -x -d 'only active tokens not used within this time (or never used and older than it), e.g. 90d (a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'token list\'' -l scope -x -d 'only tokens with any of these scopes (comma-separated or repeated), e.g. api,sudo'
complete -c forgectl -n '__forgectl_at \'token audit\'' -l expiring-within -x -d 'expiring: expires within this time (default 30d; a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'token audit\'' -l unused-for -x -d 'unused: not used within this time, or never used and older than it (default 90d; a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'token audit\'' -l fail-on -x -a 'broad unused no-expiry expiring' -d 'with --exit-code: the least urgent finding that fails (default expiring)'
complete -c forgectl -n '__forgectl_at \'token audit\'' -l exit-code -d 'exit 5 when a token has a finding at or above --fail-on'
complete -c forgectl -n '__forgectl_at \'token audit\'' -l user -x -d 'only the tokens of this user (username); repeat for several'
complete -c forgectl -n '__forgectl_at \'token audit\'' -l exclude-user -x -d 'leave out the tokens of this user (username); repeat for several'
complete -c forgectl -n '__forgectl_at \'token create\'' -l user -x -d 'the user the token is for'
complete -c forgectl -n '__forgectl_at \'token create\'' -l name -x -d 'name of the token'
complete -c forgectl -n '__forgectl_at \'token create\'' -l scope -x -d 'a scope, such as read_api, api, read_repository, self_rotate; repeat (or comma-separate) for several'
complete -c forgectl -n '__forgectl_at \'token create\'' -l expires-in -x -d 'expiry as a duration from today, e.g. 30d or 6mo (a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'token create\'' -l expires-at -x -d 'expiry date YYYY-MM-DD'
complete -c forgectl -n '__forgectl_at \'token create\'' -l description -x -d 'what the token is for (at most 255 characters)'
complete -c forgectl -n '__forgectl_at \'token create\'' -l secrets-to -r -F -d 'write the new secret as JSON to this new file (mode 0600) instead of printing it, with its instance; {profile} is the profile in use (required over several instances)'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l expires-at -x -d 'expiry date YYYY-MM-DD (at most one year ahead)'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l expires-in -x -d 'expiry as a duration from today, e.g. 30d or 6mo (a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l save -d 'save the new secret to the profile in use (default when it is that profile’s token)'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l no-save -d 'do not save the new secret anywhere'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l force -d 'rotate even if the token is already revoked (triggers reuse detection)'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l where -x -a 'broad unused no-expiry expiring' -d 'instead of one token: every active token with this finding (unused[:90d], expiring[:30d], no-expiry, broad[:30d]); repeated, with all of them'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l user -x -d 'with --where: only the tokens of this user (username); repeat for several'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l exclude-user -x -d 'with --where: leave out the tokens of this user (username); repeat for several'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l secrets-to -r -F -d 'with --where: write the new secrets as JSON to this new file (mode 0600) instead of printing them, each with its instance; {profile} is the profile in use (required over several instances)'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l own-token -x -d 'with --where: the id of the token this command runs with, skipped; needed where the instance cannot tell it (GET /personal_access_tokens/self refused: older than the endpoint, 401, 403)'
complete -c forgectl -n '__forgectl_at \'token revoke\'' -l where -x -a 'broad unused no-expiry expiring' -d 'instead of one token: every active token with this finding (unused[:90d], expiring[:30d], no-expiry, broad[:30d]); repeated, with all of them'
complete -c forgectl -n '__forgectl_at \'token revoke\'' -l user -x -d 'with --where: only the tokens of this user (username); repeat for several'
complete -c forgectl -n '__forgectl_at \'token revoke\'' -l exclude-user -x -d 'with --where: leave out the tokens of this user (username); repeat for several'
complete -c forgectl -n '__forgectl_at \'token revoke\'' -l own-token -x -d 'with --where: the id of the token this command runs with, skipped; needed where the instance cannot tell it (GET /personal_access_tokens/self refused: older than the endpoint, 401, 403)'
complete -c forgectl -n '__forgectl_at \'users list\'' -l active -d 'only active users'
complete -c forgectl -n '__forgectl_at \'users list\'' -l blocked -d 'only blocked users'
complete -c forgectl -n '__forgectl_at \'users list\'' -l admins -d 'only administrators (needs an administrator’s token)'
complete -c forgectl -n '__forgectl_at \'users list\'' -l search -x -d 'name or username contains this text'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l source-url -x -d 'URL of the source instance'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l source-token-stdin -d 'read the source token from standard input'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l source-token-env -x -d 'read the source token from this environment variable (default: FORGECTL_SOURCE_TOKEN)'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l source-profile -x -d 'a saved profile of the source instance: its URL and token'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l source-ca-file -r -F -d 'extra CA bundle for TLS to the source instance (--ca-file is the destination\'s); replaces a source profile\'s'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l entity -x -d 'KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG][,no-projects|,projects], repeatable'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l no-projects -d 'groups come without their projects (migrate_projects=false), unless their --entity ends in ,projects'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -s f -l file -r -F -d 'plan file (YAML or JSON) listing the source and the entities'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l check -d 'check every entity first, as `migrate check` does (the default)'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l no-check -d 'start without checking the entities first'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l watch -d 'watch the migration until it ends (exit code as `migrate watch`)'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l interval -x -d 'with --watch: time between polls, e.g. 5s (default 5s; a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'migrate start\'' -l watch-timeout -x -d 'with --watch: stop watching after this long, e.g. 90min or 2h (default 2h; a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -l source-url -x -d 'URL of the source instance'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -l source-token-stdin -d 'read the source token from standard input'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -l source-token-env -x -d 'read the source token from this environment variable (default: FORGECTL_SOURCE_TOKEN)'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -l source-profile -x -d 'a saved profile of the source instance: its URL and token'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -l source-ca-file -r -F -d 'extra CA bundle for TLS to the source instance (--ca-file is the destination\'s); replaces a source profile\'s'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -l entity -x -d 'KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG][,no-projects|,projects], repeatable'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -l no-projects -d 'groups come without their projects, unless their --entity ends in ,projects'
complete -c forgectl -n '__forgectl_at \'migrate check\'' -s f -l file -r -F -d 'plan file (YAML or JSON) listing the source and the entities, as `migrate start` reads it'
complete -c forgectl -n '__forgectl_at \'migrate list\'' -l status -x -d 'created, started, finished or failed'
complete -c forgectl -n '__forgectl_at \'migrate list\'' -l sort -x -d 'by creation: asc or desc (default desc)'
complete -c forgectl -n '__forgectl_at \'migrate entities\'' -l status -x -d 'created, started, finished or failed'
complete -c forgectl -n '__forgectl_at \'migrate entities\'' -l sort -x -d 'by creation: asc or desc (default desc)'
complete -c forgectl -n '__forgectl_at \'migrate verify\'' -l source-url -x -d 'URL of the source instance (default: the migration\'s source URL)'
complete -c forgectl -n '__forgectl_at \'migrate verify\'' -l source-token-stdin -d 'read the source token from standard input'
complete -c forgectl -n '__forgectl_at \'migrate verify\'' -l source-token-env -x -d 'read the source token from this environment variable (default: FORGECTL_SOURCE_TOKEN)'
complete -c forgectl -n '__forgectl_at \'migrate verify\'' -l source-profile -x -d 'a saved profile of the source instance: its URL and token'
complete -c forgectl -n '__forgectl_at \'migrate verify\'' -l source-ca-file -r -F -d 'extra CA bundle for TLS to the source instance (--ca-file is the destination\'s); replaces a source profile\'s'
complete -c forgectl -n '__forgectl_at \'migrate verify\'' -l exit-code -d 'exit 5 when something differs or could not be compared'
complete -c forgectl -n '__forgectl_at \'migrate watch\'' -l interval -x -d 'time between polls, e.g. 5s (default 5s; longer while nothing changes; a number and a unit: s, min, h, d, w or mo (30 days))'
complete -c forgectl -n '__forgectl_at \'migrate watch\'' -l timeout -x -d 'stop watching after this long, e.g. 90min or 2h (default 2h; a number and a unit: s, min, h, d, w or mo (30 days)) (not the global --timeout)'
complete -c forgectl -n '__forgectl_at \'envs protect\'' -l deploy -x -d 'who may deploy: access_level=N, user=ID|USERNAME or group=ID|PATH; repeatable'
complete -c forgectl -n '__forgectl_at \'envs protect\'' -l approval -x -d 'approval rule: access_level=N, user=ID|USERNAME or group=ID|PATH, optionally required=N; repeatable'
complete -c forgectl -n '__forgectl_at \'envs update\'' -l add-deploy -x -d 'new deploy entry; repeatable'
complete -c forgectl -n '__forgectl_at \'envs update\'' -l change-deploy -x -d 'change deploy entry ID; repeatable'
complete -c forgectl -n '__forgectl_at \'envs update\'' -l remove-deploy -x -d 'remove deploy entry ID; repeatable'
complete -c forgectl -n '__forgectl_at \'envs update\'' -l add-approval -x -d 'new approval rule; repeatable'
complete -c forgectl -n '__forgectl_at \'envs update\'' -l change-approval -x -d 'change approval rule ID; repeatable'
complete -c forgectl -n '__forgectl_at \'envs update\'' -l remove-approval -x -d 'remove approval rule ID; repeatable'
complete -c forgectl -n '__forgectl_at \'envs update\'' -l required-approval-count -x -d 'approvals required in total'
complete -c forgectl -n '__forgectl_at \'envs apply\'' -s f -l file -r -F -d 'YAML or JSON file; - reads standard input'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l project -x -d 'one project: path or numeric id (default: across projects)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l state -x -a 'opened closed locked merged all' -d 'merge request state'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l scope -x -a 'created_by_me assigned_to_me all' -d 'whose: created_by_me (the default across projects: only the merge requests you created), assigned_to_me or all'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l order-by -x -a 'created_at title updated_at' -d 'sort field (service default: created_at)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l sort -x -a 'asc desc' -d 'asc or desc (service default: desc)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l labels -x -d 'comma-separated labels, all must match; None or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l not-labels -x -d 'none of these labels'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l milestone -x -d 'milestone title; None or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l not-milestone -x -d 'not in this milestone'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l author -x -d 'author id or username'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l author-id -x -d 'author id'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l author-username -x -d 'author username'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l not-author -x -d 'not by this author (id or username)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l assignee -x -d 'assignee id or username; None or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l assignee-id -x -d 'assignee id; None (unassigned) or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l assignee-username -x -d 'assignee username'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l not-assignee -x -d 'not assigned to this user (id or username)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l reviewer -x -d 'reviewer id or username; None or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l reviewer-id -x -d 'reviewer id; None or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l reviewer-username -x -d 'reviewer username; None or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l not-reviewer -x -d 'not reviewed by this user (id or username)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l my-reaction-emoji -x -d 'you reacted with this emoji; None or Any'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l not-my-reaction-emoji -x -d 'you did not react with this emoji'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l approved-by-ids -x -d 'approved by all of these user ids (at most 5); None or Any (Premium)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l approver-ids -x -d 'these user ids are approvers; None or Any (Premium)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l approved -x -a 'yes no' -d 'approval state (needs a feature flag on the instance)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l created-after -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l created-before -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l updated-after -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l updated-before -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l deployed-after -x -d 'ISO 8601 (across projects only)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l deployed-before -x -d 'ISO 8601 (across projects only)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l environment -x -d 'deployed to this environment'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l in -x -a 'title description title,description description,title' -d 'where --search looks (across projects only)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l iids -x -d 'these IIDs, comma-separated (with --project)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l search -x -d 'title and description contain this text'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l source-branch -x -d 'source branch'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l target-branch -x -d 'target branch'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l view -x -a 'simple' -d 'simple: only iid, URL, title, description and state'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l with-labels-details -d 'labels as objects with colour and description'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l with-merge-status-recheck -d 'ask the service to recompute merge status (across projects only)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l wip -x -a 'yes no' -d 'older name of --draft/--no-draft'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l draft -d 'only drafts'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l no-draft -d 'the opposite of --draft'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l title -x -d 'new title'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l description -x -d 'new description'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l description-file -r -F -d 'read the description from a file (- for stdin)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l labels -x -d 'replace all labels (comma-separated; "" removes all)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l add-labels -x -d 'add these labels'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l remove-labels -x -d 'remove these labels'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l assignee -x -d 'the one assignee (0 unassigns)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l assignees -x -d 'assignee ids, comma-separated (0 or "" unassigns all)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l reviewers -x -d 'reviewer ids, comma-separated (0 or "" removes all)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l milestone -x -d 'milestone id (0 unassigns)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l target-branch -x -d 'new target branch'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l squash -d 'squash commits on merge (project settings may override)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l no-squash -d 'the opposite of --squash'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l remove-source-branch -d 'delete the source branch when merged'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l no-remove-source-branch -d 'the opposite of --remove-source-branch'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l discussion-locked -d 'lock discussions (only members can comment)'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l no-discussion-locked -d 'the opposite of --discussion-locked'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l allow-collaboration -d 'let members who can merge push to the source branch'
complete -c forgectl -n '__forgectl_at \'mr update\'' -l no-allow-collaboration -d 'the opposite of --allow-collaboration'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l sha -x -d 'merge only if the source branch head is this commit (full SHA, or 7+ characters of it)'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l squash -d 'squash the commits into one'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l no-squash -d 'the opposite of --squash'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l remove-source-branch -d 'delete the source branch after merging'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l no-remove-source-branch -d 'the opposite of --remove-source-branch'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l message -x -d 'merge commit message'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l squash-message -x -d 'squash commit message'
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l when-pipeline-succeeds -d 'merge automatically once the pipeline succeeds'
complete -c forgectl -n '__forgectl_at \'mr train list\'' -l branch -x -d 'the train of this target branch'
complete -c forgectl -n '__forgectl_at \'mr train list\'' -l scope -x -a 'active complete' -d 'active or complete'
complete -c forgectl -n '__forgectl_at \'mr train list\'' -l sort -x -a 'asc desc' -d 'asc or desc (service default: desc)'
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l sha -x -d 'add only if the source branch head is this commit (full SHA, or 7+ characters of it)'
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l squash -d 'squash the commits when merged'
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l no-squash -d 'the opposite of --squash'
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l when-pipeline-succeeds -d 'join the train once the pipeline succeeds'
complete -c forgectl -n '__forgectl_at \'discussion list\'' -l type -x -a 'issue snippet epic' -d 'kind of item in the two-argument form PROJECT IID'
complete -c forgectl -n '__forgectl_at \'discussion get\'' -l type -x -a 'issue snippet epic' -d 'kind of item in the two-argument form PROJECT IID'
complete -c forgectl -n '__forgectl_at \'discussion create\'' -l type -x -a 'issue snippet epic' -d 'kind of item in the two-argument form PROJECT IID'
complete -c forgectl -n '__forgectl_at \'discussion create\'' -l body -x -d 'the text; - reads it from standard input'
complete -c forgectl -n '__forgectl_at \'discussion create\'' -l body-file -r -F -d 'read the text from a file'
complete -c forgectl -n '__forgectl_at \'discussion create\'' -l created-at -x -d 'ISO 8601 creation time (administrators and owners only)'
complete -c forgectl -n '__forgectl_at \'discussion reply\'' -l type -x -a 'issue snippet epic' -d 'kind of item in the two-argument form PROJECT IID'
complete -c forgectl -n '__forgectl_at \'discussion reply\'' -l body -x -d 'the text; - reads it from standard input'
complete -c forgectl -n '__forgectl_at \'discussion reply\'' -l body-file -r -F -d 'read the text from a file'
complete -c forgectl -n '__forgectl_at \'discussion reply\'' -l created-at -x -d 'ISO 8601 creation time (administrators and owners only)'
complete -c forgectl -n '__forgectl_at \'discussion reply\'' -l note-id -x -d 'the thread\'s note answered (default: its first note)'
complete -c forgectl -n '__forgectl_at \'discussion edit\'' -l type -x -a 'issue snippet epic' -d 'kind of item in the two-argument form PROJECT IID'
complete -c forgectl -n '__forgectl_at \'discussion edit\'' -l body -x -d 'the text; - reads it from standard input'
complete -c forgectl -n '__forgectl_at \'discussion edit\'' -l body-file -r -F -d 'read the text from a file'
complete -c forgectl -n '__forgectl_at \'discussion delete-note\'' -l type -x -a 'issue snippet epic' -d 'kind of item in the two-argument form PROJECT IID'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l author-id -x -d 'created by this user id'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l author -x -d 'created by this user'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l labels -x -d 'comma-separated; all must match (None or Any too)'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l with-labels-details -d 'labels as objects with colour and description'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l no-with-labels-details -d 'the opposite of --with-labels-details'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l order-by -x -a 'created_at updated_at title' -d 'sort field (service default: created_at)'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l sort -x -a 'asc desc' -d 'service default: desc'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l search -x -d 'title or description contains this text'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l state -x -a 'opened closed all' -d 'service default: all'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l created-after -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l created-before -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l updated-after -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l updated-before -x -d 'ISO 8601, inclusive'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l include-ancestor-groups -d 'include epics of the ancestor groups (service default: no)'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l no-include-ancestor-groups -d 'the opposite of --include-ancestor-groups'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l include-descendant-groups -d 'include epics of the subgroups (service default: yes)'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l no-include-descendant-groups -d 'the opposite of --include-descendant-groups'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l my-reaction-emoji -x -d 'epics you reacted to with this emoji (None or Any too)'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l not-author-id -x -d 'not created by this user id'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l not-author -x -d 'not created by this user'
complete -c forgectl -n '__forgectl_at \'epic list\'' -l not-labels -x -d 'without any of these labels'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l title -x -d 'title of the epic'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l labels -x -d 'comma-separated label names'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l created-at -x -d 'ISO 8601 creation time (administrators and owners only)'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l description -x -d 'description (at most 1,048,576 characters); - reads standard input'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l description-file -r -F -d 'read the description from a file'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l confidential -d 'only members with the Planner role or higher see the epic'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l no-confidential -d 'the opposite of --confidential'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l color -x -d 'colour such as #1068bf (behind a feature flag on the service)'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l start-date-fixed -x -d 'fixed start date YYYY-MM-DD (implies --start-date-is-fixed)'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l due-date-fixed -x -d 'fixed due date YYYY-MM-DD (implies --due-date-is-fixed)'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l start-date-is-fixed -d 'use the fixed start date rather than the one inherited from child epics and milestones'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l no-start-date-is-fixed -d 'the opposite of --start-date-is-fixed'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l due-date-is-fixed -d 'use the fixed due date rather than the inherited one'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l no-due-date-is-fixed -d 'the opposite of --due-date-is-fixed'
complete -c forgectl -n '__forgectl_at \'epic create\'' -l parent-id -x -d 'parent epic (in this group or an ancestor): its global id, or a reference \'group&5\' (\'&5\': this group), quoted; 0 removes the parent on update'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l title -x -d 'new title'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l labels -x -d 'replace the labels (\'\' removes all)'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l add-labels -x -d 'comma-separated labels to add'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l remove-labels -x -d 'comma-separated labels to remove'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l state-event -x -a 'close reopen' -d 'close or reopen the epic'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l updated-at -x -d 'ISO 8601 update time (administrators and owners only)'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l description -x -d 'description (at most 1,048,576 characters); - reads standard input'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l description-file -r -F -d 'read the description from a file'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l confidential -d 'only members with the Planner role or higher see the epic'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l no-confidential -d 'the opposite of --confidential'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l color -x -d 'colour such as #1068bf (behind a feature flag on the service)'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l start-date-fixed -x -d 'fixed start date YYYY-MM-DD (implies --start-date-is-fixed)'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l due-date-fixed -x -d 'fixed due date YYYY-MM-DD (implies --due-date-is-fixed)'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l start-date-is-fixed -d 'use the fixed start date rather than the one inherited from child epics and milestones'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l no-start-date-is-fixed -d 'the opposite of --start-date-is-fixed'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l due-date-is-fixed -d 'use the fixed due date rather than the inherited one'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l no-due-date-is-fixed -d 'the opposite of --due-date-is-fixed'
complete -c forgectl -n '__forgectl_at \'epic update\'' -l parent-id -x -d 'parent epic (in this group or an ancestor): its global id, or a reference \'group&5\' (\'&5\': this group), quoted; 0 removes the parent on update'
complete -c forgectl -n '__forgectl_at \'events list\'' -l user -x -d 'events of this user (id or username)'
complete -c forgectl -n '__forgectl_at \'events list\'' -l project -x -d 'events of this project (id or full path)'
complete -c forgectl -n '__forgectl_at \'events list\'' -l scope -x -a 'all' -d 'all: every event of your projects (own events only)'
complete -c forgectl -n '__forgectl_at \'events list\'' -l action -x -a 'created updated closed reopened pushed commented merged joined left destroyed expired approved' -d 'only this kind of action: created, updated, closed, reopened, pushed, commented, merged, joined, left, destroyed, expired, approved (others are sent with a warning)'
complete -c forgectl -n '__forgectl_at \'events list\'' -l target-type -x -d 'only events about this (lowercase): issue, milestone, merge_request, note, project, snippet, user, wiki, design'
complete -c forgectl -n '__forgectl_at \'events list\'' -l before -x -d 'only events before this day (YYYY-MM-DD)'
complete -c forgectl -n '__forgectl_at \'events list\'' -l after -x -d 'only events after this day (YYYY-MM-DD)'
complete -c forgectl -n '__forgectl_at \'events list\'' -l sort -x -a 'asc desc' -d 'by creation time (service default: desc)'
complete -c forgectl -n '__forgectl_at \'notify get\'' -l group -x -d 'settings for this group (id or full path)'
complete -c forgectl -n '__forgectl_at \'notify get\'' -l project -x -d 'settings for this project (id or full path)'
complete -c forgectl -n '__forgectl_at \'notify set\'' -l group -x -d 'settings for this group (id or full path)'
complete -c forgectl -n '__forgectl_at \'notify set\'' -l project -x -d 'settings for this project (id or full path)'
complete -c forgectl -n '__forgectl_at \'notify set\'' -l level -x -a 'disabled participating watch global mention custom' -d 'notification level'
complete -c forgectl -n '__forgectl_at \'notify set\'' -l email -x -d 'notification email (global only; one of your verified addresses)'
complete -c forgectl -n '__forgectl_at \'notify set\'' -l on -x -d 'comma-separated events to turn on'
complete -c forgectl -n '__forgectl_at \'notify set\'' -l off -x -d 'comma-separated events to turn off'
complete -c forgectl -n '__forgectl_at \'wiki list\'' -l with-content -d 'include each page’s content'
complete -c forgectl -n '__forgectl_at \'wiki get\'' -l render-html -d 'content rendered as HTML'
complete -c forgectl -n '__forgectl_at \'wiki get\'' -l version -x -d 'an earlier version of the page (its commit SHA)'
complete -c forgectl -n '__forgectl_at \'wiki create\'' -l title -x -d 'page title (the slug is made from it)'
complete -c forgectl -n '__forgectl_at \'wiki create\'' -l content -x -d 'page content'
complete -c forgectl -n '__forgectl_at \'wiki create\'' -l file -r -F -d 'read the content from a file (- for standard input)'
complete -c forgectl -n '__forgectl_at \'wiki create\'' -l format -x -a 'markdown rdoc asciidoc org' -d 'markup of the content'
complete -c forgectl -n '__forgectl_at \'wiki update\'' -l title -x -d 'new title'
complete -c forgectl -n '__forgectl_at \'wiki update\'' -l content -x -d 'page content'
complete -c forgectl -n '__forgectl_at \'wiki update\'' -l file -r -F -d 'read the content from a file (- for standard input)'
complete -c forgectl -n '__forgectl_at \'wiki update\'' -l format -x -a 'markdown rdoc asciidoc org' -d 'markup of the content'
complete -c forgectl -n '__forgectl_at \'wiki upload\'' -l branch -x -d 'wiki branch (default: the wiki’s default branch)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l url -x -d 'the integration’s alert URL (issued when it was saved) (not the global --url)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l key-stdin -d 'read the authorization key from standard input (else FORGECTL_ALERT_KEY)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l auth -x -d 'how the key is sent: bearer or basic (blank user, key as password) (default: bearer)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -s f -l file -r -F -d 'JSON payload file; - reads standard input'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l prometheus -d 'the payload is the metrics-alerting (Alertmanager webhook) form'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l title -x -d 'alert title (default recorded by the service: "New: Alert")'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l description -x -d 'short description'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l severity -x -d 'critical, high, medium, low, info, unknown; with --prometheus also an alias (s1..s5, p1..p5, warning, …)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l service -x -d 'affected service'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l monitoring-tool -x -d 'the tool that raised the alert'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l hosts -x -d 'comma-separated hosts'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l fingerprint -x -d 'groups occurrences into one alert; resolving needs the same one'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l start-time -x -d 'ISO 8601 (default: time of receipt)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l end-time -x -d 'ISO 8601; resolves the open alert with the same fingerprint'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l environment -x -d 'associated environment (service_environment_name)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l field -x -d 'extra payload key, repeatable; dotted keys nest'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l url -x -d 'the integration’s alert URL (issued when it was saved) (not the global --url)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l key-stdin -d 'read the authorization key from standard input (else FORGECTL_ALERT_KEY)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l auth -x -d 'how the key is sent: bearer or basic (blank user, key as password) (default: bearer)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l fingerprint -x -d 'fingerprint of the alert to resolve (required)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l end-time -x -d 'ISO 8601 resolution time (default: now)'
complete -c forgectl -n '__forgectl_at \'analytics\'' -l only -x -d 'comma-separated: issues, merge_requests, new_members'
complete -c forgectl -n '__forgectl_at \'releases list\'' -l sort -x -a 'asc desc' -d 'by release date: asc or desc (default desc)'
complete -c forgectl -n '__forgectl_at \'releases list\'' -l simple -d 'limited fields'
complete -c forgectl -n '__forgectl_at \'dashboards unstar\'' -l all -d 'remove every star of the project (not the global --all)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l user -x -d 'projects in this user’s namespace (id or username)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l archived -d 'only archived projects'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-archived -d 'the opposite of --archived'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l id-after -x -d 'projects with an id greater than this'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l id-before -x -d 'projects with an id less than this'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l imported -d 'only projects imported from elsewhere'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-imported -d 'the opposite of --imported'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l include-hidden -d 'include hidden projects (Premium, administrators)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-include-hidden -d 'the opposite of --include-hidden'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l include-pending-delete -d 'include projects pending deletion (administrators)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-include-pending-delete -d 'the opposite of --include-pending-delete'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l last-activity-after -x -d 'ISO 8601'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l last-activity-before -x -d 'ISO 8601'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l membership -d 'only projects you are a member of'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-membership -d 'the opposite of --membership'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l min-access-level -x -a '5 10 15 20 30 40 50' -d 'at least this role: 5 minimal access, 10 guest, 15 planner, 20 reporter, 30 developer, 40 maintainer, 50 owner'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l order-by -x -a 'id name path created_at updated_at last_activity_at similarity repository_size storage_size packages_size wiki_size' -d 'sort field (service default: created_at)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l owned -d 'only projects you own'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-owned -d 'the opposite of --owned'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l repository-checksum-failed -d 'only projects whose repository checksum failed (Premium)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-repository-checksum-failed -d 'the opposite of --repository-checksum-failed'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l repository-storage -x -d 'only projects on this storage (administrators)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l search-namespaces -d 'match --search against namespace paths too'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-search-namespaces -d 'the opposite of --search-namespaces'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l search -x -d 'name or path contains this text'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l simple -d 'only the basic fields of each project'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-simple -d 'the opposite of --simple'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l sort -x -a 'asc desc' -d 'asc or desc (service default: desc)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l starred -d 'only projects you starred'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-starred -d 'the opposite of --starred'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l statistics -d 'include statistics (needs Reporter role)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-statistics -d 'the opposite of --statistics'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l topic -x -d 'comma-separated topics; all must match'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l topic-id -x -d 'projects with this topic id'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l updated-after -x -d 'ISO 8601; implies --order-by updated_at'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l updated-before -x -d 'ISO 8601; implies --order-by updated_at'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l visibility -x -a 'public internal private' -d 'public, internal or private'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l wiki-checksum-failed -d 'only projects whose wiki checksum failed (Premium)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-wiki-checksum-failed -d 'the opposite of --wiki-checksum-failed'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l with-custom-attributes -d 'include custom attributes (administrators)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-with-custom-attributes -d 'the opposite of --with-custom-attributes'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l with-issues-enabled -d 'only projects with issues enabled'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-with-issues-enabled -d 'the opposite of --with-issues-enabled'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l with-merge-requests-enabled -d 'only projects with merge requests enabled'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l no-with-merge-requests-enabled -d 'the opposite of --with-merge-requests-enabled'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l with-programming-language -x -d 'only projects in this language'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l custom-attribute -x -d 'filter by a custom attribute (repeatable; administrators)'
complete -c forgectl -n '__forgectl_at \'projects list\'' -l show-secrets -d 'print runners_token and other token-like fields in clear (masked otherwise)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l url -x -d 'base URL of the instance, e.g. https://gitlab.example.com (not the global --url)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l token-stdin -d 'read the token from standard input'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l token -x -d 'the token (visible in ps; prefer --token-stdin) (not the global --token)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l token-command -x -d 'a command that prints the token, run without a shell each time the profile is used (quote words with \' or ")'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l storage -x -a 'keyring file' -d 'where the token is kept: keyring (the system credential store) or file (config.json); default: keyring when one is reachable, else file with a warning'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l token-type -x -a 'personal oauth job' -d 'how the token is sent (not the global --token-type)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l sudo -x -d 'act as this user by default (administrators) (not the global --sudo)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l ca-file -r -F -d 'extra CA bundle for this instance (not the global --ca-file)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l client-cert -r -F -d 'TLS client certificate (not the global --client-cert)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l client-key -r -F -d 'TLS client key (not the global --client-key)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l insecure -d 'skip TLS verification for this instance (not the global --insecure)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l default -d 'make it the default profile'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l no-verify -d 'save without checking the token'
complete -c forgectl -n '__forgectl_at \'profile login\'' -l token-command -x -d 'a command that prints the token, run without a shell each time the profile is used (quote words with \' or ")'
complete -c forgectl -n '__forgectl_at \'profile login\'' -l storage -x -a 'keyring file' -d 'where the token is kept: keyring (the system credential store) or file (config.json); default: keyring when one is reachable, else file with a warning'
complete -c forgectl -n '__forgectl_at \'profile set-token\'' -l token-stdin -d 'read the token from standard input'
complete -c forgectl -n '__forgectl_at \'profile set-token\'' -l token -x -d 'the token (visible in ps; prefer --token-stdin) (not the global --token)'
complete -c forgectl -n '__forgectl_at \'profile set-token\'' -l no-verify -d 'save without checking the token (the profile then shows as not verified)'
complete -c forgectl -n '__forgectl_at \'api\'' -s X -l method -x -d 'HTTP method'
complete -c forgectl -n '__forgectl_at \'api\'' -s f -l raw-field -x -d 'string field (repeatable)'
complete -c forgectl -n '__forgectl_at \'api\'' -s F -l field -x -d 'typed field or @file (repeatable)'
complete -c forgectl -n '__forgectl_at \'api\'' -l input -r -F -d 'request body from a file, or - for standard input'
complete -c forgectl -n '__forgectl_at \'api\'' -s H -l header -x -d 'extra request header (repeatable)'
complete -c forgectl -n '__forgectl_at \'api\'' -s i -l include -d 'print the status line and response headers first'
complete -c forgectl -n '__forgectl_at \'api\'' -l paginate -d 'follow every next page and print all items'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l port -x -d 'port to listen on; 0 picks a free one (default: 0)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l host -x -d 'address to listen on (default: 127.0.0.1)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l seed -x -d 'initial data: demo, empty, duplicates (demo with two hooks on one URL and two broadcasts with one message), or random[:N] (default: demo)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l latency -x -d 'delay added before every answer, in milliseconds'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l fault -x -d 'failures for API requests: KIND:COUNT[@[METHOD:]PATH[?QUERY]],… (COUNT a number or forever); KIND 401, 403, 404, 500, 502, 503, 504, 429, 429-date, refused, reset, reset-body, short-body, not-json, html, html-500, html-502, html-503, hang, hang-body, empty-body, no-content, short-page, shifted-page (a page after the first begins with the item the page before ended with), wrong-object (GET …/ID answers the object of id 1), other-shape (a 200 of JSON that is not the API object) or ignore-key (a 200 for a write that acted without the keys named after #, e.g. ignore-key:1@PUT:/application/settings#signup_enabled)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l extra-projects -x -d 'add this many generated projects (for benchmarks)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l extra-tokens -x -d 'add this many generated personal access tokens (for benchmarks)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l extra-token-owners -x -d 'owned by this many generated users (default: 1)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l clock-speed -x -d 'run the sandbox clock this many times faster than real time (default: 1)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l setting-names -x -d 'application settings named as the service names them (service: akismet_enabled) or as the spec does (spec: spam_service_enabled); default: service'
complete -c forgectl -n '__forgectl_at \'settings get\'; and __forgectl_positional 0 +' -a 'abuse_notification_email admin_mode after_sign_out_path after_sign_up_text ai_features_enabled akismet_api_key akismet_enabled allow_account_deletion allow_all_integrations allow_group_owners_to_manage_ldap allow_local_requests_from_system_hooks allow_local_requests_from_web_hooks_and_services allow_runner_registration_token allowed_integrations archive_builds_in_human_readable asciidoc_max_includes asset_proxy_allowlist asset_proxy_enabled asset_proxy_secret_key asset_proxy_url avatar_lookup_enabled bulk_import_concurrent_pipeline_batch_limit bulk_import_enabled bulk_import_max_download_file_size can_create_group cohort_tracking_enabled concurrent_bitbucket_import_jobs_limit concurrent_bitbucket_server_import_jobs_limit concurrent_github_import_jobs_limit concurrent_relation_batch_export_limit container_expiration_policies_enable_historic_entries container_registry_cleanup_tags_service_max_list_size container_registry_delete_tags_service_timeout container_registry_expiration_policies_caching container_registry_expiration_policies_worker_capacity container_registry_token_expire_delay decompress_archive_file_timeout default_branch_protection_defaults default_ci_config_path default_group_visibility default_preferred_language default_project_deletion_protection default_project_visibility default_projects_limit default_snippet_visibility delete_inactive_projects delete_unconfirmed_users deletion_adjourned_period diagramsnet_enabled diagramsnet_url disable_personal_access_tokens domain_allowlist domain_denylist domain_denylist_enabled downstream_pipeline_trigger_limit_per_project_user_sha dsa_key_restriction duo_features_enabled ecdsa_key_restriction ecdsa_sk_key_restriction ed25519_key_restriction ed25519_sk_key_restriction email_restrictions email_restrictions_enabled enforce_terms external_authorization_service_default_label external_authorization_service_enabled external_authorization_service_timeout external_authorization_service_url external_pipeline_validation_service_timeout external_pipeline_validation_service_token external_pipeline_validation_service_url failed_login_attempts_unlock_period_in_minutes file_template_project_id first_day_of_week floc_enabled geo_node_allowed_ips geo_status_timeout globally_allowed_ips gravatar_enabled group_owners_can_manage_default_branch_protection home_page_url housekeeping_enabled housekeeping_full_repack_period housekeeping_gc_period housekeeping_incremental_repack_period housekeeping_optimize_repository_period inactive_projects_delete_after_months inactive_projects_min_size_mb inactive_projects_send_warning_email_after_months include_optional_metrics_in_service_ping issues_create_limit jira_connect_additional_audience_url jira_connect_application_key jira_connect_proxy_url jira_connect_public_key_storage_enabled keep_latest_artifact kroki_enabled kroki_url local_markdown_version lock_ai_features_enabled lock_duo_features_enabled maven_package_requests_forwarding max_attachment_size max_decompressed_archive_size max_export_size max_import_remote_file_size max_import_size max_login_attempts notify_on_unknown_sign_in npm_package_requests_forwarding outbound_local_requests_whitelist package_registry_allow_anyone_to_pull_option package_registry_cleanup_policies_worker_capacity package_skip_metadata_url_validation password_authentication_enabled_for_web performance_bar_allowed_group_id personal_access_token_prefix plantuml_enabled plantuml_url polling_interval_multiplier project_jobs_api_rate_limit projects_api_rate_limit_unauthenticated pypi_package_requests_forwarding rate_limiting_response_text raw_blob_request_limit replication_node_allowed_ips replication_status_timeout repository_storages_weighted require_admin_approval_after_user_signup require_personal_access_token_expiry require_two_factor_authentication restricted_visibility_levels rsa_key_restriction security_approval_policies_limit security_policy_global_group_approvers_enabled security_txt_content session_expire_delay signup_enabled silent_admin_exports_enabled silent_mode_enabled snippet_size_limit spam_service_api_key spam_service_enabled terminal_max_session_time terms throttle_unauthenticated_api_enabled throttle_unauthenticated_api_period_in_seconds throttle_unauthenticated_api_requests_per_period throttle_unauthenticated_packages_api_enabled throttle_unauthenticated_packages_api_period_in_seconds throttle_unauthenticated_packages_api_requests_per_period throttle_unauthenticated_web_enabled throttle_unauthenticated_web_period_in_seconds throttle_unauthenticated_web_requests_per_period time_tracking_limit_to_hours two_factor_grace_period unconfirmed_users_delete_after_days unique_ips_limit_enabled unique_ips_limit_per_user unique_ips_limit_time_window update_runner_versions_enabled updating_name_disabled_for_users usage_ping_enabled use_clickhouse_for_analytics use_columnar_store_for_analytics user_deactivation_emails_enabled user_default_external user_default_internal_regex user_defaults_to_private_profile user_oauth_applications user_show_add_ssh_key_message valid_runner_registrars version_check_enabled whats_new_variant wiki_page_max_content_bytes'
complete -c forgectl -n '__forgectl_at \'settings set\'; and __forgectl_positional 0 +; and not string match -q -- \'*=*\' (commandline -ct)' -a 'abuse_notification_email= admin_mode= after_sign_out_path= after_sign_up_text= ai_features_enabled= akismet_api_key= akismet_enabled= allow_account_deletion= allow_all_integrations= allow_group_owners_to_manage_ldap= allow_local_requests_from_system_hooks= allow_local_requests_from_web_hooks_and_services= allow_runner_registration_token= allowed_integrations= archive_builds_in_human_readable= asciidoc_max_includes= asset_proxy_allowlist= asset_proxy_enabled= asset_proxy_secret_key= asset_proxy_url= avatar_lookup_enabled= bulk_import_concurrent_pipeline_batch_limit= bulk_import_enabled= bulk_import_max_download_file_size= can_create_group= cohort_tracking_enabled= concurrent_bitbucket_import_jobs_limit= concurrent_bitbucket_server_import_jobs_limit= concurrent_github_import_jobs_limit= concurrent_relation_batch_export_limit= container_expiration_policies_enable_historic_entries= container_registry_cleanup_tags_service_max_list_size= container_registry_delete_tags_service_timeout= container_registry_expiration_policies_caching= container_registry_expiration_policies_worker_capacity= container_registry_token_expire_delay= decompress_archive_file_timeout= default_branch_protection_defaults= default_ci_config_path= default_group_visibility= default_preferred_language= default_project_deletion_protection= default_project_visibility= default_projects_limit= default_snippet_visibility= delete_inactive_projects= delete_unconfirmed_users= deletion_adjourned_period= diagramsnet_enabled= diagramsnet_url= disable_personal_access_tokens= domain_allowlist= domain_denylist= domain_denylist_enabled= downstream_pipeline_trigger_limit_per_project_user_sha= dsa_key_restriction= duo_features_enabled= ecdsa_key_restriction= ecdsa_sk_key_restriction= ed25519_key_restriction= ed25519_sk_key_restriction= email_restrictions= email_restrictions_enabled= enforce_terms= external_authorization_service_default_label= external_authorization_service_enabled= external_authorization_service_timeout= external_authorization_service_url= external_pipeline_validation_service_timeout= external_pipeline_validation_service_token= external_pipeline_validation_service_url= failed_login_attempts_unlock_period_in_minutes= file_template_project_id= first_day_of_week= floc_enabled= geo_node_allowed_ips= geo_status_timeout= globally_allowed_ips= gravatar_enabled= group_owners_can_manage_default_branch_protection= home_page_url= housekeeping_enabled= housekeeping_full_repack_period= housekeeping_gc_period= housekeeping_incremental_repack_period= housekeeping_optimize_repository_period= inactive_projects_delete_after_months= inactive_projects_min_size_mb= inactive_projects_send_warning_email_after_months= include_optional_metrics_in_service_ping= issues_create_limit= jira_connect_additional_audience_url= jira_connect_application_key= jira_connect_proxy_url= jira_connect_public_key_storage_enabled= keep_latest_artifact= kroki_enabled= kroki_url= local_markdown_version= lock_ai_features_enabled= lock_duo_features_enabled= maven_package_requests_forwarding= max_attachment_size= max_decompressed_archive_size= max_export_size= max_import_remote_file_size= max_import_size= max_login_attempts= notify_on_unknown_sign_in= npm_package_requests_forwarding= outbound_local_requests_whitelist= package_registry_allow_anyone_to_pull_option= package_registry_cleanup_policies_worker_capacity= package_skip_metadata_url_validation= password_authentication_enabled_for_web= performance_bar_allowed_group_id= personal_access_token_prefix= plantuml_enabled= plantuml_url= polling_interval_multiplier= project_jobs_api_rate_limit= projects_api_rate_limit_unauthenticated= pypi_package_requests_forwarding= rate_limiting_response_text= raw_blob_request_limit= replication_node_allowed_ips= replication_status_timeout= repository_storages_weighted= require_admin_approval_after_user_signup= require_personal_access_token_expiry= require_two_factor_authentication= restricted_visibility_levels= rsa_key_restriction= security_approval_policies_limit= security_policy_global_group_approvers_enabled= security_txt_content= session_expire_delay= signup_enabled= silent_admin_exports_enabled= silent_mode_enabled= snippet_size_limit= spam_service_api_key= spam_service_enabled= terminal_max_session_time= terms= throttle_unauthenticated_api_enabled= throttle_unauthenticated_api_period_in_seconds= throttle_unauthenticated_api_requests_per_period= throttle_unauthenticated_packages_api_enabled= throttle_unauthenticated_packages_api_period_in_seconds= throttle_unauthenticated_packages_api_requests_per_period= throttle_unauthenticated_web_enabled= throttle_unauthenticated_web_period_in_seconds= throttle_unauthenticated_web_requests_per_period= time_tracking_limit_to_hours= two_factor_grace_period= unconfirmed_users_delete_after_days= unique_ips_limit_enabled= unique_ips_limit_per_user= unique_ips_limit_time_window= update_runner_versions_enabled= updating_name_disabled_for_users= usage_ping_enabled= use_clickhouse_for_analytics= use_columnar_store_for_analytics= user_deactivation_emails_enabled= user_default_external= user_default_internal_regex= user_defaults_to_private_profile= user_oauth_applications= user_show_add_ssh_key_message= valid_runner_registrars= version_check_enabled= whats_new_variant= wiki_page_max_content_bytes='
complete -c forgectl -n '__forgectl_at \'settings set\'; and string match -q -- \'*=*\' (commandline -ct)' -a '(__forgectl_assign_values \'settings set\')'
complete -c forgectl -n '__forgectl_at \'plan-limits set\'; and __forgectl_positional 0 +; and not string match -q -- \'*=*\' (commandline -ct)' -a 'ci_instance_level_variables= ci_pipeline_size= ci_active_jobs= ci_project_subscriptions= ci_pipeline_schedules= ci_needs_size_limit= ci_registered_group_runners= ci_registered_project_runners= dotenv_size= dotenv_variables= conan_max_file_size= enforcement_limit= generic_packages_max_file_size= helm_max_file_size= notification_limit= maven_max_file_size= npm_max_file_size= nuget_max_file_size= pypi_max_file_size= terraform_module_max_file_size= storage_size_limit='
complete -c forgectl -n '__forgectl_at \'plan-limits set\'; and string match -q -- \'*=*\' (commandline -ct)' -a '(__forgectl_assign_values \'plan-limits set\')'
complete -c forgectl -n '__forgectl_at \'envs get\'; and __forgectl_positional 1' -a 'production staging testing development other'
complete -c forgectl -n '__forgectl_at \'envs protect\'; and __forgectl_positional 1' -a 'production staging testing development other'
complete -c forgectl -n '__forgectl_at \'envs update\'; and __forgectl_positional 1' -a 'production staging testing development other'
complete -c forgectl -n '__forgectl_at \'envs unprotect\'; and __forgectl_positional 1' -a 'production staging testing development other'
complete -c forgectl -n '__forgectl_at \'profile show\'; and __forgectl_positional 0' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'profile use\'; and __forgectl_positional 0' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'profile set-storage\'; and __forgectl_positional 0' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'profile set-token\'; and __forgectl_positional 0' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'profile remove\'; and __forgectl_positional 0' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'completion\'; and __forgectl_positional 0' -a 'bash zsh fish'
complete -c forgectl -n '__forgectl_at \'man\'; and __forgectl_positional 0' -a 'state settings plan-limits hooks broadcast token users migrate envs mr discussion epic events iteration-events notify wiki alerts analytics releases dashboards projects profile api sandbox licenses completion man'
complete -c forgectl -s p -l profile -x -a '(__forgectl_profiles)' -d 'credential profile to use (env FORGECTL_PROFILE)'
complete -c forgectl -l profiles -x -a '(__forgectl_profiles)' -d 'a fleet: run once per profile, names or globs (prod-*), comma-separated (env FORGECTL_PROFILES)'
complete -c forgectl -l all-profiles -d 'a fleet of every profile'
complete -c forgectl -l fleet-concurrency -x -d 'instances of a fleet run at once (default: 4)'
complete -c forgectl -l serial -d 'a fleet one instance after another, stopping at the first failure'
complete -c forgectl -l url -x -d 'base URL of the instance (env FORGECTL_URL, GITLAB_HOST, CI_SERVER_URL)'
complete -c forgectl -l token -x -d 'credential (env FORGECTL_TOKEN, GITLAB_TOKEN, CI_JOB_TOKEN); visible in ps, prefer env or a profile'
complete -c forgectl -l token-type -x -a 'personal oauth job' -d 'how the token is sent (env FORGECTL_TOKEN_TYPE)'
complete -c forgectl -l sudo -x -d 'act as this user (id or username; administrators) (env FORGECTL_SUDO)'
complete -c forgectl -s o -l output -x -a '(__forgectl_formats)' -d 'output format (env FORGECTL_OUTPUT) (default: "table")'
complete -c forgectl -l fields -x -d 'comma-separated columns (table, csv) or keys (json, yaml, ndjson) to keep; a dotted path through a list gives its values (assignees.username)'
complete -c forgectl -l all -d 'fetch every page of a list'
complete -c forgectl -l page -x -d 'fetch this page of a list'
complete -c forgectl -l per-page -x -d 'items per page, 1..100'
complete -c forgectl -l limit -x -d 'stop after this many items'
complete -c forgectl -l dry-run -d 'print the requests a write would send and send nothing'
complete -c forgectl -s v -l verbose -d 'HTTP trace on stderr, secrets redacted (env FORGECTL_DEBUG=1)'
complete -c forgectl -s y -l yes -d 'answer yes to confirmations'
complete -c forgectl -l no-color -d 'no colour (env NO_COLOR)'
complete -c forgectl -l timeout -x -d 'per-request timeout (default: 30)'
complete -c forgectl -l retries -x -d 'retries of requests safe to repeat (default: 3)'
complete -c forgectl -l ca-file -r -F -d 'extra CA bundle for TLS'
complete -c forgectl -l insecure -d 'skip TLS certificate verification (warns)'
complete -c forgectl -l client-cert -r -F -d 'TLS client certificate'
complete -c forgectl -l client-key -r -F -d 'TLS client key'
complete -c forgectl -l config-dir -x -a '(__fish_complete_directories)' -d 'where profiles live (env FORGECTL_CONFIG_DIR)'
complete -c forgectl -l inventory -r -F -d 'the instances of this run come from this YAML file, not from the config directory (env FORGECTL_INVENTORY)'
complete -c forgectl -l allow-insecure-http -d 'allow sending a credential over plain http:// to a non-loopback host'
complete -c forgectl -s h -l help -d 'show help'
