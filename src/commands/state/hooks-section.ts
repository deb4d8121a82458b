// The `system_hooks:` section, identified by url. The API has no update for a hook, so a changed
// hook is replaced (delete + create). Its token is never returned, so it cannot be compared.

import type { Context } from '../../context.js';
import { createHook, deleteHook, listHooks, type Hook, type HookFields } from '../../api/hooks.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import type { HookEntry } from './model.js';
import { fieldChanges, type Plan } from './plan.js';
import { resolveSecret } from './references.js';

export interface WantedHook {
  entry: HookEntry;
  token?: string;
}

/** `first` is the index of entries[0] in the file, for messages. */
export async function prepareHooks(ctx: Context, entries: HookEntry[], first = 0): Promise<WantedHook[]> {
  const out: WantedHook[] = [];
  for (const [i, entry] of entries.entries()) {
    out.push({ entry, token: entry.token ? await resolveSecret(ctx, entry.token, `system_hooks[${first + i}].token`) : undefined });
  }
  return out;
}

export function readHooks(http: HttpClient): Promise<Hook[]> {
  return collect(listHooks(http, { all: true }));
}

function fieldsOf(w: WantedHook): HookFields {
  const { token: _ref, ...rest } = w.entry;
  return w.token === undefined ? rest : { ...rest, token: w.token };
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
        write: async (http) => void (await createHook(http, fieldsOf(w))),
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
      write: async (http) => {
        await deleteHook(http, have.id);
        await createHook(http, fieldsOf(w));
      },
    });
  }
  if (wanted.some((w) => w.token !== undefined)) plan.notes.push('hook tokens are not compared: the service never returns them (everything else is)');
  for (const rest of byUrl.values()) {
    if (!prune) plan.unmanaged.push({ resource: 'system_hooks', identity: rest.url });
    else plan.items.push({ resource: 'system_hooks', identity: rest.url, action: 'delete', changes: [], write: (http) => deleteHook(http, rest.id) });
  }
}

const EXPORTED = ['url', 'name', 'description', 'push_events', 'tag_push_events', 'merge_requests_events', 'repository_update_events', 'enable_ssl_verification'] as const;

export function exportHooks(current: Hook[]): Record<string, unknown>[] {
  return current.map((h) => Object.fromEntries(EXPORTED.filter((k) => h[k] !== undefined && h[k] !== null).map((k) => [k, h[k]])));
}
