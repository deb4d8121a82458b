// `forgectl settings …` (CLI.md "Instance settings"; spec part 1 §2.7, §4.2). Administrators only.

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';
import { SIZE_HELP } from '../../core/sizes.js';

const run = () => import('./run.js');

const TYPING =
  'Values are typed by the known setting: booleans (true/false), integers, numbers, strings, lists ' +
  '(comma-separated or a JSON array) and objects (JSON, e.g. repository_storages_weighted={"default":100}). ' +
  'A setting the specification and the service name differently (spam_service_enabled/akismet_enabled, ' +
  'avatar_lookup_enabled/gravatar_enabled…) may be written either way: the name the instance reports is the one ' +
  'compared and sent. Sizes take units: snippet_size_limit and wiki_page_max_content_bytes are kept in bytes, ' +
  'max_attachment_size, max_export_size, max_import_size, max_import_remote_file_size, max_decompressed_archive_size, ' +
  `bulk_import_max_download_file_size and inactive_projects_min_size_mb in MiB; each is ${SIZE_HELP}.`;

export function registerSettings(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'settings', 'Read, change and compare the instance’s application settings (administrators)');

  defineCommand(group, reg, {
    name: 'get [keys...]',
    summary: 'Show the application settings, or only the named ones (secrets masked)',
    examples: [
      'forgectl settings get',
      'forgectl settings get signup_enabled default_project_visibility',
      '# save the settings to edit them and apply with `settings set -f`',
      'forgectl settings get -o yaml > settings.yaml',
    ],
    exitCodes: ['1  none of the named settings is reported by this instance', '2  a name neither forgectl nor the instance knows (with the nearest name)'],
    options: (c) => c.option('--show-secrets', 'print secret settings (API keys, tokens, shared secrets) in clear'),
    run: async (ctx, opts, args) => (await run()).getSettingsCommand(ctx, opts, args),
  });

  defineCommand(group, reg, {
    name: 'set [assignments...]',
    summary: 'Change settings: KEY=VALUE arguments and/or a YAML or JSON file',
    description:
      `${TYPING}\n\n` +
      'Before anything is sent: types, minimums, maximums and allowed values are checked, and a switch that needs ' +
      'companions (akismet_enabled → akismet_api_key, throttle_*_enabled → its period and request count, ' +
      'require_two_factor_authentication → two_factor_grace_period, …) is checked against the values given together ' +
      'with the instance’s current ones. Deprecated names warn and name their replacement. A name forgectl does not ' +
      'know is sent as given when the instance reports it; one close to a known setting is refused as a typo ' +
      '(did you mean …?) unless --allow-unknown; any other is sent with a warning; --strict refuses them all. A secret is never taken from the command line: give KEY=- to read it from ' +
      'standard input (or a hidden prompt on a terminal), or put it in the file. Prints each setting the instance ' +
      'answered as changed as before → after in a table; a setting its answer does not carry (or still shows with its ' +
      'old value) is named as not applied. -o json/yaml print the settings object the instance answered (the unchanged ' +
      'one when nothing changes). The instance caches settings for about 60 s.',
    writes: true,
    exitCodes: [
      '1  a setting was not applied (the instance’s answer does not carry it), or the request failed',
      '2  invalid value, a likely typo of a setting name, or a rule of the settings broken (nothing was changed)',
    ],
    examples: [
      'forgectl settings set signup_enabled=false default_project_visibility=internal',
      '# sizes with units: 512MiB (powers of 1024) or 3GB (powers of 1000)',
      'forgectl settings set max_attachment_size=512MiB snippet_size_limit=10MB',
      'forgectl settings set throttle_unauthenticated_api_enabled=true throttle_unauthenticated_api_period_in_seconds=60 throttle_unauthenticated_api_requests_per_period=600 --dry-run',
      '# the API key is read from standard input, never from the command line',
      'printf %s "$AKISMET_KEY" | forgectl settings set akismet_enabled=true akismet_api_key=-',
      'forgectl settings set -f settings.yaml --strict',
    ],
    options: (c) =>
      c
        .option('-f, --file <file>', 'YAML or JSON mapping of settings, - for standard input (arguments override it)')
        .option('--strict', 'refuse settings forgectl does not know instead of sending them with a warning')
        .option('--allow-unknown', 'send a name close to a known setting as given instead of refusing it as a typo')
        .option('--show-secrets', 'print secret values unmasked'),
    run: async (ctx, opts, args) => (await run()).setSettingsCommand(ctx, opts, args),
  });

  defineCommand(group, reg, {
    name: 'diff',
    summary: 'Compare the instance’s settings with a YAML or JSON file',
    description:
      `Only the settings in the file are compared. ${TYPING} The output of \`settings get -o yaml\` reads back ` +
      'without a word: its read-only fields, masked secrets (named as not compared) and deprecated names next to ' +
      'their replacement are skipped, and names the instance reports are known. A name close to a known setting is ' +
      'refused as a typo unless --allow-unknown.',
    exitCodes: ['0  compared (the differences are listed); with --exit-code: the instance matches the file', '1  the request failed', '2  invalid file, or a likely typo of a setting name', '5  with --exit-code: settings differ'],
    examples: ['forgectl settings diff -f settings.yaml', 'forgectl settings get -o yaml | forgectl settings diff -f -', '# in CI: 5 means drift, 1 a failure', 'forgectl settings diff -f settings.json --exit-code'],
    options: (c) =>
      c
        .requiredOption('-f, --file <file>', 'YAML or JSON mapping of the settings as they should be, - for standard input')
        .option('--exit-code', 'exit 5 when settings differ')
        .option('--strict', 'refuse settings forgectl does not know')
        .option('--allow-unknown', 'compare a name close to a known setting as given instead of refusing it as a typo')
        .option('--show-secrets', 'print secret values in clear'),
    run: async (ctx, opts) => (await run()).diffSettingsCommand(ctx, opts),
  });
}
