// `token audit`: every active token the caller may see, with its findings (findings.ts) and its
// owner by name (owners.ts), grouped by owner. With --exit-code, exit 5 on a finding at or above
// --fail-on, like `settings diff --exit-code` for differences.

import type { Context } from '../../context.js';
import { ExitCode, UsageError } from '../../core/errors.js';
import { list, type Column, type CommandResult } from '../../core/output.js';
import { todayUtc } from '../../core/parse.js';
import { DEFAULT_EXPIRING, DEFAULT_UNUSED, DEFAULT_BROAD_IDLE, FINDINGS, horizonDay, instantAgo, parseFinding, withFindings, type Finding, type Rules } from './findings.js';
import { NO_WINDOW, ownerDirectory, withOwners, type OwnedToken } from './owners.js';
import { activeTokensIn, userScope, type UserScopeOptions } from './user-scope.js';

export type AuditRow = Pick<OwnedToken, 'id' | 'name' | 'user_id' | 'user' | 'scopes' | 'created_at' | 'last_used_at' | 'expires_at'> & { findings: Finding[]; days_left: number | null };

// The owner as data in every format (a fleet's CSV too); the id only when the service would not say.
const COLUMNS: Column<AuditRow>[] = [
  { key: 'user.username', header: 'owner', value: (r) => r.user?.username ?? `user ${r.user_id ?? '?'}` },
  { key: 'user.name', header: 'owner name' },
  // For the mail merge: only where the instance gives it (administrators, or an address made public).
  { key: 'user.email', header: 'owner email' },
  { key: 'id' },
  { key: 'name' },
  { key: 'findings', value: (r) => r.findings.join(' ') },
  { key: 'scopes' },
  { key: 'expires_at', header: 'expires' },
  { key: 'days_left', header: 'days left', value: (r) => r.days_left ?? 'none' },
  { key: 'last_used_at', header: 'last used' },
  { key: 'created_at', header: 'created' },
];

interface AuditOptions extends UserScopeOptions {
  expiringWithin?: string;
  unusedFor?: string;
  failOn?: string;
  exitCode?: boolean;
}

export function auditRules(o: AuditOptions, now = Date.now()): Rules {
  return {
    expiringBy: horizonDay('--expiring-within', o.expiringWithin ?? DEFAULT_EXPIRING, new Date(now)),
    unusedBefore: instantAgo('--unused-for', o.unusedFor ?? DEFAULT_UNUSED, now),
    broadIdleBefore: instantAgo('broad', DEFAULT_BROAD_IDLE, now),
  };
}

export async function auditTokensCommand(ctx: Context, o: AuditOptions): Promise<CommandResult> {
  const rules = auditRules(o);
  if (o.failOn !== undefined && !o.exitCode) throw new UsageError('--fail-on applies with --exit-code');
  const failFrom = FINDINGS.indexOf(parseFinding('--fail-on', o.failOn ?? 'expiring'));
  const scope = userScope(o);
  const http = await ctx.http();
  const today = todayUtc(new Date(ctx.clock.now()));
  const rows: AuditRow[] = [];
  // Every page: findings are judged here, and the exit code needs them all. Only the owners of
  // tokens with findings are looked up. Every row is kept for sorting, so pages are read on while
  // lookups are in flight (no window): reading waits for no owner.
  const found = withFindings(await activeTokensIn(ctx, http, scope), rules);
  for await (const t of withOwners(found, ownerDirectory(ctx, http), NO_WINDOW)) {
    rows.push({ id: t.id, name: t.name, user_id: t.user_id, user: t.user, findings: t.findings, scopes: t.scopes, created_at: t.created_at, last_used_at: t.last_used_at, expires_at: t.expires_at, days_left: daysLeft(t.expires_at, today) });
  }
  rows.sort((a, b) => (a.user?.username ?? '').localeCompare(b.user?.username ?? '') || (a.user_id ?? 0) - (b.user_id ?? 0) || a.id - b.id);
  if (rows.length) ctx.notice(summary(rows));
  const failing = rows.some((r) => r.findings.some((f) => FINDINGS.indexOf(f) >= failFrom));
  return { ...list(rows, COLUMNS, { empty: 'No findings.' }), exitCode: o.exitCode && failing ? ExitCode.differs : undefined };
}

/**
 * Whole days from today (UTC) to the expiry date; null without one. Never below 0: an active token
 * expires at 00:00 UTC of its date, so one listed as active has today at the least.
 */
export function daysLeft(expiresAt: string | null | undefined, today: string): number | null {
  if (!expiresAt) return null;
  const days = Math.round((Date.parse(expiresAt.slice(0, 10)) - Date.parse(today)) / 86_400_000);
  return Number.isFinite(days) ? Math.max(0, days) : null;
}

function summary(rows: AuditRow[]): string {
  const counts = [...FINDINGS].reverse().map((f) => [f, rows.filter((r) => r.findings.includes(f)).length] as const).filter(([, n]) => n > 0);
  const owners = new Set(rows.map((r) => r.user_id)).size;
  return `${rows.length} token${rows.length === 1 ? '' : 's'} of ${owners} owner${owners === 1 ? '' : 's'} with findings: ${counts.map(([f, n]) => `${n} ${f}`).join(', ')}`;
}
