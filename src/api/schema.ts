// Response parsing. Schemas are loose (unknown fields are kept, never dropped) and name only the
// fields the CLI relies on; a response without them is reported as an unexpected answer.

import * as z from 'zod';
import { ApiError, CommandFailedError } from '../core/errors.js';
import { checkCommandFor, type HttpClient, type HttpResponse } from '../core/http.js';
import { paginate, type PageOptions } from '../core/paginate.js';
import type { QueryParams } from '../core/query.js';

export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, what: string, status = 200): z.infer<S> {
  check(checkerFor(schema), data, what, status);
  // As received: same keys in the same order, none dropped.
  return data as z.infer<S>;
}

/**
 * The answer to a write whose body the command needs (a created resource, a rotated token's secret).
 * A 2xx with no body (a 204, or 200/201 with Content-Length 0 from a proxy or an older version)
 * carries nothing to print or save, yet the server may have acted: one line says so and how to look,
 * exit 1, instead of a shape error. `what` is `METHOD /path`; `effect` what may have happened
 * ("the hook may have been created"); `check` replaces the default `forgectl api PATH` to look with.
 */
export function parseWriteAnswer<S extends z.ZodType>(
  schema: S,
  http: HttpClient,
  res: HttpResponse,
  what: string,
  effect: string,
  check?: string,
): z.infer<S> {
  const look = () => check ?? checkCommandFor(http.apiRoot, res.url);
  if (isEmptyAnswer(res.data)) {
    throw new CommandFailedError(`${what} answered ${res.status} with no body: ${effect}`, `check before trying again: ${look()}`);
  }
  // A body of another shape (a proxy's, another version's) does not say the write failed either.
  const problem = shapeProblem(checkerFor(schema), res.data);
  if (problem !== undefined) {
    throw new CommandFailedError(
      `${what} answered ${res.status} with an answer of another shape (${problem}): ${effect}`,
      `check before trying again: ${look()}; run with --verbose to see the answer`,
    );
  }
  return res.data as z.infer<S>;
}

/** No body at all, or only white space (http.ts reads an empty 2xx of a write as null). */
export function isEmptyAnswer(data: unknown): boolean {
  return data === null || data === undefined || (typeof data === 'string' && !data.trim());
}

interface Checker {
  schema: z.ZodType;
  /** Accepts only what the schema accepts; what it does not accept goes to the schema for its verdict and message. */
  guard?: (v: unknown) => boolean;
}

/** `what` is `METHOD /path` (the method the error reports); `status` the answer's, 200 for pages. */
function check(checker: Checker, data: unknown, what: string, status = 200): void {
  const problem = shapeProblem(checker, data);
  if (problem === undefined) return;
  const method = /^(GET|POST|PUT|PATCH|DELETE|HEAD) /.exec(what)?.[1] ?? 'GET';
  throw new ApiError({
    status,
    method,
    url: what,
    body: { message: `unexpected answer for ${what}${problem.startsWith('at ') ? ' ' : ': '}${problem}` },
    hint: 'the server does not answer as the API v4 specification says; run with --verbose to see the response',
  });
}

/** What is wrong with an answer (`at id: expected number…`, or the message alone); undefined when it has the shape. */
function shapeProblem(checker: Checker, data: unknown): string | undefined {
  if (checker.guard?.(data)) return undefined;
  const r = checker.schema.safeParse(data);
  if (r.success) return undefined;
  const issue = r.error.issues[0];
  const message = issue?.message ?? 'invalid shape';
  return issue?.path.length ? `at ${issue.path.join('.')}: ${message}` : message;
}

// Schemas describe and never transform, so an answer that passes is returned as received. Checking
// only the declared keys (not copying every unknown one, as a loose object does) makes long lists
// about twice as fast to read; a plain function for the simple schemas of list items, faster again.
const checkers = new WeakMap<z.ZodType, Checker>();
function checkerFor(schema: z.ZodType): Checker {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = { schema: schema instanceof z.ZodObject ? z.object(schema.shape) : schema, guard: guardFor(schema) };
    checkers.set(schema, checker);
  }
  return checker;
}

type Guard = (v: unknown) => boolean;

/**
 * A plain function for a schema made of objects, numbers, strings, booleans, optional and nullable
 * alone (no refinements, no coercion); undefined for anything else, which zod checks itself.
 */
export function guardFor(schema: z.ZodType): Guard | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    checks?: unknown[];
    coerce?: boolean;
    innerType?: z.ZodType;
    shape?: Record<string, z.ZodType>;
    catchall?: z.ZodType;
  };
  if (def.checks?.length || def.coerce) return undefined;
  switch (def.type) {
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return (v) => typeof v === 'string';
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'optional': {
      const inner = guardFor(def.innerType!);
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'nullable': {
      const inner = guardFor(def.innerType!);
      return inner && ((v) => v === null || inner(v));
    }
    case 'object': {
      // A strict object refuses unknown keys: left to zod.
      if (def.catchall && def.catchall._zod.def.type !== 'unknown') return undefined;
      const fields: [string, Guard][] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const g = guardFor(field);
        if (!g) return undefined;
        fields.push([key, g]);
      }
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
        for (const [key, g] of fields) if (!g((v as Record<string, unknown>)[key])) return false;
        return true;
      };
    }
    default:
      return undefined;
  }
}

/**
 * The check of a list's items for a whole page at once (paginate's `checkItems`): a list read page by
 * page needs no generator step per item for it, and a page is refused before any of its items is printed.
 */
export function pageChecker(schema: z.ZodType, what: string): (items: unknown[]) => void {
  const checker = checkerFor(schema);
  return (items) => {
    for (const item of items) check(checker, item, what);
  };
}

/** A list endpoint's items, each page checked against `schema` before any of its items is yielded. */
export function listOf<S extends z.ZodType>(
  schema: S,
  http: HttpClient,
  path: string,
  query: QueryParams,
  page: PageOptions,
): AsyncGenerator<z.infer<S>> {
  return paginate<z.infer<S>>(http, path, query, { ...page, checkItems: pageChecker(schema, `GET ${path}`) });
}

/** The service wraps some single objects in an array (system hooks, merge train add). */
export function unwrapSingle(data: unknown): unknown {
  return Array.isArray(data) && data.length === 1 ? data[0] : data;
}
