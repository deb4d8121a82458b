// `forgectl profile …`: credential profiles (CLI.md "Credential profiles").

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry, TypedOption as Option } from '../../core/command.js';
import { TOKEN_TYPES } from '../../core/token-types.js';

const run = () => import('./run.js');

export function registerProfile(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'profile', 'Manage credential profiles (instance URL, token, TLS options)');

  defineCommand(group, reg, {
    name: 'add <name>',
    summary: 'Add or replace a profile, verifying its token first',
    description:
      'The token is checked with GET /personal_access_tokens/self unless --no-verify (job tokens are never checked). ' +
      'The config file is written atomically with mode 0600 in a 0700 directory.',
    writes: true,
    examples: [
      'forgectl profile add work --url https://gitlab.example.com --token-stdin < ~/.work-token',
      '# an OAuth token, acting as another user by default',
      'printenv OAUTH | forgectl profile add ops --url https://git.corp.example --token-type oauth --token-stdin --sudo deploy-bot',
    ],
    // The profile's own connection settings, saved into it.
    replacesGlobals: ['--url', '--token', '--token-type', '--sudo', '--ca-file', '--client-cert', '--client-key', '--insecure'],
    options: (c) =>
      c
        .requiredOption('--url <url>', 'base URL of the instance, e.g. https://gitlab.example.com')
        .option('--token-stdin', 'read the token from standard input')
        .option('--token <token>', 'the token (visible in ps; prefer --token-stdin)')
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
    summary: 'Add a profile interactively (URL, token type, hidden token prompt)',
    writes: true,
    examples: ['forgectl profile login'],
    run: async (ctx) => (await run()).loginProfile(ctx),
  });

  defineCommand(group, reg, {
    name: 'list',
    summary: 'List profiles (tokens masked)',
    aliases: ['ls'],
    examples: ['forgectl profile list', 'forgectl profile list -o json'],
    run: async (ctx) => (await run()).listProfiles(ctx),
  });

  defineCommand(group, reg, {
    name: 'show [name]',
    summary: 'Show a profile (default: the one in use); the token is masked',
    examples: ['forgectl profile show', 'forgectl profile show work -o yaml'],
    run: async (ctx, _opts, args) => (await run()).showProfile(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'use <name>',
    summary: 'Make a profile the default',
    writes: true,
    examples: ['forgectl profile use work'],
    run: async (ctx, _opts, args) => (await run()).useProfile(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'remove <name>',
    summary: 'Remove a profile and its stored token',
    aliases: ['rm'],
    writes: true,
    examples: ['forgectl profile remove old-instance --yes'],
    run: async (ctx, _opts, args) => (await run()).removeProfile(ctx, args[0]),
  });
}
