// The findings `token audit` reports and `--where` selects (src/commands/token/findings.ts).

import { describe, expect, it } from 'vitest';
import { findingsOf, parseWhere, withFindings } from '../../src/commands/token/findings.js';
import { daysLeft } from '../../src/commands/token/audit.js';
import type { Token } from '../../src/api/tokens.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();
const token = (over: Partial<Token>): Token => ({ id: 1, name: 't', revoked: false, active: true, scopes: ['read_api'], created_at: ago(10), last_used_at: ago(1), expires_at: '2026-12-01', ...over });
const rules = { expiringBy: '2026-07-15', unusedBefore: NOW - 90 * DAY, broadIdleBefore: NOW - 30 * DAY };

describe('findingsOf', () => {
  it('judges expiry by day: on the last day of the window is expiring, the day after is not', () => {
    expect(findingsOf(token({ expires_at: '2026-07-15' }), rules)).toEqual(['expiring']);
    expect(findingsOf(token({ expires_at: '2026-07-16' }), rules)).toEqual([]);
    expect(findingsOf(token({ expires_at: null }), rules)).toEqual(['no-expiry']);
  });

  it('unused: last use before the window, or never used and created before it', () => {
    expect(findingsOf(token({ last_used_at: ago(91) }), rules)).toEqual(['unused']);
    expect(findingsOf(token({ last_used_at: ago(89) }), rules)).toEqual([]);
    expect(findingsOf(token({ last_used_at: null, created_at: ago(91) }), rules)).toEqual(['unused']);
    expect(findingsOf(token({ last_used_at: null, created_at: ago(5) }), rules)).toEqual([]);
  });

  it('broad: a broad scope and idle 30 days; a read scope never is', () => {
    expect(findingsOf(token({ scopes: ['write_repository'], last_used_at: ago(31) }), rules)).toEqual(['broad']);
    expect(findingsOf(token({ scopes: ['api'], last_used_at: ago(29) }), rules)).toEqual([]);
    expect(findingsOf(token({ scopes: ['read_api', 'read_repository'], last_used_at: ago(200) }), rules)).toEqual(['unused']);
    expect(findingsOf(token({ scopes: ['sudo'], last_used_at: null, created_at: ago(100), expires_at: null }), rules)).toEqual(['broad', 'unused', 'no-expiry']);
  });

  it('a revoked or expired token has no findings', () => {
    expect(findingsOf(token({ revoked: true, expires_at: null }), rules)).toEqual([]);
    expect(findingsOf(token({ active: false, expires_at: '2026-06-01' }), rules)).toEqual([]);
  });
});

describe('parseWhere', () => {
  it('takes a finding and an optional window', () => {
    expect(parseWhere('unused:30d', NOW)).toEqual({ finding: 'unused', rules: { unusedBefore: NOW - 30 * DAY } });
    expect(parseWhere('unused', NOW)).toEqual({ finding: 'unused', rules: { unusedBefore: NOW - 90 * DAY } });
    expect(parseWhere('expiring:14d', NOW)).toEqual({ finding: 'expiring', rules: { expiringBy: '2026-06-29' } });
    expect(parseWhere('no-expiry', NOW)).toEqual({ finding: 'no-expiry', rules: {} });
    expect(parseWhere('broad', NOW)).toEqual({ finding: 'broad', rules: { broadIdleBefore: NOW - 30 * DAY } });
  });

  it('refuses what it cannot read (usage errors)', () => {
    for (const bad of ['stale', 'unused:90', 'unused:90d:x', 'no-expiry:1d', '']) expect(() => parseWhere(bad, NOW), bad).toThrow(/where|finding|duration|unit/i);
  });
});

describe('withFindings with --where findings (issue 44)', () => {
  async function names(wanted: Parameters<typeof withFindings>[2]) {
    async function* tokens() {
      yield token({ name: 'both', expires_at: null, last_used_at: ago(200) });
      yield token({ name: 'no-expiry only', expires_at: null });
      yield token({ name: 'unused only', last_used_at: ago(200) });
    }
    const out: string[] = [];
    for await (const t of withFindings(tokens(), rules, wanted)) out.push(`${t.name}: ${t.findings.join(' ')}`);
    return out;
  }

  it('several wanted findings select the tokens with all of them', async () => {
    expect(await names(['no-expiry', 'unused'])).toEqual(['both: no-expiry unused']);
    expect(await names(['unused'])).toEqual(['both: unused', 'unused only: unused']);
    expect(await names(undefined)).toEqual(['both: no-expiry unused', 'no-expiry only: no-expiry', 'unused only: unused']);
  });
});

describe('daysLeft', () => {
  it('counts whole days to the expiry date, none without one, never below 0', () => {
    expect(daysLeft('2026-07-15', '2026-06-15')).toBe(30);
    expect(daysLeft('2026-06-16', '2026-06-15')).toBe(1);
    expect(daysLeft(null, '2026-06-15')).toBeNull();
    expect(daysLeft('2026-06-01', '2026-06-15')).toBe(0);
  });
});
