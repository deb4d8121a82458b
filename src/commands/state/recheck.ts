// Before a saved plan runs: each item is read again, by the read its builder derives from the
// identity and id (never a path from the file), and compared with what the plan read, so what was
// reviewed is what runs. Every difference is named; one is enough to refuse the plan.

import * as z from 'zod';
import { listOf, unwrapSingle } from '../../api/schema.js';
import { apiPath } from '../../core/api-path.js';
import { NotFoundError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import { maskUrlCredentials } from '../../core/safe-text.js';
import { masked } from '../settings/answer.js';
import { observedValues, type PlanItem } from './plan.js';
import { idOfName } from '../envs/entries.js';
import { sameValue } from '../../core/same-value.js';

const Entry = z.looseObject({});

function split(read: string): [string, Record<string, string>] {
  const at = read.indexOf('?');
  return at === -1 ? [read, {}] : [read.slice(0, at), Object.fromEntries(new URLSearchParams(read.slice(at + 1)))];
}

/** A value as the plan holds it: a URL with its password masked where the plan says so. */
const asPlanned = (v: unknown, maskedUrl?: boolean) => (maskedUrl && typeof v === 'string' ? maskUrlCredentials(v) : v);

async function differences(http: HttpClient, item: PlanItem, label: string): Promise<string[]> {
  const { values } = item.observed;
  const { path: read, find, same } = item.read;
  const [path, query] = split(apiPath(http.resolveUrl('/').replace(/\/$/, ''), read, { exact: true }));
  if (find) {
    const list = await collect(listOf(Entry, http, path, query, { all: true }));
    const found = list.filter((e) => sameValue(asPlanned(e[find.key], find.masked), find.value));
    return values === null && found.length ? [`${label}: now on the instance (id ${found.map((e) => e.id).join(', ')})`] : [];
  }
  let current: Record<string, unknown>;
  try {
    current = unwrapSingle(await http.get(path, query)) as Record<string, unknown>;
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e;
    return values === null ? [] : [`${label}: no longer on the instance`];
  }
  if (values === null) return [`${label}: now on the instance`];
  const expected = item.read.values ?? values;
  // The id must still name what the plan shows (a hook's URL, a broadcast's message).
  if (same && !sameValue(asPlanned(current[same.key], same.masked), same.value)) {
    return [`${label}: ${same.key} was ${JSON.stringify(same.value)} when planned, is now ${JSON.stringify(asPlanned(current[same.key], same.masked))}`];
  }
  const now = observedValues(current, Object.keys(expected));
  return Object.entries(expected)
    .filter(([k, was]) => !sameValue(masked(k, now[k]), was))
    .map(([k, was]) => `${label}: ${k} was ${JSON.stringify(was)} when planned, is now ${JSON.stringify(masked(k, now[k]))}`);
}

/** Each name the item shows must give the id it gave when planned: else the plan would act on another user or group. */
async function movedNames(http: HttpClient, item: PlanItem, label: string, memo: Map<string, Promise<number | undefined>>): Promise<string[]> {
  const out: string[] = [];
  for (const n of item.read.names ?? []) {
    const key = `${n.kind}=${n.name.toLowerCase()}`;
    if (!memo.has(key)) memo.set(key, idOfName(http, n.kind, n.name));
    const now = await memo.get(key)!;
    if (now !== n.id) out.push(`${label}: ${n.kind} ${n.name} was id ${n.id} when planned, ${now === undefined ? 'is no longer on the instance' : `is now id ${now}`}`);
  }
  return out;
}

/** What changed on the instance since the plan, item by item (reads only). */
export async function recheck(http: HttpClient, items: readonly PlanItem[], name: (item: PlanItem) => string): Promise<string[]> {
  const memo = new Map<string, Promise<number | undefined>>();
  const found = await Promise.all(items.map(async (item) => {
    const label = `${item.resource} ${name(item)}`;
    return [...(await differences(http, item, label)), ...(await movedNames(http, item, label, memo))];
  }));
  return found.flat();
}
