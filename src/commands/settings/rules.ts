// The writable rules of spec part 1 §2.7 that involve more than one setting: a switch needs its
// companions, and the inactive-project warning comes before the deletion. Checked against the values
// sent together with the instance's current values. The service (Grape `given … requires`) wants
// the companions in the same request as the switch, so companions the instance already has are
// carried into the request.

import { COMPANION_RULES, ORDER_RULES, hasValue, type CompanionRule } from '../../api/settings-model.js';
import { UsageError } from '../../core/errors.js';

type Presence = 'present' | 'missing' | 'unknown';

function presence(key: string, sent: Record<string, unknown>, current: Record<string, unknown> | undefined): Presence {
  if (key in sent) return hasValue(sent[key]) ? 'present' : 'missing';
  if (!current) return 'unknown';
  return hasValue(current[key]) ? 'present' : 'missing';
}

function switchedOn(rule: CompanionRule, sent: Record<string, unknown>, current: Record<string, unknown> | undefined): boolean | undefined {
  if (rule.when in sent) return sent[rule.when] === true;
  return current ? current[rule.when] === true : undefined;
}

function touches(rule: CompanionRule, sent: Record<string, unknown>): boolean {
  return [rule.when, ...rule.requires, ...(rule.orElse ?? [])].some((k) => k in sent);
}

/** What the hint tells to do about missing companions: where they are given differs (arguments, a file). */
export type CompanionsHint = (missing: string[]) => string;

const onCommandLine: CompanionsHint = (missing) => `give ${missing.map((k) => `${k}=…`).join(' ')} in the same command`;

/**
 * Throws a UsageError naming the switch and what it lacks. Without `current` only violations the
 * sent values prove are reported (so they are caught before any request). Returns the companions to
 * carry over from the instance.
 */
export function checkSettingRules(sent: Record<string, unknown>, current?: Record<string, unknown>, how: CompanionsHint = onCommandLine): Record<string, unknown> {
  const carried: Record<string, unknown> = {};
  for (const rule of COMPANION_RULES) {
    if (!touches(rule, sent)) continue;
    const on = switchedOn(rule, sent, current);
    if (on === false) continue;
    if (on === undefined) continue; // switch state unknown until the instance is asked
    const sets = [rule.requires, ...(rule.orElse ? [rule.orElse] : [])];
    const states = sets.map((keys) => keys.map((k) => [k, presence(k, sent, current)] as const));
    const satisfied = states.find((s) => s.every(([, p]) => p !== 'missing'));
    if (!satisfied) {
      const missing = states[0].filter(([, p]) => p === 'missing').map(([k]) => k);
      const alt = rule.orElse ? ` (or ${rule.orElse.join(', ')})` : '';
      const enabling = rule.when in sent ? `${rule.when}=true` : `${rule.when} (on at the instance)`;
      throw new UsageError(
        `${enabling} requires ${missing.join(' and ')}${alt}, which ${missing.length > 1 ? 'are' : 'is'} not set`,
        how(missing),
      );
    }
    if (current && rule.when in sent) {
      for (const [k] of satisfied) if (!(k in sent)) carried[k] = current[k];
    }
  }
  for (const r of ORDER_RULES) {
    if (!(r.lower in sent) && !(r.higher in sent)) continue;
    const lo = r.lower in sent ? sent[r.lower] : current?.[r.lower];
    const hi = r.higher in sent ? sent[r.higher] : current?.[r.higher];
    if (typeof lo === 'number' && typeof hi === 'number' && lo >= hi) {
      throw new UsageError(`${r.lower} (${lo}) must be less than ${r.higher} (${hi})`);
    }
  }
  return carried;
}
