// `forgectl profile …`: credential profiles (CLI.md "Credential profiles").

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry, TypedOption as Option } from '../../core/command.js';
import { TOKEN_TYPES } from '../../core/token-types.js';

// The same list as STORAGES in core/profile-token.ts, kept literal so --help loads no storage code.
const STORAGE_CHOICES = ['keyring', 'file'] as const;
const STORAGE_HELP = 'where the token is kept: keyring (the system credential store) or file (config.json); default: keyring when one is reachable, else file with a warning';
const COMMAND_HELP = 'a command that prints the token, run without a shell each time the profile is used (quote words with \' or ")';

const run = () => import('./run.js');

export function registerProfile(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'profile', 'Manage credential profiles (instance URL, token, TLS options)');

  defineCommand(group, reg, {
    name: 'add <name>',
    scope: 'local',
    globals: { profiles: true },
    summary: 'Add or replace a profile, verifying its token first',
    description:
      'The token is checked with GET /personal_access_tokens/self unless --no-verify (job tokens are never checked), and GET /user gives its user name and whether it is an administrator’s; ' +
      'what the check learned (never the token) is kept in the profile for `profile list`. ' +
      'It is kept in the system credential store (Secret Service, Keychain, Credential Manager) and config.json holds only a reference; ' +
      'with no store reachable (a headless server, CI) it goes to config.json with a warning, unless --storage keyring, which refuses. ' +
      'With --token-command nothing secret is stored: the command (split into words like a shell would, but run without one; ' +
      'no pipes, $VARS or ;) is run with the --timeout each time, and the first line it prints is the token; if it fails, forgectl exits 4 with its stderr. ' +
      'The config file is written atomically with mode 0600 in a 0700 directory.',
    writes: true,
    examples: [
      'forgectl profile add work --url https://gitlab.example.com --token-stdin < ~/.work-token',
      '# an OAuth token, acting as another user by default',
      'printenv OAUTH | forgectl profile add ops --url https://git.corp.example --token-type oauth --token-stdin --sudo deploy-bot',
      '# the token stays in pass; forgectl asks it each time',
      "forgectl profile add admin --url https://gitlab.example.com --token-command 'pass show forge/admin'",
      '# a CI runner without a credential store: keep the token in config.json on purpose',
      'forgectl profile add ci --url https://gitlab.example.com --token-stdin --storage file < token.txt',
    ],
    // The profile's own connection settings, saved into it.
    replacesGlobals: ['--url', '--token', '--token-type', '--sudo', '--ca-file', '--client-cert', '--client-key', '--insecure'],
    options: (c) =>
      c
        .requiredOption('--url <url>', 'base URL of the instance, e.g. https://gitlab.example.com')
        .option('--token-stdin', 'read the token from standard input')
        .option('--token <token>', 'the token (visible in ps; prefer --token-stdin)')
        .option('--token-command <command>', COMMAND_HELP)
        .addOption(new Option('--storage <where>', STORAGE_HELP).choices(STORAGE_CHOICES))
        .addOption(new Option('--token-type <type>', 'how the token is sent').choices(TOKEN_TYPES).default('personal'))
        .option('--sudo <user>', 'act as this user by default (administrators)')
        .option('--ca-file <pem>', 'extra CA bundle for this instance')
        .option('--client-cert <pem>', 'TLS client certificate')
        .option('--client-key <pem>', 'TLS client key')
        .option('--insecure', 'skip TLS verification for this instance')
        .option('--default', 'make it the default profile')
        .option('--no-verify', 'save without checking the token'),
    run: async (ctx, opts, args) => (await run()).addProfile(ctx, opts, args[0]),
  });

  defineCommand(group, reg, {
    name: 'login',
    scope: 'local',
    globals: { profiles: true },
    summary: 'Add a profile interactively (URL, token type, hidden token prompt)',
    writes: true,
    examples: ['forgectl profile login', '# ask a helper for the token instead of typing it', "forgectl profile login --token-command 'op read op://ops/forge/token'"],
    options: (c) => c.option('--token-command <command>', COMMAND_HELP).addOption(new Option('--storage <where>', STORAGE_HELP).choices(STORAGE_CHOICES)),
    run: async (ctx, opts) => (await run()).loginProfile(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'list',
    scope: 'selection',
    globals: { instance: false, profiles: true, pages: false },
    summary: 'List profiles: who each token is (as last verified), whether an administrator’s, where it lives; offline',
    description:
      'USER and ADMIN are what the last check of the token (profile add, login or set-token, or a saved rotation) recorded; VERIFIED is when. ' +
      'Nothing is asked: no request is sent, no credential store unlocked, no helper run. A profile never checked shows "—" and "not verified".',
    aliases: ['ls'],
    examples: [
      'forgectl profile list',
      '# profiles whose token belongs to an administrator',
      "forgectl profile list -o json | jq -r '.[] | select(.admin) | .name'",
      '# the profiles a fleet would run on, in the order it runs them',
      "forgectl profile list --profiles 'prod-*'",
    ],
    run: async (ctx) => (await run()).listProfiles(ctx),
  });

  defineCommand(group, reg, {
    name: 'show [name]',
    scope: 'local',
    globals: { profiles: true, inventory: true },
    summary: 'Show a profile (default: the one in use); the token is masked',
    examples: ['forgectl profile show', 'forgectl profile show work -o yaml'],
    run: async (ctx, _opts, args) => (await run()).showProfile(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'schema',
    scope: 'local',
    globals: { instance: false, output: false },
    summary: 'Print the JSON Schema of an inventory file (--inventory), for editors',
    description:
      'An inventory names the instances of a run: instances: {NAME: {url, token, token_type, ca_file, client_cert, client_key, sudo}}, ' +
      'the token only by reference ({env: NAME}, {file: PATH} or {command: "…"}), relative paths from the file\u2019s directory.',
    examples: ['forgectl profile schema > inventory.schema.json'],
    run: async () => (await run()).inventorySchema(),
  });

  defineCommand(group, reg, {
    name: 'use <name>',
    scope: 'local',
    globals: { profiles: true, output: false },
    summary: 'Make a profile the default',
    writes: true,
    examples: ['forgectl profile use work'],
    run: async (ctx, _opts, args) => (await run()).useProfile(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'set-storage <name> <storage>',
    scope: 'local',
    globals: { profiles: true, output: false },
    summary: 'Move a profile’s token to the system credential store (keyring) or to config.json (file)',
    description: 'The token is written to its new place first, then removed from the old one.',
    writes: true,
    examples: ['forgectl profile set-storage work keyring', '# before moving the config to a machine without a credential store', 'forgectl profile set-storage work file'],
    run: async (ctx, _opts, args) => (await run()).setStorage(ctx, args[0], args[1]),
  });

  defineCommand(group, reg, {
    name: 'set-token <name>',
    scope: 'local',
    globals: { profiles: true },
    summary: 'Replace a profile’s token, verifying it first; the profile keeps its other settings',
    description:
      'The new token is read from standard input (--token-stdin), from --token, or from a hidden prompt on a terminal, ' +
      'checked against the profile’s instance like `profile add` does (GET /personal_access_tokens/self, then GET /user for the user name), ' +
      'and saved where the profile keeps its token: its entry in the system credential store, or config.json. ' +
      'It warns when the new token belongs to another user than the old one. ' +
      'A profile whose token comes from --token-command stores none: update the command’s source instead.',
    writes: true,
    examples: [
      'forgectl profile set-token work --token-stdin < ~/.work-token',
      '# on a terminal: asks for the token without echoing it',
      'forgectl profile set-token work',
      '# after `token rotate` under another profile that held the same token',
      'forgectl token rotate self -p ci -o json | jq -r .token | forgectl profile set-token deploy --token-stdin',
    ],
    // The new token of the profile, not the run's credential.
    replacesGlobals: ['--token'],
    options: (c) =>
      c
        .option('--token-stdin', 'read the token from standard input')
        .option('--token <token>', 'the token (visible in ps; prefer --token-stdin)')
        .option('--no-verify', 'save without checking the token (the profile then shows as not verified)'),
    run: async (ctx, opts, args) => (await run()).setProfileToken(ctx, opts, args[0]),
  });

  defineCommand(group, reg, {
    name: 'remove <name>',
    scope: 'local',
    globals: { profiles: true, output: false },
    summary: 'Remove a profile and its stored token',
    aliases: ['rm'],
    writes: true,
    examples: ['forgectl profile remove old-instance --yes'],
    run: async (ctx, _opts, args) => (await run()).removeProfile(ctx, args[0]),
  });
}
