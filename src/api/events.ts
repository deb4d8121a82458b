// The activity feed (spec part 2 §2.4, §4.4): own events, one user's, one project's.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment, type QueryParams } from '../core/query.js';
import type { ProjectId } from '../core/refs.js';
import { listOf } from './schema.js';

// Doc examples leave out created_at on some events and give target_type null for pushes.
export const EventSchema = z.looseObject({
  id: z.number(),
  project_id: z.number().nullable().optional(),
  action_name: z.string(),
  target_type: z.string().nullable().optional(),
  target_title: z.string().nullable().optional(),
  created_at: z.string().optional(),
  author_username: z.string().nullable().optional(),
});
export type Event = z.infer<typeof EventSchema>;

export type EventSource = { kind: 'own' } | { kind: 'user'; user: string } | { kind: 'project'; project: ProjectId };

export function eventsPath(source: EventSource): string {
  if (source.kind === 'user') return `/users/${encodePathSegment(source.user)}/events`;
  if (source.kind === 'project') return `/projects/${encodePathSegment(source.project)}/events`;
  return '/events';
}

export function listEvents(http: HttpClient, source: EventSource, query: QueryParams, page: PageOptions): AsyncGenerator<Event> {
  const path = eventsPath(source);
  return listOf(EventSchema, http, path, query, page);
}
