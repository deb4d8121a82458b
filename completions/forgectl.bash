# bash completion for forgectl. Generated from the command tree by `npm run docs`; do not edit by hand.
# Install: source this file from ~/.bashrc, or copy it to ~/.local/share/bash-completion/completions/forgectl

__forgectl_children() {
  case "$1" in
    '') echo 'state settings plan-limits hooks broadcast token users migrate envs mr discussion epic events iteration-events notify wiki alerts analytics releases dashboards projects profile api sandbox licenses completion man help' ;;
    'state') echo 'export plan apply show schema' ;;
    'settings') echo 'get set diff' ;;
    'plan-limits') echo 'get set' ;;
    'hooks') echo 'list get create test delete' ;;
    'broadcast') echo 'list get create update delete' ;;
    'token') echo 'list audit get self create rotate revoke' ;;
    'users') echo 'list get' ;;
    'migrate') echo 'start check list get entities entity failures verify watch' ;;
    'migrate entity') echo 'get' ;;
    'envs') echo 'list get protect update unprotect apply' ;;
    'mr') echo 'list view update close reopen merge delete train' ;;
    'mr train') echo 'list status add' ;;
    'discussion') echo 'list get create reply edit delete-note' ;;
    'epic') echo 'list get create update close reopen' ;;
    'events') echo 'list' ;;
    'iteration-events') echo 'list get' ;;
    'notify') echo 'get set' ;;
    'wiki') echo 'list get create update delete upload' ;;
    'alerts') echo 'send resolve' ;;
    'releases') echo 'list' ;;
    'dashboards') echo 'star unstar' ;;
    'projects') echo 'list' ;;
    'profile') echo 'add login list show schema use set-storage set-token remove' ;;
  esac
}

__forgectl_alias() {
  case "$1|$2" in
    'hooks|ls') echo 'list' ;;
    'broadcast|ls') echo 'list' ;;
    'token|ls') echo 'list' ;;
    'users|ls') echo 'list' ;;
    'migrate|ls') echo 'list' ;;
    'envs|ls') echo 'list' ;;
    'mr|ls') echo 'list' ;;
    'mr|show') echo 'view' ;;
    'discussion|ls') echo 'list' ;;
    'epic|ls') echo 'list' ;;
    'events|ls') echo 'list' ;;
    'iteration-events|ls') echo 'list' ;;
    'wiki|ls') echo 'list' ;;
    'releases|ls') echo 'list' ;;
    'projects|ls') echo 'list' ;;
    'profile|ls') echo 'list' ;;
    'profile|rm') echo 'remove' ;;
  esac
}

__forgectl_flags() {
  echo '-p --profile --profiles --all-profiles --fleet-concurrency --serial --url --token --token-type --sudo -o --output --fields --all --page --per-page --limit --dry-run -v --verbose -y --yes --no-color --timeout --retries --ca-file --insecure --client-cert --client-key --config-dir --inventory --allow-insecure-http -h --help'
  case "$1" in
    'state') echo '' ;;
    'state export') echo '-f --file --only --plans --groups --all-groups --include-ended --only-managed' ;;
    'state plan') echo '-f --file --prune --replace --out --no-secrets --exit-code --strict --allow-unknown' ;;
    'state apply') echo '-f --file --plan --prune --replace --strict --allow-unknown' ;;
    'state show') echo '' ;;
    'state schema') echo '' ;;
    'settings') echo '' ;;
    'settings get') echo '--show-secrets' ;;
    'settings set') echo '-f --file --strict --allow-unknown --show-secrets' ;;
    'settings diff') echo '-f --file --exit-code --strict --allow-unknown --show-secrets' ;;
    'plan-limits') echo '' ;;
    'plan-limits get') echo '--plan' ;;
    'plan-limits set') echo '--plan' ;;
    'hooks') echo '' ;;
    'hooks list') echo '' ;;
    'hooks get') echo '' ;;
    'hooks create') echo '--url --name --description --secret-stdin --secret --push-events --no-push-events --tag-push-events --no-tag-push-events --merge-requests-events --no-merge-requests-events --repository-update-events --no-repository-update-events --ssl-verification --no-ssl-verification' ;;
    'hooks test') echo '--url' ;;
    'hooks delete') echo '--url' ;;
    'broadcast') echo '' ;;
    'broadcast list') echo '' ;;
    'broadcast get') echo '' ;;
    'broadcast create') echo '--message --starts-at --ends-at --duration --font --target-access-levels --target-path --type --theme --dismissable --no-dismissable' ;;
    'broadcast update') echo '--message --starts-at --ends-at --duration --font --target-access-levels --target-path --type --theme --dismissable --no-dismissable' ;;
    'broadcast delete') echo '--message' ;;
    'token') echo '' ;;
    'token list') echo '--user --state --revoked --search --created-after --created-before --last-used-after --last-used-before --expiring-within --expiry --no-expiry --unused-for --scope' ;;
    'token audit') echo '--expiring-within --unused-for --fail-on --exit-code --user --exclude-user' ;;
    'token get') echo '' ;;
    'token self') echo '' ;;
    'token create') echo '--user --name --scope --expires-in --expires-at --description --secrets-to' ;;
    'token rotate') echo '--expires-at --expires-in --save --no-save --force --where --user --exclude-user --secrets-to --own-token' ;;
    'token revoke') echo '--where --user --exclude-user --own-token' ;;
    'users') echo '' ;;
    'users list') echo '--active --blocked --admins --search' ;;
    'users get') echo '' ;;
    'migrate') echo '' ;;
    'migrate start') echo '--source-url --source-token-stdin --source-token-env --source-profile --source-ca-file --entity --no-projects -f --file --check --no-check --watch --interval --watch-timeout' ;;
    'migrate check') echo '--source-url --source-token-stdin --source-token-env --source-profile --source-ca-file --entity --no-projects -f --file' ;;
    'migrate list') echo '--status --sort' ;;
    'migrate get') echo '' ;;
    'migrate entities') echo '--status --sort' ;;
    'migrate entity') echo '' ;;
    'migrate entity get') echo '' ;;
    'migrate failures') echo '' ;;
    'migrate verify') echo '--source-url --source-token-stdin --source-token-env --source-profile --source-ca-file --exit-code' ;;
    'migrate watch') echo '--interval --timeout' ;;
    'envs') echo '' ;;
    'envs list') echo '' ;;
    'envs get') echo '' ;;
    'envs protect') echo '--deploy --approval' ;;
    'envs update') echo '--add-deploy --change-deploy --remove-deploy --add-approval --change-approval --remove-approval --required-approval-count' ;;
    'envs unprotect') echo '' ;;
    'envs apply') echo '-f --file' ;;
    'mr') echo '' ;;
    'mr list') echo '--project --state --scope --order-by --sort --labels --not-labels --milestone --not-milestone --author --author-id --author-username --not-author --assignee --assignee-id --assignee-username --not-assignee --reviewer --reviewer-id --reviewer-username --not-reviewer --my-reaction-emoji --not-my-reaction-emoji --approved-by-ids --approver-ids --approved --created-after --created-before --updated-after --updated-before --deployed-after --deployed-before --environment --in --iids --search --source-branch --target-branch --view --with-labels-details --with-merge-status-recheck --wip --draft --no-draft' ;;
    'mr view') echo '' ;;
    'mr update') echo '--title --description --description-file --labels --add-labels --remove-labels --assignee --assignees --reviewers --milestone --target-branch --squash --no-squash --remove-source-branch --no-remove-source-branch --discussion-locked --no-discussion-locked --allow-collaboration --no-allow-collaboration' ;;
    'mr close') echo '' ;;
    'mr reopen') echo '' ;;
    'mr merge') echo '--sha --squash --no-squash --remove-source-branch --no-remove-source-branch --message --squash-message --when-pipeline-succeeds' ;;
    'mr delete') echo '' ;;
    'mr train') echo '' ;;
    'mr train list') echo '--branch --scope --sort' ;;
    'mr train status') echo '' ;;
    'mr train add') echo '--sha --squash --no-squash --when-pipeline-succeeds' ;;
    'discussion') echo '' ;;
    'discussion list') echo '--type' ;;
    'discussion get') echo '--type' ;;
    'discussion create') echo '--type --body --body-file --created-at' ;;
    'discussion reply') echo '--type --body --body-file --created-at --note-id' ;;
    'discussion edit') echo '--type --body --body-file' ;;
    'discussion delete-note') echo '--type' ;;
    'epic') echo '' ;;
    'epic list') echo '--author-id --author --labels --with-labels-details --no-with-labels-details --order-by --sort --search --state --created-after --created-before --updated-after --updated-before --include-ancestor-groups --no-include-ancestor-groups --include-descendant-groups --no-include-descendant-groups --my-reaction-emoji --not-author-id --not-author --not-labels' ;;
    'epic get') echo '' ;;
    'epic create') echo '--title --labels --created-at --description --description-file --confidential --no-confidential --color --start-date-fixed --due-date-fixed --start-date-is-fixed --no-start-date-is-fixed --due-date-is-fixed --no-due-date-is-fixed --parent-id' ;;
    'epic update') echo '--title --labels --add-labels --remove-labels --state-event --updated-at --description --description-file --confidential --no-confidential --color --start-date-fixed --due-date-fixed --start-date-is-fixed --no-start-date-is-fixed --due-date-is-fixed --no-due-date-is-fixed --parent-id' ;;
    'epic close') echo '' ;;
    'epic reopen') echo '' ;;
    'events') echo '' ;;
    'events list') echo '--user --project --scope --action --target-type --before --after --sort' ;;
    'iteration-events') echo '' ;;
    'iteration-events list') echo '' ;;
    'iteration-events get') echo '' ;;
    'notify') echo '' ;;
    'notify get') echo '--group --project' ;;
    'notify set') echo '--group --project --level --email --on --off' ;;
    'wiki') echo '' ;;
    'wiki list') echo '--with-content' ;;
    'wiki get') echo '--render-html --version' ;;
    'wiki create') echo '--title --content --file --format' ;;
    'wiki update') echo '--title --content --file --format' ;;
    'wiki delete') echo '' ;;
    'wiki upload') echo '--branch' ;;
    'alerts') echo '' ;;
    'alerts send') echo '--url --key-stdin --auth -f --file --prometheus --title --description --severity --service --monitoring-tool --hosts --fingerprint --start-time --end-time --environment --field' ;;
    'alerts resolve') echo '--url --key-stdin --auth --fingerprint --end-time' ;;
    'analytics') echo '--only' ;;
    'releases') echo '' ;;
    'releases list') echo '--sort --simple' ;;
    'dashboards') echo '' ;;
    'dashboards star') echo '' ;;
    'dashboards unstar') echo '--all' ;;
    'projects') echo '' ;;
    'projects list') echo '--user --archived --no-archived --id-after --id-before --imported --no-imported --include-hidden --no-include-hidden --include-pending-delete --no-include-pending-delete --last-activity-after --last-activity-before --membership --no-membership --min-access-level --order-by --owned --no-owned --repository-checksum-failed --no-repository-checksum-failed --repository-storage --search-namespaces --no-search-namespaces --search --simple --no-simple --sort --starred --no-starred --statistics --no-statistics --topic --topic-id --updated-after --updated-before --visibility --wiki-checksum-failed --no-wiki-checksum-failed --with-custom-attributes --no-with-custom-attributes --with-issues-enabled --no-with-issues-enabled --with-merge-requests-enabled --no-with-merge-requests-enabled --with-programming-language --custom-attribute --show-secrets' ;;
    'profile') echo '' ;;
    'profile add') echo '--url --token-stdin --token --token-command --storage --token-type --sudo --ca-file --client-cert --client-key --insecure --default --no-verify' ;;
    'profile login') echo '--token-command --storage' ;;
    'profile list') echo '' ;;
    'profile show') echo '' ;;
    'profile schema') echo '' ;;
    'profile use') echo '' ;;
    'profile set-storage') echo '' ;;
    'profile set-token') echo '--token-stdin --token --no-verify' ;;
    'profile remove') echo '' ;;
    'api') echo '-X --method -f --raw-field -F --field --input -H --header -i --include --paginate' ;;
    'sandbox') echo '--port --host --seed --latency --fault --extra-projects --extra-tokens --extra-token-owners --clock-speed --setting-names' ;;
    'licenses') echo '' ;;
    'completion') echo '' ;;
    'man') echo '' ;;
    'help') echo '' ;;
  esac
}

# Prints how a flag's value is completed (choice VALUES…, profile, file, directory, text), nothing for a switch.
__forgectl_value() {
  case "$1|$2" in
    'state export|-f'|'state export|--file') echo 'file' ;;
    'state export|--only') echo 'choice settings plan_limits system_hooks broadcast_messages notification_settings groups' ;;
    'state export|--plans') echo 'text' ;;
    'state export|--groups') echo 'text' ;;
    'state export|--only-managed') echo 'file' ;;
    'state plan|-f'|'state plan|--file') echo 'file' ;;
    'state plan|--replace') echo 'text' ;;
    'state plan|--out') echo 'file' ;;
    'state apply|-f'|'state apply|--file') echo 'file' ;;
    'state apply|--plan') echo 'file' ;;
    'state apply|--replace') echo 'text' ;;
    'settings set|-f'|'settings set|--file') echo 'file' ;;
    'settings diff|-f'|'settings diff|--file') echo 'file' ;;
    'plan-limits get|--plan') echo 'text' ;;
    'plan-limits set|--plan') echo 'text' ;;
    'hooks create|--url') echo 'text' ;;
    'hooks create|--name') echo 'text' ;;
    'hooks create|--description') echo 'text' ;;
    'hooks test|--url') echo 'text' ;;
    'hooks delete|--url') echo 'text' ;;
    'broadcast create|--message') echo 'text' ;;
    'broadcast create|--starts-at') echo 'text' ;;
    'broadcast create|--ends-at') echo 'text' ;;
    'broadcast create|--duration') echo 'text' ;;
    'broadcast create|--font') echo 'text' ;;
    'broadcast create|--target-access-levels') echo 'text' ;;
    'broadcast create|--target-path') echo 'file' ;;
    'broadcast create|--type') echo 'choice banner notification' ;;
    'broadcast create|--theme') echo 'choice indigo light-indigo blue light-blue green light-green red light-red dark light' ;;
    'broadcast update|--message') echo 'text' ;;
    'broadcast update|--starts-at') echo 'text' ;;
    'broadcast update|--ends-at') echo 'text' ;;
    'broadcast update|--duration') echo 'text' ;;
    'broadcast update|--font') echo 'text' ;;
    'broadcast update|--target-access-levels') echo 'text' ;;
    'broadcast update|--target-path') echo 'file' ;;
    'broadcast update|--type') echo 'choice banner notification' ;;
    'broadcast update|--theme') echo 'choice indigo light-indigo blue light-blue green light-green red light-red dark light' ;;
    'broadcast delete|--message') echo 'text' ;;
    'token list|--user') echo 'text' ;;
    'token list|--state') echo 'choice active inactive' ;;
    'token list|--revoked') echo 'text' ;;
    'token list|--search') echo 'text' ;;
    'token list|--created-after') echo 'text' ;;
    'token list|--created-before') echo 'text' ;;
    'token list|--last-used-after') echo 'text' ;;
    'token list|--last-used-before') echo 'text' ;;
    'token list|--expiring-within') echo 'text' ;;
    'token list|--unused-for') echo 'text' ;;
    'token list|--scope') echo 'text' ;;
    'token audit|--expiring-within') echo 'text' ;;
    'token audit|--unused-for') echo 'text' ;;
    'token audit|--fail-on') echo 'choice broad unused no-expiry expiring' ;;
    'token audit|--user') echo 'text' ;;
    'token audit|--exclude-user') echo 'text' ;;
    'token create|--user') echo 'text' ;;
    'token create|--name') echo 'text' ;;
    'token create|--scope') echo 'text' ;;
    'token create|--expires-in') echo 'text' ;;
    'token create|--expires-at') echo 'text' ;;
    'token create|--description') echo 'text' ;;
    'token create|--secrets-to') echo 'file' ;;
    'token rotate|--expires-at') echo 'text' ;;
    'token rotate|--expires-in') echo 'text' ;;
    'token rotate|--where') echo 'choice broad unused no-expiry expiring' ;;
    'token rotate|--user') echo 'text' ;;
    'token rotate|--exclude-user') echo 'text' ;;
    'token rotate|--secrets-to') echo 'file' ;;
    'token rotate|--own-token') echo 'text' ;;
    'token revoke|--where') echo 'choice broad unused no-expiry expiring' ;;
    'token revoke|--user') echo 'text' ;;
    'token revoke|--exclude-user') echo 'text' ;;
    'token revoke|--own-token') echo 'text' ;;
    'users list|--search') echo 'text' ;;
    'migrate start|--source-url') echo 'text' ;;
    'migrate start|--source-token-env') echo 'text' ;;
    'migrate start|--source-profile') echo 'text' ;;
    'migrate start|--source-ca-file') echo 'file' ;;
    'migrate start|--entity') echo 'text' ;;
    'migrate start|-f'|'migrate start|--file') echo 'file' ;;
    'migrate start|--interval') echo 'text' ;;
    'migrate start|--watch-timeout') echo 'text' ;;
    'migrate check|--source-url') echo 'text' ;;
    'migrate check|--source-token-env') echo 'text' ;;
    'migrate check|--source-profile') echo 'text' ;;
    'migrate check|--source-ca-file') echo 'file' ;;
    'migrate check|--entity') echo 'text' ;;
    'migrate check|-f'|'migrate check|--file') echo 'file' ;;
    'migrate list|--status') echo 'text' ;;
    'migrate list|--sort') echo 'text' ;;
    'migrate entities|--status') echo 'text' ;;
    'migrate entities|--sort') echo 'text' ;;
    'migrate verify|--source-url') echo 'text' ;;
    'migrate verify|--source-token-env') echo 'text' ;;
    'migrate verify|--source-profile') echo 'text' ;;
    'migrate verify|--source-ca-file') echo 'file' ;;
    'migrate watch|--interval') echo 'text' ;;
    'migrate watch|--timeout') echo 'text' ;;
    'envs protect|--deploy') echo 'text' ;;
    'envs protect|--approval') echo 'text' ;;
    'envs update|--add-deploy') echo 'text' ;;
    'envs update|--change-deploy') echo 'text' ;;
    'envs update|--remove-deploy') echo 'text' ;;
    'envs update|--add-approval') echo 'text' ;;
    'envs update|--change-approval') echo 'text' ;;
    'envs update|--remove-approval') echo 'text' ;;
    'envs update|--required-approval-count') echo 'text' ;;
    'envs apply|-f'|'envs apply|--file') echo 'file' ;;
    'mr list|--project') echo 'text' ;;
    'mr list|--state') echo 'choice opened closed locked merged all' ;;
    'mr list|--scope') echo 'choice created_by_me assigned_to_me all' ;;
    'mr list|--order-by') echo 'choice created_at title updated_at' ;;
    'mr list|--sort') echo 'choice asc desc' ;;
    'mr list|--labels') echo 'text' ;;
    'mr list|--not-labels') echo 'text' ;;
    'mr list|--milestone') echo 'text' ;;
    'mr list|--not-milestone') echo 'text' ;;
    'mr list|--author') echo 'text' ;;
    'mr list|--author-id') echo 'text' ;;
    'mr list|--author-username') echo 'text' ;;
    'mr list|--not-author') echo 'text' ;;
    'mr list|--assignee') echo 'text' ;;
    'mr list|--assignee-id') echo 'text' ;;
    'mr list|--assignee-username') echo 'text' ;;
    'mr list|--not-assignee') echo 'text' ;;
    'mr list|--reviewer') echo 'text' ;;
    'mr list|--reviewer-id') echo 'text' ;;
    'mr list|--reviewer-username') echo 'text' ;;
    'mr list|--not-reviewer') echo 'text' ;;
    'mr list|--my-reaction-emoji') echo 'text' ;;
    'mr list|--not-my-reaction-emoji') echo 'text' ;;
    'mr list|--approved-by-ids') echo 'text' ;;
    'mr list|--approver-ids') echo 'text' ;;
    'mr list|--approved') echo 'choice yes no' ;;
    'mr list|--created-after') echo 'text' ;;
    'mr list|--created-before') echo 'text' ;;
    'mr list|--updated-after') echo 'text' ;;
    'mr list|--updated-before') echo 'text' ;;
    'mr list|--deployed-after') echo 'text' ;;
    'mr list|--deployed-before') echo 'text' ;;
    'mr list|--environment') echo 'text' ;;
    'mr list|--in') echo 'choice title description title,description description,title' ;;
    'mr list|--iids') echo 'text' ;;
    'mr list|--search') echo 'text' ;;
    'mr list|--source-branch') echo 'text' ;;
    'mr list|--target-branch') echo 'text' ;;
    'mr list|--view') echo 'choice simple' ;;
    'mr list|--wip') echo 'choice yes no' ;;
    'mr update|--title') echo 'text' ;;
    'mr update|--description') echo 'text' ;;
    'mr update|--description-file') echo 'file' ;;
    'mr update|--labels') echo 'text' ;;
    'mr update|--add-labels') echo 'text' ;;
    'mr update|--remove-labels') echo 'text' ;;
    'mr update|--assignee') echo 'text' ;;
    'mr update|--assignees') echo 'text' ;;
    'mr update|--reviewers') echo 'text' ;;
    'mr update|--milestone') echo 'text' ;;
    'mr update|--target-branch') echo 'text' ;;
    'mr merge|--sha') echo 'text' ;;
    'mr merge|--message') echo 'text' ;;
    'mr merge|--squash-message') echo 'text' ;;
    'mr train list|--branch') echo 'text' ;;
    'mr train list|--scope') echo 'choice active complete' ;;
    'mr train list|--sort') echo 'choice asc desc' ;;
    'mr train add|--sha') echo 'text' ;;
    'discussion list|--type') echo 'choice issue snippet epic' ;;
    'discussion get|--type') echo 'choice issue snippet epic' ;;
    'discussion create|--type') echo 'choice issue snippet epic' ;;
    'discussion create|--body') echo 'text' ;;
    'discussion create|--body-file') echo 'file' ;;
    'discussion create|--created-at') echo 'text' ;;
    'discussion reply|--type') echo 'choice issue snippet epic' ;;
    'discussion reply|--body') echo 'text' ;;
    'discussion reply|--body-file') echo 'file' ;;
    'discussion reply|--created-at') echo 'text' ;;
    'discussion reply|--note-id') echo 'text' ;;
    'discussion edit|--type') echo 'choice issue snippet epic' ;;
    'discussion edit|--body') echo 'text' ;;
    'discussion edit|--body-file') echo 'file' ;;
    'discussion delete-note|--type') echo 'choice issue snippet epic' ;;
    'epic list|--author-id') echo 'text' ;;
    'epic list|--author') echo 'text' ;;
    'epic list|--labels') echo 'text' ;;
    'epic list|--order-by') echo 'choice created_at updated_at title' ;;
    'epic list|--sort') echo 'choice asc desc' ;;
    'epic list|--search') echo 'text' ;;
    'epic list|--state') echo 'choice opened closed all' ;;
    'epic list|--created-after') echo 'text' ;;
    'epic list|--created-before') echo 'text' ;;
    'epic list|--updated-after') echo 'text' ;;
    'epic list|--updated-before') echo 'text' ;;
    'epic list|--my-reaction-emoji') echo 'text' ;;
    'epic list|--not-author-id') echo 'text' ;;
    'epic list|--not-author') echo 'text' ;;
    'epic list|--not-labels') echo 'text' ;;
    'epic create|--title') echo 'text' ;;
    'epic create|--labels') echo 'text' ;;
    'epic create|--created-at') echo 'text' ;;
    'epic create|--description') echo 'text' ;;
    'epic create|--description-file') echo 'file' ;;
    'epic create|--color') echo 'text' ;;
    'epic create|--start-date-fixed') echo 'text' ;;
    'epic create|--due-date-fixed') echo 'text' ;;
    'epic create|--parent-id') echo 'text' ;;
    'epic update|--title') echo 'text' ;;
    'epic update|--labels') echo 'text' ;;
    'epic update|--add-labels') echo 'text' ;;
    'epic update|--remove-labels') echo 'text' ;;
    'epic update|--state-event') echo 'choice close reopen' ;;
    'epic update|--updated-at') echo 'text' ;;
    'epic update|--description') echo 'text' ;;
    'epic update|--description-file') echo 'file' ;;
    'epic update|--color') echo 'text' ;;
    'epic update|--start-date-fixed') echo 'text' ;;
    'epic update|--due-date-fixed') echo 'text' ;;
    'epic update|--parent-id') echo 'text' ;;
    'events list|--user') echo 'text' ;;
    'events list|--project') echo 'text' ;;
    'events list|--scope') echo 'choice all' ;;
    'events list|--action') echo 'choice created updated closed reopened pushed commented merged joined left destroyed expired approved' ;;
    'events list|--target-type') echo 'text' ;;
    'events list|--before') echo 'text' ;;
    'events list|--after') echo 'text' ;;
    'events list|--sort') echo 'choice asc desc' ;;
    'notify get|--group') echo 'text' ;;
    'notify get|--project') echo 'text' ;;
    'notify set|--group') echo 'text' ;;
    'notify set|--project') echo 'text' ;;
    'notify set|--level') echo 'choice disabled participating watch global mention custom' ;;
    'notify set|--email') echo 'text' ;;
    'notify set|--on') echo 'text' ;;
    'notify set|--off') echo 'text' ;;
    'wiki get|--version') echo 'text' ;;
    'wiki create|--title') echo 'text' ;;
    'wiki create|--content') echo 'text' ;;
    'wiki create|--file') echo 'file' ;;
    'wiki create|--format') echo 'choice markdown rdoc asciidoc org' ;;
    'wiki update|--title') echo 'text' ;;
    'wiki update|--content') echo 'text' ;;
    'wiki update|--file') echo 'file' ;;
    'wiki update|--format') echo 'choice markdown rdoc asciidoc org' ;;
    'wiki upload|--branch') echo 'text' ;;
    'alerts send|--url') echo 'text' ;;
    'alerts send|--auth') echo 'text' ;;
    'alerts send|-f'|'alerts send|--file') echo 'file' ;;
    'alerts send|--title') echo 'text' ;;
    'alerts send|--description') echo 'text' ;;
    'alerts send|--severity') echo 'text' ;;
    'alerts send|--service') echo 'text' ;;
    'alerts send|--monitoring-tool') echo 'text' ;;
    'alerts send|--hosts') echo 'text' ;;
    'alerts send|--fingerprint') echo 'text' ;;
    'alerts send|--start-time') echo 'text' ;;
    'alerts send|--end-time') echo 'text' ;;
    'alerts send|--environment') echo 'text' ;;
    'alerts send|--field') echo 'text' ;;
    'alerts resolve|--url') echo 'text' ;;
    'alerts resolve|--auth') echo 'text' ;;
    'alerts resolve|--fingerprint') echo 'text' ;;
    'alerts resolve|--end-time') echo 'text' ;;
    'analytics|--only') echo 'text' ;;
    'releases list|--sort') echo 'choice asc desc' ;;
    'projects list|--user') echo 'text' ;;
    'projects list|--id-after') echo 'text' ;;
    'projects list|--id-before') echo 'text' ;;
    'projects list|--last-activity-after') echo 'text' ;;
    'projects list|--last-activity-before') echo 'text' ;;
    'projects list|--min-access-level') echo 'choice 5 10 15 20 30 40 50' ;;
    'projects list|--order-by') echo 'choice id name path created_at updated_at last_activity_at similarity repository_size storage_size packages_size wiki_size' ;;
    'projects list|--repository-storage') echo 'text' ;;
    'projects list|--search') echo 'text' ;;
    'projects list|--sort') echo 'choice asc desc' ;;
    'projects list|--topic') echo 'text' ;;
    'projects list|--topic-id') echo 'text' ;;
    'projects list|--updated-after') echo 'text' ;;
    'projects list|--updated-before') echo 'text' ;;
    'projects list|--visibility') echo 'choice public internal private' ;;
    'projects list|--with-programming-language') echo 'text' ;;
    'projects list|--custom-attribute') echo 'text' ;;
    'profile add|--url') echo 'text' ;;
    'profile add|--token') echo 'text' ;;
    'profile add|--token-command') echo 'text' ;;
    'profile add|--storage') echo 'choice keyring file' ;;
    'profile add|--token-type') echo 'choice personal oauth job' ;;
    'profile add|--sudo') echo 'text' ;;
    'profile add|--ca-file') echo 'file' ;;
    'profile add|--client-cert') echo 'file' ;;
    'profile add|--client-key') echo 'file' ;;
    'profile login|--token-command') echo 'text' ;;
    'profile login|--storage') echo 'choice keyring file' ;;
    'profile set-token|--token') echo 'text' ;;
    'api|-X'|'api|--method') echo 'text' ;;
    'api|-f'|'api|--raw-field') echo 'text' ;;
    'api|-F'|'api|--field') echo 'text' ;;
    'api|--input') echo 'file' ;;
    'api|-H'|'api|--header') echo 'text' ;;
    'sandbox|--port') echo 'text' ;;
    'sandbox|--host') echo 'text' ;;
    'sandbox|--seed') echo 'text' ;;
    'sandbox|--latency') echo 'text' ;;
    'sandbox|--fault') echo 'text' ;;
    'sandbox|--extra-projects') echo 'text' ;;
    'sandbox|--extra-tokens') echo 'text' ;;
    'sandbox|--extra-token-owners') echo 'text' ;;
    'sandbox|--clock-speed') echo 'text' ;;
    'sandbox|--setting-names') echo 'text' ;;
    'state export|-o'|'state export|--output'|'state schema|-o'|'state schema|--output'|'profile schema|-o'|'profile schema|--output'|'profile use|-o'|'profile use|--output'|'profile set-storage|-o'|'profile set-storage|--output'|'profile remove|-o'|'profile remove|--output'|'licenses|-o'|'licenses|--output'|'completion|-o'|'completion|--output'|'man|-o'|'man|--output') echo 'choice ' ;;
    'state plan|-o'|'state plan|--output'|'state show|-o'|'state show|--output'|'migrate check|-o'|'migrate check|--output'|'migrate verify|-o'|'migrate verify|--output') echo 'choice table json yaml ndjson csv markdown' ;;
    'state apply|-o'|'state apply|--output'|'settings get|-o'|'settings get|--output'|'settings set|-o'|'settings set|--output'|'settings diff|-o'|'settings diff|--output'|'plan-limits get|-o'|'plan-limits get|--output'|'plan-limits set|-o'|'plan-limits set|--output'|'hooks list|-o'|'hooks list|--output'|'hooks get|-o'|'hooks get|--output'|'hooks create|-o'|'hooks create|--output'|'hooks test|-o'|'hooks test|--output'|'hooks delete|-o'|'hooks delete|--output'|'broadcast list|-o'|'broadcast list|--output'|'broadcast get|-o'|'broadcast get|--output'|'broadcast create|-o'|'broadcast create|--output'|'broadcast update|-o'|'broadcast update|--output'|'broadcast delete|-o'|'broadcast delete|--output'|'token list|-o'|'token list|--output'|'token audit|-o'|'token audit|--output'|'token get|-o'|'token get|--output'|'token self|-o'|'token self|--output'|'token create|-o'|'token create|--output'|'token rotate|-o'|'token rotate|--output'|'token revoke|-o'|'token revoke|--output'|'users list|-o'|'users list|--output'|'users get|-o'|'users get|--output'|'migrate start|-o'|'migrate start|--output'|'migrate list|-o'|'migrate list|--output'|'migrate get|-o'|'migrate get|--output'|'migrate entities|-o'|'migrate entities|--output'|'migrate entity get|-o'|'migrate entity get|--output'|'migrate failures|-o'|'migrate failures|--output'|'migrate watch|-o'|'migrate watch|--output'|'envs list|-o'|'envs list|--output'|'envs get|-o'|'envs get|--output'|'envs protect|-o'|'envs protect|--output'|'envs update|-o'|'envs update|--output'|'envs unprotect|-o'|'envs unprotect|--output'|'envs apply|-o'|'envs apply|--output'|'mr list|-o'|'mr list|--output'|'mr view|-o'|'mr view|--output'|'mr update|-o'|'mr update|--output'|'mr close|-o'|'mr close|--output'|'mr reopen|-o'|'mr reopen|--output'|'mr merge|-o'|'mr merge|--output'|'mr delete|-o'|'mr delete|--output'|'mr train list|-o'|'mr train list|--output'|'mr train status|-o'|'mr train status|--output'|'mr train add|-o'|'mr train add|--output'|'discussion list|-o'|'discussion list|--output'|'discussion get|-o'|'discussion get|--output'|'discussion create|-o'|'discussion create|--output'|'discussion reply|-o'|'discussion reply|--output'|'discussion edit|-o'|'discussion edit|--output'|'discussion delete-note|-o'|'discussion delete-note|--output'|'epic list|-o'|'epic list|--output'|'epic get|-o'|'epic get|--output'|'epic create|-o'|'epic create|--output'|'epic update|-o'|'epic update|--output'|'epic close|-o'|'epic close|--output'|'epic reopen|-o'|'epic reopen|--output'|'events list|-o'|'events list|--output'|'iteration-events list|-o'|'iteration-events list|--output'|'iteration-events get|-o'|'iteration-events get|--output'|'notify get|-o'|'notify get|--output'|'notify set|-o'|'notify set|--output'|'wiki list|-o'|'wiki list|--output'|'wiki get|-o'|'wiki get|--output'|'wiki create|-o'|'wiki create|--output'|'wiki update|-o'|'wiki update|--output'|'wiki delete|-o'|'wiki delete|--output'|'wiki upload|-o'|'wiki upload|--output'|'alerts send|-o'|'alerts send|--output'|'alerts resolve|-o'|'alerts resolve|--output'|'analytics|-o'|'analytics|--output'|'releases list|-o'|'releases list|--output'|'dashboards star|-o'|'dashboards star|--output'|'dashboards unstar|-o'|'dashboards unstar|--output'|'projects list|-o'|'projects list|--output'|'profile add|-o'|'profile add|--output'|'profile login|-o'|'profile login|--output'|'profile list|-o'|'profile list|--output'|'profile show|-o'|'profile show|--output'|'profile set-token|-o'|'profile set-token|--output'|'api|-o'|'api|--output'|'sandbox|-o'|'sandbox|--output'|'help|-o'|'help|--output') echo 'choice table json yaml ndjson csv' ;;
    *'|-p'|*'|--profile') echo 'profile' ;;
    *'|--profiles') echo 'profile' ;;
    *'|--fleet-concurrency') echo 'text' ;;
    *'|--url') echo 'text' ;;
    *'|--token') echo 'text' ;;
    *'|--token-type') echo 'choice personal oauth job' ;;
    *'|--sudo') echo 'text' ;;
    *'|-o'|*'|--output') echo 'choice table json yaml ndjson csv markdown' ;;
    *'|--fields') echo 'text' ;;
    *'|--page') echo 'text' ;;
    *'|--per-page') echo 'text' ;;
    *'|--limit') echo 'text' ;;
    *'|--timeout') echo 'text' ;;
    *'|--retries') echo 'text' ;;
    *'|--ca-file') echo 'file' ;;
    *'|--client-cert') echo 'file' ;;
    *'|--client-key') echo 'file' ;;
    *'|--config-dir') echo 'directory' ;;
    *'|--inventory') echo 'file' ;;
  esac
}

__forgectl_positional() {
  case "$1" in
    'settings get|'*) echo 'choice abuse_notification_email admin_mode after_sign_out_path after_sign_up_text ai_features_enabled akismet_api_key akismet_enabled allow_account_deletion allow_all_integrations allow_group_owners_to_manage_ldap allow_local_requests_from_system_hooks allow_local_requests_from_web_hooks_and_services allow_runner_registration_token allowed_integrations archive_builds_in_human_readable asciidoc_max_includes asset_proxy_allowlist asset_proxy_enabled asset_proxy_secret_key asset_proxy_url avatar_lookup_enabled bulk_import_concurrent_pipeline_batch_limit bulk_import_enabled bulk_import_max_download_file_size can_create_group cohort_tracking_enabled concurrent_bitbucket_import_jobs_limit concurrent_bitbucket_server_import_jobs_limit concurrent_github_import_jobs_limit concurrent_relation_batch_export_limit container_expiration_policies_enable_historic_entries container_registry_cleanup_tags_service_max_list_size container_registry_delete_tags_service_timeout container_registry_expiration_policies_caching container_registry_expiration_policies_worker_capacity container_registry_token_expire_delay decompress_archive_file_timeout default_branch_protection_defaults default_ci_config_path default_group_visibility default_preferred_language default_project_deletion_protection default_project_visibility default_projects_limit default_snippet_visibility delete_inactive_projects delete_unconfirmed_users deletion_adjourned_period diagramsnet_enabled diagramsnet_url disable_personal_access_tokens domain_allowlist domain_denylist domain_denylist_enabled downstream_pipeline_trigger_limit_per_project_user_sha dsa_key_restriction duo_features_enabled ecdsa_key_restriction ecdsa_sk_key_restriction ed25519_key_restriction ed25519_sk_key_restriction email_restrictions email_restrictions_enabled enforce_terms external_authorization_service_default_label external_authorization_service_enabled external_authorization_service_timeout external_authorization_service_url external_pipeline_validation_service_timeout external_pipeline_validation_service_token external_pipeline_validation_service_url failed_login_attempts_unlock_period_in_minutes file_template_project_id first_day_of_week floc_enabled geo_node_allowed_ips geo_status_timeout globally_allowed_ips gravatar_enabled group_owners_can_manage_default_branch_protection home_page_url housekeeping_enabled housekeeping_full_repack_period housekeeping_gc_period housekeeping_incremental_repack_period housekeeping_optimize_repository_period inactive_projects_delete_after_months inactive_projects_min_size_mb inactive_projects_send_warning_email_after_months include_optional_metrics_in_service_ping issues_create_limit jira_connect_additional_audience_url jira_connect_application_key jira_connect_proxy_url jira_connect_public_key_storage_enabled keep_latest_artifact kroki_enabled kroki_url local_markdown_version lock_ai_features_enabled lock_duo_features_enabled maven_package_requests_forwarding max_attachment_size max_decompressed_archive_size max_export_size max_import_remote_file_size max_import_size max_login_attempts notify_on_unknown_sign_in npm_package_requests_forwarding outbound_local_requests_whitelist package_registry_allow_anyone_to_pull_option package_registry_cleanup_policies_worker_capacity package_skip_metadata_url_validation password_authentication_enabled_for_web performance_bar_allowed_group_id personal_access_token_prefix plantuml_enabled plantuml_url polling_interval_multiplier project_jobs_api_rate_limit projects_api_rate_limit_unauthenticated pypi_package_requests_forwarding rate_limiting_response_text raw_blob_request_limit replication_node_allowed_ips replication_status_timeout repository_storages_weighted require_admin_approval_after_user_signup require_personal_access_token_expiry require_two_factor_authentication restricted_visibility_levels rsa_key_restriction security_approval_policies_limit security_policy_global_group_approvers_enabled security_txt_content session_expire_delay signup_enabled silent_admin_exports_enabled silent_mode_enabled snippet_size_limit spam_service_api_key spam_service_enabled terminal_max_session_time terms throttle_unauthenticated_api_enabled throttle_unauthenticated_api_period_in_seconds throttle_unauthenticated_api_requests_per_period throttle_unauthenticated_packages_api_enabled throttle_unauthenticated_packages_api_period_in_seconds throttle_unauthenticated_packages_api_requests_per_period throttle_unauthenticated_web_enabled throttle_unauthenticated_web_period_in_seconds throttle_unauthenticated_web_requests_per_period time_tracking_limit_to_hours two_factor_grace_period unconfirmed_users_delete_after_days unique_ips_limit_enabled unique_ips_limit_per_user unique_ips_limit_time_window update_runner_versions_enabled updating_name_disabled_for_users usage_ping_enabled use_clickhouse_for_analytics use_columnar_store_for_analytics user_deactivation_emails_enabled user_default_external user_default_internal_regex user_defaults_to_private_profile user_oauth_applications user_show_add_ssh_key_message valid_runner_registrars version_check_enabled whats_new_variant wiki_page_max_content_bytes' ;;
    'settings set|'*) echo 'assign abuse_notification_email admin_mode after_sign_out_path after_sign_up_text ai_features_enabled akismet_api_key akismet_enabled allow_account_deletion allow_all_integrations allow_group_owners_to_manage_ldap allow_local_requests_from_system_hooks allow_local_requests_from_web_hooks_and_services allow_runner_registration_token allowed_integrations archive_builds_in_human_readable asciidoc_max_includes asset_proxy_allowlist asset_proxy_enabled asset_proxy_secret_key asset_proxy_url avatar_lookup_enabled bulk_import_concurrent_pipeline_batch_limit bulk_import_enabled bulk_import_max_download_file_size can_create_group cohort_tracking_enabled concurrent_bitbucket_import_jobs_limit concurrent_bitbucket_server_import_jobs_limit concurrent_github_import_jobs_limit concurrent_relation_batch_export_limit container_expiration_policies_enable_historic_entries container_registry_cleanup_tags_service_max_list_size container_registry_delete_tags_service_timeout container_registry_expiration_policies_caching container_registry_expiration_policies_worker_capacity container_registry_token_expire_delay decompress_archive_file_timeout default_branch_protection_defaults default_ci_config_path default_group_visibility default_preferred_language default_project_deletion_protection default_project_visibility default_projects_limit default_snippet_visibility delete_inactive_projects delete_unconfirmed_users deletion_adjourned_period diagramsnet_enabled diagramsnet_url disable_personal_access_tokens domain_allowlist domain_denylist domain_denylist_enabled downstream_pipeline_trigger_limit_per_project_user_sha dsa_key_restriction duo_features_enabled ecdsa_key_restriction ecdsa_sk_key_restriction ed25519_key_restriction ed25519_sk_key_restriction email_restrictions email_restrictions_enabled enforce_terms external_authorization_service_default_label external_authorization_service_enabled external_authorization_service_timeout external_authorization_service_url external_pipeline_validation_service_timeout external_pipeline_validation_service_token external_pipeline_validation_service_url failed_login_attempts_unlock_period_in_minutes file_template_project_id first_day_of_week floc_enabled geo_node_allowed_ips geo_status_timeout globally_allowed_ips gravatar_enabled group_owners_can_manage_default_branch_protection home_page_url housekeeping_enabled housekeeping_full_repack_period housekeeping_gc_period housekeeping_incremental_repack_period housekeeping_optimize_repository_period inactive_projects_delete_after_months inactive_projects_min_size_mb inactive_projects_send_warning_email_after_months include_optional_metrics_in_service_ping issues_create_limit jira_connect_additional_audience_url jira_connect_application_key jira_connect_proxy_url jira_connect_public_key_storage_enabled keep_latest_artifact kroki_enabled kroki_url local_markdown_version lock_ai_features_enabled lock_duo_features_enabled maven_package_requests_forwarding max_attachment_size max_decompressed_archive_size max_export_size max_import_remote_file_size max_import_size max_login_attempts notify_on_unknown_sign_in npm_package_requests_forwarding outbound_local_requests_whitelist package_registry_allow_anyone_to_pull_option package_registry_cleanup_policies_worker_capacity package_skip_metadata_url_validation password_authentication_enabled_for_web performance_bar_allowed_group_id personal_access_token_prefix plantuml_enabled plantuml_url polling_interval_multiplier project_jobs_api_rate_limit projects_api_rate_limit_unauthenticated pypi_package_requests_forwarding rate_limiting_response_text raw_blob_request_limit replication_node_allowed_ips replication_status_timeout repository_storages_weighted require_admin_approval_after_user_signup require_personal_access_token_expiry require_two_factor_authentication restricted_visibility_levels rsa_key_restriction security_approval_policies_limit security_policy_global_group_approvers_enabled security_txt_content session_expire_delay signup_enabled silent_admin_exports_enabled silent_mode_enabled snippet_size_limit spam_service_api_key spam_service_enabled terminal_max_session_time terms throttle_unauthenticated_api_enabled throttle_unauthenticated_api_period_in_seconds throttle_unauthenticated_api_requests_per_period throttle_unauthenticated_packages_api_enabled throttle_unauthenticated_packages_api_period_in_seconds throttle_unauthenticated_packages_api_requests_per_period throttle_unauthenticated_web_enabled throttle_unauthenticated_web_period_in_seconds throttle_unauthenticated_web_requests_per_period time_tracking_limit_to_hours two_factor_grace_period unconfirmed_users_delete_after_days unique_ips_limit_enabled unique_ips_limit_per_user unique_ips_limit_time_window update_runner_versions_enabled updating_name_disabled_for_users usage_ping_enabled use_clickhouse_for_analytics use_columnar_store_for_analytics user_deactivation_emails_enabled user_default_external user_default_internal_regex user_defaults_to_private_profile user_oauth_applications user_show_add_ssh_key_message valid_runner_registrars version_check_enabled whats_new_variant wiki_page_max_content_bytes' ;;
    'plan-limits set|'*) echo 'assign ci_instance_level_variables ci_pipeline_size ci_active_jobs ci_project_subscriptions ci_pipeline_schedules ci_needs_size_limit ci_registered_group_runners ci_registered_project_runners dotenv_size dotenv_variables conan_max_file_size enforcement_limit generic_packages_max_file_size helm_max_file_size notification_limit maven_max_file_size npm_max_file_size nuget_max_file_size pypi_max_file_size terraform_module_max_file_size storage_size_limit' ;;
    'envs get|1') echo 'choice production staging testing development other' ;;
    'envs protect|1') echo 'choice production staging testing development other' ;;
    'envs update|1') echo 'choice production staging testing development other' ;;
    'envs unprotect|1') echo 'choice production staging testing development other' ;;
    'profile show|0') echo 'profile' ;;
    'profile use|0') echo 'profile' ;;
    'profile set-storage|0') echo 'profile' ;;
    'profile set-token|0') echo 'profile' ;;
    'profile remove|0') echo 'profile' ;;
    'completion|0') echo 'choice bash zsh fish' ;;
    'man|0') echo 'choice state settings plan-limits hooks broadcast token users migrate envs mr discussion epic events iteration-events notify wiki alerts analytics releases dashboards projects profile api sandbox licenses completion man' ;;
  esac
}

# The values of KEY in a KEY=VALUE argument, when they can be listed.
__forgectl_assign_values() {
  case "$1" in
    'settings set|signup_enabled') echo 'true false' ;;
    'settings set|password_authentication_enabled_for_web') echo 'true false' ;;
    'settings set|user_oauth_applications') echo 'true false' ;;
    'settings set|domain_denylist_enabled') echo 'true false' ;;
    'settings set|gravatar_enabled') echo 'true false' ;;
    'settings set|container_expiration_policies_enable_historic_entries') echo 'true false' ;;
    'settings set|container_registry_expiration_policies_caching') echo 'true false' ;;
    'settings set|enforce_terms') echo 'true false' ;;
    'settings set|user_show_add_ssh_key_message') echo 'true false' ;;
    'settings set|allow_account_deletion') echo 'true false' ;;
    'settings set|updating_name_disabled_for_users') echo 'true false' ;;
    'settings set|allow_local_requests_from_web_hooks_and_services') echo 'true false' ;;
    'settings set|allow_local_requests_from_system_hooks') echo 'true false' ;;
    'settings set|asset_proxy_enabled') echo 'true false' ;;
    'settings set|require_admin_approval_after_user_signup') echo 'true false' ;;
    'settings set|require_personal_access_token_expiry') echo 'true false' ;;
    'settings set|keep_latest_artifact') echo 'true false' ;;
    'settings set|admin_mode') echo 'true false' ;;
    'settings set|cohort_tracking_enabled') echo 'true false' ;;
    'settings set|silent_mode_enabled') echo 'true false' ;;
    'settings set|package_registry_allow_anyone_to_pull_option') echo 'true false' ;;
    'settings set|silent_admin_exports_enabled') echo 'true false' ;;
    'settings set|can_create_group') echo 'true false' ;;
    'settings set|user_defaults_to_private_profile') echo 'true false' ;;
    'settings set|external_authorization_service_enabled') echo 'true false' ;;
    'settings set|jira_connect_public_key_storage_enabled') echo 'true false' ;;
    'settings set|plantuml_enabled') echo 'true false' ;;
    'settings set|kroki_enabled') echo 'true false' ;;
    'settings set|diagramsnet_enabled') echo 'true false' ;;
    'settings set|maven_package_requests_forwarding') echo 'true false' ;;
    'settings set|npm_package_requests_forwarding') echo 'true false' ;;
    'settings set|pypi_package_requests_forwarding') echo 'true false' ;;
    'settings set|notify_on_unknown_sign_in') echo 'true false' ;;
    'settings set|email_restrictions_enabled') echo 'true false' ;;
    'settings set|akismet_enabled') echo 'true false' ;;
    'settings set|allow_group_owners_to_manage_ldap') echo 'true false' ;;
    'settings set|allow_runner_registration_token') echo 'true false' ;;
    'settings set|throttle_unauthenticated_api_enabled') echo 'true false' ;;
    'settings set|throttle_unauthenticated_packages_api_enabled') echo 'true false' ;;
    'settings set|throttle_unauthenticated_web_enabled') echo 'true false' ;;
    'settings set|time_tracking_limit_to_hours') echo 'true false' ;;
    'settings set|unique_ips_limit_enabled') echo 'true false' ;;
    'settings set|update_runner_versions_enabled') echo 'true false' ;;
    'settings set|usage_ping_enabled') echo 'true false' ;;
    'settings set|use_clickhouse_for_analytics') echo 'true false' ;;
    'settings set|include_optional_metrics_in_service_ping') echo 'true false' ;;
    'settings set|user_deactivation_emails_enabled') echo 'true false' ;;
    'settings set|user_default_external') echo 'true false' ;;
    'settings set|version_check_enabled') echo 'true false' ;;
    'settings set|duo_features_enabled') echo 'true false' ;;
    'settings set|lock_duo_features_enabled') echo 'true false' ;;
    'settings set|package_skip_metadata_url_validation') echo 'true false' ;;
    'settings set|delete_inactive_projects') echo 'true false' ;;
    'settings set|housekeeping_enabled') echo 'true false' ;;
    'settings set|require_two_factor_authentication') echo 'true false' ;;
    'settings set|delete_unconfirmed_users') echo 'true false' ;;
    'settings set|group_owners_can_manage_default_branch_protection') echo 'true false' ;;
    'settings set|default_project_deletion_protection') echo 'true false' ;;
    'settings set|disable_personal_access_tokens') echo 'true false' ;;
    'settings set|security_policy_global_group_approvers_enabled') echo 'true false' ;;
    'settings set|allow_all_integrations') echo 'true false' ;;
    'settings set|floc_enabled') echo 'true false' ;;
    'settings set|first_day_of_week') echo '0 1 6' ;;
    'settings set|bulk_import_enabled') echo 'true false' ;;
    'settings set|default_snippet_visibility') echo 'private internal public' ;;
    'settings set|default_project_visibility') echo 'private internal public' ;;
    'settings set|default_group_visibility') echo 'private internal public' ;;
    'settings set|whats_new_variant') echo 'all_tiers current_tier disabled' ;;
    'settings set|avatar_lookup_enabled') echo 'true false' ;;
    'settings set|spam_service_enabled') echo 'true false' ;;
    'settings set|use_columnar_store_for_analytics') echo 'true false' ;;
    'settings set|ai_features_enabled') echo 'true false' ;;
    'settings set|lock_ai_features_enabled') echo 'true false' ;;
  esac
}

# The one source of profile names: the config directory's (or, given one, the --inventory file's).
__forgectl_profile_names() {
  command forgectl profile list --fields name ${__forgectl_config_dir:+--config-dir "$__forgectl_config_dir"} ${__forgectl_inventory:+--inventory "$__forgectl_inventory"} 2>/dev/null
}

__forgectl_complete_value() {
  local how="$1" cur="$2"
  case "$how" in
    choice\ *) COMPREPLY=($(compgen -W "${how#choice }" -- "$cur")) ;;
    assign\ *)
      COMPREPLY=($(compgen -W "${how#assign }" -S = -- "$cur"))
      compopt -o nospace 2>/dev/null
      ;;
    profile)
      # --profiles a,b,…: the name after the last comma, the ones before it kept.
      local before=""
      [[ "$cur" == *,* ]] && before="${cur%,*},"
      COMPREPLY=($(compgen -P "$before" -W "$(__forgectl_profile_names)" -- "${cur##*,}"))
      ;;
    file) COMPREPLY=($(compgen -f -- "$cur")) ;;
    directory) COMPREPLY=($(compgen -d -- "$cur")) ;;
  esac
}

_forgectl() {
  local cur="${COMP_WORDS[COMP_CWORD]}" cmdpath="" i w child how positionals=0
  # Profile names come from the config dir or inventory file the command line names, if any.
  local __forgectl_config_dir="" __forgectl_inventory=""
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    if [[ "$w" == "--config-dir" ]]; then
      if [[ "${COMP_WORDS[i+1]}" == "=" ]]; then __forgectl_config_dir="${COMP_WORDS[i+2]}"; else __forgectl_config_dir="${COMP_WORDS[i+1]}"; fi
    elif [[ "$w" == --config-dir=* ]]; then
      __forgectl_config_dir="${w#--config-dir=}"
    elif [[ "$w" == "--inventory" ]]; then
      if [[ "${COMP_WORDS[i+1]}" == "=" ]]; then __forgectl_inventory="${COMP_WORDS[i+2]}"; else __forgectl_inventory="${COMP_WORDS[i+1]}"; fi
    elif [[ "$w" == --inventory=* ]]; then
      __forgectl_inventory="${w#--inventory=}"
    fi
    case "$w" in
      --*=*) ;;
      -*)
        if [[ -n "$(__forgectl_value "$cmdpath" "$w")" ]]; then
          ((i++))
          # bash splits --flag=value at '=' into three words
          if [[ "${COMP_WORDS[i]}" == "=" ]]; then ((i++)); fi
        fi
        ;;
      *)
        child="$(__forgectl_alias "$cmdpath" "$w")"
        [[ -z "$child" ]] && child="$w"
        if [[ " $(__forgectl_children "$cmdpath") " == *" $child "* ]]; then
          cmdpath="${cmdpath:+$cmdpath }$child"
        else
          ((positionals++))
        fi
        ;;
    esac
  done

  # The value of a flag: "--flag <TAB>", "--flag=<TAB>"
  local prev="${COMP_WORDS[COMP_CWORD-1]}"
  if [[ "$prev" == "=" && $COMP_CWORD -ge 2 ]]; then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi
  if [[ "$cur" == "=" ]]; then cur=""; fi
  if [[ "$prev" == -* ]]; then
    how="$(__forgectl_value "$cmdpath" "$prev")"
    if [[ -n "$how" ]]; then
      __forgectl_complete_value "$how" "$cur"
      return 0
    fi
  fi

  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(__forgectl_flags "$cmdpath")" -- "$cur"))
    return 0
  fi
  local kids
  kids="$(__forgectl_children "$cmdpath")"
  if [[ -n "$kids" ]]; then
    COMPREPLY=($(compgen -W "$kids" -- "$cur"))
  elif [[ "${COMP_WORDS[COMP_CWORD]}" == "=" || "${COMP_WORDS[COMP_CWORD-1]}" == "=" ]]; then
    # After KEY= comes KEY's value (bash splits the word at '=').
    local k="${COMP_WORDS[COMP_CWORD-1]}"
    [[ "$k" == "=" ]] && k="${COMP_WORDS[COMP_CWORD-2]}"
    COMPREPLY=($(compgen -W "$(__forgectl_assign_values "$cmdpath|$k")" -- "$cur"))
  else
    how="$(__forgectl_positional "$cmdpath|$positionals")"
    [[ -n "$how" ]] && __forgectl_complete_value "$how" "$cur"
  fi
  return 0
}

complete -F _forgectl forgectl
