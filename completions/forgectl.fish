# fish completion for forgectl. Generated from the command tree by `npm run docs`; do not edit by hand.
# Install: copy to ~/.config/fish/completions/forgectl.fish

function __forgectl_takes_value
    switch "$argv[1]|$argv[2]"
        case 'profile add|--url' 'profile add|--token' 'profile add|--token-type' 'profile add|--sudo' 'profile add|--ca-file' 'profile add|--client-cert' 'profile add|--client-key' 'token list|--user' 'token list|--state' 'token list|--revoked' 'token list|--search' 'token list|--created-after' 'token list|--created-before' 'token list|--last-used-after' 'token list|--last-used-before' 'token list|--expiring-within' 'token rotate|--expires-at' 'token rotate|--expires-in' 'mr list|--project' 'mr list|--state' 'mr list|--scope' 'mr list|--order-by' 'mr list|--sort' 'mr list|--labels' 'mr list|--not-labels' 'mr list|--milestone' 'mr list|--not-milestone' 'mr list|--author' 'mr list|--author-id' 'mr list|--author-username' 'mr list|--not-author' 'mr list|--assignee' 'mr list|--assignee-id' 'mr list|--assignee-username' 'mr list|--not-assignee' 'mr list|--reviewer' 'mr list|--reviewer-id' 'mr list|--reviewer-username' 'mr list|--not-reviewer' 'mr list|--my-reaction-emoji' 'mr list|--not-my-reaction-emoji' 'mr list|--approved-by-ids' 'mr list|--approver-ids' 'mr list|--approved' 'mr list|--created-after' 'mr list|--created-before' 'mr list|--updated-after' 'mr list|--updated-before' 'mr list|--deployed-after' 'mr list|--deployed-before' 'mr list|--environment' 'mr list|--in' 'mr list|--iids' 'mr list|--search' 'mr list|--source-branch' 'mr list|--target-branch' 'mr list|--view' 'mr list|--wip' 'mr update|--title' 'mr update|--description' 'mr update|--description-file' 'mr update|--labels' 'mr update|--add-labels' 'mr update|--remove-labels' 'mr update|--assignee' 'mr update|--assignees' 'mr update|--reviewers' 'mr update|--milestone' 'mr update|--target-branch' 'mr merge|--sha' 'mr merge|--message' 'mr merge|--squash-message' 'mr train list|--branch' 'mr train list|--scope' 'mr train list|--sort' 'mr train add|--sha' 'alerts send|--url' 'alerts send|--auth' 'alerts send|-f' 'alerts send|--file' 'alerts send|--title' 'alerts send|--description' 'alerts send|--severity' 'alerts send|--service' 'alerts send|--monitoring-tool' 'alerts send|--hosts' 'alerts send|--fingerprint' 'alerts send|--start-time' 'alerts send|--end-time' 'alerts send|--environment' 'alerts send|--field' 'alerts resolve|--url' 'alerts resolve|--auth' 'alerts resolve|--fingerprint' 'alerts resolve|--end-time' 'projects list|--user' 'projects list|--id-after' 'projects list|--id-before' 'projects list|--last-activity-after' 'projects list|--last-activity-before' 'projects list|--min-access-level' 'projects list|--order-by' 'projects list|--repository-storage' 'projects list|--search' 'projects list|--sort' 'projects list|--topic' 'projects list|--topic-id' 'projects list|--updated-after' 'projects list|--updated-before' 'projects list|--visibility' 'projects list|--with-programming-language' 'projects list|--custom-attribute' 'api|-X' 'api|--method' 'api|-f' 'api|--raw-field' 'api|-F' 'api|--field' 'api|--input' 'api|-H' 'api|--header' 'sandbox|--port' 'sandbox|--host' 'sandbox|--seed' 'sandbox|--latency' 'sandbox|--fault' 'sandbox|--extra-projects' 'sandbox|--clock-speed' '*|-p' '*|--profile' '*|--url' '*|--token' '*|--token-type' '*|--sudo' '*|-o' '*|--output' '*|--fields' '*|--page' '*|--per-page' '*|--limit' '*|--timeout' '*|--retries' '*|--ca-file' '*|--client-cert' '*|--client-key' '*|--config-dir'
            return 0
    end
    return 1
end

function __forgectl_alias
    switch "$argv[1]|$argv[2]"
        case 'profile|ls'
            echo 'list'
        case 'profile|rm'
            echo 'remove'
        case 'token|ls'
            echo 'list'
        case 'mr|ls'
            echo 'list'
        case 'projects|ls'
            echo 'list'
        case '*'
            echo $argv[2]
    end
end

function __forgectl_children
    switch "$argv[1]"
        case ''
            echo profile token mr alerts projects api sandbox completion help
        case 'profile'
            echo add login list show use remove
        case 'token'
            echo list get self rotate revoke
        case 'mr'
            echo list update close reopen merge delete train
        case 'mr train'
            echo list status add
        case 'alerts'
            echo send resolve
        case 'projects'
            echo list
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

function __forgectl_no_positional
    set -l walked (__forgectl_walk)
    test "$walked[2]" = 0
end

function __forgectl_profiles
    command forgectl profile list --fields name 2>/dev/null
end

complete -c forgectl -f
complete -c forgectl -n '__forgectl_at \'\'' -a profile -d 'Manage credential profiles (instance URL, token, TLS options)'
complete -c forgectl -n '__forgectl_at \'\'' -a token -d 'List, inspect, rotate and revoke personal access tokens'
complete -c forgectl -n '__forgectl_at \'\'' -a mr -d 'Find, update, merge and queue merge requests'
complete -c forgectl -n '__forgectl_at \'\'' -a alerts -d 'Send and resolve alerts through a project’s alert integration'
complete -c forgectl -n '__forgectl_at \'\'' -a projects -d 'List projects visible to you or owned by a user'
complete -c forgectl -n '__forgectl_at \'\'' -a api -d 'Send a request to any API endpoint and print the answer'
complete -c forgectl -n '__forgectl_at \'\'' -a sandbox -d 'Run a local simulator of the API, for trying commands and testing scripts offline'
complete -c forgectl -n '__forgectl_at \'\'' -a completion -d 'Print the tab-completion script for bash, zsh or fish'
complete -c forgectl -n '__forgectl_at \'\'' -a help -d 'Show the help of a command'
complete -c forgectl -n '__forgectl_at \'profile\'' -a add -d 'Add or replace a profile, verifying its token first'
complete -c forgectl -n '__forgectl_at \'profile\'' -a login -d 'Add a profile interactively (URL, token type, hidden token prompt)'
complete -c forgectl -n '__forgectl_at \'profile\'' -a list -d 'List profiles (tokens masked)'
complete -c forgectl -n '__forgectl_at \'profile\'' -a show -d 'Show a profile (default: the one in use); the token is masked'
complete -c forgectl -n '__forgectl_at \'profile\'' -a use -d 'Make a profile the default'
complete -c forgectl -n '__forgectl_at \'profile\'' -a remove -d 'Remove a profile and its stored token'
complete -c forgectl -n '__forgectl_at \'token\'' -a list -d 'List personal access tokens (administrators see every user’s)'
complete -c forgectl -n '__forgectl_at \'token\'' -a get -d 'Show one token'
complete -c forgectl -n '__forgectl_at \'token\'' -a self -d 'Show the token in use'
complete -c forgectl -n '__forgectl_at \'token\'' -a rotate -d 'Rotate a token: the service revokes it and issues a new secret, printed once'
complete -c forgectl -n '__forgectl_at \'token\'' -a revoke -d 'Revoke a token (asks first; --yes in scripts)'
complete -c forgectl -n '__forgectl_at \'mr\'' -a list -d 'List merge requests across projects or in one project'
complete -c forgectl -n '__forgectl_at \'mr\'' -a update -d 'Change a merge request’s title, description, labels, people, milestone or options'
complete -c forgectl -n '__forgectl_at \'mr\'' -a close -d 'Close a merge request'
complete -c forgectl -n '__forgectl_at \'mr\'' -a reopen -d 'Reopen a closed merge request'
complete -c forgectl -n '__forgectl_at \'mr\'' -a merge -d 'Merge a merge request, now or when its pipeline succeeds'
complete -c forgectl -n '__forgectl_at \'mr\'' -a delete -d 'Delete a merge request for good (administrators and project owners)'
complete -c forgectl -n '__forgectl_at \'mr\'' -a train -d 'Merge trains: list them, see an entry, queue a merge request (Premium)'
complete -c forgectl -n '__forgectl_at \'mr train\'' -a list -d 'List the merge trains of a project, or of one target branch'
complete -c forgectl -n '__forgectl_at \'mr train\'' -a status -d 'Show the merge train entry of a merge request'
complete -c forgectl -n '__forgectl_at \'mr train\'' -a add -d 'Add a merge request to the merge train of its target branch'
complete -c forgectl -n '__forgectl_at \'alerts\'' -a send -d 'Send an alert (or a metrics-alerting batch) to an integration’s alert URL'
complete -c forgectl -n '__forgectl_at \'alerts\'' -a resolve -d 'Resolve the open alert with a fingerprint (sends the resolving payload)'
complete -c forgectl -n '__forgectl_at \'projects\'' -a list -d 'List projects (every filter of the API as a flag)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l url -x -d 'base URL of the instance, e.g. https://gitlab.example.com'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l token-stdin -d 'read the token from standard input'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l token -x -d 'the token (visible in ps; prefer --token-stdin)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l token-type -x -a 'personal oauth job' -d 'how the token is sent'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l sudo -x -d 'act as this user by default (administrators)'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l ca-file -r -F -d 'extra CA bundle for this instance'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l client-cert -r -F -d 'TLS client certificate'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l client-key -r -F -d 'TLS client key'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l insecure -d 'skip TLS verification for this instance'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l default -d 'make it the default profile'
complete -c forgectl -n '__forgectl_at \'profile add\'' -l no-verify -d 'save without checking the token'
complete -c forgectl -n '__forgectl_at \'token list\'' -l user -x -d 'owner: user id or username (filtering by another user needs an administrator)'
complete -c forgectl -n '__forgectl_at \'token list\'' -l state -x -a 'active inactive' -d 'active or inactive'
complete -c forgectl -n '__forgectl_at \'token list\'' -l revoked -x -d 'true or false'
complete -c forgectl -n '__forgectl_at \'token list\'' -l search -x -d 'name contains this text'
complete -c forgectl -n '__forgectl_at \'token list\'' -l created-after -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l created-before -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l last-used-after -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l last-used-before -x -d 'ISO 8601 date-time'
complete -c forgectl -n '__forgectl_at \'token list\'' -l expiring-within -x -d 'only active tokens that expire within this time, e.g. 30d'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l expires-at -x -d 'expiry date YYYY-MM-DD (at most one year ahead)'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l expires-in -x -d 'expiry as a duration from today, e.g. 30d'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l save -d 'save the new secret to the profile in use (default when it is that profile’s token)'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l no-save -d 'do not save the new secret anywhere'
complete -c forgectl -n '__forgectl_at \'token rotate\'' -l force -d 'rotate even if the token is already revoked (triggers reuse detection)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l project -x -d 'one project: path or numeric id (default: across projects)'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l state -x -a 'opened closed locked merged all' -d 'merge request state'
complete -c forgectl -n '__forgectl_at \'mr list\'' -l scope -x -a 'created_by_me assigned_to_me all' -d 'whose (service default across projects: created_by_me)'
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
complete -c forgectl -n '__forgectl_at \'mr merge\'' -l sha -x -d 'merge only if the source branch head is this commit'
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
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l sha -x -d 'add only if the source branch head is this commit'
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l squash -d 'squash the commits when merged'
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l no-squash -d 'the opposite of --squash'
complete -c forgectl -n '__forgectl_at \'mr train add\'' -l when-pipeline-succeeds -d 'join the train once the pipeline succeeds'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l url -x -d 'the integration’s alert URL (issued when it was saved)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l key-stdin -d 'read the authorization key from standard input (else FORGECTL_ALERT_KEY)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l auth -x -d 'how the key is sent: bearer or basic (blank user, key as password) (default: bearer)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -s f -l file -r -F -d 'JSON payload file; - reads standard input'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l prometheus -d 'the payload is the metrics-alerting (Alertmanager webhook) form'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l title -x -d 'alert title (default recorded by the service: "New: Alert")'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l description -x -d 'short description'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l severity -x -d 'critical, high, medium, low, info, unknown, or an alias (s1..s5, p1..p5, warning, …)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l service -x -d 'affected service'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l monitoring-tool -x -d 'the tool that raised the alert'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l hosts -x -d 'comma-separated hosts'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l fingerprint -x -d 'groups occurrences into one alert; resolving needs the same one'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l start-time -x -d 'ISO 8601 (default: time of receipt)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l end-time -x -d 'ISO 8601; resolves the open alert with the same fingerprint'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l environment -x -d 'associated environment (service_environment_name)'
complete -c forgectl -n '__forgectl_at \'alerts send\'' -l field -x -d 'extra payload key, repeatable; dotted keys nest'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l url -x -d 'the integration’s alert URL (issued when it was saved)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l key-stdin -d 'read the authorization key from standard input (else FORGECTL_ALERT_KEY)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l auth -x -d 'how the key is sent: bearer or basic (blank user, key as password) (default: bearer)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l fingerprint -x -d 'fingerprint of the alert to resolve (required)'
complete -c forgectl -n '__forgectl_at \'alerts resolve\'' -l end-time -x -d 'ISO 8601 resolution time (default: now)'
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
complete -c forgectl -n '__forgectl_at \'projects list\'' -l min-access-level -x -a '10 20 30 40 50' -d 'at least this role'
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
complete -c forgectl -n '__forgectl_at \'api\'' -s X -l method -x -d 'HTTP method'
complete -c forgectl -n '__forgectl_at \'api\'' -s f -l raw-field -x -d 'string field (repeatable)'
complete -c forgectl -n '__forgectl_at \'api\'' -s F -l field -x -d 'typed field or @file (repeatable)'
complete -c forgectl -n '__forgectl_at \'api\'' -l input -r -F -d 'request body from a file, or - for standard input'
complete -c forgectl -n '__forgectl_at \'api\'' -s H -l header -x -d 'extra request header (repeatable)'
complete -c forgectl -n '__forgectl_at \'api\'' -s i -l include -d 'print the status line and response headers first'
complete -c forgectl -n '__forgectl_at \'api\'' -l paginate -d 'follow every next page and print all items'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l port -x -d 'port to listen on; 0 picks a free one (default: 0)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l host -x -d 'address to listen on (default: 127.0.0.1)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l seed -x -d 'initial data: demo or empty (default: demo)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l latency -x -d 'delay added before every answer, in milliseconds'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l fault -x -d 'failures for the next API requests: KIND:COUNT,… with KIND 500, 502, 503, 504, 429 or reset'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l extra-projects -x -d 'add this many generated projects (for benchmarks)'
complete -c forgectl -n '__forgectl_at \'sandbox\'' -l clock-speed -x -d 'run the sandbox clock this many times faster than real time (default: 1)'
complete -c forgectl -n '__forgectl_at \'profile show\'; and __forgectl_no_positional' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'profile use\'; and __forgectl_no_positional' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'profile remove\'; and __forgectl_no_positional' -a '(__forgectl_profiles)'
complete -c forgectl -n '__forgectl_at \'completion\'; and __forgectl_no_positional' -a 'bash zsh fish'
complete -c forgectl -s p -l profile -x -a '(__forgectl_profiles)' -d 'credential profile to use (env FORGECTL_PROFILE)'
complete -c forgectl -l url -x -d 'base URL of the instance (env FORGECTL_URL, GITLAB_HOST, CI_SERVER_URL)'
complete -c forgectl -l token -x -d 'credential (env FORGECTL_TOKEN, GITLAB_TOKEN, CI_JOB_TOKEN); visible in ps, prefer env or a profile'
complete -c forgectl -l token-type -x -a 'personal oauth job' -d 'how the token is sent (env FORGECTL_TOKEN_TYPE)'
complete -c forgectl -l sudo -x -d 'act as this user (id or username; administrators) (env FORGECTL_SUDO)'
complete -c forgectl -s o -l output -x -a 'table json yaml ndjson' -d 'output format (env FORGECTL_OUTPUT) (default: "table")'
complete -c forgectl -l fields -x -d 'comma-separated columns (table) or keys (json, yaml, ndjson) to keep'
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
complete -c forgectl -l allow-insecure-http -d 'allow sending a credential over plain http:// to a non-loopback host'
complete -c forgectl -s h -l help -d 'show help'
