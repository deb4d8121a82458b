// `forgectl releases list GROUP`: releases of the projects in a group (spec part 3 §4.4).

import type { Command } from 'commander';
import type { Release } from '../api/releases.js';
import { defineCommand, defineGroup, type Registry, TypedOption as Option } from '../core/command.js';
import { NotFoundError } from '../core/errors.js';
import { list, type Column, type CommandResult } from '../core/output.js';
import type { Context } from '../context.js';
import { pageOptions } from './shared.js';
import { parseGroupId } from '../core/refs.js';

const COLUMNS: Column<Release>[] = [
  { key: 'tag_name', header: 'tag' },
  { key: 'name' },
  { key: 'released_at', header: 'released' },
  { key: 'upcoming_release', header: 'upcoming' },
  { key: 'author.username', header: 'author' },
  { key: 'tag_path', header: 'path' },
];

export function registerReleases(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'releases', 'Releases of the projects in a group');
  defineCommand(group, reg, {
    name: 'list <group>',
    summary: 'List the releases of a group’s projects, newest first',
    aliases: ['ls'],
    description: 'On self-managed instances the endpoint exists only when an administrator enables its feature flag; otherwise it answers 404.',
    examples: ['forgectl releases list acme', 'forgectl releases list acme --sort asc --simple --all -o json'],
    exitCodes: ['3  no such group, or group releases are not enabled on the instance'],
    options: (c) => c.addOption(new Option('--sort <order>', 'by release date: asc or desc (default desc)').choices(['asc', 'desc'])).option('--simple', 'limited fields'),
    explain: (e, args) =>
      e instanceof NotFoundError
        ? `either ${String(parseGroupId(args[0]))} does not exist (or is not visible to you), or group releases are off: on self-managed instances an administrator must enable the group releases feature flag`
        : undefined,
    run: (ctx, opts, args) => releasesCommand(ctx, opts, args[0]),
  });
}

export async function releasesCommand(ctx: Context, o: { sort?: 'asc' | 'desc'; simple?: boolean }, rawGroup: string): Promise<CommandResult> {
  const group = String(parseGroupId(rawGroup));
  const http = await ctx.http();
  const { listGroupReleases } = await import('../api/releases.js');
  const items = listGroupReleases(http, group, { sort: o.sort, simple: o.simple || undefined }, pageOptions(ctx));
  return list(items, COLUMNS, { empty: `No releases in ${group}.` });
}
