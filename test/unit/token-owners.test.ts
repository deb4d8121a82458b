// withOwners (src/commands/token/owners.ts): tokens are read on while their owners are looked up,
// up to the window; a caller that keeps every token (token audit) reads every page without waiting.

import { describe, expect, it } from 'vitest';
import { NO_WINDOW, OWNER_WINDOW, withOwners, type Owner, type OwnerDirectory } from '../../src/commands/token/owners.js';
import type { Token } from '../../src/api/tokens.js';

const COUNT = 3000;

/** `count` tokens of `owners` owners (round robin), counting how many were read; owners answer only once `release` is called. */
function setup(count = COUNT, owners = count) {
  const state = { read: 0 };
  async function* tokens(): AsyncGenerator<Token> {
    for (let i = 1; i <= count; i++) {
      state.read++;
      yield { id: i, name: `t${i}`, revoked: false, user_id: ((i - 1) % owners) + 1 };
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
  it('a streamed list holds the tokens of at most the window of pending owners', async () => {
    const { state, tokens, dir, release } = setup();
    const result = drain(withOwners(tokens, dir, { owners: 100, tokens: 1000 }));
    await settle();
    // Every token has its own owner: reading stops one past the 100 owners it may wait for.
    expect(state.read).toBe(101);
    release();
    const out = await result;
    expect(out.map((t) => t.id)).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(out.every((t) => t.user?.username === `u${t.user_id}`)).toBe(true);
  });

  it('with no window (token audit) every token is read while the owners are still pending, in order, each with its owner', async () => {
    const { state, tokens, dir, release } = setup();
    const result = drain(withOwners(tokens, dir, NO_WINDOW));
    await settle();
    expect(state.read).toBe(COUNT);
    release();
    const out = await result;
    expect(out.map((t) => t.id)).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(out.every((t) => t.user?.username === `u${t.user_id}`)).toBe(true);
  });

  it('tokens of owners already asked for are read on while their lookups run, up to the token bound', async () => {
    // 25,000 tokens of 2,000 owners, as `token list --all` of the bench: past the first 2,000 tokens
    // no new owner is asked for, so pages go on being read (the lookups overlap them) until the
    // window holds OWNER_WINDOW.tokens tokens; then the list waits for the oldest owner.
    const { state, tokens, dir, release } = setup(25_000, 2_000);
    const result = drain(withOwners(tokens, dir));
    await settle();
    expect(state.read).toBe(OWNER_WINDOW.tokens + 1);
    release();
    const out = await result;
    expect(out.map((t) => t.id)).toEqual(Array.from({ length: 25_000 }, (_, i) => i + 1));
    expect(out.every((t) => t.user?.username === `u${t.user_id}`)).toBe(true);
  });
});
