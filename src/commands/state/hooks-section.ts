// The `system_hooks:` section, identified by url. The API has no update for a hook, so a changed
// hook is replaced (delete + create). Its token is never returned, so it cannot be compared.

import { hookPath, listHooks, type Hook } from '../../api/hooks.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import type { HookEntry } from './model.js';
import { fieldChanges, type Plan, type SecretSlot } from './plan.js';
import type { ResolveRef } from './settings-section.js';

export interface WantedHook {
  entry: HookEntry;
  index: number;
  token?: string;
}

const tokenOwner = (i: number) => `system_hooks[${i}].token`;

/** Tokens are resolved before any request, so an unset reference stops the run (exit 2). */
export async function prepareHooks(entries: HookEntry[], resolve: ResolveRef): Promise<WantedHook[]> {
  const out: WantedHook[] = [];
  for (const [i, entry] of entries.entries()) {
    out.push({ entry, index: i, token: entry.token ? await resolve(entry.token, tokenOwner(i)) : undefined });
  }
  return out;
}

export function readHooks(http: HttpClient): Promise<Hook[]> {
  return collect(listHooks(http, { all: true }));
}

/** The body of a create: the token as its reference. */
function bodyOf(w: WantedHook): Record<string, unknown> {
  const { token: ref, ...rest } = w.entry;
  return ref ? { ...rest, token: { $secret: ref, for: tokenOwner(w.index) } satisfies SecretSlot } : rest;
}

function compared(entry: HookEntry): Record<string, unknown> {
  const { token: _ref, url: _url, ...rest } = entry;
  return rest;
}

export function planHooks(wanted: WantedHook[], current: Hook[], prune: boolean, plan: Plan): void {
  const byUrl = new Map(current.map((h) => [h.url, h]));
  for (const w of wanted) {
    const have = byUrl.get(w.entry.url);
    byUrl.delete(w.entry.url);
    if (!have) {
      plan.items.push({
        resource: 'system_hooks',
        identity: w.entry.url,
        action: 'create',
        changes: fieldChanges(compared(w.entry), {}),
        observed: null,
        writes: [{ action: 'create', method: 'POST', path: '/hooks', body: bodyOf(w) }],
      });
      continue;
    }
    const changes = fieldChanges(compared(w.entry), have);
    if (!changes.length) continue;
    plan.items.push({
      resource: 'system_hooks',
      identity: w.entry.url,
      action: 'replace',
      changes,
      observed: have,
      writes: [
        { action: 'delete', method: 'DELETE', path: hookPath(have.id) },
        { action: 'create', method: 'POST', path: '/hooks', body: bodyOf(w), leaves: 'the hook is no longer on the instance' },
      ],
    });
  }
  if (wanted.some((w) => w.token !== undefined)) plan.notes.push('hook tokens are not compared: the service never returns them (everything else is)');
  for (const rest of byUrl.values()) {
    if (!prune) plan.unmanaged.push({ resource: 'system_hooks', identity: rest.url });
    else plan.items.push({ resource: 'system_hooks', identity: rest.url, action: 'delete', changes: [], observed: rest, writes: [{ action: 'delete', method: 'DELETE', path: hookPath(rest.id) }] });
  }
}

const EXPORTED = ['url', 'name', 'description', 'push_events', 'tag_push_events', 'merge_requests_events', 'repository_update_events', 'enable_ssl_verification'] as const;

export function exportHooks(current: Hook[]): Record<string, unknown>[] {
  return current.map((h) => Object.fromEntries(EXPORTED.filter((k) => h[k] !== undefined && h[k] !== null).map((k) => [k, h[k]])));
}
