// The `system_hooks:` section, identified by url. The API has no update for a hook, so a changed
// hook is replaced: created anew, then the old one deleted. Its token is never returned, so it cannot
// be compared.

import { hookPath, listHooks, type Hook } from '../../api/hooks.js';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import { isSecretKey } from '../../core/redact.js';
import { URL_MASK, maskUrlCredentials } from '../../core/safe-text.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import { HookEntrySchema, type HookEntry, type SecretRef } from './model.js';
import { isSecretRef } from './references.js';
import { ASKED, asks } from './replace.js';
import { afters, fieldChanges, idOf, observedValues, type FieldChange, type ItemBuilder, type Plan, type ResolveRef, type SecretSlot, type ShownItem } from './plan.js';

export interface WantedHook {
  entry: HookEntry;
  index: number;
  /** The URL, resolved when the file gives it as a reference (it holds a password). */
  url: string;
  token?: string;
}

const tokenOwner = (i: number) => `system_hooks[${i}].token`;
const urlOwner = (i: number) => `system_hooks[${i}].url`;

/**
 * References are resolved before any request, so an unset one stops the run (exit 2). Tokens are
 * never compared (the service does not return them); with `noSecrets` neither they nor URL references
 * are resolved, and a hook whose URL is a reference is left out of the comparison. `first` is the
 * index of entries[0] in the file, for messages.
 */
export async function prepareHooks(entries: HookEntry[], resolve: ResolveRef, notCompared: string[], noSecrets: boolean, first = 0): Promise<WantedHook[]> {
  const out: WantedHook[] = [];
  for (const [j, entry] of entries.entries()) {
    const i = first + j;
    if (entry.token) notCompared.push(tokenOwner(i));
    if (noSecrets && typeof entry.url !== 'string') {
      notCompared.push(`system_hooks[${i}] (its url is a reference)`);
      continue;
    }
    const url = typeof entry.url === 'string' ? entry.url : await resolve(entry.url, urlOwner(i));
    if (typeof entry.url !== 'string' && !/^https?:\/\/[^/]/.test(url)) throw new UsageError(`${urlOwner(i)}: the reference gives no http(s) URL`);
    out.push({ entry, index: i, url, token: entry.token && !noSecrets ? await resolve(entry.token, tokenOwner(i)) : undefined });
  }
  return out;
}

export function readHooks(http: HttpClient): Promise<Hook[]> {
  return collect(listHooks(http, { all: true }));
}

/** The fields a file may name, besides url and token: what a replace carries over from the instance. */
const FIELDS = ['name', 'description', 'push_events', 'tag_push_events', 'merge_requests_events', 'repository_update_events', 'enable_ssl_verification'] as const;

function compared(entry: HookEntry): Record<string, unknown> {
  const { token: _ref, url: _url, ...rest } = entry;
  return rest;
}

/** A URL as the plan shows it: its password masked. */
const shownUrl = (url: string) => maskUrlCredentials(url);

/** A URL the file writes in clear with credentials (`apply -f` only: `--out` refuses it) is sent as written. */
const clear = (w: WantedHook) => (typeof w.entry.url === 'string' && shownUrl(w.url) !== w.url ? { clearUrl: w.url } : {});

/** The changes a reviewer reads: the fields, then the URL where it is a reference and the token (references both). */
function shownChanges(w: WantedHook, fields: FieldChange[]): FieldChange[] {
  const refs: FieldChange[] = [];
  if (typeof w.entry.url !== 'string') refs.push({ key: 'url', before: null, after: w.entry.url, secret: true });
  if (w.entry.token) refs.push({ key: 'token', before: null, after: w.entry.token, secret: true });
  return [...fields, ...refs];
}

/**
 * `skippedUrls`: some entries' URLs were references not resolved (--no-secrets). Any hook left over
 * may then be one of them (a reference need not hold credentials): not compared, never pruned.
 * `replace`: the URLs of --replace, replaced although nothing compared differs.
 */
export function planHooks(wanted: WantedHook[], current: Hook[], prune: boolean, plan: Plan<ShownItem>, skippedUrls = false, replace: readonly string[] = []): void {
  // Several hooks may share a URL (two concurrent applies create them): every one is seen.
  const byUrl = new Map<string, Hook[]>();
  for (const h of current) byUrl.set(h.url, [...(byUrl.get(h.url) ?? []), h]);
  const shared = new Set([...byUrl].filter(([, hooks]) => hooks.length > 1).map(([url]) => url));
  for (const w of wanted) {
    const candidates = byUrl.get(w.url) ?? [];
    // The file's entry is the hook that already matches it, else the oldest.
    const have = candidates.find((h) => !fieldChanges(compared(w.entry), h).length) ?? candidates[0];
    if (have) candidates.splice(candidates.indexOf(have), 1);
    const identity = shownUrl(w.url);
    const asked = asks(replace, w.url);
    if (asked && !have) throw new UsageError(`--replace system_hooks[${identity}]: the instance has no hook with this URL (the plan creates it)`, 'leave out --replace for a hook the instance does not have yet');
    if (!have) {
      plan.items.push({ resource: 'system_hooks', identity, ...clear(w), action: 'create', changes: shownChanges(w, fieldChanges(compared(w.entry), {})), observed: { values: null } });
      continue;
    }
    const changes = fieldChanges(compared(w.entry), have);
    if (!changes.length && !asked) continue;
    const values = observedValues(have, FIELDS);
    // The API has no update: a new hook is created (with what the file leaves out kept), then the
    // old one deleted, so a failure half way leaves a hook on the URL, never none.
    plan.items.push({
      resource: 'system_hooks',
      identity,
      ...clear(w),
      action: 'replace',
      changes: shownChanges(w, changes.map((c) => ({ ...c, before: values[c.key] }))),
      instanceId: have.id,
      ...(shared.has(w.url) ? { shared: true } : {}),
      ...(asked ? { replaceReason: ASKED } : {}),
      observed: { values },
    });
  }
  if (wanted.some((w) => w.entry.token !== undefined)) plan.notes.push('hook tokens are not compared: the service never returns them (everything else is)');
  for (const rest of [...byUrl.values()].flat()) {
    const id = shared.has(rest.url) ? { instanceId: rest.id } : {};
    if (skippedUrls) {
      plan.notCompared.push(`system_hooks ${shownUrl(rest.url)} (id ${rest.id}): may be a file's entry whose url is a reference`);
      continue;
    }
    if (!prune) plan.unmanaged.push({ resource: 'system_hooks', identity: shownUrl(rest.url), ...id });
    else plan.items.push({ resource: 'system_hooks', identity: shownUrl(rest.url), instanceId: rest.id, ...(shared.has(rest.url) ? { shared: true } : {}), action: 'delete', changes: [], observed: { values: observedValues(rest, FIELDS) } });
  }
}

const FIELD_SCHEMAS = HookEntrySchema.shape;

/** The URL a write sends: the identity, or the reference that gives it (whose value must show as the identity). */
function urlOf(item: ShownItem): unknown {
  const ref = item.changes.find((c) => c.key === 'url');
  return ref ? ({ $secret: ref.after as SecretRef, for: `system_hooks ${item.identity}: url`, shows: item.identity } satisfies SecretSlot) : (item.clearUrl ?? item.identity);
}

export const hookBuilder: ItemBuilder = {
  actions: ['create', 'replace', 'delete'],
  check(item) {
    if (!FIELD_SCHEMAS.url.safeParse(item.identity).success || !/^https?:\/\/[^/]/.test(item.identity)) throw new UsageError(`${JSON.stringify(item.identity)} is not a hook URL`);
    const byRef = item.changes.some((c) => c.key === 'url');
    if (!byRef && !item.clearUrl && item.action !== 'delete' && item.identity.includes(URL_MASK)) {
      throw new UsageError('a hook URL shown masked is sent only from a reference (a url change)');
    }
    for (const c of item.changes) {
      if (c.key === 'url' || c.key === 'token') {
        if (!c.secret || !isSecretRef(c.after)) throw new UsageError(`${c.key} is given only as a reference`);
      } else if (!(FIELDS as readonly string[]).includes(c.key) || !FIELD_SCHEMAS[c.key as (typeof FIELDS)[number]].safeParse(c.after).success) {
        throw new UsageError(`${c.key}: ${JSON.stringify(c.after)} is not a field of a hook`);
      }
    }
    if (item.action !== 'create') idOf(item);
    // A replace that changes no field is one asked for: a plan says so, or -f could not have made it.
    if (item.action === 'replace' && !item.replaceReason && !item.changes.some((c) => !c.secret)) throw new UsageError('a replace changes a field of the hook, or is asked with --replace (replace_reason)');
  },
  writes(item) {
    if (item.action === 'delete') return [{ action: 'delete', method: 'DELETE', path: hookPath(idOf(item)) }];
    const token = item.changes.find((c) => c.key === 'token');
    // A replace keeps what the instance holds of the fields the plan does not change.
    const kept = item.action === 'replace' ? Object.fromEntries(Object.entries(item.observed.values ?? {}).filter(([k, v]) => (FIELDS as readonly string[]).includes(k) && v !== null && v !== undefined)) : {};
    const body: Record<string, unknown> = { url: urlOf(item), ...kept, ...afters(item) };
    if (token) body.token = { $secret: token.after as SecretRef, for: `system_hooks ${item.identity}: token` } satisfies SecretSlot;
    if (item.action === 'create') return [{ action: 'create', method: 'POST', path: '/hooks', body }];
    const id = idOf(item);
    return [
      { action: 'create', method: 'POST', path: '/hooks', body, leaves: `the old hook (id ${id}) is still in place, unchanged` },
      { action: 'delete', method: 'DELETE', path: hookPath(id), leaves: `the new hook is created and the old one (id ${id}) is still on the instance too: two hooks on this URL` },
    ];
  },
  read: (item) => (item.action === 'create' ? { path: '/hooks', find: { key: 'url', value: item.identity, masked: true } } : { path: hookPath(idOf(item)), same: { key: 'url', value: item.identity, masked: true } }),
  lines: (item) => (item.action === 'replace' && !item.changes.some((c) => c.key === 'token') ? ['token: none (the file gives no token, so the replaced hook will have none; the old one cannot be read back)'] : []),
};

const EXPORTED = ['url', ...FIELDS] as const;

/** A password in the userinfo, or a query parameter named as a secret (`?token=`, `private_token=`). */
export function urlHoldsCredentials(url: string): boolean {
  if (maskUrlCredentials(url) !== url) return true;
  try {
    return [...new URL(url).searchParams.keys()].some((k) => isSecretKey(k));
  } catch {
    return false;
  }
}

/** A saved plan holds no password: a hook URL with one must then be a reference (exit 2, before any request). */
export function refuseClearUrlCredentials(entries: HookEntry[], where: string): void {
  entries.forEach((e, i) => {
    if (typeof e.url === 'string' && urlHoldsCredentials(e.url)) {
      throw new UsageError(`${where}: system_hooks[${i}].url holds credentials, which a saved plan would carry`, `give it as a reference: url: {env: ${urlVariable(i)}}`);
    }
  });
}

/** The variable export names for a hook URL that holds credentials. */
const urlVariable = (i: number) => `FORGECTL_HOOK_URL_${i}`;

export interface ExportedHooks {
  entries: Record<string, unknown>[];
  /** Header comments: what to provide, and hooks that share a URL. */
  comments: string[];
}

/**
 * What export writes: one entry per URL. Hooks that share a URL and agree on every field are
 * written once (the plan lists the others, and --prune deletes them); that differ, are refused:
 * no file could name them both. A URL holding a password is written as a reference.
 */
export function exportHooks(current: Hook[]): ExportedHooks {
  const entries: Record<string, unknown>[] = [];
  const comments: string[] = [];
  const byUrl = new Map<string, Hook[]>();
  for (const h of current) byUrl.set(h.url, [...(byUrl.get(h.url) ?? []), h]);
  for (const [url, hooks] of byUrl) {
    const fields = hooks.map((h) => Object.fromEntries(EXPORTED.filter((k) => h[k] !== undefined && h[k] !== null).map((k) => [k, h[k]])));
    const shown = maskUrlCredentials(url);
    const ids = hooks.map((h) => h.id).join(', ');
    if (fields.some((f) => JSON.stringify(f) !== JSON.stringify(fields[0]))) {
      throw new CommandFailedError(`system_hooks: the hooks ${ids} share the URL ${shown} with different settings; a file can name only one`, `delete the ones not wanted (forgectl hooks delete ID) and export again`);
    }
    const entry: Record<string, unknown> = { ...fields[0] };
    if (hooks.length > 1) comments.push(`# The hooks ${ids} share the URL ${shown} and its settings: the file names one; \`state apply --prune\` deletes the others.`);
    if (urlHoldsCredentials(url)) {
      const i = entries.length;
      entry.url = { env: urlVariable(i) };
      comments.push(`# system_hooks[${i}].url holds credentials (${shown}), not written: export ${urlVariable(i)} with the full URL before plan and apply.`);
    }
    entries.push(entry);
  }
  return { entries, comments };
}
