// `forgectl discussion`: threads and comments on issues, project snippets and epics (spec part 2 §4.3).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry, TypedOption as Option, type DeclaredOptions, type OptionValues } from '../../core/command.js';
import { refParentId } from '../../core/instance-ids.js';

const run = () => import('./run.js');

const REF_HELP =
  "REF is an issue (group/project#12), a project snippet ('group/project$7') or an epic ('group&5'), the last two in single " +
  'quotes for the shell (unquoted, $ expands and & starts a background job). The two-argument form PROJECT IID (GROUP IID for ' +
  'epics) needs no quotes; --type says which kind.';

function typeOption<O extends OptionValues>(c: DeclaredOptions<O>) {
  return c.addOption(new Option('--type <kind>', 'kind of item in the two-argument form PROJECT IID').choices(['issue', 'snippet', 'epic']).default('issue'));
}

function bodyOptions<O extends OptionValues>(c: DeclaredOptions<O>) {
  return c.option('--body <text>', 'the text; - reads it from standard input').option('--body-file <file>', 'read the text from a file');
}

export function registerDiscussion(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'discussion', 'Threads and comments on issues, snippets and epics', REF_HELP);
  defineCommand(group, reg, {
    name: 'list <ref> [iid]',
    summary: 'List the discussions of an item as a tree of notes',
    aliases: ['ls'],
    description: `${REF_HELP}\nTable output shows one line per note: threads with their replies indented, author, time, an excerpt of the text and whether the thread is resolved. JSON and YAML show the discussions whole.`,
    examples: ['forgectl discussion list acme/platform/gateway#1', "forgectl discussion list 'acme/platform/gateway$7' -o json", "forgectl discussion list 'acme&1'", 'forgectl discussion list acme/platform/gateway 1 --type issue'],
    options: typeOption,
    run: async (ctx, opts, args) => (await run()).listDiscussionsCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'get <ref> <discussion-id...>',
    summary: 'Show one discussion',
    description: `Arguments: REF DISCUSSION_ID. DISCUSSION_ID may be the 12-character prefix the list table shows. ${REF_HELP}`,
    examples: ['forgectl discussion get acme/platform/gateway#1 6a9c1750b37d513a43987b574953fceb50b03ce7'],
    options: typeOption,
    run: async (ctx, opts, args) => (await run()).getDiscussionCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'create <ref> [iid]',
    summary: 'Start a thread',
    description:
      `${REF_HELP}\n--created-at backdates the note; the service honours it only for administrators and project or group owners ` +
      'and otherwise ignores it silently, which this command reports as a warning.',
    examples: [
      "forgectl discussion create acme/platform/gateway#1 --body 'Can we ship this on Friday?'",
      "git log -1 --format=%B | forgectl discussion create 'acme&1' --body -",
      'git log -1 --format=%B | forgectl discussion create acme 1 --type epic --body -',
      'forgectl discussion create acme/platform/gateway#1 --body-file review.md --created-at 2024-01-31T10:00:00Z',
    ],
    writes: true,
    localIds: { named: (args) => refParentId(args, 'project or group') },
    options: (c) =>
      bodyOptions(typeOption(c))
        .option('--created-at <datetime>', 'ISO 8601 creation time (administrators and owners only)'),
    run: async (ctx, opts, args) => (await run()).createDiscussionCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'reply <ref> <discussion-id...>',
    summary: 'Add a note to a discussion',
    description:
      'Arguments: REF DISCUSSION_ID. Replying to a single comment or a system note turns it into a thread. ' +
      'The request names a note of the thread (note_id, required by the API): --note-id, else the thread\'s first note, read from the thread. ' +
      REF_HELP,
    examples: ["forgectl discussion reply acme/platform/gateway#1 6a9c1750b37d513a43987b574953fceb50b03ce7 --body 'Done.'"],
    writes: true,
    localIds: { named: (args) => `discussion ${args[args.length - 1]}` },
    options: (c) =>
      bodyOptions(typeOption(c))
        .option('--created-at <datetime>', 'ISO 8601 creation time (administrators and owners only)')
        .option('--note-id <id>', "the thread's note answered (default: its first note)"),
    run: async (ctx, opts, args) => (await run()).replyCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'edit <ref> <discussion-id-and-note-id...>',
    summary: 'Change the text of a note',
    description: `Arguments: REF DISCUSSION_ID NOTE_ID. Only the note's author (or an administrator) may edit it; system notes cannot be edited. ${REF_HELP}`,
    examples: ["forgectl discussion edit acme/platform/gateway#1 6a9c1750b37d513a43987b574953fceb50b03ce7 1126 --body 'Fixed typo'"],
    exitCodes: ['4  not the author of the note, or a system note'],
    writes: true,
    localIds: { named: (args) => `note ${args[args.length - 1]}` },
    options: (c) =>
      bodyOptions(typeOption(c)),
    run: async (ctx, opts, args) => (await run()).editNoteCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'delete-note <ref> <discussion-id-and-note-id...>',
    summary: 'Delete a note',
    description: `Arguments: REF DISCUSSION_ID NOTE_ID. Asks first on a terminal; without one, needs --yes. Authors, Maintainers and administrators may delete a note. ${REF_HELP}`,
    examples: ['forgectl discussion delete-note acme/platform/gateway#1 6a9c1750b37d513a43987b574953fceb50b03ce7 1126 --yes'],
    exitCodes: ['2  no terminal to confirm and no --yes', '4  not allowed to delete the note'],
    writes: true,
    localIds: { named: (args) => `note ${args[args.length - 1]}` },
    options: typeOption,
    run: async (ctx, opts, args) => (await run()).deleteNoteCommand(ctx, opts, args),
  });
}
