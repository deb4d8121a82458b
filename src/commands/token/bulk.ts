// `token revoke --where …` and `token rotate --where …`: act on every active token with a finding.
// The tokens are listed first, confirmed once, then each is sent once (never retried: a second
// revoke or rotation of the same token is not the same request). The caller's own token is skipped,
// and when the instance cannot tell which it is, nothing is sent unless it is named (own-token.ts).

import type { Context } from '../../context.js';
import { revokeToken, rotateToken } from '../../api/tokens.js';
import { CancelledError, ExitCode, UsageError, mayHaveApplied } from '../../core/errors.js';
import { list, type Column, type CommandResult } from '../../core/output.js';
import { parseInteger, todayUtc } from '../../core/parse.js';
import { STDOUT_NAME } from '../../core/output-file.js';
import { instanceText } from '../../core/instance-text.js';
import { confirmDestructive, instanceNamed } from '../shared.js';
import { parseWhere, withFindings, type Finding, type Rules } from './findings.js';
import { ownTokenId } from './own-token.js';
import { ownerDirectory, withOwners, type Owner, type OwnedToken } from './owners.js';
import { otherHolders, rotationExpiry } from './run.js';
import { writeSecrets } from './secrets-file.js';
import { activeTokensIn, userScope, type UserScope, type UserScopeOptions } from './user-scope.js';

/** `unknown`: sent, and its answer lost or cut by Ctrl-C: it may have been applied. */
type Outcome = 'revoked' | 'rotated' | 'failed' | 'unknown' | 'skipped' | 'dry-run';

export interface BulkRow {
  id: number;
  name: string;
  user_id?: number;
  user?: Owner;
  findings: Finding[];
  result: Outcome;
  reason?: string;
  /** Rotation: the new token and its secret (left out when written to --secrets-to). */
  new_id?: number;
  expires_at?: string | null;
  token?: string;
}

const owner = (r: { user?: Owner; user_id?: number }) => r.user?.username ?? (r.user_id === undefined ? '?' : `user ${r.user_id}`);

const COLUMNS: Column<BulkRow>[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'user.username', header: 'owner', value: owner },
  { key: 'findings', value: (r) => r.findings.join(' ') },
  { key: 'result' },
  { key: 'reason' },
];

const ROTATE_COLUMNS: Column<BulkRow>[] = [...COLUMNS, { key: 'new_id', header: 'new id' }, { key: 'expires_at', header: 'expires' }, { key: 'token', header: 'token (new secret)' }];

/** Options of both bulk actions. */
export interface BulkOptions extends UserScopeOptions {
  /** --own-token: the id of the token in use, for an instance that cannot tell it. */
  ownToken?: string;
}

interface Selection {
  rules: Rules;
  scope: UserScope;
  wanted: Finding[];
  text: string;
  ownToken?: number;
}

/** `--where` values, checked before anything is sent; a token is selected when it has every one of them. */
function selection(ctx: Context, where: string[], o: BulkOptions): Selection {
  const parsed = where.map((w) => parseWhere(w));
  const rules: Rules = Object.assign({}, ...parsed.map((p) => p.rules));
  if (new Set(parsed.map((p) => p.finding)).size !== parsed.length) throw new UsageError('--where: each finding at most once');
  const ownToken = o.ownToken === undefined ? undefined : parseInteger('--own-token', o.ownToken, { min: 1 });
  // One instance's id is another token, or nobody's, on the next: it would leave the token in use there unguarded.
  if (ownToken !== undefined && ctx.fleetProfile !== undefined) throw new UsageError('--own-token names a token of one instance; ids differ per instance', 'run it for one profile: -p NAME');
  const scope = userScope(o);
  const users = [...(scope.include ?? []).map((u) => ` --user ${u}`), ...(scope.exclude ?? []).map((u) => ` --exclude-user ${u}`)].join('');
  return { rules, scope, wanted: parsed.map((p) => p.finding), text: `--where ${where.join(' --where ')}${users}`, ownToken };
}

type Candidate = OwnedToken & { findings: Finding[] };

/** The active tokens in scope with every wanted finding, apart from the caller's own token (reported as skipped). */
async function candidates(ctx: Context, verb: string, { rules, scope, wanted, ownToken }: Selection): Promise<{ picked: Candidate[]; own?: Candidate }> {
  const http = await ctx.http();
  const tokens = await activeTokensIn(ctx, http, scope);
  const selfId = await ownTokenId(ctx, http, verb, ownToken);
  const picked: Candidate[] = [];
  let own: Candidate | undefined;
  const found = withFindings(tokens, rules, wanted);
  for await (const t of withOwners(found, ownerDirectory(ctx, http))) {
    if (t.id === selfId) own = t;
    else picked.push(t);
  }
  return { picked, own };
}

function announce(ctx: Context, verb: string, text: string, picked: Candidate[], own: Candidate | undefined): void {
  ctx.notice(`${picked.length} token${picked.length === 1 ? '' : 's'} to ${verb} (${text}):`);
  for (const t of picked) ctx.notice(`  ${t.id}  ${t.name}  ${owner(t)}  ${t.findings.join(' ')}`);
  if (own) ctx.notice(`  skipped: ${own.id}  ${own.name}, the token this command runs with (name it: token ${verb} ${own.id})`);
}

/**
 * Other profiles of this instance that hold a token about to be revoked or rotated are named before
 * the confirmation, as `token rotate ID` names them: each stops working until given another token.
 */
async function warnHolders(ctx: Context, verb: 'revoke' | 'rotate', picked: Candidate[]): Promise<void> {
  const conn = await ctx.connection();
  for (const t of picked) {
    const names = await otherHolders(ctx, conn, t.id, undefined);
    if (!names.length) continue;
    const who = names.length === 1 ? `profile ${names[0]} holds` : `profiles ${names.join(', ')} hold`;
    const next = verb === 'rotate' ? 'its new secret' : 'another token';
    ctx.warn(`${who} token ${t.id} (${t.name}), which this ${verb}s: it stops working there; give ${names.length === 1 ? 'it' : 'each'} ${next} with ${names.map((n) => `\`forgectl profile set-token ${n}\``).join(', ')}`);
  }
}

function ownRow(own: Candidate): BulkRow {
  return { id: own.id, name: own.name, user_id: own.user_id, user: own.user, findings: own.findings, result: 'skipped', reason: 'the token in use' };
}

function failure(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** What went wrong with one token's write; a write in doubt is no failure, and a rotation in doubt may have killed the old secret. */
function failedRow(row: BulkRow, err: unknown, rotation: boolean): void {
  if (mayHaveApplied(err)) Object.assign(row, { result: 'unknown', reason: `${failure(err)}${rotation ? '; the old secret may already be dead' : ''}` });
  else if (err instanceof CancelledError) Object.assign(row, { result: 'skipped', reason: NOT_SENT });
  else Object.assign(row, { result: 'failed', reason: failure(err) });
}

/** Ctrl-C stops the run: the writes after it are not sent. */
const NOT_SENT = 'interrupted before it was sent';

export async function bulkRevokeCommand(ctx: Context, where: string[], o: BulkOptions): Promise<CommandResult> {
  const chosen = selection(ctx, where, o);
  const { text } = chosen;
  const { picked, own } = await candidates(ctx, 'revoke', chosen);
  const rows: BulkRow[] = [];
  if (picked.length) {
    announce(ctx, 'revoke', text, picked, own);
    await warnHolders(ctx, 'revoke', picked);
    await confirmDestructive(ctx, async () => `Revoke these ${picked.length} tokens on ${instanceText(await instanceNamed(ctx))}?`);
    rows.push(...(await revokeEach(ctx, picked)));
  } else ctx.notice(`No active token matches ${text}; nothing to revoke.`);
  if (own) rows.push(ownRow(own));
  return revokeReport(ctx, rows);
}

/** Each token revoked once (never retried), in order, after the confirmation: a row for each. */
export async function revokeEach(ctx: Context, tokens: Array<OwnedToken & { findings?: Finding[] }>): Promise<BulkRow[]> {
  const http = await ctx.http();
  const rows: BulkRow[] = [];
  let interrupted = false;
  for (const t of tokens) {
    const row: BulkRow = { id: t.id, name: t.name, user_id: t.user_id, user: t.user, findings: t.findings ?? [], result: 'revoked' };
    rows.push(row);
    if (interrupted) {
      Object.assign(row, { result: 'skipped', reason: NOT_SENT });
      continue;
    }
    try {
      if (!(await revokeToken(http, t.id, { once: true }))) row.result = 'dry-run';
    } catch (err) {
      failedRow(row, err, false);
      if (err instanceof CancelledError) interrupted = true;
    }
  }
  return rows;
}

/** The report of revocations: revoked, failed, skipped; exit 1 when one failed. */
export function revokeReport(ctx: Context, rows: BulkRow[]): CommandResult {
  return report(ctx, rows, COLUMNS, 'revoked');
}

interface BulkRotateOptions extends BulkOptions {
  expiresAt?: string;
  expiresIn?: string;
  secretsTo?: string;
}

export async function bulkRotateCommand(ctx: Context, where: string[], o: BulkRotateOptions): Promise<CommandResult> {
  const chosen = selection(ctx, where, o);
  const { text } = chosen;
  const expiresAt = rotationExpiry(o);
  // The service counts a token as expired from 00:00 UTC of its expiry date: each new secret would be dead.
  if (expiresAt !== undefined && expiresAt === todayUtc()) {
    throw new UsageError(`an expiry of today (${expiresAt}) would replace every token picked with one the service already counts as expired`, 'give a later date (--expires-at tomorrow or later, or --expires-in 1d)');
  }
  // Checked and {profile} expanded before the run (declared fresh: secrets of an earlier run would be
  // lost); `-` is standard output, where the report prints them anyway.
  const file = o.secretsTo === STDOUT_NAME ? undefined : o.secretsTo;
  const { picked, own } = await candidates(ctx, 'rotate', chosen);
  // Each secret names its instance: files of several instances may be read together.
  const instance = file ? await instanceNamed(ctx) : {};
  const rows: BulkRow[] = [];
  const secrets: Array<Record<string, unknown>> = [];
  // Each new secret is in the file before the next rotation, and the file before anything is printed.
  const save = () => file && writeSecrets(file, secrets);
  if (picked.length) {
    announce(ctx, 'rotate', text, picked, own);
    await warnHolders(ctx, 'rotate', picked);
    await confirmDestructive(ctx, async () => `Rotate these ${picked.length} tokens on ${instanceText(await instanceNamed(ctx))} (each current secret stops working)?`);
    const http = await ctx.http();
    if (!ctx.dryRun) save();
    let stopped: string | undefined;
    for (const t of picked) {
      const row: BulkRow = { id: t.id, name: t.name, user_id: t.user_id, user: t.user, findings: t.findings, result: 'rotated' };
      rows.push(row);
      if (stopped) {
        Object.assign(row, { result: 'skipped', reason: stopped });
        continue;
      }
      try {
        const fresh = await rotateToken(http, t.id, expiresAt);
        if (!fresh) {
          row.result = 'dry-run';
          continue;
        }
        Object.assign(row, { new_id: fresh.id, expires_at: fresh.expires_at });
        if (!fresh.token) {
          Object.assign(row, { result: 'failed', reason: 'the service answered without a new secret' });
          continue;
        }
        if (!file) {
          row.token = fresh.token;
          continue;
        }
        secrets.push({ ...instance, id: fresh.id, rotated_from: t.id, name: fresh.name, user_id: t.user_id, username: t.user?.username, expires_at: fresh.expires_at, token: fresh.token });
        try {
          save();
        } catch (err) {
          // The old secret is dead already: this one is printed rather than lost, and nothing more is rotated.
          Object.assign(row, { token: fresh.token, reason: `not written to ${file} (${failure(err)}); shown here` });
          stopped = `not rotated: ${file} could not be written`;
        }
      } catch (err) {
        failedRow(row, err, true);
        if (err instanceof CancelledError) stopped = NOT_SENT;
      }
    }
    if (file && !ctx.dryRun) ctx.notice(`The new secrets are in ${file} (mode 0600), not printed.`);
  } else ctx.notice(`No active token matches ${text}; nothing to rotate.`);
  if (own) rows.push(ownRow(own));
  return report(ctx, rows, ROTATE_COLUMNS, 'rotated');
}

function report(ctx: Context, rows: BulkRow[], columns: Column<BulkRow>[], done: Outcome): CommandResult {
  const count = (r: Outcome) => rows.filter((x) => x.result === r).length;
  const failed = count('failed');
  const unknown = count('unknown');
  if (rows.length) ctx.notice(`${done}: ${count(done)}, failed: ${failed}, ${unknown ? `may have applied: ${unknown}, ` : ''}skipped: ${count('skipped')}${ctx.dryRun ? ' (dry run: nothing was sent)' : ''}`);
  // Each token in doubt is looked at before anything is run again: a second rotation of one revokes its new secret too.
  if (unknown) ctx.notice(`hint: check before trying again: forgectl token list --all`);
  const interrupted = rows.some((r) => r.reason === NOT_SENT || (r.result === 'unknown' && r.reason?.startsWith('interrupted')));
  const unsaved = rows.some((r) => r.reason?.startsWith('not written'));
  return { ...list(rows, columns), exitCode: interrupted ? ExitCode.interrupted : failed || unknown || unsaved ? 1 : undefined };
}
