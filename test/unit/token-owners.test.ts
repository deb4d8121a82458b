// withOwners (src/commands/token/owners.ts): tokens are read on while their owners are looked up,
// up to the window; a caller that keeps every token (token audit) reads every page without waiting.

import { describe, expect, it } from 'vitest';
import { withOwners, type Owner, type OwnerDirectory } from '../../src/commands/token/owners.js';
import type { Token } from '../../src/api/tokens.js';

const COUNT = 3000;

/** COUNT tokens of COUNT owners, counting how many were read; owners answer only once `release` is called. */
function setup() {
  const state = { read: 0 };
  async function* tokens(): AsyncGenerator<Token> {
    for (let i = 1; i <= COUNT; i++) {
      state.read++;
      yield { id: i, name: `t${i}`, revoked: false, user_id: i };
    }
  }
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const done = new Set<number>();
  const dir = {
    owner: (id: number) => gate.then((): Owner => (done.add(id), { id, username: `u${id}` })),
    known: (id: number) => done.has(id),
  } as unknown as OwnerDirectory;
  return { state, tokens: tokens(), dir, release };
}

/** Lets the reader run as far as it can while no owner is known. */
const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function drain(it: AsyncIterable<Token & { user?: Owner }>) {
  const out: Array<Token & { user?: Owner }> = [];
  for await (const t of it) out.push(t);
  return out;
}

describe('withOwners', () => {
  it('a streamed list holds at most the window of tokens while owners are pending', async () => {
    const { state, tokens, dir, release } = setup();
    const result = drain(withOwners(tokens, dir));
    await settle();
    expect(state.read).toBeLessThan(COUNT);
    release();
    const out = await result;
    expect(out.map((t) => t.id)).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(out.every((t) => t.user?.username === `u${t.user_id}`)).toBe(true);
  });

  it('with no window (token audit) every token is read while the owners are still pending, in order, each with its owner', async () => {
    const { state, tokens, dir, release } = setup();
    const result = drain(withOwners(tokens, dir, Infinity));
    await settle();
    expect(state.read).toBe(COUNT);
    release();
    const out = await result;
    expect(out.map((t) => t.id)).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(out.every((t) => t.user?.username === `u${t.user_id}`)).toBe(true);
  });
});
