// Users: the summary embedded as author, user… (spec part 2 §2), and GET /users, GET /users/:id
// (GitLab's doc/api/users.md).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { listOf, parseResponse } from './schema.js';

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

/** A user as GET /users and GET /users/:id return it: more fields for administrators and for oneself. */
export const UserSchema = z.looseObject({
  id: z.number(),
  username: z.string(),
  name: z.string().optional(),
  state: z.string().optional(),
  is_admin: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

export interface UserFilters {
  active?: boolean;
  blocked?: boolean;
  /** Honoured for administrators only: GitLab ignores it for anyone else and lists every user. */
  admins?: boolean;
  search?: string;
  username?: string;
}

export function listUsers(http: HttpClient, filters: UserFilters, page: PageOptions): AsyncGenerator<User> {
  return listOf(UserSchema, http, '/users', { ...filters }, page);
}

export async function getUser(http: HttpClient, id: number): Promise<User> {
  const path = `/users/${id}`;
  return parseResponse(UserSchema, await http.get(path), `GET ${path}`);
}
