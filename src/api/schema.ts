// Response parsing. Schemas are loose (unknown fields are kept, never dropped) and name only the
// fields the CLI relies on; a response without them is reported as an unexpected answer.

import * as z from 'zod';
import { ApiError } from '../core/errors.js';

export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  check(checkerFor(schema), data, what);
  // As received: same keys in the same order, none dropped.
  return data as z.infer<S>;
}

function check(checker: z.ZodType, data: unknown, what: string): void {
  const r = checker.safeParse(data);
  if (r.success) return;
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

// Schemas describe and never transform, so an answer that passes is returned as received. Checking
// only the declared keys (not copying every unknown one, as a loose object does) makes long lists
// about twice as fast to read.
const declaredOnly = new WeakMap<z.ZodType, z.ZodType>();
function checkerFor(schema: z.ZodType): z.ZodType {
  let checker = declaredOnly.get(schema);
  if (!checker) {
    checker = schema instanceof z.ZodObject ? z.object(schema.shape) : schema;
    declaredOnly.set(schema, checker);
  }
  return checker;
}

export async function* parseEach<S extends z.ZodType>(schema: S, items: AsyncIterable<unknown>, what: string): AsyncGenerator<z.infer<S>> {
  const checker = checkerFor(schema);
  for await (const item of items) {
    check(checker, item, what);
    yield item as z.infer<S>;
  }
}

/** The service wraps some single objects in an array (system hooks, merge train add). */
export function unwrapSingle(data: unknown): unknown {
  return Array.isArray(data) && data.length === 1 ? data[0] : data;
}
