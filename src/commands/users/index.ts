// `forgectl users …`: read-only look at the instance's accounts (GitLab's doc/api/users.md).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';

const run = () => import('./run.js');

export function registerUsers(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'users', 'List and show user accounts (read-only)');

  defineCommand(group, reg, {
    name: 'list',
    summary: 'List users (administrators see every field and may filter by --admins)',
    aliases: ['ls'],
    description:
      'GET /users. --active and --blocked keep users in that state; --search matches name, username (and email, for administrators). ' +
      '--admins keeps the administrators; the service honours it only for an administrator (for anyone else it would list every user), ' +
      'so it is refused when the answer does not say who is one.',
    examples: ['forgectl users list --admins', 'forgectl users list --blocked --all -o csv', 'forgectl users list --search alice -o json'],
    options: (c) =>
      c
        .option('--active', 'only active users')
        .option('--blocked', 'only blocked users')
        .option('--admins', 'only administrators (needs an administrator’s token)')
        .option('--search <text>', 'name or username contains this text'),
    run: async (ctx, opts) => (await run()).listUsersCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'get <user>',
    summary: 'Show one user by id or username',
    examples: ['forgectl users get alice', 'forgectl users get 1 -o json'],
    subject: (args) => `user ${args[0]}`,
    run: async (ctx, _o, args) => (await run()).getUserCommand(ctx, args[0]),
  });
}
