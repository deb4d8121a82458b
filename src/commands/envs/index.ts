// `forgectl envs …`: group-level protected environments (CLI.md "Group protected environments",
// spec part 3 §2.4, §4.2).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';
import type { ApiError } from '../../core/errors.js';
import { collectRepeated } from '../../core/parse.js';
import { parseGroupId } from '../../core/refs.js';
import { entryIds, firstNamed, numericId } from '../../core/instance-ids.js';

const run = () => import('./run.js');
const apply = () => import('./apply.js');

/** Every envs command names the group first; the hints load only when an error needs one. */
async function explain(err: ApiError, args: string[]): Promise<string | undefined> {
  return (await import('./entries.js')).envsHint(err, String(parseGroupId(args[0])));
}

const RULES =
  'Tiers: production, staging, testing, development, other. Each entry names exactly one of user=ID or user=USERNAME (a member ' +
  'with Maintainer role or above; a username is looked up first), group=ID or group=PATH (a subgroup; a path is looked up first) or access_level=30|40|60 (developer, maintainer, admin; ' +
  'names accepted). Approval rules may add required=N.';

export function registerEnvs(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'envs', 'Group-level protected environments: who may deploy and who must approve');

  defineCommand(group, reg, {
    name: 'list <group>',
    summary: 'List the protected environments of a group',
    aliases: ['ls'],
    examples: ['forgectl envs list acme', 'forgectl envs list acme -o yaml > envs.yaml'],
    exitCodes: ['3  no such group', '4  you are not a maintainer of the group'],
    explain,
    run: async (ctx, _o, args) => (await run()).listEnvsCommand(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'get <group> <tier>',
    summary: 'Show one protected environment',
    examples: ['forgectl envs get acme production', 'forgectl envs get acme production -o json'],
    exitCodes: ['3  no such group or the tier is not protected', '4  you are not a maintainer of the group'],
    explain,
    run: async (ctx, _o, args) => (await run()).getEnvCommand(ctx, args[0], args[1]),
  });

  defineCommand(group, reg, {
    name: 'protect <group> <tier>',
    summary: 'Protect a tier: who may deploy, who must approve',
    description: RULES,
    writes: true,
    examples: [
      'forgectl envs protect acme production --deploy access_level=maintainer',
      'forgectl envs protect acme production --deploy group=acme/platform --approval group=13 --approval user=4,required=2',
      'forgectl envs protect acme staging --deploy user=alice --deploy access_level=40',
    ],
    exitCodes: ['2  invalid tier or entry (nothing sent)', '3  no user with that username, or no group at that path (nothing written)', '4  you are not a maintainer of the group'],
    options: (c) =>
      c
        .requiredOption('--deploy <entry>', 'who may deploy: access_level=N, user=ID|USERNAME or group=ID|PATH; repeatable', collectRepeated)
        .option('--approval <entry>', 'approval rule: access_level=N, user=ID|USERNAME or group=ID|PATH, optionally required=N; repeatable', collectRepeated),
    localIds: { named: (args, o) => firstNamed(numericId(args[0], 'group'), entryIds(o.deploy), entryIds(o.approval)) },
    explain,
    run: async (ctx, opts, args) => (await run()).protectEnvCommand(ctx, opts, args[0], args[1]),
  });

  defineCommand(group, reg, {
    name: 'update <group> <tier>',
    summary: 'Add, change or remove deploy entries and approval rules',
    description: `${RULES} Change an entry by its id (envs get --fields deploy_access_levels.id,approval_rules.id lists them): --change-deploy 12:group=7.`,
    writes: true,
    examples: [
      'forgectl envs update acme production --add-deploy user=4 --remove-deploy 12',
      'forgectl envs update acme production --change-approval 38:group=13,required=2 --required-approval-count 2',
    ],
    exitCodes: ['2  invalid entry or no change given (nothing sent)', '3  the tier is not protected, or no user or group by that name', '4  you are not a maintainer of the group'],
    options: (c) =>
      c
        .option('--add-deploy <entry>', 'new deploy entry; repeatable', collectRepeated)
        .option('--change-deploy <id:entry>', 'change deploy entry ID; repeatable', collectRepeated)
        .option('--remove-deploy <id>', 'remove deploy entry ID; repeatable', collectRepeated)
        .option('--add-approval <entry>', 'new approval rule; repeatable', collectRepeated)
        .option('--change-approval <id:entry>', 'change approval rule ID; repeatable', collectRepeated)
        .option('--remove-approval <id>', 'remove approval rule ID; repeatable', collectRepeated)
        .option('--required-approval-count <n>', 'approvals required in total'),
    localIds: {
      named: (args, o) =>
        firstNamed(
          numericId(args[0], 'group'),
          entryIds(o.addDeploy),
          entryIds(o.addApproval),
          entryIds(o.changeDeploy),
          entryIds(o.changeApproval),
          numericId([...(o.removeDeploy ?? []), ...(o.changeDeploy ?? []).map((c) => c.split(':')[0])], 'deploy entry'),
          numericId([...(o.removeApproval ?? []), ...(o.changeApproval ?? []).map((c) => c.split(':')[0])], 'approval rule'),
        ),
    },
    explain,
    run: async (ctx, opts, args) => (await run()).updateEnvCommand(ctx, opts, args[0], args[1]),
  });

  defineCommand(group, reg, {
    name: 'unprotect <group> <tier>',
    summary: 'Remove the protection of a tier (asks first; --yes in scripts)',
    writes: true,
    examples: ['forgectl envs unprotect acme staging', 'forgectl envs unprotect acme staging --yes'],
    exitCodes: ['2  no terminal to confirm and no --yes', '3  the tier is not protected'],
    localIds: { named: (args) => numericId(args[0], 'group') },
    explain,
    run: async (ctx, _o, args) => (await run()).unprotectEnvCommand(ctx, args[0], args[1]),
  });

  defineCommand(group, reg, {
    name: 'apply <group>',
    summary: 'Make a group’s protected environments match a file',
    description:
      'The file (YAML or JSON) maps tiers to their rules, or is the list `envs list -o yaml` prints:\n' +
      '  production:\n    deploy: [{access_level: 40}, {group: acme/platform}]\n    approvals: [{group: 13, required: 2}]\n    required_approval_count: 2\n' +
      'Tiers missing from the file are unprotected. The create, update and unprotect calls are computed, shown, ' +
      'confirmed (--yes in scripts) and applied; --dry-run shows them and sends nothing. Prints the calls applied (-o json: a list, `[]` with nothing to do); exit 0 with nothing to do.',
    writes: true,
    examples: ['forgectl envs apply acme -f envs.yaml', 'forgectl envs apply acme -f envs.yaml --dry-run', 'forgectl envs apply acme -f envs.yaml --yes -o json'],
    exitCodes: ['2  invalid file (nothing sent), or no terminal to confirm and no --yes', '4  you are not a maintainer of the group'],
    options: (c) => c.requiredOption('-f, --file <path>', 'YAML or JSON file; - reads standard input'),
    localIds: { named: (args) => numericId(args[0], 'group'), inFile: async (o, readStdin) => (await apply()).envsFileIds(o, readStdin) },
    explain,
    run: async (ctx, opts, args) => (await apply()).applyEnvsCommand(ctx, opts, args[0]),
  });
}
