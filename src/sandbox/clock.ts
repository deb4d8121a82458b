// The sandbox's clock. Every timestamp the sandbox produces comes from here, so a test can run
// state machines (expiry, scheduled jobs…) faster than real time with `clockSpeed`.

export class Clock {
  private readonly realStart = Date.now();
  private readonly base: number;

  constructor(
    readonly speed = 1,
    base = Date.now(),
    /** Where time comes from instead of the system clock: a test's fake clock, shared with the client. */
    private readonly source?: () => number,
  ) {
    if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`clockSpeed must be a positive number, got ${speed}`);
    this.base = base;
  }

  /** Milliseconds since the epoch on the sandbox's clock. */
  now(): number {
    if (this.source) return this.source();
    return this.base + (Date.now() - this.realStart) * this.speed;
  }

  iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }

  /** Today's date (UTC) as YYYY-MM-DD. */
  today(): string {
    return this.iso().slice(0, 10);
  }

  /** The date `days` after today (UTC), YYYY-MM-DD. */
  daysFromToday(days: number): string {
    return addDays(this.today(), days);
  }

  /** Real milliseconds to wait for `sandboxMs` to pass on this clock. */
  realDelay(sandboxMs: number): number {
    return sandboxMs / this.speed;
  }
}

export const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
