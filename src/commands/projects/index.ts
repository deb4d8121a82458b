// `forgectl projects list`: every filter of spec part 3 §4.6 as a flag.

import { Option, type Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';
import { collectRepeated } from '../../core/parse.js';
import { ORDER_BY, USER_ORDER_BY } from './filters.js';

const run = () => import('./run.js');

/** `--flag` / `--no-flag` pairs: unset sends nothing, so the service default applies. */
function tristate(c: Command, flag: string, what: string): void {
  c.option(`--${flag}`, what).option(`--no-${flag}`, `the opposite of --${flag}`);
}

export function registerProjects(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'projects', 'List projects visible to you or owned by a user');
  defineCommand(group, reg, {
    name: 'list',
    summary: 'List projects (every filter of the API as a flag)',
    aliases: ['ls'],
    description:
      'Without --user: GET /projects. With --user: projects in that user’s namespace (GET /users/:user/projects), ' +
      'which accepts fewer filters. With --all, up to eight pages are fetched at a time (fewer when the server throttles); past the 50,000-project limit of ' +
      'offset paging (or when the server does not tell the total) paging switches to keyset (order_by=id).',
    examples: [
      'forgectl projects list --visibility private --archived',
      'forgectl projects list --search api --order-by last_activity_at --sort desc --limit 50',
      'forgectl projects list --all -o ndjson > projects.ndjson',
      'forgectl projects list --user alice --starred',
      'forgectl projects list --topic infra,terraform --custom-attribute team=platform',
    ],
    options: (c) => {
      c.option('--user <user>', 'projects in this user’s namespace (id or username)');
      tristate(c, 'archived', 'only archived projects');
      c.option('--id-after <id>', 'projects with an id greater than this').option('--id-before <id>', 'projects with an id less than this');
      tristate(c, 'imported', 'only projects imported from elsewhere');
      tristate(c, 'include-hidden', 'include hidden projects (Premium, administrators)');
      tristate(c, 'include-pending-delete', 'include projects pending deletion (administrators)');
      c.option('--last-activity-after <datetime>', 'ISO 8601').option('--last-activity-before <datetime>', 'ISO 8601');
      tristate(c, 'membership', 'only projects you are a member of');
      c.addOption(new Option('--min-access-level <level>', 'at least this role').choices(['10', '20', '30', '40', '50']));
      c.addOption(new Option('--order-by <field>', 'sort field (service default: created_at)').choices([...ORDER_BY]));
      tristate(c, 'owned', 'only projects you own');
      tristate(c, 'repository-checksum-failed', 'only projects whose repository checksum failed (Premium)');
      c.option('--repository-storage <name>', 'only projects on this storage (administrators)');
      tristate(c, 'search-namespaces', 'match --search against namespace paths too');
      c.option('--search <text>', 'name or path contains this text');
      tristate(c, 'simple', 'only the basic fields of each project');
      c.addOption(new Option('--sort <order>', 'asc or desc (service default: desc)').choices(['asc', 'desc']));
      tristate(c, 'starred', 'only projects you starred');
      tristate(c, 'statistics', 'include statistics (needs Reporter role)');
      c.option('--topic <names>', 'comma-separated topics; all must match').option('--topic-id <id>', 'projects with this topic id');
      c.option('--updated-after <datetime>', 'ISO 8601; implies --order-by updated_at').option('--updated-before <datetime>', 'ISO 8601; implies --order-by updated_at');
      c.addOption(new Option('--visibility <level>', 'public, internal or private').choices(['public', 'internal', 'private']));
      tristate(c, 'wiki-checksum-failed', 'only projects whose wiki checksum failed (Premium)');
      tristate(c, 'with-custom-attributes', 'include custom attributes (administrators)');
      tristate(c, 'with-issues-enabled', 'only projects with issues enabled');
      tristate(c, 'with-merge-requests-enabled', 'only projects with merge requests enabled');
      c.option('--with-programming-language <language>', 'only projects in this language');
      c.option('--custom-attribute <key=value>', 'filter by a custom attribute (repeatable; administrators)', collectRepeated);
      c.addHelpText('after', `\nWith --user, --order-by takes only: ${USER_ORDER_BY.join(', ')}.`);
    },
    run: async (ctx, opts) => (await run()).listProjectsCommand(ctx, opts as never),
  });
}
