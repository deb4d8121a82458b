// Before a saved plan runs: each item is read again and compared with what the plan read, so what
// was reviewed is what runs. Every difference is named; one is enough to refuse the plan.

import * as z from 'zod';
import { listOf, unwrapSingle } from '../../api/schema.js';
import { NotFoundError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import { masked } from '../settings/answer.js';
import { observedValues, sameValue, type PlanItem } from './plan.js';

const Entry = z.looseObject({});

function split(read: string): [string, Record<string, string>] {
  const at = read.indexOf('?');
  return at === -1 ? [read, {}] : [read.slice(0, at), Object.fromEntries(new URLSearchParams(read.slice(at + 1)))];
}

async function differences(http: HttpClient, item: PlanItem, label: string): Promise<string[]> {
  const { read, values, find } = item.observed;
  const [path, query] = split(read);
  if (find) {
    const list = await collect(listOf(Entry, http, path, query, { all: true }));
    const found = list.filter((e) => sameValue(e[find.key], find.value));
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
  const now = observedValues(current, Object.keys(values));
  return Object.entries(values)
    .filter(([k, was]) => !sameValue(masked(k, now[k]), was))
    .map(([k, was]) => `${label}: ${k} was ${JSON.stringify(was)} when planned, is now ${JSON.stringify(masked(k, now[k]))}`);
}

/** What changed on the instance since the plan, item by item (reads only). */
export async function recheck(http: HttpClient, items: readonly PlanItem[], name: (item: PlanItem) => string): Promise<string[]> {
  const found = await Promise.all(items.map((item) => differences(http, item, `${item.resource} ${name(item)}`)));
  return found.flat();
}
