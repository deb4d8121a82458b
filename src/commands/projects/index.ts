// `forgectl projects list`: every filter of spec part 3 §4.6 as a flag.

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry, TypedOption as Option } from '../../core/command.js';
import { collectRepeated } from '../../core/parse.js';
import { ORDER_BY, USER_ORDER_BY } from './filters.js';

const run = () => import('./run.js');

/** `--flag` / `--no-flag` pairs: unset sends nothing, so the service default applies. */

export function registerProjects(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'projects', 'List projects visible to you or owned by a user');
  defineCommand(group, reg, {
    name: 'list',
    summary: 'List projects (every filter of the API as a flag)',
    aliases: ['ls'],
    description:
      'Without --user: GET /projects. With --user: projects in that user’s namespace (GET /users/:user/projects), ' +
      'which accepts fewer filters. Without --order-by the service’s order applies (newest first), with --limit and --page too. ' +
      'With --all, up to eight pages are fetched at a time (fewer when the server throttles). Offset paging stops at 50,000 projects; ' +
      'only id order can go past it (keyset), so --all without --order-by lists by id, newest first (oldest with --sort asc), ' +
      'and says so on a terminal; it switches to keyset past the limit or when the server does not tell the total, ' +
      'then reads ranges of ids several at a time and prints them in the same order as one sequential read. ' +
      'With another --order-by, --all stops with an error at the limit.',
    examples: [
      'forgectl projects list --visibility private --archived',
      'forgectl projects list --search api --order-by last_activity_at --sort desc --limit 50',
      'forgectl projects list --all -o ndjson > projects.ndjson',
      'forgectl projects list --user alice --starred',
      'forgectl projects list --topic infra,terraform --custom-attribute team=platform',
    ],
    options: (c) =>
      c
        .option('--user <user>', 'projects in this user’s namespace (id or username)')
        .option('--archived', 'only archived projects')
        .option('--no-archived', 'the opposite of --archived')
        .option('--id-after <id>', 'projects with an id greater than this').option('--id-before <id>', 'projects with an id less than this')
        .option('--imported', 'only projects imported from elsewhere')
        .option('--no-imported', 'the opposite of --imported')
        .option('--include-hidden', 'include hidden projects (Premium, administrators)')
        .option('--no-include-hidden', 'the opposite of --include-hidden')
        .option('--include-pending-delete', 'include projects pending deletion (administrators)')
        .option('--no-include-pending-delete', 'the opposite of --include-pending-delete')
        .option('--last-activity-after <datetime>', 'ISO 8601').option('--last-activity-before <datetime>', 'ISO 8601')
        .option('--membership', 'only projects you are a member of')
        .option('--no-membership', 'the opposite of --membership')
        .addOption(
          new Option('--min-access-level <level>', 'at least this role: 5 minimal access, 10 guest, 15 planner, 20 reporter, 30 developer, 40 maintainer, 50 owner').choices([
            '5', '10', '15', '20', '30', '40', '50',
          ]),
        )
        .addOption(new Option('--order-by <field>', 'sort field (service default: created_at)').choices([...ORDER_BY]))
        .option('--owned', 'only projects you own')
        .option('--no-owned', 'the opposite of --owned')
        .option('--repository-checksum-failed', 'only projects whose repository checksum failed (Premium)')
        .option('--no-repository-checksum-failed', 'the opposite of --repository-checksum-failed')
        .option('--repository-storage <name>', 'only projects on this storage (administrators)')
        .option('--search-namespaces', 'match --search against namespace paths too')
        .option('--no-search-namespaces', 'the opposite of --search-namespaces')
        .option('--search <text>', 'name or path contains this text')
        .option('--simple', 'only the basic fields of each project')
        .option('--no-simple', 'the opposite of --simple')
        .addOption(new Option('--sort <order>', 'asc or desc (service default: desc)').choices(['asc', 'desc']))
        .option('--starred', 'only projects you starred')
        .option('--no-starred', 'the opposite of --starred')
        .option('--statistics', 'include statistics (needs Reporter role)')
        .option('--no-statistics', 'the opposite of --statistics')
        .option('--topic <names>', 'comma-separated topics; all must match').option('--topic-id <id>', 'projects with this topic id')
        .option('--updated-after <datetime>', 'ISO 8601; implies --order-by updated_at').option('--updated-before <datetime>', 'ISO 8601; implies --order-by updated_at')
        .addOption(new Option('--visibility <level>', 'public, internal or private').choices(['public', 'internal', 'private']))
        .option('--wiki-checksum-failed', 'only projects whose wiki checksum failed (Premium)')
        .option('--no-wiki-checksum-failed', 'the opposite of --wiki-checksum-failed')
        .option('--with-custom-attributes', 'include custom attributes (administrators)')
        .option('--no-with-custom-attributes', 'the opposite of --with-custom-attributes')
        .option('--with-issues-enabled', 'only projects with issues enabled')
        .option('--no-with-issues-enabled', 'the opposite of --with-issues-enabled')
        .option('--with-merge-requests-enabled', 'only projects with merge requests enabled')
        .option('--no-with-merge-requests-enabled', 'the opposite of --with-merge-requests-enabled')
        .option('--with-programming-language <language>', 'only projects in this language')
        .option('--custom-attribute <key=value>', 'filter by a custom attribute (repeatable; administrators)', collectRepeated)
        .option('--show-secrets', 'print runners_token and other token-like fields in clear (masked otherwise)')
        .addHelpText('after', `\nWith --user, --order-by takes only:\n  ${USER_ORDER_BY.join(', ')}.`),
    run: async (ctx, opts) => (await run()).listProjectsCommand(ctx, opts),
  });
}
