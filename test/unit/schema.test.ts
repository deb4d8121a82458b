import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseEach, parseResponse } from '../../src/api/schema.js';
import { ApiError } from '../../src/core/errors.js';

const Item = z.looseObject({ id: z.number(), name: z.string() });

async function* source(items: unknown[]) {
  yield* items;
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('response parsing', () => {
  it('keeps every field the server sent, in single answers and in lists', async () => {
    const raw = { id: 1, name: 'a', extra: { nested: [1, 2] }, new_field_from_a_later_version: true };
    expect(parseResponse(Item, raw, 'GET /x')).toEqual(raw);
    expect(await collect(parseEach(Item, source([raw, { ...raw, id: 2 }]), 'GET /x'))).toEqual([raw, { ...raw, id: 2 }]);
  });

  it('keeps the order of keys the server sent', () => {
    const raw = { zeta: 1, name: 'a', id: 7, alpha: true };
    expect(Object.keys(parseResponse(Item, raw, 'GET /x'))).toEqual(['zeta', 'name', 'id', 'alpha']);
  });

  it('reports an item without a declared field as an unexpected answer naming the field', async () => {
    const bad = collect(parseEach(Item, source([{ id: 1, name: 'a' }, { id: 'two', name: 'b' }]), 'GET /x'));
    await expect(bad).rejects.toBeInstanceOf(ApiError);
    await expect(collect(parseEach(Item, source([{ name: 'b' }]), 'GET /x'))).rejects.toThrow(/unexpected answer for GET \/x at id/);
  });
});
