// forgectl-state(5): the state file that `forgectl state` exports, plans and applies. Written by hand,
// as prose about a file format, where the section-1 pages come from the command tree.

import { SECTIONS } from '../api/state-sections.js';
import { manHeader, roff, tidy } from './man.js';

/** What identifies an item of each section, so a later file or the instance is matched to it. */
const IDENTITIES: Record<(typeof SECTIONS)[number], string> = {
  settings: 'one mapping of setting names (as `forgectl settings get` names them) to values; each key is its own item',
  plan_limits: 'plan name (default, free, ...) to a mapping of limits; sizes may be written with a unit (3GB)',
  system_hooks: 'a list of hooks, each identified by its url',
  broadcast_messages: 'a list of messages, each identified by its message text',
  notification_settings: 'the global notification settings of the token\'s user: level and events',
  groups: 'group path to the group\'s protected_environments (each identified by its name, as `envs apply` takes them) and notification_settings',
};

const EXAMPLE = `# yaml-language-server: $schema=instance.schema.json
settings:
  signup_enabled: false
  akismet_api_key: {env: AKISMET_KEY}
plan_limits:
  default:
    ci_pipeline_size: 500
system_hooks:
  - url: https://ci.example.com/events
    push_events: true
    token: {command: "pass show hooks/ci"}
broadcast_messages:
  - message: Scheduled maintenance on Saturday 02:00 UTC
    starts_at: 2026-11-28T02:00:00Z
    ends_at: 2026-11-28T04:00:00Z
groups:
  acme/platform:
    protected_environments:
      production:
        deploy: [{access_level: 40}, {user: alice}]
        approvals: [{group: acme/platform/releasers, required_approvals: 1}]`;

const COMMANDS = `$ forgectl state export > instance.yaml
$ forgectl state plan -f instance.yaml --exit-code
$ forgectl state apply -p staging -f base.yaml -f '?instances/{profile}.yaml' --yes`;

function section(title: string, paragraphs: string[]): string[] {
  return ['.SH ' + title, ...paragraphs.flatMap((p) => ['.PP', roff(p)])];
}

function items(pairs: [string, string][]): string[] {
  return pairs.flatMap(([term, text]) => ['.TP', `\\fB${roff(term)}\\fR`, roff(text)]);
}

export function stateFilePage(version: string): string {
  return tidy([
    ...manHeader('forgectl-state', 'the state file of forgectl state: an instance\'s configuration as YAML', version, 5),
    '.SH SYNOPSIS',
    '\\fIinstance.yaml\\fR',
    ...section('DESCRIPTION', [
      'A state file describes part of an instance\'s configuration. `forgectl state export` writes one from an instance; `forgectl state plan -f FILE` compares it with an instance and prints what `forgectl state apply -f FILE` would change. `forgectl state schema` prints a JSON Schema of the file for editors.',
      'The file is YAML (1.2, also read as YAML 1.1 tools such as PyYAML write it). Every section is optional: a section the file leaves out is not managed, and nothing in it is compared or changed.',
    ]),
    '.SH SECTIONS',
    ...items(SECTIONS.map((s) => [s, IDENTITIES[s]])),
    ...section('IDENTITIES', [
      'An item of a list is matched to the instance by its identity: a hook by url, a broadcast by message, a protected environment by name within its group. A changed identity is a new item: the old one is not managed any more (and deleted with --prune). Two entries with one identity are an error. A system hook cannot be updated through the API, so a hook that differs is replaced: a new one is created, with the instance\'s values for every field the file leaves out, then the old one is deleted.',
      'Hook tokens are never returned by the instance, so they are not compared; a hook whose token must be sent again (a rotated secret) is replaced on request with `forgectl state plan|apply --replace \'system_hooks[URL]\'` (repeatable): the plan shows it as `± replace system_hooks URL (asked with --replace)`, and a plan saved with --out keeps the reason.',
    ]),
    ...section('REFERENCES', [
      'A secret is never written in the file: a secret setting (akismet_api_key and the other settings `forgectl settings get` masks), a hook token, and a hook URL that holds a password are references. {env: NAME} is the value of an environment variable; {command: "pass show hooks/ci"} is the first line a command prints (or a whole PEM block), run without a shell as --token-command runs.',
      '{env: NAME} may also stand for any other value (signup_enabled: {env: SIGNUP}); true, false and numbers are typed where the file wants them.',
      'state plan -f and state apply -f resolve references before any request, since comparing needs the values; --no-secrets compares everything else and needs none. A saved plan (state plan --out) keeps the references, never their values, and state apply --plan resolves them only after the run is confirmed: review the commands a plan names, since apply runs them.',
    ]),
    ...section('LAYERS', [
      '-f may be given several times. Later files override earlier ones key by key (a setting, a plan limit, a field of a hook); a list item overrides the item with the same identity and a new one is added; a setting\'s value and a protected environment\'s rules are replaced whole. A problem names the file its value came from.',
      '{profile} in a file name is the profile in use (-p, or each instance\'s under --profiles, --all-profiles or an inventory). A name that starts with ? is optional: a missing file is skipped.',
    ]),
    ...section('USERS AND GROUPS', [
      'An entry of deploy or approvals names an access level (access_level: 40), a user or a group. A user is user: USERNAME (or user_id: ID), a group group: PATH (or group_id: ID); a username or path is looked up on the instance before anything is written, and one the instance lacks is exit 3. Entries are compared by the id a name gives, so a file by names plans as no change where the instance holds those users and groups.',
      'forgectl state export writes users by username and groups by path (an entry whose user or group the instance does not name stays by id, listed in a comment at the top), so a file exported from one instance plans on every instance of a fleet, each with its own ids.',
      'A plan shows and saves each name with its id (+ deploy user=alice (user id 12); after: [{user_id: 12, username: alice}]) and sends the id alone. An entry the plan removes is shown by the username or path the instance gives for its id (- deploy user=alice (user id 12) (id 34); one lookup per id), saved so in before. state apply --plan looks each name up again: when it now gives another id, or none, the plan is refused as stale (exit 1) and nothing is written.',
      'An id names a user or group of one instance: user 4 is another person on the next. Over several instances (--profiles, --all-profiles, an inventory), a file every instance reads that names one by id is exit 2 before any request, naming the file and the entry; a file named with {profile} is that instance\'s own, and its ids are its own.',
    ]),
    ...section('PRUNING', [
      'Without --prune, hooks, broadcasts and a listed group\'s protected environments that the file does not name are listed as not managed. With --prune they are deleted. Settings, plan limits and notification settings are never deleted: a key the file leaves out keeps its value.',
    ]),
    ...section('CHECKS', [
      'The whole file is checked before any request: unknown keys, wrong types, duplicate identities, references, times and group paths (no ., .. or empty segments). Every problem is reported in one run, each as FILE:LINE:COLUMN: path and what is wrong, and the run exits 2 with nothing sent. Problems that need the instance (a setting the instance does not know, a group it does not have) follow once the file has none of its own. A file larger than 10 MB is refused unread.',
    ]),
    '.SH EXAMPLES',
    '.PP', '.RS 4', '.nf', roff(EXAMPLE), '.fi', '.RE',
    '.PP', '.RS 4', '.nf', roff(COMMANDS), '.fi', '.RE',
    '.SH SEE ALSO',
    '\\fBforgectl\\-state\\fR(1), \\fBforgectl\\-settings\\fR(1), \\fBforgectl\\-envs\\fR(1), \\fBforgectl\\fR(1)',
  ]);
}
