// `forgectl state …` (CLI.md "Instance as code"): the instance's configuration in one reviewed file.

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';
import { collectRepeated } from '../../core/parse.js';

const run = () => import('./run.js');

// A shared file's user or group of a protected environment by id: another one on each instance of a fleet.
const fileIds = async (o: { file?: string[] }, readStdin: (what: string) => Promise<string>) => (await import('./file-ids.js')).stateFileIds(o, readStdin);

const FILE = 'YAML file of the instance as it should be, - for standard input; repeatable: later files override earlier ones key by key, {profile} is the profile in use, a leading ? lets the file be missing';
// Said of every option that writes a file (src/core/output-file.ts).
const OUT_NAME = 'a regular file or a link to one; {profile} is the profile in use (required over several instances)';
// One sentence for plan --help, apply --help and README.
const PRUNE = 'also delete what the file does not name: hooks, broadcasts, and the protected environments of the groups it lists';
const REPLACE = "replace this hook of the file although nothing compared differs (its token is never compared): sends its token anew, as after rotating the secret; repeatable, e.g. 'system_hooks[https://ci.example.com/events]'";

export function registerState(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'state', 'The instance as code: export its configuration to a file, plan and apply changes');

  defineCommand(group, reg, {
    name: 'export',
    globals: { output: false },
    summary: 'Print the instance’s configuration as a file that `state plan` reads back as no change',
    description:
      'Sections: settings (writable, non-secret), plan_limits (default, and the plans named with --plans), system_hooks, ' +
      'broadcast_messages, notification_settings (global, of the token’s user), groups (those named with --groups, or every one with --all-groups: ' +
      'protected environments in the format of `envs apply`, users by username and groups by path, and notification settings). Secrets are never written: ' +
      'comments name the secret settings and hook tokens to add as references ({env: NAME} or {command: "…"}).',
    examples: ['forgectl state export > instance.yaml', 'forgectl state export --only system_hooks,broadcast_messages', '# refresh a trimmed base file from an instance', 'forgectl state export --only-managed base.yaml -f base.new.yaml', 'forgectl state export --plans free,premium --groups acme,acme/platform > instance.yaml'],
    outputFiles: { file: { flag: '-f' } },
    options: (c) =>
      c
        .option('-f, --file <file>', `write the file here (whole or not at all) instead of standard output; ${OUT_NAME}`)
        .option('--only <sections>', 'export only these sections (comma-separated)').option('--plans <plans>', 'export the limits of these plans too (comma-separated; default is always exported)')
        .option('--groups <paths>', 'export these groups (comma-separated paths)')
        .option('--all-groups', 'export every group of the instance (read in parallel)')
        .option('--include-ended', 'also export broadcasts that have ended (left out by default: applied elsewhere they would create an expired banner)')
        .option('--only-managed <file>', 'export only the keys and items this state file manages, with the instance\'s values (references kept from the file)'),
    run: async (ctx, opts) => (await run()).exportStateCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'plan',
    summary: 'Show what `state apply` would change (sends nothing but reads)',
    description:
      'Prints + create, ~ update (key: before → after), ± replace (a changed hook: the API has no update, so a new one is created, keeping what the file leaves out, then the old one deleted; ' +
      "or a hook named with --replace 'system_hooks[URL]', to send its token anew: `± replace system_hooks URL (asked with --replace)`) and, " +
      'with --prune, - delete; items on the instance the file does not name are listed as not managed. ' +
      'A section left out of the file is not managed. The file is checked whole (every problem listed with its file:line:column), and its secret references ' +
      'resolved, before any request. The text starts with the instance (Plan for URL (profile NAME)); -o json prints the ' +
      'plan document (format_version, instance, summary, changes with the requests they make, unmanaged, not_compared), which --out saves ' +
      'for `state apply --plan` (and `state show` prints). With --no-secrets, secret settings, hook tokens and hook URLs given as references are not ' +
      'compared and their references not resolved (a read-only token and no secrets suffice for a drift check). ' +
      '-o markdown prints a summary and a table of the changes for a merge-request note (secrets masked).',
    exitCodes: ['0  planned (with --exit-code: no changes)', '2  invalid file or unresolvable secret reference (nothing was sent)', '5  with --exit-code: the instance differs from the file'],
    examples: [
      'forgectl state plan -f instance.yaml',
      '# nightly drift check in CI, without the write secrets',
      'forgectl state plan -f instance.yaml --exit-code --no-secrets',
      '# save the reviewed plan; apply exactly it later',
      'forgectl state plan -f instance.yaml --out plan.json',
      '# a note for the merge request',
      'forgectl state plan -f instance.yaml -o markdown > plan.md',
      '# a shared file, then what differs per instance (layered key by key)',
      "forgectl state plan -p prod -f base.yaml -f 'instances/{profile}.yaml'",
      '# after rotating a hook\'s secret: send its token anew',
      "forgectl state plan -f instance.yaml --replace 'system_hooks[https://ci.example.com/events]'",
      '# every instance, a saved plan each',
      "forgectl state plan --all-profiles -f base.yaml --out 'plan-{profile}.json'",
    ],
    options: (c) =>
      c
        .requiredOption('-f, --file <file>', FILE, collectRepeated)
        .option('--prune', PRUNE)
        .option('--replace <address>', REPLACE, collectRepeated)
        .option('--out <file>', `also save the plan document (JSON, no secret values) for \`state apply --plan\`; - prints it on standard output (the text then goes to standard error); ${OUT_NAME}`)
        .option('--no-secrets', 'compare everything but secret-bearing fields; their references are not resolved')
        .option('--exit-code', 'exit 5 when there are changes')
        .option('--strict', 'refuse settings forgectl does not know')
        .option('--allow-unknown', 'send a name close to a known setting as given instead of refusing it as a typo'),
    markdown: true,
    outputFiles: { out: { flag: '--out' } },
    localIds: { named: () => undefined, inFile: (o, readStdin) => fileIds(o, readStdin) },
    run: async (ctx, opts) => (await run()).planStateCommand(ctx, { ...opts, noSecrets: opts.secrets === false }),
  });

  defineCommand(group, reg, {
    name: 'apply',
    summary: 'Make the instance match the file: shows the plan, asks (--yes in scripts), applies',
    description:
      'Writes in the order settings, plan limits, system hooks, broadcast messages, notification settings, groups. ' +
      'A protected environment of a listed group that its protected_environments leave out is unprotected only with --prune. The answer to every write is read: ' +
      'a key the instance answers 200 to but keeps is a failure. On the first failure it stops (exit 1) ' +
      'and lists each write (method and path) as applied, failed or not tried; running it again plans afresh and finishes the job. ' +
      '--plan applies a plan saved by `state plan --out` exactly as reviewed: every request is built again from the changes it shows ' +
      '(a plan whose requests differ is refused, exit 2), its items are read again, and it refuses (exit 1, naming each ' +
      'difference) when the instance changed since, or when the plan is for another instance. Without -p or --url it uses the plan’s ' +
      'profile when that exists here with the same URL. Secret references ({command: …} included) are resolved only once the run is ' +
      'confirmed, never under --dry-run, which prints them as written. -o json prints a report on standard output ' +
      '(instance, each write with status, method and path, exit_code); the text stays on standard error.',
    writes: true,
    exitCodes: [
      '1  a write failed (applied / failed / not tried are listed), or a saved plan is stale or for another instance',
      '2  invalid file or plan, unresolvable secret reference, or no terminal to confirm and no --yes (nothing was sent)',
    ],
    examples: ['forgectl state apply -f instance.yaml', 'forgectl state apply -f instance.yaml --prune --yes', 'forgectl state apply -f instance.yaml --dry-run', 'forgectl state apply --plan plan.json --yes -o json > report.json'],
    options: (c) =>
      c
        .option('-f, --file <file>', FILE, collectRepeated)
        .option('--plan <file>', 'apply the plan `state plan --out` saved, as reviewed (instead of -f)')
        .option('--prune', PRUNE)
        .option('--replace <address>', REPLACE, collectRepeated)
        .option('--strict', 'refuse settings forgectl does not know')
        .option('--allow-unknown', 'send a name close to a known setting as given instead of refusing it as a typo'),
    localIds: { named: () => undefined, inFile: (o, readStdin) => fileIds(o, readStdin) },
    run: async (ctx, opts) => (await run()).applyStateCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'show <plan>',
    scope: 'local',
    markdown: true,
    summary: 'Print a plan saved by `state plan --out` as it will run (sends no request, needs no profile)',
    description:
      'Reads the plan file as `state apply --plan` does, with the same refusals (exit 2: not a plan, another format, or requests that ' +
      'differ from what its changes make), and prints it: text as `state plan` prints it, -o markdown for a merge-request note, ' +
      '-o json the plan document, -o csv one row per change with its requests. Secret references are shown where they stand ' +
      '({env: NAME}, or the {command: "…"} that apply will run) and never resolved: nothing is run.',
    exitCodes: ['2  not a plan of this forgectl, or edited so that its requests differ from its changes'],
    examples: ['forgectl state show plan.json', 'forgectl state show plan.json -o markdown > plan.md'],
    run: async (ctx, _opts, args) => (await run()).showStateCommand(ctx, args[0]!),
  });

  defineCommand(group, reg, {
    name: 'schema',
    scope: 'local',
    globals: { output: false },
    summary: 'Print the JSON Schema of the instance file (for editors)',
    examples: ['forgectl state schema > instance.schema.json'],
    run: async () => (await run()).schemaStateCommand(),
  });
}
