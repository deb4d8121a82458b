// Broadcast messages (spec part 1 §2.4, §4.4). Reading works without credentials.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { listOf, parseResponse, parseWriteAnswer } from './schema.js';

export const BroadcastSchema = z.looseObject({
  id: z.number(),
  message: z.string(),
  starts_at: z.string().nullable().optional(),
  ends_at: z.string().nullable().optional(),
  font: z.string().nullable().optional(),
  active: z.boolean().optional(),
  target_access_levels: z.array(z.number()).nullable().optional(),
  target_path: z.string().nullable().optional(),
  broadcast_type: z.string().nullable().optional(),
  dismissable: z.boolean().nullable().optional(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;

export interface BroadcastFields {
  message?: string;
  starts_at?: string;
  ends_at?: string;
  font?: string;
  target_access_levels?: number[];
  target_path?: string;
  broadcast_type?: string;
  dismissable?: boolean;
  theme?: string;
}

const path = (id: number) => `/broadcast_messages/${id}`;
export { path as broadcastPath };

export function listBroadcasts(http: HttpClient, page: PageOptions): AsyncGenerator<Broadcast> {
  return listOf(BroadcastSchema, http, '/broadcast_messages', {}, page);
}

export async function getBroadcast(http: HttpClient, id: number): Promise<Broadcast> {
  return parseResponse(BroadcastSchema, await http.get(path(id)), `GET ${path(id)}`);
}

export async function createBroadcast(http: HttpClient, fields: BroadcastFields): Promise<Broadcast | null> {
  const res = await http.post('/broadcast_messages', fields);
  return res.dryRun ? null : parseWriteAnswer(BroadcastSchema, http, res, 'POST /broadcast_messages', 'the message may have been created');
}

export async function updateBroadcast(http: HttpClient, id: number, fields: BroadcastFields): Promise<Broadcast | null> {
  const res = await http.put(path(id), fields);
  return res.dryRun ? null : parseWriteAnswer(BroadcastSchema, http, res, `PUT ${path(id)}`, `message ${id} may have been changed`);
}

export async function deleteBroadcast(http: HttpClient, id: number): Promise<void> {
  await http.delete(path(id));
}
