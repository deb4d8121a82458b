// System hooks (spec part 1 §2.5, §4.5, §6). The hook's secret `token` is write-only.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { listOf, parseResponse, parseWriteAnswer, unwrapSingle } from './schema.js';

export const HookSchema = z.looseObject({
  id: z.number(),
  url: z.string(),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  created_at: z.string().optional(),
  push_events: z.boolean().optional(),
  tag_push_events: z.boolean().optional(),
  merge_requests_events: z.boolean().optional(),
  repository_update_events: z.boolean().optional(),
  enable_ssl_verification: z.boolean().optional(),
});
export type Hook = z.infer<typeof HookSchema>;

export const MockDeliverySchema = z.looseObject({ event_name: z.string().optional() });

export interface HookFields {
  url: string;
  name?: string;
  description?: string;
  token?: string;
  push_events?: boolean;
  tag_push_events?: boolean;
  merge_requests_events?: boolean;
  repository_update_events?: boolean;
  enable_ssl_verification?: boolean;
}

const path = (id: number) => `/hooks/${id}`;
export { path as hookPath };

export function listHooks(http: HttpClient, page: PageOptions): AsyncGenerator<Hook> {
  return listOf(HookSchema, http, '/hooks', {}, page);
}

/** The service answers get-one inside an array. */
export async function getHook(http: HttpClient, id: number): Promise<Hook> {
  return parseResponse(HookSchema, unwrapSingle(await http.get(path(id))), `GET ${path(id)}`);
}

export async function createHook(http: HttpClient, fields: HookFields): Promise<Hook | null> {
  const res = await http.post('/hooks', fields);
  return res.dryRun ? null : parseWriteAnswer(HookSchema, http, { ...res, data: unwrapSingle(res.data) }, 'POST /hooks', 'the hook may have been created');
}

/** Runs the hook with mock data; the answer is the mock payload. */
export async function testHook(http: HttpClient, id: number): Promise<Record<string, unknown> | null> {
  const res = await http.post(path(id));
  return res.dryRun ? null : parseWriteAnswer(MockDeliverySchema, http, res, `POST ${path(id)}`, `hook ${id} may have been run`);
}

export async function deleteHook(http: HttpClient, id: number): Promise<void> {
  await http.delete(path(id));
}
