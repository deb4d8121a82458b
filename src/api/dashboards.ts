// Starred metrics dashboards (spec part 3 §2.6, §4.5).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { encodePathSegment } from '../core/query.js';
import { parseResponse } from './schema.js';

export const StarSchema = z.looseObject({ id: z.number(), dashboard_path: z.string(), user_id: z.number().optional(), project_id: z.number().optional() });
export const UnstarSchema = z.looseObject({ deleted_rows: z.number() });

const path = (project: string) => `/projects/${encodePathSegment(project)}/metrics/user_starred_dashboards`;

/** null under --dry-run. */
export async function starDashboard(http: HttpClient, project: string, dashboardPath: string): Promise<z.infer<typeof StarSchema> | null> {
  const res = await http.post(path(project), { dashboard_path: dashboardPath });
  return res.dryRun ? null : parseResponse(StarSchema, res.data, `POST ${path(project)}`);
}

/** Without a dashboard path every star of the project is removed. */
export async function unstarDashboards(http: HttpClient, project: string, dashboardPath?: string): Promise<z.infer<typeof UnstarSchema> | null> {
  const res = await http.delete(path(project), dashboardPath === undefined ? {} : { dashboard_path: dashboardPath });
  return res.dryRun ? null : parseResponse(UnstarSchema, res.data, `DELETE ${path(project)}`);
}
