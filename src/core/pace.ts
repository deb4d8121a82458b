// How many pages of a list --all fetches at once: additive increase, multiplicative decrease, so a
// server that throttles (429, Retry-After, RateLimit-Remaining) is asked less, and more again when it keeps up.

function remainingRequests(headers: Record<string, string>): number | undefined {
  const v = headers['ratelimit-remaining'];
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** How many pages may be in flight: additive increase, multiplicative decrease on throttling. */
export class Pace {
  limit: number;
  private ceiling: number;
  private answers = 0;

  constructor(start: number) {
    this.limit = Math.max(1, start);
    this.ceiling = this.limit;
  }

  /** A request is about to be retried: back off if the server said it is overloaded. */
  throttled(info: { status?: number; retryAfter?: string }): void {
    if (info.status !== 429 && info.retryAfter === undefined) return;
    this.ceiling = Math.max(1, this.limit - 1);
    this.limit = Math.max(1, Math.floor(this.limit / 2));
    this.answers = 0;
  }

  /** A page arrived: respect Retry-After and RateLimit-Remaining, else grow by one per round of pages. */
  answered(headers: Record<string, string>): void {
    if (headers['retry-after'] !== undefined) return this.throttled({ retryAfter: headers['retry-after'] });
    const remaining = remainingRequests(headers);
    // At the announced level it stays there: growing by one would go past what the server allows.
    if (remaining !== undefined && remaining <= this.limit) {
      this.limit = Math.max(1, remaining);
      return;
    }
    if (this.limit < this.ceiling && ++this.answers >= this.limit) {
      this.limit++;
      this.answers = 0;
    }
  }
}
