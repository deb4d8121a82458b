// `forgectl migrate …`: group and project migration by direct transfer (CLI.md "Migration by direct
// transfer", spec part 1 §4.6).

import type { Command } from 'commander';
import type { ApiError } from '../../core/errors.js';
import { defineCommand, defineGroup, type CommandContext, type OptionsBuilder, secretFlagRefused, type Registry, TypedOption as Option } from '../../core/command.js';
import { collectRepeated, DURATION_HELP } from '../../core/parse.js';

const read = () => import('./read.js');
const start = () => import('./start.js');
const verify = () => import('./verify.js');
const check = () => import('./check.js');

/** Every command here reads or writes /bulk_imports, which answers 404 while direct transfer is off. */
const explain = async (err: ApiError, _args: string[], _opts: unknown, call: { ctx: CommandContext }) => (await import('./transfer-off.js')).explainTransferOff(err, call.ctx);

/** The source instance, as start, check and verify take it (never the token itself as a flag value). */
function sourceOptions(c: OptionsBuilder, urlHelp = 'URL of the source instance') {
  return c
    .option('--source-url <url>', urlHelp)
    .option('--source-token-stdin', 'read the source token from standard input')
    .addOption(secretFlagRefused('--source-token', 'the source token', 'pipe it with --source-token-stdin, or set FORGECTL_SOURCE_TOKEN (or the variable --source-token-env names), or use --source-profile'))
    .option('--source-token-env <name>', 'read the source token from this environment variable (default: FORGECTL_SOURCE_TOKEN)')
    .option('--source-profile <name>', 'a saved profile of the source instance: its URL and token')
    .option('--source-ca-file <pem>', 'extra CA bundle for TLS to the source instance (--ca-file is the destination\'s); replaces a source profile\'s');
}

const STATUS_HELP = 'created, started, finished or failed';

const WATCH_EXIT_CODES = [
  '0  every entity finished',
  '1  an entity or the migration failed (the failure records are printed), or --timeout passed',
  '130  interrupted (Ctrl-C); the migration goes on, the command to watch again is printed',
];

export function registerMigrate(program: Command, reg: Registry): void {
  const group = defineGroup(
    program,
    'migrate',
    'Migrate groups and projects from another instance by direct transfer',
    'The destination instance (the one forgectl is connected to) pulls each entity from the source with a token of the source.',
  );

  defineCommand(group, reg, {
    name: 'start',
    summary: 'Start a migration from --entity flags, a plan file, or (on a terminal) a wizard',
    description: [
      'KIND is group or project; SLUG defaults to the last segment of SOURCE_PATH; DEST_NAMESPACE must be an existing ' +
        'group on this instance, or empty for a group to become top-level (group:acme/platform=:platform). Groups bring their subgroups and, unless --no-projects, their projects; a group entity ' +
        'ending in ,no-projects (or ,projects) sets that for the group alone, e.g. --entity group:acme/docs=imported,no-projects.',
      '',
      'The source token (scope api) is never a flag value: pipe it with --source-token-stdin, or set FORGECTL_SOURCE_TOKEN, ' +
        'or name another variable with --source-token-env (a plan file names it with source.token_env), or name a saved profile ' +
        'of the source with --source-profile (its URL and token).',
      '',
      'Plan file (YAML or JSON):',
      '  source:',
      '    url: https://old.example.com',
      '    token_env: SOURCE_TOKEN',
      '  entities:',
      '    - kind: group',
      '      source: acme/platform',
      '      destination_namespace: imported',
      '      slug: platform            # optional',
      '      migrate_projects: false   # optional, groups only',
      '',
      'With no --entity and no -f on a terminal, a wizard asks for everything and checks each answer as it is given: ' +
        'the source says who the token is (a wrong URL, a refused token or one without api is asked again); groups and ' +
        'projects are picked by a search of the source; the destination is the top level (offered first for a group) or a ' +
        'group that exists and lets you create in it; a ' +
        'path already taken there is named with a free slug offered. Then a summary, a plan file if wanted, the start, ' +
        'and the live view if you want it. Ctrl-C at any question exits 130 with nothing sent. Without a terminal, ' +
        'missing input is an error (exit 2).',
      '',
      'Entities given by --entity or -f are checked first as `migrate check` checks them (reads only); if one cannot start, ' +
        'nothing is sent and the reasons are named (exit 1). --no-check skips this. --dry-run prints the check with what will move.',
    ].join('\n'),
    writes: true,
    examples: [
      '# move a group with its projects',
      'printf %s "$OLD_TOKEN" | forgectl migrate start --source-url https://old.example.com --source-token-stdin --entity group:acme/platform=imported --watch',
      '# a project under another name, a group without its projects, another with them',
      'FORGECTL_SOURCE_TOKEN=$OLD_TOKEN forgectl migrate start --source-url https://old.example.com --entity project:acme/web/shop=imported/web:storefront --entity group:acme/docs=imported,no-projects --entity group:acme/handbook=imported',
      '# in CI, from a plan file whose source.token_env names the variable',
      'SOURCE_TOKEN=$OLD_TOKEN forgectl migrate start -f migration-plan.yaml --watch',
      '# interactively',
      'forgectl migrate start',
    ],
    exitCodes: [
      '0  started (with --watch: every entity finished)',
      '1  an entity cannot start (nothing sent); with --watch: an entity failed, or --watch-timeout passed',
      '2  invalid input, nothing sent',
    ],
    options: (c) =>
      sourceOptions(c)
        .option('--entity <spec>', 'KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG][,no-projects|,projects], repeatable', collectRepeated)
        .option('--no-projects', 'groups come without their projects (migrate_projects=false), unless their --entity ends in ,projects')
        .option('-f, --file <plan>', 'plan file (YAML or JSON) listing the source and the entities')
        .option('--check', 'check every entity first, as `migrate check` does (the default)')
        .option('--no-check', 'start without checking the entities first')
        .option('--watch', 'watch the migration until it ends (exit code as `migrate watch`)')
        .option('--interval <duration>', `with --watch: time between polls, e.g. 5s (default 5s; ${DURATION_HELP})`)
        .option('--watch-timeout <duration>', `with --watch: stop watching after this long, e.g. 90min or 2h (default 2h; ${DURATION_HELP})`),
    explain,
    run: async (ctx, opts) => (await start()).startCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'check',
    markdown: true,
    summary: 'Check that a migration can start, and count what will move (sends no write)',
    description: [
      'Takes what `migrate start` takes (--entity flags or -f plan.yaml, the source token as start reads it, or --source-profile) ' +
        'and sends no write. For every entity: the source answers and the token has the api scope; the source path exists and is ' +
        'a group or project as stated; the destination namespace exists and you may create in it (or, empty, you may create ' +
        'top-level groups); the destination path is free; direct transfer is allowed on this instance where its settings can be read.',
      '',
      'Then what will move, counted on the source: subgroups, projects, merge requests by state, epics, group wiki pages and ' +
        'releases, per entity and per project. -o markdown is a report for the migration issue; -o csv one row per entity.',
    ].join('\n'),
    examples: [
      'FORGECTL_SOURCE_TOKEN=$OLD_TOKEN forgectl migrate check --source-url https://old.example.com --entity group:acme/web=',
      'SOURCE_TOKEN=$OLD_TOKEN forgectl migrate check -f migration-plan.yaml -o markdown',
      'forgectl migrate check --source-profile old --entity project:acme/web/shop=imported/web -o json',
    ],
    exitCodes: ['0  every entity can start', '1  an entity cannot start (each is named, with why)', '2  invalid input, nothing sent'],
    options: (c) =>
      sourceOptions(c)
        .option('--entity <spec>', 'KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG][,no-projects|,projects], repeatable', collectRepeated)
        .option('--no-projects', 'groups come without their projects, unless their --entity ends in ,projects')
        .option('-f, --file <plan>', 'plan file (YAML or JSON) listing the source and the entities, as `migrate start` reads it'),
    run: async (ctx, opts) => (await check()).checkCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'list',
    summary: 'List your migrations',
    aliases: ['ls'],
    examples: ['forgectl migrate list', 'forgectl migrate list --status failed --sort asc --all -o json'],
    options: (c) => c.option('--status <status>', STATUS_HELP).addOption(new Option('--sort <order>', 'by creation: asc or desc (default desc)')),
    explain,
    run: async (ctx, opts) => (await read()).listCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'get <id>',
    summary: 'Show one migration',
    examples: ['forgectl migrate get 12', 'forgectl migrate get 12 -o json'],
    subject: (args) => `migration ${args[0]}`,
    explain,
    run: async (ctx, _o, args) => (await read()).getCommand(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'entities [id]',
    globals: { pages: true },
    summary: 'List the entities of a migration (of all your migrations without ID)',
    examples: ['forgectl migrate entities 12', 'forgectl migrate entities --status failed --all', 'forgectl migrate entities 12 --status started -o ndjson'],
    options: (c) => c.option('--status <status>', STATUS_HELP).addOption(new Option('--sort <order>', 'by creation: asc or desc (default desc)')),
    subject: (args) => (args[0] ? `migration ${args[0]}` : undefined),
    explain,
    run: async (ctx, opts, args) => (await read()).entitiesCommand(ctx, opts, args[0]),
  });

  const entity = defineGroup(group, 'entity', 'One entity of a migration');

  defineCommand(entity, reg, {
    name: 'get <id> <entity_id>',
    summary: 'Show one entity of a migration: status, source → destination, failures',
    description:
      'ENTITY_ID is the id column of `migrate entities ID`. The table shows the failure count; -o json/yaml/ndjson ' +
      'give the whole entity with its failure records (and stats where the instance sends them).',
    exitCodes: ['3  no such migration of yours, or no such entity in it'],
    examples: ['forgectl migrate entity get 12 40', 'forgectl migrate entity get 12 40 -o json'],
    subject: (args) => `entity ${args[1]} of migration ${args[0]}`,
    explain,
    run: async (ctx, _o, args) => (await read()).entityCommand(ctx, args[0], args[1]),
  });

  defineCommand(group, reg, {
    name: 'failures <id> [entity_id]',
    globals: { pages: true },
    summary: 'Show the failure records of one entity, or of every entity of a migration',
    description: 'Without ENTITY_ID, the failure records of every entity of the migration, each with its entity (id, source and destination).',
    examples: ['forgectl migrate failures 12', 'forgectl migrate failures 12 40', 'forgectl migrate failures 12 -o json'],
    subject: (args) => (args[1] ? `entity ${args[1]} of migration ${args[0]}` : `migration ${args[0]}`),
    explain,
    run: async (ctx, _o, args) => (await read()).failuresCommand(ctx, args[0], args[1]),
  });

  defineCommand(group, reg, {
    name: 'verify <id>',
    markdown: true,
    summary: 'Check that everything of a migration arrived: source and destination compared, entity by entity',
    description: [
      'For every entity of the migration: the group or project present on this instance, and item by item on both sides what ' +
        'direct transfer moves: for a group its subgroups, projects, epics and wiki pages; for a project its merge requests by ' +
        'state and its releases. Items on the source only are named as missing, items on the destination only as unexpected ' +
        '(merge requests and epics by iid and title, releases by tag, wiki pages by slug), so equal counts with one item swapped ' +
        'for another still differ; an entity the source answers 404 for in every list (gone, or not visible to the source token) ' +
        'compared nothing and differs, as does a list the destination will not show (403) where the source has items; a list the source will not show (403) is not compared and is no proof it arrived (exit 5 with --exit-code), unless the source project has that feature disabled and the destination has none; each entity\'s failure records are shown beside its rows.',
      '',
      'The source is the migration\'s source URL, read with the source token as `migrate start` takes it (or --source-profile). ' +
        'Each list is read to its end by its Link headers (one request when it fits a page of 100). Entities are compared ' +
        'in parallel, at most 8 requests in flight per instance, fewer when an instance throttles. -o markdown is a report for the ' +
        'cutover issue; -o csv one row per entity and relation.',
    ].join('\n'),
    examples: [
      'FORGECTL_SOURCE_TOKEN=$OLD_TOKEN forgectl migrate verify 12 --exit-code',
      'forgectl migrate verify 12 --source-profile old -o markdown > verification.md',
      'printf %s "$OLD_TOKEN" | forgectl migrate verify 12 --source-token-stdin -o json',
    ],
    exitCodes: ['0  compared (with --exit-code: everything arrived)', '5  with --exit-code: something differs, is missing or could not be compared'],
    options: (c) => sourceOptions(c, 'URL of the source instance (default: the migration\'s source URL)').option('--exit-code', 'exit 5 when something differs or could not be compared'),
    subject: (args) => `migration ${args[0]}`,
    explain,
    run: async (ctx, opts, args) => (await verify()).verifyCommand(ctx, opts, args[0]),
  });

  defineCommand(group, reg, {
    name: 'watch <id>',
    summary: 'Follow a migration until every entity ended',
    description:
      'On a terminal: a live view with one row per entity (source → destination, status, elapsed). Otherwise one line per ' +
      'state change on stderr, for CI logs. The final state goes to stdout (-o json: the migration with its entities). ' +
      'Network errors, 5xx and 429 answers while polling do not end the watch; polls slow down while nothing changes.',
    examples: ['forgectl migrate watch 12', 'forgectl migrate watch 12 --interval 30s --timeout 6h -o json > final.json'],
    exitCodes: WATCH_EXIT_CODES,
    // How long to watch; the per-request timeout stays the default.
    replacesGlobals: ['--timeout'],
    options: (c) =>
      c
        .option('--interval <duration>', `time between polls, e.g. 5s (default 5s; longer while nothing changes; ${DURATION_HELP})`)
        .option('--timeout <duration>', `stop watching after this long, e.g. 90min or 2h (default 2h; ${DURATION_HELP})`),
    subject: (args) => `migration ${args[0]}`,
    explain,
    run: async (ctx, opts, args) => (await read()).watchCommand(ctx, opts, args[0]),
  });
}
