// Owners of tokens by name: each user id is looked up once (GET /users/:id) for the whole run, the
// lookups run in parallel at the pace the server allows (core/paced-queue.ts, as --all pages do), and a
// list goes on streaming while they are in flight.

import type { Context } from '../../context.js';
import type { Token } from '../../api/tokens.js';
import { getUser } from '../../api/user.js';
import { ApiError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { DEFAULT_CONCURRENCY } from '../../core/paginate.js';
import { PacedQueue, pacedClient } from '../../core/paced-queue.js';

/** What a token shows of its owner. */
export interface Owner {
  id: number;
  username: string;
  name?: string;
  /** Where the instance gives it: `email` to administrators, else the `public_email` the user chose. */
  email?: string;
}

export type OwnedToken = Token & { user?: Owner };

interface Lookup {
  promise: Promise<Owner | undefined>;
  done: boolean;
}

export class OwnerDirectory {
  private readonly lookups = new Map<number, Lookup>();
  /** Every lookup waits for a slot of one queue, paced by how the server answers. */
  private readonly http: HttpClient;

  constructor(
    private readonly ctx: Context,
    http: HttpClient,
    concurrency = DEFAULT_CONCURRENCY,
  ) {
    this.http = pacedClient(http, new PacedQueue(concurrency));
  }

  /** The owner, looked up at most once; undefined when the service would not say (a warning tells). */
  owner(id: number): Promise<Owner | undefined> {
    const known = this.lookups.get(id);
    if (known) return known.promise;
    const entry = { done: false } as Lookup;
    entry.promise = this.fetch(id).finally(() => {
      entry.done = true;
    });
    // Marked handled: a failure reaches whoever awaits it, never as an unhandled rejection.
    entry.promise.catch(() => undefined);
    this.lookups.set(id, entry);
    return entry.promise;
  }

  /** True once the owner's lookup has finished (the token can be shown without waiting). */
  known(id: number): boolean {
    return this.lookups.get(id)?.done ?? false;
  }

  private async fetch(id: number): Promise<Owner | undefined> {
    try {
      const u = await getUser(this.http, id);
      // Another user's answer (a cache or proxy that keys answers wrongly) must not name the owner.
      if (u.id !== id) {
        this.ctx.warnOnce(`owner:${id}`, `owner ${id}: GET /users/${id} answered user ${u.id}, a wrong answer; its tokens show the id only`);
        return undefined;
      }
      return { id: u.id, username: u.username, name: u.name, ...emailOf(u) };
    } catch (err) {
      // A deleted or hidden owner leaves the token shown by id; the list itself goes on.
      if (!(err instanceof ApiError)) throw err;
      this.ctx.warnOnce(`owner:${id}`, `owner ${id} could not be looked up (${err.message}); its tokens show the id only`);
      return undefined;
    }
  }
}

/** The address to write to: the account's own (administrators see it), else the one it shows publicly. */
function emailOf(u: Record<string, unknown>): { email?: string } {
  const email = [u.email, u.public_email].find((e): e is string => typeof e === 'string' && e.includes('@'));
  return email ? { email } : {};
}

/** Concurrency for owner lookups: FORGECTL_PAGE_CONCURRENCY when set, as for pages. */
export function ownerDirectory(ctx: Context, http: HttpClient): OwnerDirectory {
  const env = Number(ctx.env.FORGECTL_PAGE_CONCURRENCY);
  return new OwnerDirectory(ctx, http, Number.isInteger(env) && env > 0 ? env : DEFAULT_CONCURRENCY);
}

export function withOwner<T extends Token>(t: T, owner: Owner | undefined): T & { user?: Owner } {
  return owner ? { ...t, user: owner } : t;
}

/** How far a streamed list reads ahead of its owner lookups before it waits for the oldest token. */
export interface OwnerWindow {
  /**
   * Distinct owners the held tokens wait for. Past it, reading on gains nothing (the lookups are the
   * bottleneck), so tokens of new owners need not pile up.
   */
  owners: number;
  /**
   * Tokens held at most, whatever their owners: tokens of owners already asked for are what let the
   * pages be read on while the lookups run, and this caps their memory (20,000 tokens of GitLab's fields: about 8 MB of heap).
   */
  tokens: number;
}

export const OWNER_WINDOW: OwnerWindow = { owners: 2000, tokens: 20_000 };
/** For a caller that keeps every token anyway (it sorts them): pages never wait for an owner. */
export const NO_WINDOW: OwnerWindow = { owners: Infinity, tokens: Infinity };

/**
 * The tokens in their order, each with `user` (id, username, name) added. Lookups start as tokens
 * arrive; a token is passed on as soon as its owner is known, so reading and looking up overlap.
 * `window` bounds what waits for owners (a streamed list's memory stays bounded).
 */
export async function* withOwners<T extends Token>(tokens: AsyncIterable<T>, dir: OwnerDirectory, window: OwnerWindow = OWNER_WINDOW): AsyncGenerator<T & { user?: Owner }> {
  const held: Array<{ token: T; owner?: Promise<Owner | undefined> }> = [];
  // Owners the held tokens wait for; an owner leaves once its lookup settles.
  const awaited = new Set<number>();
  const hold = (token: T) => {
    const id = token.user_id;
    if (id === undefined) {
      held.push({ token });
      return;
    }
    const owner = dir.owner(id);
    if (!dir.known(id) && !awaited.has(id)) {
      awaited.add(id);
      const leave = () => awaited.delete(id);
      owner.then(leave, leave);
    }
    held.push({ token, owner });
  };
  const ready = () => {
    const first = held[0];
    return first && (first.token.user_id === undefined || dir.known(first.token.user_id) || awaited.size > window.owners || held.length > window.tokens);
  };
  try {
    for await (const token of tokens) {
      hold(token);
      while (ready()) {
        const { token: t, owner } = held.shift()!;
        yield withOwner(t, await owner);
      }
    }
  } catch (err) {
    // The list stopped: the tokens that came are still passed on (and counted as printed), then the error.
    for (const { token, owner } of held.splice(0)) yield withOwner(token, await owner?.catch(() => undefined));
    throw err;
  }
  for (const { token, owner } of held) yield withOwner(token, await owner);
}
