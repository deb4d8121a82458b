// `forgectl hooks …` (CLI.md "System hooks"; spec part 1 §2.5, §4.5, §6). Administrators only.

import type { Command } from 'commander';
import { defineCommand, defineGroup, secretSwitch, type Registry } from '../../core/command.js';
import { numericId } from '../../core/instance-ids.js';

const run = () => import('./run.js');

const BY_URL =
  'Name the hook by its id, or by its URL with --url (the instance then goes before the command: forgectl --url INSTANCE hooks …): ' +
  'the URL is the same on every instance, the id is not, so over several instances (--profiles) only --url is taken, and each instance ' +
  'acts on its one hook with that URL (none or several: that instance fails, naming the ids).';

const SECRET_USE = 'pipe it with --secret-stdin (e.g. < hook-secret.txt), set FORGECTL_HOOK_SECRET, or give --secret alone to type it at a hidden prompt';

export function registerHooks(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'hooks', 'Manage system hooks: server-wide event deliveries (administrators)');

  defineCommand(group, reg, {
    name: 'list',
    summary: 'List system hooks',
    aliases: ['ls'],
    examples: ['forgectl hooks list', 'forgectl hooks list -o json --fields id,url,push_events'],
    run: async (ctx) => (await run()).listHooksCommand(ctx),
  });

  defineCommand(group, reg, {
    name: 'get <id>',
    summary: 'Show one system hook',
    examples: ['forgectl hooks get 1', 'forgectl hooks get 1 -o json'],
    subject: (args) => `system hook ${args[0]}`,
    run: async (ctx, _o, args) => (await run()).getHookCommand(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'create',
    summary: 'Add a system hook',
    description:
      'The secret token that signs deliveries is read from standard input (--secret-stdin), from a hidden ' +
      'prompt (--secret, on a terminal) or from FORGECTL_HOOK_SECRET; it is never echoed and the service never ' +
      'returns it. Event flags not given keep the service’s defaults (repository updates on, the others off).',
    writes: true,
    examples: [
      'forgectl hooks create --url https://audit.example.com/hook --name audit --push-events --merge-requests-events',
      '# the secret comes from a file, never from the command line',
      'forgectl hooks create --url https://ci.example.com/events --secret-stdin < hook-secret.txt',
    ],
    replacesGlobals: ['--url'],
    options: (c) =>
      c
        .requiredOption('--url <url>', 'where deliveries go (http or https)')
        .option('--name <name>', 'name of the hook')
        .option('--description <text>', 'description of the hook')
        .option('--secret-stdin', 'read the secret token from standard input')
        .addOption(secretSwitch('--secret', 'ask for the secret token (hidden prompt; needs a terminal)', 'the hook secret', SECRET_USE))
        .option('--push-events', 'deliver push events')
        .option('--no-push-events', 'do not deliver push events')
        .option('--tag-push-events', 'deliver tag push events')
        .option('--no-tag-push-events', 'do not deliver tag push events')
        .option('--merge-requests-events', 'deliver merge request events')
        .option('--no-merge-requests-events', 'do not deliver merge request events')
        .option('--repository-update-events', 'deliver repository update events (service default)')
        .option('--no-repository-update-events', 'do not deliver repository update events')
        .option('--ssl-verification', 'verify the TLS certificate of the hook URL (sent as enable_ssl_verification=true)')
        .option('--no-ssl-verification', 'do not verify the TLS certificate of the hook URL'),
    run: async (ctx, opts) => (await run()).createHookCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'test [id]',
    summary: 'Run a hook with mock data and print the delivery the service sent',
    description: BY_URL,
    writes: true,
    examples: ['forgectl hooks test 1', 'forgectl hooks test 1 -o json', 'forgectl hooks test --url https://audit.example.com/hook --all-profiles'],
    replacesGlobals: ['--url'],
    options: (c) => c.option('--url <url>', 'the hook with exactly this URL, instead of an id'),
    localIds: { named: (args) => numericId(args[0], 'system hook'), instead: '--url URL' },
    subject: (args) => (args[0] === undefined ? undefined : `system hook ${args[0]}`),
    run: async (ctx, o, args) => (await run()).testHookCommand(ctx, o, args[0]),
  });

  defineCommand(group, reg, {
    name: 'delete [id]',
    summary: 'Delete a system hook (asks first; --yes in scripts)',
    description: BY_URL,
    writes: true,
    examples: ['forgectl hooks delete 1', 'forgectl hooks delete 1 --yes', 'forgectl hooks delete --url https://audit.example.com/hook --profiles prod-eu,prod-us --yes'],
    replacesGlobals: ['--url'],
    options: (c) => c.option('--url <url>', 'the hook with exactly this URL, instead of an id'),
    localIds: { named: (args) => numericId(args[0], 'system hook'), instead: '--url URL' },
    subject: (args) => (args[0] === undefined ? undefined : `system hook ${args[0]}`),
    run: async (ctx, o, args) => (await run()).deleteHookCommand(ctx, o, args[0]),
  });
}
