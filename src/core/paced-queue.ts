// Requests to one instance from many tasks at once, no more in flight than the server allows: the
// pace of core/pace.ts (halved on 429 or Retry-After, kept under RateLimit-Remaining, grown back).

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
