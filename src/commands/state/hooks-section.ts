// The `system_hooks:` section, identified by url. The API has no update for a hook, so a changed
// hook is replaced: created anew, then the old one deleted. Its token is never returned, so it cannot
// be compared.

import { hookPath, listHooks, type Hook } from '../../api/hooks.js';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import { isSecretKey } from '../../core/redact.js';
import { maskUrlCredentials } from '../../core/safe-text.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import type { HookEntry } from './model.js';
import { fieldChanges, observedValues, type Plan, type ResolveRef, type SecretSlot } from './plan.js';

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

/** The body of a create: the file's fields over `kept` (the replaced hook's), url and token as references. */
function bodyOf(w: WantedHook, kept: Record<string, unknown> = {}): Record<string, unknown> {
  const { token: ref, url, ...rest } = w.entry;
  const body: Record<string, unknown> = { url: typeof url === 'string' ? url : ({ $secret: url, for: urlOwner(w.index) } satisfies SecretSlot), ...kept, ...rest };
  if (ref) body.token = { $secret: ref, for: tokenOwner(w.index) } satisfies SecretSlot;
  return body;
}

function compared(entry: HookEntry): Record<string, unknown> {
  const { token: _ref, url: _url, ...rest } = entry;
  return rest;
}

/** What the instance holds of the fields the file leaves out. */
function keptFields(have: Hook, entry: HookEntry): Record<string, unknown> {
  return Object.fromEntries(FIELDS.filter((k) => !(k in entry) && have[k] !== undefined && have[k] !== null).map((k) => [k, have[k]]));
}

/** A URL as the plan shows it: its password masked. */
const shownUrl = (url: string) => maskUrlCredentials(url);

/**
 * `skippedUrls`: some entries' URLs were references not resolved (--no-secrets). Any hook left over
 * may then be one of them (a reference need not hold credentials): not compared, never pruned.
 */
export function planHooks(wanted: WantedHook[], current: Hook[], prune: boolean, plan: Plan, skippedUrls = false): void {
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
    if (!have) {
      plan.items.push({
        resource: 'system_hooks',
        identity,
        action: 'create',
        changes: fieldChanges(compared(w.entry), {}),
        // A URL held by a reference is not written into the plan: the read finds nothing to compare.
        observed: { read: '/hooks', values: null, ...(typeof w.entry.url === 'string' ? { find: { key: 'url', value: w.url } } : {}) },
        writes: [{ action: 'create', method: 'POST', path: '/hooks', body: bodyOf(w) }],
      });
      continue;
    }
    const changes = fieldChanges(compared(w.entry), have);
    if (!changes.length) continue;
    // The API has no update: a new hook is created (with what the file leaves out kept), then the
    // old one deleted, so a failure half way leaves a hook on the URL, never none.
    plan.items.push({
      resource: 'system_hooks',
      identity,
      action: 'replace',
      changes,
      lines: w.entry.token ? ['token: sent from the file’s reference'] : ['token: none (the file gives no token, so the replaced hook will have none; the old one cannot be read back)'],
      observed: { read: hookPath(have.id), values: observedValues(have, FIELDS) },
      ...(shared.has(w.url) ? { instanceId: have.id } : {}),
      writes: [
        { action: 'create', method: 'POST', path: '/hooks', body: bodyOf(w, keptFields(have, w.entry)), leaves: `the old hook (id ${have.id}) is still in place, unchanged` },
        { action: 'delete', method: 'DELETE', path: hookPath(have.id), leaves: `the new hook is created and the old one (id ${have.id}) is still on the instance too: two hooks on this URL` },
      ],
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
    else plan.items.push({ resource: 'system_hooks', identity: shownUrl(rest.url), ...id, action: 'delete', changes: [], observed: { read: hookPath(rest.id), values: observedValues(rest, FIELDS) }, writes: [{ action: 'delete', method: 'DELETE', path: hookPath(rest.id) }] });
  }
}

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
