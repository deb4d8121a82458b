import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { guardFor, pageChecker, parseResponse } from '../../src/api/schema.js';
import { ProjectSchema } from '../../src/api/projects.js';
import { ApiError } from '../../src/core/errors.js';

const Item = z.looseObject({ id: z.number(), name: z.string() });

describe('response parsing', () => {
  it('keeps every field the server sent, in single answers and in the pages of lists', () => {
    const raw = { id: 1, name: 'a', extra: { nested: [1, 2] }, new_field_from_a_later_version: true };
    expect(parseResponse(Item, raw, 'GET /x')).toEqual(raw);
    const page = [raw, { ...raw, id: 2 }];
    pageChecker(Item, 'GET /x')(page);
    expect(page).toEqual([raw, { ...raw, id: 2 }]);
  });

  it('keeps the order of keys the server sent', () => {
    const raw = { zeta: 1, name: 'a', id: 7, alpha: true };
    expect(Object.keys(parseResponse(Item, raw, 'GET /x'))).toEqual(['zeta', 'name', 'id', 'alpha']);
  });

  it('reports an item without a declared field as an unexpected answer naming the field', () => {
    expect(() => pageChecker(Item, 'GET /x')([{ id: 1, name: 'a' }, { id: 'two', name: 'b' }])).toThrow(ApiError);
    expect(() => pageChecker(Item, 'GET /x')([{ name: 'b' }])).toThrow(/unexpected answer for GET \/x at id/);
  });

  it("reports a write's answer of the wrong shape with the write's method and the answer's status, not GET 200", () => {
    let thrown: unknown;
    try {
      parseResponse(Item, { id: 'seven' }, 'POST /hooks', 201);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 201, method: 'POST' });
    expect((thrown as Error).message).toMatch(/^201 unexpected answer for POST \/hooks at id/);
  });

  it('checks a page of a list as each of its items would be, naming the field', () => {
    const check = pageChecker(Item, 'GET /x');
    expect(() => check([{ id: 1, name: 'a' }, { id: 2, name: 'b', extra: true }])).not.toThrow();
    expect(() => check([{ id: 1, name: 'a' }, { id: 2 }])).toThrow(/unexpected answer for GET \/x at name/);
    expect(() => check(['<html>', 'x'])).toThrow(/unexpected answer for GET \/x: .*expected object/);
  });
});

describe('the plain-function check of list items', () => {
  // Values a proxy, an older or a later server might send where a project is expected.
  const odd: unknown[] = [
    null, undefined, 0, 'x', true, [], [{ id: 1 }], new Date(0), Object.create(null),
    { id: NaN }, { id: Infinity }, { id: '1' }, { id: null }, { id: 1n }, { id: 1, name: 7 }, { id: 1, archived: 'false' },
    { id: 1, default_branch: null }, { id: 1, default_branch: 5 }, { id: 1, last_activity_at: undefined }, { id: 1, web_url: ['u'] },
    { id: 1, name: 'n', path: 'p', path_with_namespace: 'g/p', visibility: 'private', archived: false, default_branch: 'main', last_activity_at: '2026-01-01', web_url: 'https://h/g/p', unknown: { deep: [1] } },
  ];

  it('never lets through what the schema refuses, and takes the items the schema takes', () => {
    const guard = guardFor(ProjectSchema)!;
    expect(guard).toBeTypeOf('function');
    for (const v of odd) {
      if (guard(v)) expect(ProjectSchema.safeParse(v).success, JSON.stringify(String(v))).toBe(true);
    }
    // Not a check that passes nothing: the real answers pass.
    expect(odd.filter(guard)).toHaveLength(3);
  });

  it('leaves to zod the schemas it cannot follow exactly (refinements, coercion, strict objects, other kinds)', () => {
    expect(guardFor(z.number().int())).toBeUndefined();
    expect(guardFor(z.coerce.number())).toBeUndefined();
    expect(guardFor(z.strictObject({ id: z.number() }))).toBeUndefined();
    expect(guardFor(z.object({ id: z.number(), labels: z.array(z.string()) }))).toBeUndefined();
    expect(guardFor(z.object({ state: z.enum(['opened', 'closed']) }))).toBeUndefined();
    expect(guardFor(z.looseObject({ id: z.number(), name: z.string().nullable().optional() }))).toBeTypeOf('function');
  });
});
