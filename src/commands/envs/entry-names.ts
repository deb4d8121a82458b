// Usernames and group paths for the ids an instance's entries hold: what `state export` writes
// instead of the ids, and what a plan shows beside the id of an entry it removes.

import type { AccessRecord } from '../../api/environments.js';
import { getGroup } from '../../api/instance.js';
import { getUser } from '../../api/user.js';
import { NotFoundError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';

/** Usernames and group paths by id, each looked up once; undefined where the instance names none. */
export interface EntryNamer {
  user(id: number): Promise<string | undefined>;
  group(id: number): Promise<string | undefined>;
}

export function entryNamer(http: HttpClient): EntryNamer {
  const memo = new Map<string, Promise<string | undefined>>();
  // A 404, or an answer about another object (a cache keying answers wrongly), names nobody: the id stays.
  const named = (key: string, look: () => Promise<{ id: number; name: string }>, id: number) => {
    if (!memo.has(key)) memo.set(key, look().then((got) => (got.id === id ? got.name : undefined), (e: unknown) => (e instanceof NotFoundError ? undefined : Promise.reject(e))));
    return memo.get(key)!;
  };
  return {
    user: (id) => named(`user ${id}`, async () => { const u = await getUser(http, id); return { id: u.id, name: u.username }; }, id),
    group: (id) => named(`group ${id}`, async () => { const g = await getGroup(http, String(id)); return { id: g.id, name: g.full_path }; }, id),
  };
}

/** Each record read gets the username or group path the instance gives for its id (in place), where it gives one. */
export async function nameRecords(namer: EntryNamer, records: AccessRecord[]): Promise<void> {
  await Promise.all(
    records.map(async (r) => {
      if (typeof r.user_id === 'number') {
        const name = await namer.user(r.user_id);
        if (name !== undefined) r.username = name;
      } else if (typeof r.group_id === 'number') {
        const name = await namer.group(r.group_id);
        if (name !== undefined) r.group_path = name;
      }
    }),
  );
}
