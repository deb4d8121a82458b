// `forgectl mr …`: merge requests and merge trains (CLI.md "Merge requests and merge trains",
// spec part 2 §4.1–4.2).

import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineCommand, defineGroup, type Registry, TypedOption as Option } from '../../core/command.js';
import { IN_FIELDS, ORDER_BY, SCOPES, STATES } from './filters.js';
import { refParentId } from '../../core/instance-ids.js';

const list = () => import('./list.js');
const update = () => import('./update.js');
const merge = () => import('./merge.js');
const train = () => import('./train.js');
const view = () => import('./view.js');
const shared = () => import('./shared.js');

/** The merge request a command names (REF, or IID inside a git checkout), resolved once for run and explain. */
/** A merge request as the command line names it, for a 404 of the commands that resolve it as they run. */
const mrNamed = (args: string[]) => (args[1] !== undefined ? `merge request !${args[1]} of project ${args[0]}` : `merge request ${args[0]}`);
const mergeRequest = async (ctx: Context, _o: unknown, args: string[]) => (await shared()).resolveMergeRequest(ctx, args);

const REF_HELP =
  "REF is 'group/project!12', in single quotes (unquoted, an interactive bash or zsh reads the ! as history expansion), or " +
  'PROJECT IID (PROJECT a path or numeric id), which needs no quotes. Inside a git checkout whose remote is on ' +
  "the instance, the IID alone (12 or '!12') is enough; the project chosen is said on stderr.";

/** `--flag` / `--no-flag`: unset sends nothing, so the service keeps its value. */

export function registerMr(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'mr', 'Find, update, merge and queue merge requests', REF_HELP);

  defineCommand(group, reg, {
    name: 'list',
    summary: 'List merge requests: across projects only yours unless --scope all, or in one project',
    aliases: ['ls'],
    description:
      'Without --project: GET /merge_requests, by default only those you created (--scope all for every one you can see; ' +
      'an author filter implies --scope all). Labels, milestone, reaction, assignee and reviewer take None or Any. ' +
      'A user is given by id or username (--author picks author_id or author_username). Dates are ISO 8601.',
    examples: [
      'forgectl mr list --project acme/platform/api --state opened --labels bug',
      '# everything waiting for my review, as JSON',
      'forgectl mr list --scope all --reviewer alice --state opened -o json',
      'forgectl mr list --project 42 --iids 1,2,3 --view simple',
      'forgectl mr list --scope all --not-labels wip --created-after 2024-01-01T00:00:00Z --draft',
    ],
    options: (c) =>
      c
        .option('--project <project>', 'one project: path or numeric id (default: across projects)')
        .addOption(new Option('--state <state>', 'merge request state').choices([...STATES]))
        .addOption(new Option('--scope <scope>', 'whose: created_by_me (the default across projects: only the merge requests you created), assigned_to_me or all').choices([...SCOPES]))
        .addOption(new Option('--order-by <field>', 'sort field (service default: created_at)').choices([...ORDER_BY]))
        .addOption(new Option('--sort <order>', 'asc or desc (service default: desc)').choices(['asc', 'desc']))
        .option('--labels <labels>', 'comma-separated labels, all must match; None or Any')
        .option('--not-labels <labels>', 'none of these labels')
        .option('--milestone <title>', 'milestone title; None or Any')
        .option('--not-milestone <title>', 'not in this milestone')
        .option('--author <user>', 'author id or username')
        .option('--author-id <id>', 'author id')
        .option('--author-username <username>', 'author username')
        .option('--not-author <user>', 'not by this author (id or username)')
        .option('--assignee <user>', 'assignee id or username; None or Any')
        .option('--assignee-id <id>', 'assignee id; None (unassigned) or Any')
        .option('--assignee-username <username>', 'assignee username')
        .option('--not-assignee <user>', 'not assigned to this user (id or username)')
        .option('--reviewer <user>', 'reviewer id or username; None or Any')
        .option('--reviewer-id <id>', 'reviewer id; None or Any')
        .option('--reviewer-username <username>', 'reviewer username; None or Any')
        .option('--not-reviewer <user>', 'not reviewed by this user (id or username)')
        .option('--my-reaction-emoji <emoji>', 'you reacted with this emoji; None or Any')
        .option('--not-my-reaction-emoji <emoji>', 'you did not react with this emoji')
        .option('--approved-by-ids <ids>', 'approved by all of these user ids (at most 5); None or Any (Premium)')
        .option('--approver-ids <ids>', 'these user ids are approvers; None or Any (Premium)')
        .addOption(new Option('--approved <yes|no>', 'approval state (needs a feature flag on the instance)').choices(['yes', 'no']))
        .option('--created-after <datetime>', 'ISO 8601, inclusive').option('--created-before <datetime>', 'ISO 8601, inclusive')
        .option('--updated-after <datetime>', 'ISO 8601, inclusive').option('--updated-before <datetime>', 'ISO 8601, inclusive')
        .option('--deployed-after <datetime>', 'ISO 8601 (across projects only)').option('--deployed-before <datetime>', 'ISO 8601 (across projects only)')
        .option('--environment <name>', 'deployed to this environment')
        .addOption(new Option('--in <fields>', 'where --search looks (across projects only)').choices([...IN_FIELDS]))
        .option('--iids <iids>', 'these IIDs, comma-separated (with --project)')
        .option('--search <text>', 'title and description contain this text')
        .option('--source-branch <branch>', 'source branch').option('--target-branch <branch>', 'target branch')
        .addOption(new Option('--view <view>', 'simple: only iid, URL, title, description and state').choices(['simple']))
        .option('--with-labels-details', 'labels as objects with colour and description')
        .option('--with-merge-status-recheck', 'ask the service to recompute merge status (across projects only)')
        .addOption(new Option('--wip <yes|no>', 'older name of --draft/--no-draft').choices(['yes', 'no']))
        .option('--draft', 'only drafts')
        .option('--no-draft', 'the opposite of --draft'),
    run: async (ctx, opts) => (await list()).listMrCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'view <ref> [iid]',
    summary: 'Show one merge request: state, branches, author, merge status, pipeline',
    description:
      'The table shows the fields a reviewer looks at first (merge status is detailed_merge_status, e.g. mergeable, ' +
      'not_approved, ci_still_running), leaving out those without a value; on a terminal the description follows as text. ' +
      `-o json/yaml/ndjson give the whole merge request as the instance sends it. ${REF_HELP}`,
    aliases: ['show'],
    exitCodes: ['3  merge request or project not found (or private and you are not a member)'],
    examples: ["forgectl mr view 'acme/platform/api!1'", '# the same without quotes: PROJECT IID', 'forgectl mr view acme/platform/api 1 -o json', '# inside a checkout of the project', 'forgectl mr view 1'],
    subject: mrNamed,
    run: async (ctx, _o, args) => (await view()).viewMrCommand(ctx, args),
  });

  defineCommand(group, reg, {
    name: 'update <ref> [iid]',
    summary: 'Change a merge request’s title, description, labels, people, milestone or options',
    description:
      'At least one change is needed (else exit 2, nothing sent). --labels replaces every label ("" removes all); ' +
      '--add-labels/--remove-labels change some. People are user ids, comma-separated; 0 or "" clears. --milestone 0 ' +
      `unassigns. The description is at most 1,048,576 characters; --description-file - reads it from stdin. ${REF_HELP}`,
    writes: true,
    localIds: { named: (args) => refParentId(args) },
    examples: [
      "forgectl mr update 'acme/platform/api!12' --add-labels needs-review --reviewers 4,7",
      'forgectl mr update acme/platform/api 12 --title "Fix login" --milestone 0',
      "forgectl mr update '42!3' --description-file notes.md --labels \"\"",
      "git log -1 --format=%B | forgectl mr update 'acme/web/storefront!5' --description-file -",
    ],
    options: (c) =>
      c
        .option('--title <title>', 'new title')
        .option('--description <text>', 'new description')
        .option('--description-file <file>', 'read the description from a file (- for stdin)')
        .option('--labels <labels>', 'replace all labels (comma-separated; "" removes all)')
        .option('--add-labels <labels>', 'add these labels')
        .option('--remove-labels <labels>', 'remove these labels')
        .option('--assignee <id>', 'the one assignee (0 unassigns)')
        .option('--assignees <ids>', 'assignee ids, comma-separated (0 or "" unassigns all)')
        .option('--reviewers <ids>', 'reviewer ids, comma-separated (0 or "" removes all)')
        .option('--milestone <id>', 'milestone id (0 unassigns)')
        .option('--target-branch <branch>', 'new target branch')
        .option('--squash', 'squash commits on merge (project settings may override)')
        .option('--no-squash', 'the opposite of --squash')
        .option('--remove-source-branch', 'delete the source branch when merged')
        .option('--no-remove-source-branch', 'the opposite of --remove-source-branch')
        .option('--discussion-locked', 'lock discussions (only members can comment)')
        .option('--no-discussion-locked', 'the opposite of --discussion-locked')
        .option('--allow-collaboration', 'let members who can merge push to the source branch')
        .option('--no-allow-collaboration', 'the opposite of --allow-collaboration'),
    subject: mrNamed,
    run: async (ctx, opts, args) => (await update()).updateMrCommand(ctx, opts, args),
  });

  defineCommand(group, reg, {
    name: 'close <ref> [iid]',
    summary: 'Close a merge request',
    description: `Exit 1 when the merge request cannot be closed (it is merged). ${REF_HELP}`,
    writes: true,
    localIds: { named: (args) => refParentId(args) },
    examples: ["forgectl mr close 'acme/platform/api!12'", 'forgectl mr close 42 12 -o json'],
    subject: mrNamed,
    run: async (ctx, _o, args) => (await update()).changeStateCommand(ctx, 'close', args),
  });

  defineCommand(group, reg, {
    name: 'reopen <ref> [iid]',
    summary: 'Reopen a closed merge request',
    description: `Exit 1 when it cannot be reopened (it is merged). ${REF_HELP}`,
    writes: true,
    localIds: { named: (args) => refParentId(args) },
    examples: ["forgectl mr reopen 'acme/platform/api!12'", 'forgectl mr reopen acme/platform/api 12'],
    subject: mrNamed,
    run: async (ctx, _o, args) => (await update()).changeStateCommand(ctx, 'reopen', args),
  });

  defineCommand(group, reg, {
    name: 'merge <ref> [iid]',
    summary: 'Merge a merge request, now or when its pipeline succeeds',
    description:
      'Asks first on a terminal (--yes skips); scripts merge without asking. --sha makes the merge fail if the source ' +
      'branch moved on since you reviewed it; the service compares the full SHA, so a short one (7 or more characters) ' +
      `is completed from the merge request's head first, and refused without sending anything when the head differs. ${REF_HELP}`,
    exitCodes: [
      '1  cannot be merged (405: closed, draft, conflicts, pipeline), SHA mismatch (409, or a short --sha that is not the head), merge failed (422)',
      '3  merge request or project not found',
      '4  you may not merge it (401)',
    ],
    writes: true,
    localIds: { named: (args) => refParentId(args) },
    examples: [
      "forgectl mr merge 'acme/platform/api!12' --squash --remove-source-branch",
      '# merge exactly the commit you reviewed',
      "forgectl mr merge 'acme/platform/api!12' --sha 2be7ddb704c7b6b83732fdd5b9f09d5a397b5f8f --yes",
      'forgectl mr merge 42 12 --when-pipeline-succeeds --message "Release 1.4"',
    ],
    options: (c) =>
      c
        .option('--sha <sha>', 'merge only if the source branch head is this commit (full SHA, or 7+ characters of it)')
        .option('--squash', 'squash the commits into one')
        .option('--no-squash', 'the opposite of --squash')
        .option('--remove-source-branch', 'delete the source branch after merging')
        .option('--no-remove-source-branch', 'the opposite of --remove-source-branch')
        .option('--message <text>', 'merge commit message')
        .option('--squash-message <text>', 'squash commit message')
        .option('--when-pipeline-succeeds', 'merge automatically once the pipeline succeeds'),
    target: mergeRequest,
    subject: (_args, _o, ref) => `merge request ${ref.label}`,
    explain: async (err, _args, opts, { ctx, target }) => (await merge()).explainMergeFailure(ctx, target, err, opts),
    run: async (ctx, opts, _args, ref) => (await merge()).mergeMrCommand(ctx, opts, ref),
  });

  defineCommand(group, reg, {
    name: 'delete <ref> [iid]',
    summary: 'Delete a merge request for good (administrators and project owners)',
    description: `Asks first; without a terminal --yes is needed (else exit 2). ${REF_HELP}`,
    exitCodes: ['2  no terminal to confirm and no --yes', '4  you are not an administrator or owner of the project'],
    writes: true,
    localIds: { named: (args) => refParentId(args) },
    examples: ["forgectl mr delete 'acme/platform/api!12'", 'forgectl mr delete 42 12 --yes'],
    target: mergeRequest,
    subject: (_args, _o, ref) => `merge request ${ref.label}`,
    explain: async (err, _args, _o, { target }) => (await merge()).explainDeleteFailure(target, err),
    run: async (ctx, _o, _args, ref) => (await merge()).deleteMrCommand(ctx, ref),
  });

  const trains = defineGroup(group, 'train', 'Merge trains: list them, see an entry, queue a merge request (Premium)');

  defineCommand(trains, reg, {
    name: 'list [project]',
    summary: 'List the merge trains of a project, or of one target branch',
    description: 'active: waiting to be merged; complete: merged. PROJECT may be left out inside a git checkout.',
    exitCodes: ['3  project not found, or private and you are not a member', '4  merge trains not available (tier, settings or role)'],
    examples: ['forgectl mr train list acme/platform/api --scope active', 'forgectl mr train list acme/platform/api --branch main --sort asc -o json'],
    options: (c) =>
      c
        .option('--branch <branch>', 'the train of this target branch')
        .addOption(new Option('--scope <scope>', 'active or complete').choices(['active', 'complete']))
        .addOption(new Option('--sort <order>', 'asc or desc (service default: desc)').choices(['asc', 'desc'])),
    target: async (ctx, _o, args) => (await shared()).resolveProject(ctx, args[0]),
    subject: (_args, _o, project) => `project ${project}`,
    explain: async (err, _args, _o, { target }) => (await train()).trainHint(err, target),
    run: async (ctx, opts, _args, project) => (await train()).listTrainCommand(ctx, opts, project),
  });

  defineCommand(trains, reg, {
    name: 'status <ref> [iid]',
    summary: 'Show the merge train entry of a merge request',
    exitCodes: ['3  not on a train, not found, or private and you are not a member', '4  merge trains not available'],
    examples: ["forgectl mr train status 'acme/platform/api!12'", 'forgectl mr train status 42 12 -o json'],
    target: mergeRequest,
    subject: (_args, _o, ref) => `merge request ${ref.label}`,
    explain: async (err, _args, _o, { target }) => (await train()).trainHint(err, target.project),
    run: async (ctx, _o, _args, ref) => (await train()).trainStatusCommand(ctx, ref),
  });

  defineCommand(trains, reg, {
    name: 'add <ref> [iid]',
    summary: 'Add a merge request to the merge train of its target branch',
    description:
      'With --when-pipeline-succeeds it joins the train once its pipeline succeeds. --sha refuses if the source branch moved on ' +
      "(a short SHA is completed from the merge request's head first, as the service compares the full one).",
    exitCodes: ['3  not found, or private and you are not a member', '4  merge trains not available (tier, settings or role)'],
    writes: true,
    localIds: { named: (args) => refParentId(args) },
    examples: ["forgectl mr train add 'acme/platform/api!12'", 'forgectl mr train add acme/platform/api 12 --when-pipeline-succeeds --squash'],
    options: (c) =>
      c
        .option('--sha <sha>', 'add only if the source branch head is this commit (full SHA, or 7+ characters of it)')
        .option('--squash', 'squash the commits when merged')
        .option('--no-squash', 'the opposite of --squash')
        .option('--when-pipeline-succeeds', 'join the train once the pipeline succeeds'),
    target: mergeRequest,
    subject: (_args, _o, ref) => `merge request ${ref.label}`,
    explain: async (err, _args, _o, { target }) => (await train()).trainHint(err, target.project),
    run: async (ctx, opts, _args, ref) => (await train()).trainAddCommand(ctx, opts, ref),
  });
}
