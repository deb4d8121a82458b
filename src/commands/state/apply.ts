// The one executor of plans (`state apply`, `envs apply`): sends each item's writes in order, reads
// every answer (a write whose answer keeps a key as it was failed), stops at the first failure and
// reports every write as applied, failed or not tried, with its method and path.

import * as z from 'zod';
import { parseWriteAnswer, unwrapSingle } from '../../api/schema.js';
import { getSettings } from '../../api/settings.js';
import type { Context } from '../../context.js';
import { apiPath } from '../../core/api-path.js';
import { AuthError, CancelledError, CommandFailedError, ExitCode, UsageError, hintFor, mayHaveApplied } from '../../core/errors.js';
import { maskUrlCredentials } from '../../core/safe-text.js';
import type { HttpClient } from '../../core/http.js';
import { CREATED_OTHERWISE, checkAnswer, checkCreated, requireApplied, type SentChange } from '../settings/answer.js';
import type { SecretRef, Section } from './model.js';
import { resolveSecret } from './references.js';
import { isSecretSlot, SECTION_NEEDS, type PlanItem, type SecretSlot, type WriteOp } from './plan.js';

/** `unknown`: sent, and its answer lost or interrupted: it may have been applied. */
export type WriteStatus = 'applied' | 'failed' | 'unknown' | 'not tried' | 'dry run';

export interface WriteReport {
  status: WriteStatus;
  resource: string;
  identity: string;
  action: WriteOp['action'];
  method: WriteOp['method'];
  path: string;
  /** Why it failed, and what the failure left on the instance. */
  error?: string;
  /** Keys sent that the answer leaves out (a withheld secret, events at a level other than custom): applied, not confirmed. */
  unconfirmed?: string[];
}

export interface ApplyOutcome {
  reports: WriteReport[];
  /** The object each write's answer gave (by the index of its report), also when it was found not applied. */
  answers: (Record<string, unknown> | undefined)[];
  /** The first failure: nothing after it was tried. */
  failed?: { report: WriteReport; error: Error };
}

/** The value a slot names; the resolver adds it to the redactor. */
export type ResolveSlot = (slot: SecretSlot) => Promise<string>;

/** For plans that carry no secret (`envs apply`). */
export const secretFreeResolver: ResolveSlot = (slot) => Promise.reject(new Error(`${slot.for}: no secret was expected here`));

/**
 * Resolves each reference once per run (a `{command}` is run once, by planning and applying alike);
 * a `{setting}` slot is the instance's current value, read when the write is sent.
 */
export function secretResolver(ctx: Context): { ref: (ref: SecretRef, owner: string) => Promise<string>; slot: ResolveSlot } {
  const memo = new Map<string, Promise<string>>();
  let settings: Promise<Record<string, unknown>> | undefined;
  const ref = (r: SecretRef, owner: string) => {
    const key = JSON.stringify(r);
    if (!memo.has(key)) memo.set(key, resolveSecret(ctx, r, owner));
    return memo.get(key)!;
  };
  const slot: ResolveSlot = async (s) => {
    if (!('setting' in s.$secret)) return ref(s.$secret, s.for);
    const name = s.$secret.setting;
    settings ??= ctx.http().then(getSettings);
    const value = (await settings)[name];
    if (typeof value !== 'string') throw new CommandFailedError(`${s.for}: the instance no longer reports its value`, `give ${name} as a reference in the file`);
    ctx.redactor.add(value);
    return value;
  };
  return { ref, slot };
}

const AnswerSchema = z.looseObject({});

async function resolved(value: unknown, resolve: ResolveSlot): Promise<unknown> {
  if (isSecretSlot(value)) {
    const got = await resolve(value);
    // A hook URL given by reference must be the URL the plan showed (masked), or the review named another hook.
    if (value.shows !== undefined && maskUrlCredentials(got) !== value.shows) {
      throw new UsageError(`${value.for}: the reference now gives ${maskUrlCredentials(got)}, not the URL the plan shows (${value.shows})`, 'make the plan again');
    }
    return got;
  }
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolved(v, resolve)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await resolved(v, resolve);
    return out;
  }
  return value;
}

/** A body as a dry run prints it: each secret as its reference, resolving nothing (a {command} never runs). */
export function shownRefs(value: unknown): unknown {
  if (isSecretSlot(value)) return 'setting' in value.$secret ? `(the instance's ${value.$secret.setting})` : value.$secret;
  if (Array.isArray(value)) return value.map(shownRefs);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shownRefs(v)]));
  return value;
}

/** Sends one write and reads its answer (kept with `keep`); returns the keys the answer could not confirm. */
async function send(http: HttpClient, op: WriteOp, resolve: ResolveSlot, keep: (answer: Record<string, unknown>) => void): Promise<string[]> {
  // The path as the URL parser will send it: built canonical, checked again where the token goes.
  apiPath(http.resolveUrl('/').replace(/\/$/, ''), op.path, { exact: true });
  if (http.dryRun) {
    await http.request({ method: op.method, path: op.path, body: op.body && (shownRefs(op.body) as Record<string, unknown>) });
    return [];
  }
  const body = op.body && ((await resolved(op.body, resolve)) as Record<string, unknown>);
  const res = await http.request({ method: op.method, path: op.path, body });
  if (res.dryRun || op.method === 'DELETE') return [];
  const what = `${op.method} ${op.path}`;
  const answer = parseWriteAnswer(AnswerSchema, http, { ...res, data: unwrapSingle(res.data) }, what, 'the change may have been made');
  keep(answer);
  // A create's answer is the object created: each key sent must be in it as sent.
  if (op.action === 'create' && body) return createdAsSent(body, answer);
  if (!op.confirm) return [];
  const check = checkAnswer((await resolved(op.confirm, resolve)) as SentChange[], answer);
  requireApplied(check);
  return check.unconfirmed;
}

function createdAsSent(body: Record<string, unknown>, answer: Record<string, unknown>): string[] {
  const check = checkCreated(body, answer);
  requireApplied(check, CREATED_OTHERWISE);
  return check.unconfirmed;
}

/**
 * Resolves every secret of the writes before the first is sent, once the run is confirmed (never
 * under --dry-run): an unset reference or a failing command stops the run whole (exit 2).
 */
export async function resolveAll(items: readonly PlanItem[], resolve: ResolveSlot): Promise<void> {
  for (const item of items) for (const op of item.writes) await resolved([op.body, op.confirm], resolve);
}

/** The `{env}` references of the writes, read (no side effect) so that an unset one stops the run before any request (exit 2). */
export async function checkEnvRefs(items: readonly PlanItem[], resolve: ResolveSlot): Promise<void> {
  const envSlots = (v: unknown): SecretSlot[] => (isSecretSlot(v) ? ('env' in v.$secret ? [v] : []) : v && typeof v === 'object' ? Object.values(v).flatMap(envSlots) : []);
  for (const item of items) for (const op of item.writes) for (const slot of envSlots(op.body)) await resolve(slot);
}

export function reportLine(r: WriteReport): string {
  const what = `${r.status}: ${r.action} ${r.resource} ${r.identity} (${r.method} ${r.path})`;
  return r.error ? `${what}: ${r.error}` : what;
}

/** A note for each key a write sent that its answer could not show (as `settings set` says it). */
export function unconfirmedNotes(reports: readonly WriteReport[]): string[] {
  return reports.flatMap((r) => (r.unconfirmed ?? []).map((key) => `note: ${r.action} ${r.resource} ${r.identity}: ${key} was sent; the instance’s answer leaves it out, so the change is not confirmed`));
}

export async function applyPlan(http: HttpClient, items: readonly PlanItem[], resolve: ResolveSlot, identityText: (item: PlanItem) => string = (i) => i.identity): Promise<ApplyOutcome> {
  const reports: WriteReport[] = [];
  const answers: ApplyOutcome['answers'] = [];
  let failed: ApplyOutcome['failed'];
  for (const item of items) {
    for (const op of item.writes) {
      const report: WriteReport = { status: 'not tried', resource: item.resource, identity: identityText(item), action: op.action, method: op.method, path: op.path };
      reports.push(report);
      if (failed) continue;
      try {
        const at = reports.length - 1;
        const unconfirmed = await send(http, op, resolve, (answer) => (answers[at] = answer));
        report.status = http.dryRun ? 'dry run' : 'applied';
        if (unconfirmed.length) report.unconfirmed = unconfirmed;
      } catch (err) {
        report.status = mayHaveApplied(err) ? 'unknown' : 'failed';
        const message = (err as Error).message;
        report.error = op.leaves ? `${message}; ${op.leaves}` : message;
        failed = { report, error: err as Error };
      }
    }
  }
  return failed ? { reports, answers, failed } : { reports, answers };
}

/** The error a run ends with: the first failure, after the report. */
export function failureError(failed: NonNullable<ApplyOutcome['failed']>, hint: string): CommandFailedError {
  const r = failed.report;
  // Ctrl-C stays an interruption (exit 130), with the check its error names.
  if (failed.error instanceof CancelledError) return new CommandFailedError(`${r.action} ${r.resource} ${r.identity}: ${r.error}`, failed.error.hint ?? hint, ExitCode.interrupted);
  // A refused write names the token its section needs.
  const needs = failed.error instanceof AuthError && failed.error.status === 403 ? SECTION_NEEDS[r.resource as Section] : undefined;
  // A write that may have acted: look before running again (a create repeated is a second one).
  const check = mayHaveApplied(failed.error) ? hintFor(failed.error) : undefined;
  return new CommandFailedError(`${r.action} ${r.resource} ${r.identity} failed: ${r.error}`, needs ? `the ${r.resource} section needs ${needs}` : (check ?? hint));
}
