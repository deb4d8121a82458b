// What `token audit` reports and `token revoke|rotate --where` select, one definition for both.
// Only active tokens have findings: a revoked or expired token no longer opens anything.

import type { Token } from '../../api/tokens.js';
import { UsageError } from '../../core/errors.js';
import { addDaysUtc, parseDuration, todayUtc } from '../../core/parse.js';
import { FINDINGS, type Finding } from '../../api/token-findings.js';

// The names live in a leaf module the docs read too.
export { FINDINGS, type Finding } from '../../api/token-findings.js';

/** Scopes that do harm in the wrong hands: the whole API, acting as others, admin mode, pushing code. */
export const BROAD_SCOPES: readonly string[] = ['api', 'sudo', 'admin_mode', 'write_repository'];

export const DEFAULT_EXPIRING = '30d';
export const DEFAULT_UNUSED = '90d';
export const DEFAULT_BROAD_IDLE = '30d';

const DAY_MS = 86_400_000;

/** The limits the findings are judged by, fixed once per run. */
export interface Rules {
  /** expiring: expires on or before this day (YYYY-MM-DD). */
  expiringBy?: string;
  /** unused: last used (or, never used, created) before this instant. */
  unusedBefore?: number;
  /** broad: a broad scope and last used (or, never used, created) before this instant. */
  broadIdleBefore?: number;
}

export function isActive(t: Token): boolean {
  return !t.revoked && t.active !== false;
}

/** When the token was last used, or created when it never was (ms; NaN when the service said neither). */
function lastSign(t: Token): number {
  return Date.parse(t.last_used_at ?? t.created_at ?? '');
}

export function idleSince(t: Token, before: number): boolean {
  const at = lastSign(t);
  return Number.isFinite(at) && at < before;
}

/** The findings of one token, in FINDINGS order; only those the rules ask about. */
export function findingsOf(t: Token, r: Rules): Finding[] {
  if (!isActive(t)) return [];
  const out: Finding[] = [];
  if (r.broadIdleBefore !== undefined && t.scopes?.some((s) => BROAD_SCOPES.includes(s)) && idleSince(t, r.broadIdleBefore)) out.push('broad');
  if (r.unusedBefore !== undefined && idleSince(t, r.unusedBefore)) out.push('unused');
  if (!t.expires_at) out.push('no-expiry');
  else if (r.expiringBy !== undefined && t.expires_at <= r.expiringBy) out.push('expiring');
  return out;
}

/**
 * The tokens with a finding, each with its findings, most urgent first; given `wanted`, only the
 * tokens with every one of them (`--where no-expiry --where unused` is both), each with those.
 */
export async function* withFindings<T extends Token>(tokens: AsyncIterable<T>, r: Rules, wanted?: readonly Finding[]): AsyncGenerator<T & { findings: Finding[] }> {
  for await (const t of tokens) {
    const all = findingsOf(t, r);
    if (wanted && !wanted.every((f) => all.includes(f))) continue;
    const findings = wanted ? all.filter((f) => wanted.includes(f)) : all;
    if (findings.length) yield { ...t, findings: findings.reverse() };
  }
}

/** The last day of a window from today (`30d` → today + 30 days). */
export function horizonDay(flag: string, raw: string, now = new Date()): string {
  return addDaysUtc(todayUtc(now), Math.ceil(parseDuration(flag, raw, 'd') / DAY_MS));
}

/** The instant a duration ago (`90d` → 90 days before now). */
export function instantAgo(flag: string, raw: string, now = Date.now()): number {
  return now - parseDuration(flag, raw, 'd');
}

/** `--fail-on`/`--where` finding names, checked. */
export function parseFinding(flag: string, raw: string): Finding {
  const name = raw.trim() as Finding;
  if (!FINDINGS.includes(name)) throw new UsageError(`${flag}: unknown finding ${JSON.stringify(raw)}`, `use one of ${FINDINGS.join(', ')}`);
  return name;
}

/**
 * `--where` of bulk revoke/rotate: `unused:90d`, `expiring:14d`, `broad` (idle 30 days, or
 * `broad:60d`), `no-expiry`. Several `--where` select a token that has all of them.
 */
export function parseWhere(raw: string, now = Date.now()): { finding: Finding; rules: Rules } {
  const [name, window, ...rest] = raw.split(':');
  const finding = parseFinding('--where', name);
  if (rest.length) throw new UsageError(`--where ${raw}: one finding and one duration, such as unused:90d`);
  if (finding === 'no-expiry') {
    if (window !== undefined) throw new UsageError('--where no-expiry takes no duration');
    return { finding, rules: {} };
  }
  const w = window ?? { expiring: DEFAULT_EXPIRING, unused: DEFAULT_UNUSED, broad: DEFAULT_BROAD_IDLE }[finding];
  const flag = `--where ${name}`;
  if (finding === 'expiring') return { finding, rules: { expiringBy: horizonDay(flag, w, new Date(now)) } };
  if (finding === 'unused') return { finding, rules: { unusedBefore: instantAgo(flag, w, now) } };
  return { finding, rules: { broadIdleBefore: instantAgo(flag, w, now) } };
}
