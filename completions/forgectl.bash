# bash completion for forgectl. Generated from the command tree by `npm run docs`; do not edit by hand.
# Install: source this file from ~/.bashrc, or copy it to ~/.local/share/bash-completion/completions/forgectl

__forgectl_children() {
  case "$1" in
    '') echo 'profile token settings plan-limits broadcast hooks state migrate mr discussion events epic iteration-events notify wiki alerts envs analytics releases dashboards projects api sandbox licenses completion man help' ;;
    'profile') echo 'add login list show use set-storage set-token remove' ;;
    'token') echo 'list get self rotate revoke' ;;
    'settings') echo 'get set diff' ;;
    'plan-limits') echo 'get set' ;;
    'broadcast') echo 'list get create update delete' ;;
    'hooks') echo 'list get create test delete' ;;
    'state') echo 'export plan apply schema' ;;
    'migrate') echo 'start list get entities entity failures watch' ;;
    'migrate entity') echo 'get' ;;
    'mr') echo 'list view update close reopen merge delete train' ;;
    'mr train') echo 'list status add' ;;
    'discussion') echo 'list get create reply edit delete-note' ;;
    'events') echo 'list' ;;
    'epic') echo 'list get create update close reopen' ;;
    'iteration-events') echo 'list get' ;;
    'notify') echo 'get set' ;;
    'wiki') echo 'list get create update delete upload' ;;
    'alerts') echo 'send resolve' ;;
    'envs') echo 'list get protect update unprotect apply' ;;
    'releases') echo 'list' ;;
    'dashboards') echo 'star unstar' ;;
    'projects') echo 'list' ;;
  esac
}

__forgectl_alias() {
  case "$1|$2" in
    'profile|ls') echo 'list' ;;
    'profile|rm') echo 'remove' ;;
    'token|ls') echo 'list' ;;
    'broadcast|ls') echo 'list' ;;
    'hooks|ls') echo 'list' ;;
    'migrate|ls') echo 'list' ;;
    'mr|ls') echo 'list' ;;
    'mr|show') echo 'view' ;;
    'discussion|ls') echo 'list' ;;
    'events|ls') echo 'list' ;;
    'epic|ls') echo 'list' ;;
    'iteration-events|ls') echo 'list' ;;
    'wiki|ls') echo 'list' ;;
    'envs|ls') echo 'list' ;;
    'releases|ls') echo 'list' ;;
    'projects|ls') echo 'list' ;;
  esac
}

__forgectl_flags() {
  echo '-p --profile --url --token --token-type --sudo -o --output --fields --all --page --per-page --limit --dry-run -v --verbose -y --yes --no-color --timeout --retries --ca-file --insecure --client-cert --client-key --config-dir --allow-insecure-http -h --help'
  case "$1" in
    'profile') echo '' ;;
    'profile add') echo '--url --token-stdin --token --token-command --storage --token-type --sudo --ca-file --client-cert --client-key --insecure --default --no-verify' ;;
    'profile login') echo '--token-command --storage' ;;
    'profile list') echo '' ;;
    'profile show') echo '' ;;
    'profile use') echo '' ;;
    'profile set-storage') echo '' ;;
    'profile set-token') echo '--token-stdin --token --no-verify' ;;
    'profile remove') echo '' ;;
    'token') echo '' ;;
    'token list') echo '--user --state --revoked --search --created-after --created-before --last-used-after --last-used-before --expiring-within' ;;
    'token get') echo '' ;;
    'token self') echo '' ;;
    'token rotate') echo '--expires-at --expires-in --save --no-save --force' ;;
    'token revoke') echo '' ;;
    'settings') echo '' ;;
    'settings get') echo '--show-secrets' ;;
    'settings set') echo '-f --file --strict --allow-unknown --show-secrets' ;;
    'settings diff') echo '-f --file --exit-code --strict --allow-unknown --show-secrets' ;;
    'plan-limits') echo '' ;;
    'plan-limits get') echo '--plan' ;;
    'plan-limits set') echo '--plan' ;;
    'broadcast') echo '' ;;
    'broadcast list') echo '' ;;
    'broadcast get') echo '' ;;
    'broadcast create') echo '--message --starts-at --ends-at --duration --font --target-access-levels --target-path --type --theme --dismissable --no-dismissable' ;;
    'broadcast update') echo '--message --starts-at --ends-at --duration --font --target-access-levels --target-path --type --theme --dismissable --no-dismissable' ;;
    'broadcast delete') echo '' ;;
    'hooks') echo '' ;;
    'hooks list') echo '' ;;
    'hooks get') echo '' ;;
    'hooks create') echo '--url --name --description --secret-stdin --secret --push-events --no-push-events --tag-push-events --no-tag-push-events --merge-requests-events --no-merge-requests-events --repository-update-events --no-repository-update-events --ssl-verification --no-ssl-verification' ;;
    'hooks test') echo '' ;;
    'hooks delete') echo '' ;;
    'state') echo '' ;;
    'state export') echo '-f --file --only --plans --groups --all-groups' ;;
    'state plan') echo '-f --file --prune --exit-code --strict --allow-unknown' ;;
    'state apply') echo '-f --file --prune --strict --allow-unknown' ;;
    'state schema') echo '' ;;
    'migrate') echo '' ;;
    'migrate start') echo '--source-url --source-token-stdin --source-token-env --entity --no-projects -f --file --watch --interval --watch-timeout' ;;
    'migrate list') echo '--status --sort' ;;
    'migrate get') echo '' ;;
    'migrate entities') echo '--status --sort' ;;
    'migrate entity') echo '' ;;
    'migrate entity get') echo '' ;;
    'migrate failures') echo '' ;;
    'migrate watch') echo '--interval --timeout' ;;
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
    'events') echo '' ;;
    'events list') echo '--user --project --scope --action --target-type --before --after --sort' ;;
    'epic') echo '' ;;
    'epic list') echo '--author-id --author --labels --with-labels-details --no-with-labels-details --order-by --sort --search --state --created-after --created-before --updated-after --updated-before --include-ancestor-groups --no-include-ancestor-groups --include-descendant-groups --no-include-descendant-groups --my-reaction-emoji --not-author-id --not-author --not-labels' ;;
    'epic get') echo '' ;;
    'epic create') echo '--title --labels --created-at --description --description-file --confidential --no-confidential --color --start-date-fixed --due-date-fixed --start-date-is-fixed --no-start-date-is-fixed --due-date-is-fixed --no-due-date-is-fixed --parent-id' ;;
    'epic update') echo '--title --labels --add-labels --remove-labels --state-event --updated-at --description --description-file --confidential --no-confidential --color --start-date-fixed --due-date-fixed --start-date-is-fixed --no-start-date-is-fixed --due-date-is-fixed --no-due-date-is-fixed --parent-id' ;;
    'epic close') echo '' ;;
    'epic reopen') echo '' ;;
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
    'envs') echo '' ;;
    'envs list') echo '' ;;
    'envs get') echo '' ;;
    'envs protect') echo '--deploy --approval' ;;
    'envs update') echo '--add-deploy --change-deploy --remove-deploy --add-approval --change-approval --remove-approval --required-approval-count' ;;
    'envs unprotect') echo '' ;;
    'envs apply') echo '-f --file' ;;
    'analytics') echo '--only' ;;
    'releases') echo '' ;;
    'releases list') echo '--sort --simple' ;;
    'dashboards') echo '' ;;
    'dashboards star') echo '' ;;
    'dashboards unstar') echo '--all' ;;
    'projects') echo '' ;;
    'projects list') echo '--user --archived --no-archived --id-after --id-before --imported --no-imported --include-hidden --no-include-hidden --include-pending-delete --no-include-pending-delete --last-activity-after --last-activity-before --membership --no-membership --min-access-level --order-by --owned --no-owned --repository-checksum-failed --no-repository-checksum-failed --repository-storage --search-namespaces --no-search-namespaces --search --simple --no-simple --sort --starred --no-starred --statistics --no-statistics --topic --topic-id --updated-after --updated-before --visibility --wiki-checksum-failed --no-wiki-checksum-failed --with-custom-attributes --no-with-custom-attributes --with-issues-enabled --no-with-issues-enabled --with-merge-requests-enabled --no-with-merge-requests-enabled --with-programming-language --custom-attribute --show-secrets' ;;
    'api') echo '-X --method -f --raw-field -F --field --input -H --header -i --include --paginate' ;;
    'sandbox') echo '--port --host --seed --latency --fault --extra-projects --clock-speed --setting-names' ;;
    'licenses') echo '' ;;
    'completion') echo '' ;;
    'man') echo '' ;;
    'help') echo '' ;;
  esac
}

# Prints how a flag's value is completed (choice VALUES…, profile, file, directory, text), nothing for a switch.
__forgectl_value() {
  case "$1|$2" in
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
    'token list|--user') echo 'text' ;;
    'token list|--state') echo 'choice active inactive' ;;
    'token list|--revoked') echo 'text' ;;
    'token list|--search') echo 'text' ;;
    'token list|--created-after') echo 'text' ;;
    'token list|--created-before') echo 'text' ;;
    'token list|--last-used-after') echo 'text' ;;
    'token list|--last-used-before') echo 'text' ;;
    'token list|--expiring-within') echo 'text' ;;
    'token rotate|--expires-at') echo 'text' ;;
    'token rotate|--expires-in') echo 'text' ;;
    'settings set|-f'|'settings set|--file') echo 'file' ;;
    'settings diff|-f'|'settings diff|--file') echo 'file' ;;
    'plan-limits get|--plan') echo 'text' ;;
    'plan-limits set|--plan') echo 'text' ;;
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
    'hooks create|--url') echo 'text' ;;
    'hooks create|--name') echo 'text' ;;
    'hooks create|--description') echo 'text' ;;
    'state export|-f'|'state export|--file') echo 'file' ;;
    'state export|--only') echo 'text' ;;
    'state export|--plans') echo 'text' ;;
    'state export|--groups') echo 'text' ;;
    'state plan|-f'|'state plan|--file') echo 'file' ;;
    'state apply|-f'|'state apply|--file') echo 'file' ;;
    'migrate start|--source-url') echo 'text' ;;
    'migrate start|--source-token-env') echo 'text' ;;
    'migrate start|--entity') echo 'text' ;;
    'migrate start|-f'|'migrate start|--file') echo 'file' ;;
    'migrate start|--interval') echo 'text' ;;
    'migrate start|--watch-timeout') echo 'text' ;;
    'migrate list|--status') echo 'text' ;;
    'migrate list|--sort') echo 'text' ;;
    'migrate entities|--status') echo 'text' ;;
    'migrate entities|--sort') echo 'text' ;;
    'migrate watch|--interval') echo 'text' ;;
    'migrate watch|--timeout') echo 'text' ;;
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
    'events list|--user') echo 'text' ;;
    'events list|--project') echo 'text' ;;
    'events list|--scope') echo 'choice all' ;;
    'events list|--action') echo 'choice created updated closed reopened pushed commented merged joined left destroyed expired approved' ;;
    'events list|--target-type') echo 'text' ;;
    'events list|--before') echo 'text' ;;
    'events list|--after') echo 'text' ;;
    'events list|--sort') echo 'choice asc desc' ;;
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
    'sandbox|--clock-speed') echo 'text' ;;
    'sandbox|--setting-names') echo 'text' ;;
    *'|-p'|*'|--profile') echo 'profile' ;;
    *'|--url') echo 'text' ;;
    *'|--token') echo 'text' ;;
    *'|--token-type') echo 'choice personal oauth job' ;;
    *'|--sudo') echo 'text' ;;
    *'|-o'|*'|--output') echo 'choice table json yaml ndjson' ;;
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
  esac
}

__forgectl_positional() {
  case "$1" in
    'profile show') echo 'profile' ;;
    'profile use') echo 'profile' ;;
    'profile set-storage') echo 'profile' ;;
    'profile set-token') echo 'profile' ;;
    'profile remove') echo 'profile' ;;
    'completion') echo 'choice bash zsh fish' ;;
    'man') echo 'choice profile token settings plan-limits broadcast hooks state migrate mr discussion events epic iteration-events notify wiki alerts envs analytics releases dashboards projects api sandbox licenses completion man' ;;
  esac
}

__forgectl_complete_value() {
  local how="$1" cur="$2"
  case "$how" in
    choice\ *) COMPREPLY=($(compgen -W "${how#choice }" -- "$cur")) ;;
    profile) COMPREPLY=($(compgen -W "$(command forgectl profile list --fields name ${__forgectl_config_dir:+--config-dir "$__forgectl_config_dir"} 2>/dev/null)" -- "$cur")) ;;
    file) COMPREPLY=($(compgen -f -- "$cur")) ;;
    directory) COMPREPLY=($(compgen -d -- "$cur")) ;;
  esac
}

_forgectl() {
  local cur="${COMP_WORDS[COMP_CWORD]}" cmdpath="" i w child how positionals=0
  # Profile names come from the config dir the command line names, if any.
  local __forgectl_config_dir=""
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    if [[ "$w" == "--config-dir" ]]; then
      if [[ "${COMP_WORDS[i+1]}" == "=" ]]; then __forgectl_config_dir="${COMP_WORDS[i+2]}"; else __forgectl_config_dir="${COMP_WORDS[i+1]}"; fi
    elif [[ "$w" == --config-dir=* ]]; then
      __forgectl_config_dir="${w#--config-dir=}"
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
  elif [[ $positionals -eq 0 ]]; then
    how="$(__forgectl_positional "$cmdpath")"
    [[ -n "$how" ]] && __forgectl_complete_value "$how" "$cur"
  fi
  return 0
}

complete -F _forgectl forgectl
