// Response parsing. Schemas are loose (unknown fields are kept, never dropped) and name only the
// fields the CLI relies on; a response without them is reported as an unexpected answer.

import type { z } from 'zod';
import { ApiError } from '../core/errors.js';

export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const at = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new ApiError({
    status: 200,
    method: 'GET',
    url: what,
    body: { message: `unexpected answer for ${what}${at}: ${issue?.message ?? 'invalid shape'}` },
    hint: 'the server does not answer as the API v4 specification says; run with --verbose to see the response',
  });
}

/**
 * Validates like parseResponse but returns the value as received, so key order is kept too
 * (zod puts declared keys first).
 */
export function checkResponse<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  parseResponse(schema, data, what);
  return data as z.infer<S>;
}

export async function* parseEach<S extends z.ZodType>(schema: S, items: AsyncIterable<unknown>, what: string): AsyncGenerator<z.infer<S>> {
  for await (const item of items) yield parseResponse(schema, item, what);
}

/** The service wraps some single objects in an array (system hooks, merge train add). */
export function unwrapSingle(data: unknown): unknown {
  return Array.isArray(data) && data.length === 1 ? data[0] : data;
}

/** parseEach that keeps every item as received (see checkResponse). */
export async function* checkEach<S extends z.ZodType>(schema: S, items: AsyncIterable<unknown>, what: string): AsyncGenerator<z.infer<S>> {
  for await (const item of items) yield checkResponse(schema, item, what);
}
