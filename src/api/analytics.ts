// Group activity analytics (spec part 3 §4.3): three counts, one endpoint each.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { parseResponse } from './schema.js';

export const ACTIVITY_KINDS = ['issues', 'merge_requests', 'new_members'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export async function activityCount(http: HttpClient, kind: ActivityKind, groupPath: string): Promise<number> {
  const key = `${kind}_count`;
  const path = `/analytics/group_activity/${key}`;
  const data = parseResponse(z.looseObject({ [key]: z.number() }), await http.get(path, { group_path: groupPath }), `GET ${path}`);
  return data[key] as number;
}
