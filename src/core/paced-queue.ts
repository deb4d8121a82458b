// Requests to one instance from many tasks at once, no more in flight than the server allows: the
// pace of core/pace.ts (halved on 429 or Retry-After, kept under RateLimit-Remaining, grown back).

import { ApiError } from './errors.js';
import type { HttpClient, RequestOptions } from './http.js';
import { Pace } from './pace.js';

export interface PaceHooks {
  onRetry: (info: { status?: number; retryAfter?: string }) => void;
  answered: (headers: Record<string, string>) => void;
}

export class PacedQueue {
  private readonly pace: Pace;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(concurrency: number) {
    this.pace = new Pace(concurrency);
  }

  /** Runs `task` once a slot is free; the hooks tell the pace how the server answered. */
  async run<T>(task: (hooks: PaceHooks) => Promise<T>): Promise<T> {
    // A slot is either taken here or handed over by a task that ended (inFlight unchanged then).
    if (this.inFlight < this.pace.limit) this.inFlight++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task({ onRetry: (i) => this.pace.throttled(i), answered: (h) => this.pace.answered(h) });
    } finally {
      const next = this.inFlight <= this.pace.limit ? this.waiting.shift() : undefined;
      if (next) next();
      else this.inFlight--;
      // The pace may have grown: more waiting tasks may start.
      while (this.inFlight < this.pace.limit && this.waiting.length) {
        this.inFlight++;
        this.waiting.shift()!();
      }
    }
  }
}

/**
 * `http` with every request waiting for a slot of `queue` and telling its pace how the server
 * answered: paging, counts and single reads of one instance share one bound, however they nest.
 */
export function pacedClient(http: HttpClient, queue: PacedQueue): HttpClient {
  const paced = Object.create(http) as HttpClient;
  paced.request = <T>(req: RequestOptions) =>
    queue.run(async (hooks) => {
      try {
        const res = await http.request<T>({
          ...req,
          onRetry: (info) => {
            hooks.onRetry(info);
            req.onRetry?.(info);
          },
        });
        hooks.answered(res.headers);
        return res;
      } catch (err) {
        // An error answer (404, 403, a last 429) says how much budget is left as well as a success.
        if (err instanceof ApiError) hooks.answered(err.rateLimit);
        throw err;
      }
    });
  return paced;
}
