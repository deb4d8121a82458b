// The user summary embedded as author, user… (spec part 2 §2).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { parseResponse } from './schema.js';

export const UserSummarySchema = z.looseObject({
  id: z.number(),
  username: z.string(),
  name: z.string().optional(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** The user with this username (GET /users?username=, an exact match), or undefined when there is none. */
export async function findUserByUsername(http: HttpClient, username: string): Promise<UserSummary | undefined> {
  const found = parseResponse(z.array(UserSummarySchema), await http.get('/users', { username }), 'GET /users');
  return found.find((u) => u.username.toLowerCase() === username.toLowerCase());
}
