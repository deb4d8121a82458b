// `forgectl token …`: personal access tokens (CLI.md "Access tokens", spec part 1 §4.1).

import { Option, type Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';
import { UsageError } from '../../core/errors.js';
import { collectRepeated, DURATION_HELP } from '../../core/parse.js';
import { numericId } from '../../core/instance-ids.js';

const run = () => import('./run.js');
const listing = () => import('./list.js');
const audit = () => import('./audit.js');
const bulk = () => import('./bulk.js');
const create = () => import('./create.js');
const revokeIds = () => import('./revoke-ids.js');

const WHERE_HELP = 'unused[:90d], expiring[:30d], no-expiry, broad[:30d]';
const OWN_TOKEN_HELP = 'with --where: the id of the token this command runs with, skipped; needed where the instance cannot tell it (GET /personal_access_tokens/self refused: older than the endpoint, 401, 403)';

/** The --where list of a bulk action; a token named as well is refused. */
function bulkTarget(verb: string, id: string | undefined, o: { where?: string[]; save?: boolean; force?: boolean }): string[] {
  if (id !== undefined) throw new UsageError(`token ${verb}: give a token id or --where, not both`);
  if (o.save !== undefined || o.force) throw new UsageError(`--${o.force ? 'force' : o.save ? 'save' : 'no-save'} applies to one token, not with --where`);
  return o.where ?? [];
}

const USER_HELP = 'only the tokens of this user (username); repeat for several';
const EXCLUDE_USER_HELP = 'leave out the tokens of this user (username); repeat for several';

function needId(verb: string, id: string | undefined, o: { secretsTo?: string; ownToken?: string; user?: string[]; excludeUser?: string[] }): string {
  if (o.secretsTo !== undefined) throw new UsageError('--secrets-to applies with --where');
  if (o.user || o.excludeUser) throw new UsageError(`--${o.user ? 'user' : 'exclude-user'} applies with --where`, 'a token named by id is acted on whoever owns it');
  if (o.ownToken !== undefined) throw new UsageError('--own-token applies with --where', `to ${verb} the token in use, name it: token ${verb} self`);
  if (id === undefined) throw new UsageError(`token ${verb} needs a token id, self, or --where FINDING`);
  return id;
}

export function registerToken(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'token', 'List, inspect, create, rotate and revoke personal access tokens');

  defineCommand(group, reg, {
    name: 'list',
    summary: 'List personal access tokens (administrators see every user’s)',
    aliases: ['ls'],
    examples: [
      'forgectl token list --state active',
      '# tokens of one user expiring in the next 30 days (administrators)',
      'forgectl token list --user alice --expiring-within 30d',
      'forgectl token list --revoked true --created-after 2024-01-01T00:00:00Z -o json',
      '# tokens nobody used for 90 days that can call the whole API',
      'forgectl token list --all --unused-for 90d --scope api,sudo',
      'forgectl token list --all --no-expiry -o csv',
    ],
    options: (c) =>
      c
        .option('--user <user>', 'owner: user id or username (filtering by another user needs an administrator)')
        .addOption(new Option('--state <state>', 'active or inactive').choices(['active', 'inactive']))
        .option('--revoked <bool>', 'true or false')
        .option('--search <text>', 'name contains this text')
        .option('--created-after <datetime>', 'ISO 8601 date-time')
        .option('--created-before <datetime>', 'ISO 8601 date-time')
        .option('--last-used-after <datetime>', 'ISO 8601 date-time')
        .option('--last-used-before <datetime>', 'ISO 8601 date-time')
        .option('--expiring-within <duration>', `only active tokens that expire within this time, e.g. 30d or 3mo (${DURATION_HELP}); tokens without an expiry are left out, and counted on stderr`)
        .option('--expiry', 'only tokens with an expiry date')
        .option('--no-expiry', 'only active tokens without an expiry date')
        .option('--unused-for <duration>', `only active tokens not used within this time (or never used and older than it), e.g. 90d (${DURATION_HELP})`)
        .option('--scope <scopes>', 'only tokens with any of these scopes (comma-separated or repeated), e.g. api,sudo', collectRepeated),
    subject: (_args, opts) => (opts.user ? `user ${opts.user.trim()}` : undefined),
    run: async (ctx, opts) => (await listing()).listTokensCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'audit',
    summary: 'Find tokens that need attention: no expiry, expiring, unused, broad; grouped by owner',
    description:
      'Reads every active token the caller may see (every user’s for an administrator) and reports, per token: ' +
      '`expiring` (expires within --expiring-within, default 30d), `no-expiry` (no expiry date), ' +
      '`unused` (not used within --unused-for, default 90d, or never used and older than that), ' +
      '`broad` (scope api, sudo, admin_mode or write_repository, and not used within 30 days). ' +
      'Tokens without findings are not listed. Owners are shown by username and name, with their email where the instance gives it (to administrators; -o csv for a mail merge); ' +
      'DAYS LEFT counts the days to the expiry date (none without one). --user NAME or --exclude-user NAME (repeatable) narrow the audit to some owners; an unknown username is exit 3. ' +
      'Findings in order of urgency: broad < unused < no-expiry < expiring; with --exit-code the command exits 5 ' +
      'when a token has a finding at or above --fail-on (default expiring: so only expiring tokens fail; --fail-on broad fails on any finding).',
    examples: [
      'forgectl token audit',
      '# fail a scheduled job when a token expires within two weeks',
      'forgectl token audit --expiring-within 14d --exit-code',
      'forgectl token audit --fail-on unused --exit-code -o json',
      'forgectl token audit -o csv > tokens.csv',
      '# everyone but the service accounts',
      'forgectl token audit --exclude-user ci-bot --exclude-user backup-bot',
    ],
    exitCodes: ['3  no user with a username given to --user or --exclude-user', '5  with --exit-code: a token has a finding at or above --fail-on'],
    options: (c) =>
      c
        .option('--expiring-within <duration>', `expiring: expires within this time (default 30d; ${DURATION_HELP})`)
        .option('--unused-for <duration>', `unused: not used within this time, or never used and older than it (default 90d; ${DURATION_HELP})`)
        .addOption(new Option('--fail-on <finding>', 'with --exit-code: the least urgent finding that fails (default expiring)').choices(['broad', 'unused', 'no-expiry', 'expiring']))
        .option('--exit-code', 'exit 5 when a token has a finding at or above --fail-on')
        .option('--user <username>', USER_HELP, collectRepeated)
        .option('--exclude-user <username>', EXCLUDE_USER_HELP, collectRepeated),
    run: async (ctx, opts) => (await audit()).auditTokensCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'get <id>',
    summary: 'Show one token',
    examples: ['forgectl token get 42', 'forgectl token get 42 -o json'],
    subject: (args) => `token ${args[0]}`,
    run: async (ctx, _o, args) => (await listing()).getTokenCommand(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'self',
    summary: 'Show the token in use',
    examples: ['forgectl token self', 'forgectl token self --fields name,scopes,expires_at -o json'],
    run: async (ctx) => (await listing()).getTokenCommand(ctx, 'self'),
  });

  defineCommand(group, reg, {
    name: 'create',
    summary: 'Make a personal access token for a user (administrators); the secret is printed once',
    description:
      'Sends POST /users/:user_id/personal_access_tokens once, never repeated: when its answer is lost the token may exist, and the error says how to look. ' +
      'The user is named by username; scopes are checked against the scopes the service knows before anything is sent. ' +
      'Without --expires-in or --expires-at the instance sets the expiry (the longest lifetime it allows, a year on GitLab unless an administrator changed it), and the date it set is printed. ' +
      'The new secret is printed once, in every output format, or with --secrets-to FILE written as JSON to that new file (mode 0600) before anything is printed. ' +
      'Over several instances (--profiles, --all-profiles) it makes the token on each; --secrets-to then needs {profile} in its name.',
    writes: true,
    examples: [
      'forgectl token create --user alice --name drift --scope read_api --expires-in 30d',
      '# a read-only token for a nightly job on every instance, each secret in a file of its own',
      "forgectl token create --all-profiles --user ci-bot --name drift --scope read_api --secrets-to 'drift-{profile}.json' --yes",
      'forgectl token create --user bob --name backup --scope read_api --scope read_repository --expires-at 2026-12-31 --description "Nightly backup" -o json',
    ],
    options: (c) =>
      c
        .requiredOption('--user <username>', 'the user the token is for')
        .requiredOption('--name <name>', 'name of the token')
        .requiredOption('--scope <scope>', 'a scope, such as read_api, api, read_repository, self_rotate; repeat (or comma-separate) for several', collectRepeated)
        .option('--expires-in <duration>', `expiry as a duration from today, e.g. 30d or 6mo (${DURATION_HELP})`)
        .option('--expires-at <date>', 'expiry date YYYY-MM-DD')
        .option('--description <text>', 'what the token is for (at most 255 characters)')
        .option('--secrets-to <file>', 'write the new secret as JSON to this new file (mode 0600) instead of printing it, with its instance; {profile} is the profile in use (required over several instances)'),
    exitCodes: ['3  no user with that username (nothing written)'],
    outputFiles: { secretsTo: { flag: '--secrets-to', fresh: true } },
    run: async (ctx, opts) => (await create()).createTokenCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'rotate [id|self]',
    summary: 'Rotate a token: the service revokes it and issues a new secret, printed once',
    description:
      'Expiry must be a valid date, today or later (not in the past), at most one year ahead (default: one week, set by the service). ' +
      'A token that is already revoked is not rotated: the service refuses it, and presenting a revoked token ' +
      'for rotation is treated as reuse, which revokes the active token of its family; so it is refused here unless --force. ' +
      '`self` rotates the token in use (a token with only the self_rotate scope may do this). When the token is the one the profile in use holds, the new ' +
      'secret is saved where the old one lived (the system credential store, or config.json atomically) before it is printed; if saving fails it is still printed and the exit code is 1. ' +
      'A profile whose token comes from --token-command is not written to: the secret is printed with a reminder to update the helper’s source. ' +
      'Any other token (another user’s, or another of yours) stops working for whoever uses it, so this asks first, as `token revoke` does (--yes in scripts). ' +
      'Other profiles of the instance that hold the rotated token (by the token id their last verification recorded, or by the secret kept in config.json; ' +
      'no credential store is unlocked and no helper run to find out) are named in a warning, with the `profile set-token` to run for each. ' +
      'With --where FINDING instead of an id (as `token revoke --where`): every active token with that finding is listed, confirmed once and rotated once each; ' +
      'each new secret is printed once in the report, or with --secrets-to FILE written as JSON to that file (mode 0600) before anything is printed. The token in use is skipped; ' +
      'where the instance cannot tell which it is (GET /personal_access_tokens/self answers 404, 401, 403 or not a token), nothing is rotated (exit 1) unless --own-token names it.',
    writes: true,
    exitCodes: ['3  with --where: no user with a username given to --user or --exclude-user (nothing written)'],
    localIds: { named: (args) => numericId(args[0], 'token') },
    examples: [
      'forgectl token rotate self --expires-in 90d',
      '# another user’s token: asks first, or --yes',
      'forgectl token rotate 42 --expires-at 2026-12-31 --yes -o json',
      '# rotate a token that lives in a CI variable; nothing to save locally',
      'FORGECTL_TOKEN=$OLD forgectl token rotate self --no-save -o json | jq -r .token',
      '# another profile held the same token: give it the new one',
      'forgectl token rotate self -p work -o json | jq -r .token | forgectl profile set-token laptop --token-stdin',
      '# every token expiring within two weeks, new secrets to a private file for handing out',
      "forgectl token rotate --where 'expiring:14d' --expires-in 90d --secrets-to new-tokens.json --yes",
    ],
    options: (c) =>
      c
        .option('--expires-at <date>', 'expiry date YYYY-MM-DD (at most one year ahead)')
        .option('--expires-in <duration>', `expiry as a duration from today, e.g. 30d or 6mo (${DURATION_HELP})`)
        .option('--save', 'save the new secret to the profile in use (default when it is that profile’s token)')
        .option('--no-save', 'do not save the new secret anywhere')
        .option('--force', 'rotate even if the token is already revoked (triggers reuse detection)')
        .option('--where <finding>', `instead of one token: every active token with this finding (${WHERE_HELP}); repeated, with all of them`, collectRepeated)
        .option('--user <username>', `with --where: ${USER_HELP}`, collectRepeated)
        .option('--exclude-user <username>', `with --where: ${EXCLUDE_USER_HELP}`, collectRepeated)
        .option('--secrets-to <file>', 'with --where: write the new secrets as JSON to this new file (mode 0600) instead of printing them, each with its instance; {profile} is the profile in use (required over several instances)')
        .option('--own-token <id>', OWN_TOKEN_HELP),
    outputFiles: { secretsTo: { flag: '--secrets-to', fresh: true } },
    subject: (args) => (args[0] === undefined ? undefined : `token ${args[0]}`),
    run: async (ctx, opts, args) => (opts.where ? (await bulk()).bulkRotateCommand(ctx, bulkTarget('rotate', args[0], opts), opts) : (await run()).rotateTokenCommand(ctx, opts, needId('rotate', args[0], opts))),
  });

  defineCommand(group, reg, {
    name: 'revoke [id|self...]',
    summary: 'Revoke tokens by id, or every token with a finding (asks first; --yes in scripts)',
    description:
      'With --where (a finding of `token audit`: unused[:90d], expiring[:30d], no-expiry, broad[:30d]; several --where select the tokens with all of them, each finding given once; --user or --exclude-user NAME narrow it to some owners): ' +
      'lists the active tokens it will revoke on stderr, asks once, revokes each once (never retried), and reports each as revoked, failed or skipped. ' +
      'The token this command runs with is skipped (revoke it by naming it); where the instance cannot tell which it is ' +
      '(GET /personal_access_tokens/self answers 404, 401, 403 or not a token), nothing is revoked (exit 1) unless --own-token ID names it. ' +
      'A token the pages give twice is revoked once. --dry-run lists them and sends nothing. ' +
      'Several ids (or self) are confirmed once, every token named, and reported the same way: a token already revoked is skipped, one that cannot be read failed (exit 1).',
    writes: true,
    exitCodes: ['3  with --where: no user with a username given to --user or --exclude-user (nothing written)'],
    localIds: { named: (args) => numericId(args, 'token') },
    examples: [
      'forgectl token revoke 42',
      'forgectl token revoke self --yes',
      'forgectl token revoke 12 13 14',
      '# every token nobody used for 90 days',
      "forgectl token revoke --where 'unused:90d' --yes",
      '# tokens that never expire and nobody used for 90 days, except the CI bot’s',
      'forgectl token revoke --where no-expiry --where unused:90d --exclude-user ci-bot --dry-run',
      '# an instance older than /personal_access_tokens/self: name your own token, to skip it',
      'forgectl token revoke --where no-expiry --own-token 42 --yes',
    ],
    options: (c) =>
      c
        .option('--where <finding>', `instead of one token: every active token with this finding (${WHERE_HELP}); repeated, with all of them`, collectRepeated)
        .option('--user <username>', `with --where: ${USER_HELP}`, collectRepeated)
        .option('--exclude-user <username>', `with --where: ${EXCLUDE_USER_HELP}`, collectRepeated)
        .option('--own-token <id>', OWN_TOKEN_HELP),
    subject: (args) => (args.length === 1 ? `token ${args[0]}` : undefined),
    run: async (ctx, opts, args) => {
      if (opts.where) return (await bulk()).bulkRevokeCommand(ctx, bulkTarget('revoke', args[0], opts), opts);
      const id = needId('revoke', args[0], opts);
      return args.length > 1 ? (await revokeIds()).revokeTokensCommand(ctx, args) : (await run()).revokeTokenCommand(ctx, id);
    },
  });
}
