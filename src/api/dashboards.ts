// Starred metrics dashboards (spec part 3 §2.6, §4.5).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { encodePathSegment } from '../core/query.js';
import { isEmptyAnswer, parseResponse, parseWriteAnswer } from './schema.js';

export const StarSchema = z.looseObject({ id: z.number(), dashboard_path: z.string(), user_id: z.number().optional(), project_id: z.number().optional() });
export const UnstarSchema = z.looseObject({ deleted_rows: z.number() });

const path = (project: string) => `/projects/${encodePathSegment(project)}/metrics/user_starred_dashboards`;

/** null under --dry-run. */
export async function starDashboard(http: HttpClient, project: string, dashboardPath: string): Promise<z.infer<typeof StarSchema> | null> {
  const res = await http.post(path(project), { dashboard_path: dashboardPath });
  return res.dryRun ? null : parseWriteAnswer(StarSchema, http, res, `POST ${path(project)}`, 'the dashboard may have been starred');
}

/**
 * Without a dashboard path every star of the project is removed. Null under --dry-run; undefined
 * when the server answered with no body (a 204: done, but how many went is not said).
 */
export async function unstarDashboards(http: HttpClient, project: string, dashboardPath?: string): Promise<z.infer<typeof UnstarSchema> | null | undefined> {
  const res = await http.delete(path(project), dashboardPath === undefined ? {} : { dashboard_path: dashboardPath });
  if (res.dryRun) return null;
  return isEmptyAnswer(res.data) ? undefined : parseResponse(UnstarSchema, res.data, `DELETE ${path(project)}`);
}
