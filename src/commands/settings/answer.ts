// Reading the answer to a write of settings, plan limits or notification settings: the answer is the
// object written, so it says which of the keys sent the instance took. A 200 that leaves a key as it
// was (an older version, another edition, a name it does not know) is no success.

import { CommandFailedError } from '../../core/errors.js';
import type { CommandResult } from '../../core/output.js';
import { MASK } from '../../core/secret-fields.js';
import { isSecretKey } from '../../core/redact.js';
import { sameValue } from '../../core/same-value.js';

export interface SentChange {
  /** A key of the answer; `events.new_note` looks inside `events`. */
  key: string;
  before: unknown;
  after: unknown;
}

export type Outcome = 'applied' | 'dropped' | 'unconfirmed';

function lookup(answer: Record<string, unknown>, key: string): { present: boolean; value?: unknown } {
  let at: unknown = answer;
  for (const part of key.split('.')) {
    if (!at || typeof at !== 'object' || !(part in (at as object))) return { present: false };
    at = (at as Record<string, unknown>)[part];
  }
  return { present: true, value: at };
}

/**
 * What the instance's answer says of one change: applied when it carries the key with the value
 * asked (or at least not the old one), dropped when it leaves the key out or keeps the old value. A
 * secret (redact.ts's rule) the answer leaves out is unconfirmed, not dropped: an instance may withhold
 * secrets, also those forgectl's model does not know (--allow-unknown).
 */
export function outcomeOf(c: SentChange, answer: Record<string, unknown>): Outcome {
  const got = lookup(answer, c.key);
  // `events.x` where the answer shows no `events` at all (notification events appear only at level custom).
  const partShown = !c.key.includes('.') || lookup(answer, c.key.slice(0, c.key.lastIndexOf('.'))).present;
  if (!got.present) return isSecretKey(c.key) || !partShown ? 'unconfirmed' : 'dropped';
  return sameValue(got.value, c.after) || !sameValue(got.value, c.before) ? 'applied' : 'dropped';
}

export interface Dropped {
  key: string;
  /** Why, in words: "the instance still reports 10" or "the instance's answer does not carry it". */
  why: string;
}

export interface AnswerCheck {
  dropped: Dropped[];
  unconfirmed: string[];
}

/** A secret's value as every message and plan shows it: masked (unset stays unset). */
export const masked = (key: string, v: unknown): unknown => (isSecretKey(key) && v !== null && v !== undefined && v !== '' ? MASK : v);

/** Each change against the answer; `shown` masks what a message may print (secrets by default). */
export function checkAnswer(changes: readonly SentChange[], answer: Record<string, unknown>, shown: (key: string, v: unknown) => unknown = masked): AnswerCheck {
  const out: AnswerCheck = { dropped: [], unconfirmed: [] };
  for (const c of changes) {
    const outcome = outcomeOf(c, answer);
    if (outcome === 'unconfirmed') out.unconfirmed.push(c.key);
    if (outcome !== 'dropped') continue;
    const got = lookup(answer, c.key);
    const why = got.present ? `the instance still reports ${JSON.stringify(shown(c.key, got.value))}` : 'the instance’s answer does not carry it';
    out.dropped.push({ key: c.key, why });
  }
  return out;
}

/** Times are compared as instants: the service writes them back in its own format. */
function sameTime(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [ta, tb] = [Date.parse(a), Date.parse(b)];
  return !Number.isNaN(ta) && ta === tb;
}

/**
 * Whether the answer holds what was sent: a value alike (`*_at` as instants), a list whose entries
 * each hold one sent (the service adds ids and descriptions to each), an object holding each key sent.
 */
function holdsSent(got: unknown, sent: unknown, key: string): boolean {
  if (sameValue(got, sent) || (key.endsWith('_at') && sameTime(got, sent))) return true;
  if (Array.isArray(sent) && Array.isArray(got)) {
    if (sent.length !== got.length) return false;
    const left = [...got];
    return sent.every((s) => {
      const i = left.findIndex((g) => holdsSent(g, s, key));
      return i >= 0 && !!left.splice(i, 1);
    });
  }
  if (sent && got && typeof sent === 'object' && typeof got === 'object' && !Array.isArray(sent)) {
    return Object.entries(sent).every(([k, v]) => v === undefined || (k in got && holdsSent((got as Record<string, unknown>)[k], v, k)));
  }
  return false;
}

/**
 * The answer to a create (the object created) against the body sent, key by key as an update's is:
 * a key answered otherwise, or left out, was not applied; a secret left out is unconfirmed.
 */
export function checkCreated(body: Record<string, unknown>, answer: Record<string, unknown>, shown: (key: string, v: unknown) => unknown = masked): AnswerCheck {
  const out: AnswerCheck = { dropped: [], unconfirmed: [] };
  for (const [key, sent] of Object.entries(body)) {
    if (sent === undefined) continue;
    const got = lookup(answer, key);
    if (!got.present) {
      if (isSecretKey(key)) out.unconfirmed.push(key);
      else out.dropped.push({ key, why: 'the instance’s answer does not carry it' });
    } else if (!holdsSent(got.value, sent, key)) {
      out.dropped.push({ key, why: `sent ${JSON.stringify(shown(key, sent))}, the instance answered ${JSON.stringify(shown(key, got.value))}` });
    }
  }
  return out;
}

/** A write answered 200 that left keys as they were: the keys, for a report of what was applied. */
export class NotAppliedError extends CommandFailedError {
  constructor(
    readonly dropped: Dropped[],
    hint: string,
  ) {
    super(dropped.map((d) => `${d.key} not applied: ${d.why}`).join('; '), hint);
  }
}

/** A write whose answer leaves a key as it was failed, whatever its status (exit 1). */
export function requireApplied(check: AnswerCheck, hint = 'the instance answered 200 but kept the old value: an older version or another edition may not know the key'): void {
  if (check.dropped.length) throw new NotAppliedError(check.dropped, hint);
}

/** The hint of a create answered otherwise than sent: it exists, as the answer shows it. */
export const CREATED_OTHERWISE = 'the instance created it, but not as sent: an older version or another edition may not know the key; look at what it holds before running again';

/**
 * A plain create (`hooks create`, `broadcast create`, `envs protect`) checked as `state apply` checks
 * one: the object is still shown as the instance created it, each key not applied is an error line,
 * and the exit code 1.
 */
export function checkedCreate(body: object, answer: object, result: CommandResult, notice: (line: string) => void): CommandResult {
  const { dropped } = checkCreated(body as Record<string, unknown>, answer as Record<string, unknown>);
  if (!dropped.length) return result;
  for (const d of dropped) notice(`error: ${d.key} not applied: ${d.why}`);
  notice(`hint: ${CREATED_OTHERWISE}`);
  return { ...result, exitCode: 1 };
}
