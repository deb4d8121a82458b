// core/paced-queue.ts: many tasks against one instance, never more in flight than the pace allows.

import { describe, expect, it } from 'vitest';
import { PacedQueue } from '../../src/core/paced-queue.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('PacedQueue', () => {
  it('runs at most N tasks at once and every task in the end', async () => {
    const q = new PacedQueue(3);
    let running = 0;
    let most = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        q.run(async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
          return i;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('halves what runs at once after a 429, and a failing task frees its slot', async () => {
    const q = new PacedQueue(8);
    let running = 0;
    let most = 0;
    await q.run(async (hooks) => hooks.onRetry({ status: 429 })).catch(() => undefined);
    await expect(q.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.all(
      Array.from({ length: 12 }, () =>
        q.run(async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBeLessThanOrEqual(4);
  });
});
